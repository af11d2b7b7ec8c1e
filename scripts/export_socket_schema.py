"""Writes the JSON Schema of the command socket's messages (`service.http.socket.messages`) to
`schema/socket.schema.json` (`--check`: fail if it differs instead). `ClientMessage` and
`ServerMessage` in `$defs` are the two directions; the document itself accepts either."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from boardstate.service.http.socket.messages import PROTOCOL, ClientMessage, ServerMessage

TARGET = Path(__file__).resolve().parents[1] / "schema" / "socket.schema.json"
REF = "#/$defs/{name}"


def document() -> dict[str, Any]:
    """The schema as committed."""
    (client, server), defs = msgspec.json.schema_components(
        (ClientMessage, ServerMessage), ref_template=REF
    )
    defs = {**defs, "ClientMessage": client, "ServerMessage": server}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:boardstate:socket:{PROTOCOL}",
        "title": f"The messages of the command socket /v1/socket ({PROTOCOL})",
        "description": "docs/socket.md. ClientMessage: what a client sends; ServerMessage: "
        "what the server sends.",
        "anyOf": [
            {"$ref": REF.format(name="ClientMessage")},
            {"$ref": REF.format(name="ServerMessage")},
        ],
        "$defs": dict(sorted(defs.items())),
    }


def text() -> str:
    """The file's text."""
    return json.dumps(document(), indent=2, sort_keys=False) + "\n"


def main() -> int:
    """Writes or checks the file; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args()
    wanted = text()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != wanted:
            print(f"{TARGET} is out of date; run scripts/export_socket_schema.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(wanted, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
