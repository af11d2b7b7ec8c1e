"""Inside `service/`, imports go one way (architecture §2): http → composition → features →
runtime → pictures → history → log → store, and inside `features/` from the top of `FEATURES`
down.

A sub-package imports only itself and the sub-packages below it (a feature only itself and the
features below it), and the contract (`contract/`, which anyone may import and which imports no
other part: tests/service/test_contract.py); the shared top-level modules (settings, env_values,
logging, metrics, failures, inputs) may be imported by anyone and import no sub-package, but for
one exception: a part's own settings (a module named `*_settings`, wherever it lives) import
nothing of the service but `env_values`, so `settings` may gather them. `cli` and `asgi` may
import anything, and only they start the local conveniences (`local/`). `history/` and `log/`
never touch Redis themselves. No folder holds more than 15 modules, `service/` itself at most 10,
and none exceeds 250 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_trees import parse_file

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
ORDER = ("http", "composition", "features", "runtime", "pictures", "history", "log", "store")
"""Sub-packages from the top down; each may import the ones after it."""
FEATURES = (
    "matchmaking",
    "ratings",
    "webhooks",
    "players",
    "live",
    "bots",
    "lobby",
    "tables",
    "dumps",
    "moves",
    "views",
    "archive",
)
"""The feature packages (`service/features/`) from the top down; each may import the ones after
it."""
SHARED = ("settings", "env_values", "logging", "metrics", "failures", "inputs")
"""Top-level modules anyone may import."""
ENTRY = ("cli", "asgi")
"""Top-level modules that may import anything."""
CONTRACT = "contract"
"""The framework-free application contract: anyone may import it; it imports no other part."""
LEAVES = ("local",)
"""Parts only the entry points import: the local conveniences."""
NO_REDIS = ("history", "log")


def imports(path: Path) -> set[str]:
    """Returns the absolute module names that `path` imports (`from a import b` gives `a.b`
    as well as `a`, so importing a sub-module by name counts)."""
    tree = parse_file(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def part_of(module: str) -> str | None:
    """Returns the first name below `boardstate.service` (a sub-package or top-level module)."""
    parts = module.split(".")
    if parts[:2] != ["boardstate", "service"] or len(parts) < 3:
        return None
    return parts[2]


def allowed(importer: str, imported: str) -> bool:
    """Tells whether code in `importer` (a part of `service/`) may import `imported`."""
    if importer == imported or importer in ENTRY:
        return True
    if CONTRACT in (importer, imported):
        return imported == CONTRACT
    if imported in SHARED:
        return True
    if importer in SHARED or imported in ENTRY or imported in LEAVES or importer in LEAVES:
        return False
    if importer in ORDER and imported in ORDER:
        return ORDER.index(imported) > ORDER.index(importer)
    return False


def feature_of(module: str) -> str | None:
    """Returns the feature package of a `boardstate.service.features.<feature>…` name."""
    parts = module.split(".")
    return (
        parts[3] if parts[:3] == ["boardstate", "service", "features"] and len(parts) > 3 else None
    )


def service_modules() -> list[Path]:
    return sorted(SERVICE.rglob("*.py"))


def part_of_path(path: Path) -> str:
    relative = path.relative_to(SERVICE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def test_every_service_module_belongs_to_a_known_part() -> None:
    known = {*ORDER, *SHARED, *ENTRY, *LEAVES, CONTRACT, "__init__"}
    assert {part_of_path(p) for p in service_modules()} <= known


@pytest.mark.parametrize("path", service_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_go_one_way(path: Path) -> None:
    importer = part_of_path(path)
    names = imports(path)
    if importer == "settings":  # gathers the parts' own settings (`test_settings_are_leaves`)
        names = {n for n in names if not is_settings(n)}
    parts = {part for name in names if (part := part_of(name)) is not None}
    assert sorted(p for p in parts if not allowed(importer, p)) == []


def is_settings(module: str) -> bool:
    """Tells whether `module` is (in) a part's own settings (`boardstate.service.….x_settings`)."""
    parts = module.split(".")
    return parts[:2] == ["boardstate", "service"] and any(p.endswith("_settings") for p in parts)


@pytest.mark.parametrize(
    "path", sorted(SERVICE.rglob("*_settings.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_settings_are_leaves(path: Path) -> None:
    service = {n for n in imports(path) if n.startswith("boardstate.")}
    assert {n for n in service if not n.startswith("boardstate.service.env_values")} == set()


def test_folders_stay_small() -> None:
    counts = {
        str(folder.relative_to(ROOT)): len(list(folder.glob("*.py")))
        for folder in [SERVICE, *(p for p in SERVICE.rglob("*") if p.is_dir())]
    }
    assert counts.pop("service") <= 10
    assert {name: n for name, n in counts.items() if n > 15} == {}


def test_every_feature_is_in_the_order() -> None:
    found = {p.name for p in (SERVICE / "features").iterdir() if (p / "__init__.py").exists()}
    assert found == set(FEATURES)


@pytest.mark.parametrize(
    "path", sorted((SERVICE / "features").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_features_import_one_way(path: Path) -> None:
    parts = path.relative_to(SERVICE / "features").parts
    if len(parts) < 2:
        return
    importer = parts[0]
    found = {f for name in imports(path) if (f := feature_of(name)) is not None}
    assert (
        sorted(f for f in found if f != importer and FEATURES.index(f) <= FEATURES.index(importer))
        == []
    )


@pytest.mark.parametrize("package", NO_REDIS)
def test_history_and_log_never_touch_redis(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name
            for name in imports(path)
            if name.split(".")[0] == "redis" or name.startswith("boardstate.service.store.redis")
        )
        for path in (SERVICE / package).rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_rule_itself() -> None:
    for importer, imported in [("http", "features"), ("features", "store"), ("log", "store")]:
        assert allowed(importer, imported)
    for importer, imported in [("cli", "local"), ("store", "failures")]:
        assert allowed(importer, imported)
    for importer, imported in [
        ("store", "contract"),
        ("failures", "contract"),
        ("http", "contract"),
    ]:
        assert allowed(importer, imported)
    for importer, imported in [("contract", "store"), ("contract", "failures")]:
        assert not allowed(importer, imported)
    for importer, imported in [("store", "log"), ("history", "features"), ("log", "history")]:
        assert not allowed(importer, imported)
    for importer, imported in [("features", "http"), ("runtime", "local"), ("metrics", "store")]:
        assert not allowed(importer, imported)


def test_service_modules_stay_small() -> None:
    sizes = {str(p.relative_to(ROOT)): len(p.read_text().splitlines()) for p in service_modules()}
    assert {name: size for name, size in sizes.items() if size > 250} == {}
