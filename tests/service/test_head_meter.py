"""The head meter's counting (`service.http.edge.protocol.head_meter`) and the per-address pending bytes
(`service.http.edge.protocol.pending_bytes`); the protocols around them are tested against a real server in
`tests/adversarial/test_header_limits.py`."""

from __future__ import annotations

import random

import pytest

from boardstate.service.http.edge.protocol.head_meter import (
    LINE,
    TOTAL,
    HeadMeter,
    last_blank_end,
    long_run,
)
from boardstate.service.http.edge.protocol.pending_bytes import PendingBytes


def slow_long_run(data: bytes, start: int, end: int, carry: int, limit: int) -> bool:
    run = carry
    if run >= limit:
        return True
    for byte in data[start:end]:
        if byte == 10:
            run = 0
            continue
        run += 1
        if run >= limit:
            return True
    return False


def test_long_run_agrees_with_counting_byte_by_byte() -> None:
    rng = random.Random(37)
    for _ in range(2000):
        size = rng.randrange(0, 300)
        data = bytes(
            rng.choice(b"ab\n" if rng.random() < 0.5 else b"abcdefgh\n") for _ in range(size)
        )
        start = rng.randrange(0, size + 1)
        end = rng.randrange(start, size + 1)
        carry, limit = rng.randrange(0, 20), rng.randrange(1, 40)
        assert long_run(data, start, end, carry, limit) == slow_long_run(
            data, start, end, carry, limit
        ), (data, start, end, carry, limit)


def test_a_line_of_the_limit_with_its_ending_is_allowed_and_one_more_byte_is_not() -> None:
    meter = HeadMeter(max_line=16, max_bytes=1000)
    line = b"X-A: " + b"a" * 9 + b"\r\n"  # 16 bytes with its ending
    assert meter.check(line) == (None, len(line))
    longer = b"X-A: " + b"a" * 10 + b"\r\n"
    assert meter.check(longer)[0] == LINE


def test_the_head_is_counted_across_reads_up_to_its_blank_line() -> None:
    meter = HeadMeter(max_line=100, max_bytes=60)
    first = b"GET / HTTP/1.1\r\nHost: x\r\n"
    assert meter.check(first) == (None, len(first))
    assert meter.grew(first) is None
    assert meter.head == len(first)
    # The blank line spans two reads; the body after it is not the head's.
    second = b"\r"
    assert meter.check(second)[0] is None
    assert meter.grew(second) is None
    body = b"\n" + b"z" * 500
    assert meter.check(body) == (None, 1)
    meter.done()
    assert (meter.head, meter.line, meter.tail) == (0, 0, b"")


def test_a_head_over_the_total_is_refused_before_it_is_fed() -> None:
    meter = HeadMeter(max_line=100, max_bytes=64)
    lines = b"".join(b"X-%d: aaaaaaaaaa\r\n" % i for i in range(3))
    assert meter.grew(lines) is None
    assert meter.check(lines)[0] == TOTAL
    assert meter.grew(lines) == TOTAL  # had it been fed (a blank line that was not the end)


def test_a_head_begun_inside_a_read_is_never_counted_short() -> None:
    meter = HeadMeter(max_line=1000, max_bytes=1000)
    earlier = b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
    later = b"GET / HTTP/1.1\r\nX-Long: " + b"b" * 30
    assert meter.began(earlier + later, body=5) is None
    # Counted from the last blank line: the earlier body after it too (it cannot tell).
    assert meter.head == len(b"hello") + len(later)
    assert meter.line == len(b"X-Long: ") + 30
    # A body without blank lines, not reported line by line: at most the read less the body.
    meter.done()
    assert meter.began(b"q" * 40 + later, body=40) is None
    assert meter.head == len(later)


def test_last_blank_end() -> None:
    assert last_blank_end(b"abc") == 0
    assert last_blank_end(b"a\r\n\r\nb") == 5
    assert last_blank_end(b"a\n\nbc\r\n\r\nd") == 9


def test_restart_counts_what_the_parser_holds() -> None:
    meter = HeadMeter(max_line=8, max_bytes=100)
    assert meter.restart(b"GET / HT") == LINE
    assert meter.restart(b"GET /\r\n") is None
    assert meter.head == 7


def test_pending_bytes_per_address() -> None:
    pending = PendingBytes(cap=100)
    assert pending.counts("10.0.0.1", trusted=False)
    assert not pending.counts("10.0.0.1", trusted=True)
    assert not pending.counts(None, trusted=False)
    assert not PendingBytes(cap=0).counts("10.0.0.1", trusted=False)
    assert pending.move("10.0.0.1", 0, 60)
    assert pending.move("10.0.0.1", 0, 40)
    assert not pending.move("10.0.0.1", 0, 1)  # past the cap: nothing changes
    assert pending.held("10.0.0.1") == 100
    assert pending.move("10.0.0.2", 0, 100)  # another address has its own
    assert pending.move("10.0.0.1", 60, 0)
    assert pending.move("10.0.0.1", 40, 0)
    assert pending.by_address == {"10.0.0.2": 100}


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 64])
def test_a_head_in_pieces_ends_where_it_ends(piece: int) -> None:
    meter = HeadMeter(max_line=100, max_bytes=1000)
    data = b"GET / HTTP/1.1\r\nHost: x\r\nX-A: b\r\n\r\nBODY"
    end = data.index(b"\r\n\r\n") + 4
    fed = 0
    while fed < end:
        chunk = data[fed : fed + piece]
        reason, part = meter.check(chunk)
        assert reason is None
        if fed + len(chunk) >= end:
            assert fed + part == end
            break
        assert part == len(chunk)
        assert meter.grew(chunk) is None
        fed += len(chunk)
