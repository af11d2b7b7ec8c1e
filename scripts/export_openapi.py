"""Writes the REST API's OpenAPI document to `schema/openapi.json`, and schemathesis's settings
for it to `schema/schemathesis.toml` (`--check`: fail if either differs instead).
`scripts/export_schema.py` runs it too, so `make schema` regenerates them.

`schema/schemathesis.toml` is schemathesis's configuration file
(`st --config-file schema/schemathesis.toml run schema/openapi.json --url ...`, and
tests/adversarial/test_fuzz_rest.py). Its positive data check (ST202) expects a request valid by
the document to be accepted; an operation whose route declares refusals of valid requests
(`ApiRoute.refusals`: what the document's schemas cannot see) also expects their statuses, as
schemathesis documents for a rejection the schema can't express."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boardstate.service.http.edge.problems import STATUS
from boardstate.service.http.openapi.document import text
from boardstate.service.http.rest.declared import DECLARED

SCHEMA = Path(__file__).resolve().parents[1] / "schema"
TARGET = SCHEMA / "openapi.json"
SCHEMATHESIS = SCHEMA / "schemathesis.toml"
ACCEPTED = ("2xx", "3xx", "401", "403", "404", "409", "429", "5xx")
"""What schemathesis's positive data check expects of a valid request by default."""
HEADER = """\
# schemathesis's settings for schema/openapi.json, written by scripts/export_openapi.py from the
# route declarations (service/http/api_*.py, `ApiRoute.refusals`): do not edit.
#   st --config-file schema/schemathesis.toml run schema/openapi.json --url http://127.0.0.1:8000
#
# Positive data acceptance (ST202): a request valid by the document is accepted, except by an
# operation that may refuse one for what its schemas cannot see (a seat this game does not have,
# a version beyond its log, a cursor this server did not issue, a rule across two fields): its
# entry below expects those statuses too (the codes are named in the document's descriptions).
"""


def schemathesis_config() -> str:
    """The text of `schema/schemathesis.toml`."""
    by_statuses: dict[tuple[str, ...], list[str]] = {}
    for route in DECLARED:
        extra = {str(STATUS[code][0]) for code in route.refusals} - set(ACCEPTED)
        if extra:
            statuses = tuple(sorted({*ACCEPTED, *extra}))
            by_statuses.setdefault(statuses, []).append(route.operation_id)
    entries = []
    for statuses, operations in sorted(by_statuses.items()):
        names = ", ".join(f'"{name}"' for name in sorted(operations))
        expected = ", ".join(f'"{status}"' for status in statuses)
        entries.append(
            f"\n[[operations]]\ninclude-operation-id = [{names}]\n"
            f"checks.positive_data_acceptance.expected-statuses = [{expected}]\n"
        )
    return HEADER + "".join(entries)


def export(check: bool) -> int:
    """Writes or checks the document and the settings; returns the exit status."""
    stale = 0
    for target, wanted in ((TARGET, text()), (SCHEMATHESIS, schemathesis_config())):
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if check:
            if current != wanted:
                print(f"{target} is out of date; run scripts/export_openapi.py", file=sys.stderr)
                stale = 1
            continue
        target.write_text(wanted, encoding="utf-8")
        print(f"wrote {target}")
    return stale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    return export(parser.parse_args().check)


if __name__ == "__main__":
    sys.exit(main())
