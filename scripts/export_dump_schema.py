"""Writes the JSON Schema of a dump's line to `schema/dump-line.schema.json` (`--check`: fail if
it differs instead); the schema itself is `service.contract.dump_lines.DUMP_LINE_SCHEMA`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from boardstate.service.contract.dump_lines import DUMP_LINE_SCHEMA

TARGET = Path(__file__).resolve().parents[1] / "schema" / "dump-line.schema.json"


def text() -> str:
    """The file as committed."""
    return json.dumps(DUMP_LINE_SCHEMA, indent=2, sort_keys=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text():
            print(f"{TARGET} is out of date; run make schema", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
