"""Writes the REST API's OpenAPI document to `schema/openapi.json` (`--check`: fail if it differs
instead). `scripts/export_schema.py` runs it too, so `make schema` regenerates both."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boardstate.service.http.openapi_doc import text

TARGET = Path(__file__).resolve().parents[1] / "schema" / "openapi.json"


def export(check: bool) -> int:
    """Writes or checks the document; returns the exit status."""
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if check:
        if current != text():
            print(f"{TARGET} is out of date; run scripts/export_openapi.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    return export(parser.parse_args().check)


if __name__ == "__main__":
    sys.exit(main())
