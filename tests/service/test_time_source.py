"""The test-only file time source (`BOARDSTATE_TIME_SOURCE=file:`): a test rewriting the file
leaves it empty for a moment; a reader then keeps the last time it read instead of jumping to
the system clock (an hour ahead in the tests, which stalled every deadline until the file's
time caught up with it)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardstate.service.log import time_source


@pytest.fixture
def time_file() -> Iterator[Path]:
    path = Path(tempfile.mkstemp(prefix="bs-time-")[1])
    time_source.configure(f"file:{path}")
    yield path
    time_source.configure(None)
    path.unlink()


def test_a_file_being_rewritten_reads_as_the_last_time_read(time_file: Path) -> None:
    past = time.time() - 3600
    time_file.write_text(f"{past:.3f}")
    assert time_source.now() == pytest.approx(past, abs=0.001)
    time_file.write_text("")  # what a reader may see between truncation and write
    assert time_source.now() == pytest.approx(past, abs=0.001)
    time_file.unlink()
    assert time_source.now() == pytest.approx(past, abs=0.001)
    time_file.write_text(f"{past + 2:.3f}")
    assert time_source.now() == pytest.approx(past + 2, abs=0.001)


def test_a_file_never_read_falls_back_to_the_system_clock(time_file: Path) -> None:
    time_file.write_text("")
    assert time_source.now() == pytest.approx(time.time(), abs=600)  # not a time from the file
