"""Prints every import cycle among `boardstate.*` modules of a checkout, counting
function-local and TYPE_CHECKING imports (issue 28; the graph: `bench/import_graph.py`).

Usage: python scripts/import_cycles.py [CHECKOUT] [--packages] [--json OUT]
Exit status 1 when any cycle exists. `--packages` also counts an import of `a.b.c` as one of
the packages `a.b` and `a` (their `__init__` runs first); the cycle test does not.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.import_graph import cycles, graph, report, shortest_cycle  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--packages", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the components here")
    args = parser.parse_args()
    g = graph(args.root.resolve(), args.packages)
    print("\n".join(report(g)))
    found = cycles(g)
    if args.json:
        succ = g.successors()
        components = [{"modules": c, "cycle": shortest_cycle(c, succ)} for c in found]
        top_only = cycles(g, {"top"})
        args.json.write_text(json.dumps({"components": components, "top_only": top_only}, indent=2))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
