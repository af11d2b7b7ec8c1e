"""`PlacedObjects`: the `ObjectStore` of the deployment's archive (`features.archive.place`).

Every archive component of a process (the reader behind the store's fall-through, the
archiver, retention, the `boardstate archive` commands) goes through one of these, so each call
reaches the store the deployment records, or fails with `ArchiveStoreMismatch` without touching
any other. Writes ask the place first (the record read again); a missing object makes reads find
the store again once: the record may have changed since, or the store lost its mark (then the
read fails with `ArchiveStoreMismatch`, not as one missing object). Listings leave out the
store's mark.
"""

from __future__ import annotations

from boardstate.service.features.archive.place import ArchivePlace, is_game_object
from boardstate.service.store.archive.object_reads import ReadLimits


class PlacedObjects:
    """Whole objects of the deployment's archive store, by name (read within `limits`, the
    limits the place opens every store with)."""

    def __init__(self, place: ArchivePlace, limits: ReadLimits | None = None) -> None:
        self.place = place
        self.limits = limits or ReadLimits()

    async def put(self, name: str, data: bytes) -> None:
        await (await self.place.objects(write=True)).put(name, data)

    async def get(self, name: str) -> bytes | None:
        data = await (await self.place.objects()).get(name)
        if data is None and await self.place.recheck():
            data = await (await self.place.objects()).get(name)
        return data

    async def exists(self, name: str) -> bool:
        if await (await self.place.objects()).exists(name):
            return True
        return await self.place.recheck() and await (await self.place.objects()).exists(name)

    async def delete(self, name: str) -> None:
        await (await self.place.objects(write=True)).delete(name)

    async def list(self, prefix: str = "") -> list[str]:
        names = await (await self.place.objects()).list(prefix)
        return [name for name in names if is_game_object(name)]
