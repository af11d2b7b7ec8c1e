"""A real HTTP receiver for the webhook tests, run as its own process.

    python -m tests.api.webhook_receiver PORT OUT [STATUS] [DELAY_S]

Each POST is appended to OUT as one JSON line `{headers, body}` (written before the answer, so
a delivery cut off while the receiver waits is still recorded), then answered `STATUS` (200;
302 sends a redirect to 127.0.0.1:1) after `DELAY_S` seconds.
"""

from __future__ import annotations

import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main() -> None:
    port, out = int(sys.argv[1]), sys.argv[2]
    status = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    delay = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            headers = {k.lower(): v for k, v in self.headers.items()}
            record = {"headers": headers, "body": body.decode()}
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
            time.sleep(delay)
            self.send_response(status)
            if status == 302:
                self.send_header("location", "http://127.0.0.1:1/inner")
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
