"""An archived object is tamper-evident: bytes that do not hash to their name, or a log that
does not verify, are refused; the index entry stays within its `MAX_BYTES`."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest
import zstandard

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.entry import MAX_BYTES, IndexEntry, entry_of
from boardstate.service.history.log_format import write_log
from boardstate.service.store.keys import InvalidGameId, archive_keys
from tests.archive.archive_support import golden
from tests.golden.logs import LOG_CASES


def test_a_packed_log_unpacks_to_the_same_events() -> None:
    packed = packing.pack("g1", "trambahn", golden())
    assert packing.verified("g1", packed.name, packed.data) == list(golden())
    assert packed.log_bytes == len(write_log(golden()))
    assert len(packed.data) < packed.log_bytes / 4


def test_packing_twice_gives_the_same_name() -> None:
    assert packing.pack("g1", "t", golden()).name == packing.pack("g1", "t", golden()).name


def test_a_game_that_has_not_ended_is_not_packed() -> None:
    with pytest.raises(ValueError, match="has not ended"):
        packing.pack("g1", "trambahn", golden()[:-1])


def test_an_object_whose_log_does_not_hash_to_its_name_is_refused() -> None:
    packed = packing.pack("g1", "trambahn", golden())
    other = packing.pack("g1", "trambahn", golden("tf22-mine"))
    with pytest.raises(packing.ArchiveUnverified, match="does not hash"):
        packing.unpack(packed.name, other.data)


def test_corrupt_bytes_are_refused() -> None:
    packed = packing.pack("g1", "trambahn", golden())
    with pytest.raises(packing.ArchiveUnverified, match="decompress"):
        packing.unpack(packed.name, packed.data[:-8] + bytes(8))


def test_a_log_that_hashes_to_its_name_but_does_not_verify_is_refused() -> None:
    events = list(golden())
    events[3] = dataclasses.replace(events[3], state_hash="0" * 64)
    log = write_log(events)
    digest = hashlib.sha256(log).hexdigest()
    name = packing.object_name("trambahn", events[-1].at, "g1", digest)
    data = zstandard.ZstdCompressor().compress(log)
    with pytest.raises(packing.ArchiveUnverified, match="event 4"):
        packing.verified("g1", name, data)


def test_a_game_id_is_quoted_in_the_name() -> None:
    name = packing.object_name("t", "2026-12-04T10:00:00.000Z", "a/b c", "0" * 64)
    assert name == f"t/2026/12/a%2Fb%20c.{'0' * 64}.jsonl.zst"


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda case: case.game)
def test_the_index_entry_of_every_golden_game_fits_in_its_bytes(case: object) -> None:
    events = golden(case.game)  # type: ignore[attr-defined]
    packed = packing.pack("x" * 16, case.game, events)  # type: ignore[attr-defined]
    players = [f"Player number {n}" for n in range(len(events[-1].data["winners"]) + 4)]
    entry = entry_of(packed.name, packed.digest, len(packed.data), events, players)
    assert len(entry.encode()) <= MAX_BYTES
    assert IndexEntry.decode(entry.encode()) == entry


def test_the_archive_keys_share_the_game_slot() -> None:
    assert archive_keys("g-1") == ("bs:{g-1}:archived", "bs:{g-1}:archiving")
    with pytest.raises(InvalidGameId):
        archive_keys("a{b")
