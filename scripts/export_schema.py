"""Writes the GraphQL SDL to `schema/schema.graphql` (`--check`: fail if it differs instead)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from strawberry.printer import print_schema

from boardstate.schema.root import schema

TARGET = Path(__file__).resolve().parents[1] / "schema" / "schema.graphql"


def sdl() -> str:
    """Returns the schema's SDL as committed (with a final newline)."""
    return print_schema(schema) + "\n"


def main() -> int:
    """Writes or checks the SDL file; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args()
    text = sdl()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date; run scripts/export_schema.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
