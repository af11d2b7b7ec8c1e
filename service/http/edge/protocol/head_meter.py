"""`HeadMeter`: one connection's request head, counted in bytes as it arrives (issue 37).

uvicorn's parsers keep a request's head until it is complete: httptools (llhttp) has no limit at
all (and joins each header's pieces anew at every read, so a 48 MiB header costs seconds of CPU),
h11 refuses past 16 KiB with a 400. The guarded protocols (`service.http.edge.protocol.protocols`)
meter every read before their parser sees it, as nginx's `large_client_header_buffers` bounds a
head:

* a read that arrives while a head is awaited or incomplete is checked before it is fed: its part
  up to the first blank line (the whole read when it has none) must keep the head within
  `max_bytes` and every line within `max_line` bytes, its line ending included; else the head is
  refused (`LINE`, `TOTAL`) and the read never reaches the parser;
* after the parser ran, the head's bytes so far are known: the whole read when the head is still
  incomplete (`grew`, exact), none once it is complete (`done`). A head that begins inside a read,
  pipelined behind an earlier request of the same read, is counted from the end of the read's
  last blank line and at most the read's bytes less the body bytes the parser saw in it
  (`began`): never fewer than it holds (an incomplete head has no blank line), more only for a
  client that pipelines more than a head's worth behind a body in one read.

The parser decides where a head ends (it skips blank lines before a request line, say): the blank
line found before feeding only bounds what is checked first, and a head that turns out longer is
refused after the parser ran, having held at most that one read.
"""

from __future__ import annotations

import re

LINE = "line"
"""A line of the head (the request line or a header line) is longer than allowed."""
TOTAL = "total"
"""The head is larger than allowed."""
BLANK_LINE = re.compile(rb"\n\r?\n")
"""The end of a head: a line feed, an optional carriage return, a line feed."""


def long_run(data: bytes, start: int, end: int, carry: int, limit: int) -> bool:
    """Whether `data[start:end]`, continuing a line of `carry` bytes, holds a line of `limit`
    bytes or more before its line feed (one more byte with it). Each step jumps to the last line
    feed of the next `limit` bytes: at most two steps per `limit` bytes, whatever the lines."""
    first = data.find(b"\n", start, end)
    if first == -1:
        return carry + end - start >= limit
    if carry + first - start >= limit:
        return True
    at = first + 1
    while end - at >= limit:
        feed = data.rfind(b"\n", at, at + limit)
        if feed == -1:
            return True
        at = feed + 1
    return False


def last_blank_end(data: bytes) -> int:
    """Where the last blank line of `data` ends (0 when it has none)."""
    bare, crlf = data.rfind(b"\n\n"), data.rfind(b"\n\r\n")
    return max(bare + 2 if bare != -1 else 0, crlf + 3 if crlf != -1 else 0)


class HeadMeter:
    """The bytes of one connection's incomplete request head."""

    def __init__(self, max_line: int, max_bytes: int) -> None:
        self.max_line = max_line
        self.max_bytes = max_bytes
        self.head = 0
        """Bytes of the incomplete head so far (0: none)."""
        self.line = 0
        """Bytes of its last line so far, none of them a line feed."""
        self.tail = b""
        """Its last two bytes (a blank line may span two reads)."""

    def check(self, data: bytes) -> tuple[str | None, int]:
        """Before `data` is fed while a head is awaited or incomplete: why the head's part of it
        (up to the first blank line, or all of it) breaks a limit, or None; and that part's
        length."""
        end = self._end_in(data)
        if long_run(data, 0, end, self.line, self.max_line):
            return LINE, end
        if self.head + end > self.max_bytes:
            return TOTAL, end
        return None, end

    def grew(self, data: bytes) -> str | None:
        """After the parser ran: all of `data` was head, and the head is still incomplete.
        Returns the limit it breaks, or None."""
        broken = long_run(data, 0, len(data), self.line, self.max_line)
        self.head += len(data)
        self._carry(data, 0)
        return LINE if broken else self._over()

    def began(self, data: bytes, body: int) -> str | None:
        """After the parser ran: a head began inside `data` (behind an earlier request, `body`
        bytes of body seen in it) and is incomplete. Returns the limit it breaks, or None."""
        start = max(last_blank_end(data), min(body, len(data)))
        self.head, self.line, self.tail = len(data) - start, 0, b""
        broken = long_run(data, start, len(data), 0, self.max_line)
        self._carry(data, start)
        return LINE if broken else self._over()

    def restart(self, buffered: bytes) -> str | None:
        """The parser holds `buffered`, the start of a head it has not finished (h11 after a
        pipelined request). Returns the limit it breaks, or None."""
        self.done()
        return self.grew(buffered) if buffered else None

    def done(self) -> None:
        """The head is complete, or none is awaited."""
        self.head, self.line, self.tail = 0, 0, b""

    def _end_in(self, data: bytes) -> int:
        """Where the first blank line of the head ends in `data`, else `len(data)`."""
        if self.tail:
            joined = self.tail + data[:2]
            across = BLANK_LINE.search(joined)
            if across is not None and across.end() > len(self.tail):
                return across.end() - len(self.tail)
        found = BLANK_LINE.search(data)
        return len(data) if found is None else found.end()

    def _carry(self, data: bytes, start: int) -> None:
        feed = data.rfind(b"\n", start)
        self.line = self.line + len(data) - start if feed == -1 else len(data) - feed - 1
        self.tail = (self.tail + data[max(start, len(data) - 2) :])[-2:]

    def _over(self) -> str | None:
        if self.line >= self.max_line:
            return LINE
        return TOTAL if self.head > self.max_bytes else None
