"""A real HTTP receiver for the webhook tests, run as its own process.

    python -m tests.api.webhook_receiver PORT OUT [STATUS] [DELAY_S] [--host H] [--trickle S]

Each POST is appended to OUT as one JSON line `{headers, body, path}` (written before the
answer, so a delivery cut off while the receiver waits is still recorded), then answered
`STATUS` (200; 302 sends a redirect to 127.0.0.1:1) after `DELAY_S` seconds. It listens on
127.0.0.1 unless `--host` names another address; `--cert C --key K` serve `https`.

`--flood` answers 200 and then an endless body, as fast as the sender reads it.

`--trickle S` makes it hostile: it sends the status line `HTTP/1.1 200 OK` at once, then one
byte of an endless header every S seconds, until the sender hangs up. `OUT.open` then holds
`{"open": n, "most": m, "most_per_path": {path: m}}`: the connections being trickled now and the
most there were at once, in all and per path.
"""

from __future__ import annotations

import argparse
import json
import select
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class Tally:
    """Connections open now and the most at once, kept in `OUT.open`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.open: dict[str, int] = {}
        self.most = 0
        self.most_per_path: dict[str, int] = {}
        self.write()

    def change(self, path: str, by: int) -> None:
        with self.lock:
            self.open[path] = self.open.get(path, 0) + by
            now = sum(self.open.values())
            self.most = max(self.most, now)
            self.most_per_path[path] = max(self.most_per_path.get(path, 0), self.open[path])
            self.write()

    def write(self) -> None:
        state: dict[str, object] = {"open": sum(self.open.values()), "most": self.most}
        state["most_per_path"] = self.most_per_path
        partial = self.path.with_suffix(".tmp")
        partial.write_text(json.dumps(state))
        partial.replace(self.path)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("out")
    parser.add_argument("status", type=int, nargs="?", default=200)
    parser.add_argument("delay", type=float, nargs="?", default=0.0)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--trickle", type=float, default=0.0)
    parser.add_argument("--flood", action="store_true")
    parser.add_argument("--cert", help="with --key: serve https with this certificate chain")
    parser.add_argument("--key")
    args = parser.parse_args()
    tally = Tally(Path(args.out + ".open")) if args.trickle else None

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            headers = {k.lower(): v for k, v in self.headers.items()}
            record = {"headers": headers, "body": body.decode(), "path": self.path}
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
            if tally is not None:
                tally.change(self.path, 1)
                try:
                    self.trickle()
                finally:
                    tally.change(self.path, -1)
                return
            if args.flood:
                self.flood()
                return
            time.sleep(args.delay)
            self.send_response(args.status)
            if args.status == 302:
                self.send_header("location", "http://127.0.0.1:1/inner")
            self.send_header("content-length", "0")
            self.end_headers()

        def trickle(self) -> None:
            """200, then a header byte every `--trickle` seconds until the sender hangs up."""
            self.close_connection = True
            try:
                self.connection.sendall(b"HTTP/1.1 200 OK\r\nx-trickle: ")
                while True:
                    readable, _, _ = select.select([self.connection], [], [], args.trickle)
                    if readable and not self.connection.recv(1024):
                        return  # the sender hung up
                    self.connection.sendall(b"a")
            except OSError:
                return

        def flood(self) -> None:
            """200 with a body that never ends, until the sender hangs up."""
            self.close_connection = True
            chunk = b"x" * 65536
            try:
                self.connection.sendall(b"HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n")
                while True:
                    self.connection.sendall(chunk)
            except OSError:
                return

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer((args.host, args.port), Handler)
    if args.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.cert, args.key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
