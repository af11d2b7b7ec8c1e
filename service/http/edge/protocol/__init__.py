"""The connection protocol: uvicorn's HTTP/1.1 protocols (httptools and h11) guarded per
connection (header and body deadlines, head sizes, connection caps per process and address,
pending head bytes per address) and writing one event-loop turn's output as one `write`."""
