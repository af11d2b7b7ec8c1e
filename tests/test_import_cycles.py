"""No import cycles among the modules of engine/, schema/ and service/ (issue 28), counting
function-local and TYPE_CHECKING imports: a cycle hidden behind either is still a cycle (it
breaks as soon as someone moves the import to the top, and it means the two modules are one).

On failure the message lists each strongly connected component, one shortest cycle through it
and every import inside it with where it stands (`bench/import_graph.py`; the same report:
`python scripts/import_cycles.py`).
"""

from __future__ import annotations

from pathlib import Path

from bench.import_graph import cycles, describe, graph

ROOT = Path(__file__).resolve().parents[1]


def test_no_module_imports_itself_back() -> None:
    g = graph(ROOT)
    found = cycles(g)
    assert found == [], "import cycles:\n" + "\n".join(
        line for component in found for line in describe(g, component)
    )


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for layer in ("engine", "schema", "service"):
        (root / layer).mkdir(exist_ok=True)
    return root


def test_the_graph_sees_cycles_behind_local_and_type_checking_imports(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "engine/__init__.py": "",
            "engine/a.py": "from boardstate.engine import b\n",
            "engine/b.py": "def f() -> None:\n    from boardstate.engine.c import x\n",
            "engine/c.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from boardstate.engine.a import y\n"
            ),
            "service/__init__.py": "",
            "service/log/__init__.py": "",
            "service/log/d.py": "from . import e\n",
            "service/log/e.py": "from .d import z\n",
            "schema/__init__.py": "",
            "schema/f.py": "import boardstate.schema.f\n",
            "schema/g.py": "import boardstate.engine.a\n",
        },
    )
    g = graph(root)
    assert cycles(g) == [
        ["boardstate.engine.a", "boardstate.engine.b", "boardstate.engine.c"],
        ["boardstate.schema.f"],
        ["boardstate.service.log.d", "boardstate.service.log.e"],
    ]
    assert cycles(g, {"top"}) == [
        ["boardstate.schema.f"],
        ["boardstate.service.log.d", "boardstate.service.log.e"],
    ]
    report = describe(g, cycles(g)[0])
    assert report[1] == "  shortest cycle: engine.a -> engine.b -> engine.c -> engine.a"
    assert "  engine.b -> engine.c  [local] line 2" in report
    assert "  engine.c -> engine.a  [typing] line 3" in report
