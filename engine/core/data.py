"""Component data files: validated, hashed, with `printed` / `reconstructed` provenance.

A data file is JSON: `{"id": ..., "game": ..., "edition": ..., "values": {name: entry}}` where
each entry is `{"value": <any JSON>, "provenance": "printed" | "reconstructed", "source": str}`
and optionally `"note"`. The content hash is SHA-256 over the canonical encoding
(`engine.core.canonical`) of the whole document; a game records id and hash at creation.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from importlib import resources
from typing import Any

from boardstate.engine.core.canonical import canonical_bytes

PROVENANCES = ("printed", "reconstructed")


class DataFileError(ValueError):
    """A component data file is malformed."""


@dataclasses.dataclass(frozen=True, slots=True)
class DataSet:
    """One loaded component data file."""

    id: str
    content_hash: str
    values: dict[str, Any]
    provenance: dict[str, dict[str, str]]

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def metadata(self) -> dict[str, Any]:
        """Returns the id, hash and per-value provenance, for the game type's metadata."""
        return {"dataSet": self.id, "contentHash": self.content_hash, "values": self.provenance}


def load_data_set(package: str, filename: str) -> DataSet:
    """Loads and validates `filename` shipped inside `package`."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return parse_data_set(json.loads(text), origin=f"{package}/{filename}")


def parse_data_set(doc: Any, origin: str) -> DataSet:
    """Validates a parsed data document; raises `DataFileError` naming the problem."""
    if not isinstance(doc, dict) or not isinstance(doc.get("id"), str):
        raise DataFileError(f"{origin}: needs an object with a string 'id'")
    entries = doc.get("values")
    if not isinstance(entries, dict) or not entries:
        raise DataFileError(f"{origin}: needs a non-empty 'values' object")
    values: dict[str, Any] = {}
    provenance: dict[str, dict[str, str]] = {}
    for name, entry in entries.items():
        if not isinstance(entry, dict) or "value" not in entry:
            raise DataFileError(f"{origin}: values.{name} needs a 'value'")
        prov = entry.get("provenance")
        if prov not in PROVENANCES:
            raise DataFileError(f"{origin}: values.{name}.provenance must be one of {PROVENANCES}")
        source = entry.get("source")
        if not isinstance(source, str) or not source:
            raise DataFileError(f"{origin}: values.{name} needs a 'source'")
        values[name] = entry["value"]
        provenance[name] = {"provenance": prov, "source": source}
        if isinstance(entry.get("note"), str):
            provenance[name]["note"] = entry["note"]
    digest = hashlib.sha256(canonical_bytes(doc)).hexdigest()
    return DataSet(id=doc["id"], content_hash=digest, values=values, provenance=provenance)
