"""Live streams: what a streamed event carries besides the event (DESIGN §2, §5)."""
