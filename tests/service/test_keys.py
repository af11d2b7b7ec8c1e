"""Redis keys (architecture §2: every key built in `service/store/keys.py`).

* No module of engine/, schema/ or service/ but `service/store/keys.py` builds a Redis key: no
  f-string puts a literal after a prefix or tag (`f"{prefix}:..."`), no string holds a hash tag
  (`:{...}` or `}:`), no Lua script concatenates one (an AST scan; docstrings are prose).
* The keys of one game, of the index, of the webhooks, of the deadlines and of one points budget
  each share one hash tag, so each family lives in one Redis Cluster slot and one script can
  touch it all.
* The key strings stay byte-identical (data written before reads back).
* `append.lua` names its KEYS as the fields of `AppendKeys`, in the same order.
"""

from __future__ import annotations

import ast
import dataclasses
import fnmatch
import re
from pathlib import Path

import pytest
from redis.crc import key_slot

from boardstate.service.store import keys as k
from boardstate.service.store.work.deadlines import SCHEDULE_SCRIPT
from tests.source_trees import parse_source

ROOT = Path(__file__).resolve().parents[2]
KEYS_MODULE = ROOT / "service" / "store" / "keys.py"
KEY_MODULES = {KEYS_MODULE, ROOT / "service" / "store" / "players" / "player_keys.py"}
"""The modules that build keys: `keys.py` and, for the players' families, `player_keys.py`."""
HASH_TAG = re.compile(r"\w:\{[^{}\s\"']*\}|\{[^{}\s\"']*\}:\w")
"""A hash tag in a key: `bs:{...}` or `{...}:log` (not JSON, not a regex's `\\d{2}:`)."""
TAG_PART = re.compile(r"(^|\w):\{|\}:(\w|$)")
"""A hash tag in the literal part of an f-string (`:{creator:`, `}:games`)."""
NAMED = re.compile(r"prefix|tag", re.IGNORECASE)
"""An f-string value that names a key's prefix or tag (`f"{prefix}:rl"`, `f"{self.tag}:q"`)."""
LUA_CONCAT = re.compile(r"""\.\.\s*['"][^'"]*[:{]|['"][^'"]*[:}]['"]\s*\.\.""")
"""Lua building a key: `x .. ':name'` or `'{tag}:' .. x`."""


def builders(source: str) -> list[str]:
    """The key constructions in Python `source`, as `line: text` (docstrings and other bare
    strings are prose, skipped; so are the literal parts of an f-string, read with it)."""
    tree = parse_source(source)
    skip = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    skip |= {id(p) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for p in n.values}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for i, part in enumerate(parts):
                if isinstance(part, ast.Constant) and TAG_PART.search(str(part.value)):
                    found.append(f"{node.lineno}: {ast.unparse(node)}")
                    break
                after = parts[i + 1] if i + 1 < len(parts) else None
                if (
                    isinstance(part, ast.FormattedValue)
                    and NAMED.search(ast.unparse(part.value))
                    and isinstance(after, ast.Constant)
                    and str(after.value).startswith(":")
                ):
                    found.append(f"{node.lineno}: {ast.unparse(node)}")
                    break
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skip:
                continue
            text = node.value
            lua = "redis.call" in text or "KEYS[" in text
            if (lua and LUA_CONCAT.search(text)) or (not lua and HASH_TAG.search(text)):
                found.append(f"{node.lineno}: {text[:60]!r}")
    return found


def sources() -> list[Path]:
    return sorted(
        path
        for folder in ("engine", "schema", "service")
        for path in (ROOT / folder).rglob("*.py")
        if path not in KEY_MODULES and "static" not in path.relative_to(ROOT).parts
    )


def test_no_module_but_keys_builds_a_redis_key() -> None:
    found = {
        str(path.relative_to(ROOT)): hits
        for path in sources()
        if (hits := builders(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_no_lua_file_builds_a_key() -> None:
    for path in (ROOT / "service").rglob("*.lua"):
        code = "\n".join(
            line for line in path.read_text().splitlines() if not line.lstrip().startswith("--")
        )
        assert LUA_CONCAT.findall(code) == [], path


@pytest.mark.parametrize(
    "source",
    [
        'x = f"{prefix}:{{deadlines}}:due"',
        'x = f"{self.prefix}:{{creator:{digest}}}:games"',
        'x = f"{prefix}:rl"',
        'x = f"{self.tag}:q:{endpoint}"',
        'x = f"{prefix}:{{bots}}:jobs"',
        'x = "bs:{bots}:jobs"',
        "S = \"redis.call('GET', KEYS[1] .. ':x')\"",
    ],
)
def test_the_scan_sees_a_key_built_elsewhere(source: str) -> None:
    assert builders(source) != []


@pytest.mark.parametrize(
    "source",
    [
        'x = f"retry: {ms}\\nevent: shutdown\\ndata: {{}}\\n\\n"',
        'x = f"{seat}:{move_id}"',
        'x = f"{kind}:"',
        '"""The key `bs:{bots}:jobs` (prose)."""',
        "S = \"redis.call('XRANGE', KEYS[1], first .. '-0', first .. '-0')\"",
    ],
)
def test_the_scan_leaves_other_strings_alone(source: str) -> None:
    assert builders(source) == []


def slots(names: list[str]) -> set[int]:
    return {key_slot(name.encode()) for name in names}


def tag_of(key: str) -> str:
    """The hash tag Redis Cluster hashes: between the first `{` and the next `}`."""
    start = key.index("{")
    return key[start + 1 : key.index("}", start)]


@pytest.mark.parametrize("game_id", ["g-1", "a:b", "x y", "ünï", "9" * 200])
def test_every_key_of_one_game_shares_its_hash_tag(game_id: str) -> None:
    game = k.GameKeys.of(game_id, "p")
    names = [getattr(game, f.name) for f in dataclasses.fields(game)]
    assert {tag_of(name) for name in names} == {game_id}
    assert len(slots(names)) == 1
    assert set(game.append().ordered()) <= set(names)


@pytest.mark.parametrize("game_id", ["", "a{b", "a}b", "9" * 201])
def test_an_id_that_would_break_the_tag_is_refused(game_id: str) -> None:
    with pytest.raises(k.InvalidGameId):
        k.GameKeys.of(game_id)


def test_every_other_family_shares_one_slot() -> None:
    index = k.IndexKeys("p")
    assert len(slots([index.rows, *index.sets_of("trambahn", "OPEN", ("Ann", "bob"))])) == 1
    hooks = k.HookKeys.of("p")
    named = [getattr(hooks, f.name) for f in dataclasses.fields(hooks)]
    per = [hooks.lease("relay"), hooks.queue("e"), hooks.record("d"), hooks.log("e")]
    assert len(slots([*named, *per, hooks.dead("e")])) == 1
    deadlines = k.DeadlineKeys.of("p")
    assert len(slots([deadlines.due, deadlines.version])) == 1
    assert len(slots(list(k.points_keys("t:abc", 5000, 3600, "p")))) == 1


def test_the_key_strings_are_unchanged() -> None:
    game = k.GameKeys.of("g-1")
    assert game.append().ordered() == [
        "bs:{g-1}:log",
        "bs:{g-1}:meta",
        "bs:{g-1}:tokens",
        "bs:{g-1}:moves",
        "bs:{g-1}:outbox",
    ]
    assert game.snapshots == "bs:{g-1}:snapshots"
    assert (
        k.IndexKeys().ordered("t", "OPEN", " Ann ")
        == "bs:{index}:player:3:ann:type-status:1:t:OPEN"
    )
    assert k.DeadlineKeys.of() == k.DeadlineKeys("bs:{deadlines}:due", "bs:{deadlines}:version")
    hooks = k.HookKeys.of()
    assert (hooks.pending, hooks.seen, hooks.feed, hooks.endpoints) == (
        "bs:{hooks}:pending",
        "bs:{hooks}:seen",
        "bs:{hooks}:feed",
        "bs:{hooks}:endpoints",
    )
    assert [
        hooks.lease("a"),
        hooks.queue("e"),
        hooks.record("d"),
        hooks.log("e"),
        hooks.dead("e"),
    ] == [
        "bs:{hooks}:lease:a",
        "bs:{hooks}:q:e",
        "bs:{hooks}:d:d",
        "bs:{hooks}:log:e",
        "bs:{hooks}:dead:e",
    ]
    digest = "e76563248618b95d50d3c05cba375457"  # sha256("t:x")[:32]
    assert k.creator_key("t:x") == f"bs:{{creator:{digest}}}:games"
    assert k.points_keys("t:x", 10, 60) == (
        f"bs:{{points:{digest}:10/60}}:previous",
        f"bs:{{points:{digest}:10/60}}:current",
    )
    assert k.bot_jobs_key() == "bs:{bots}:jobs"
    assert k.rate_limit_prefix() == "bs:rl"


def test_the_outbox_sweep_finds_game_ids() -> None:
    for game_id in ["g-1", "a:b", "x y"]:
        outbox = k.GameKeys.of(game_id, "p").outbox
        assert fnmatch.fnmatchcase(outbox, k.outbox_pattern("p"))
        assert k.outbox_game(outbox, "p") == game_id
    assert not fnmatch.fnmatchcase(k.HookKeys.of("p").feed, k.outbox_pattern("p"))


def header_keys(script: str) -> list[str]:
    """The names a script's `-- KEYS: 1 <name> (<kind>), 2 ...` header gives its KEYS, checked
    to be numbered 1, 2, ... in order."""
    header = re.search(r"^-- KEYS: (.*?)(?:;|\n-- ARGV)", script, re.M | re.S)
    assert header is not None
    found = re.findall(r"(\d+) (\w+) \(", header[1])
    assert [int(i) for i, _ in found] == list(range(1, len(found) + 1))
    return [name for _, name in found]


def test_the_deadline_script_takes_deadline_keys_in_order() -> None:
    fields = [f.name for f in dataclasses.fields(k.DeadlineKeys)]
    assert header_keys(SCHEDULE_SCRIPT) == fields
    assert k.DeadlineKeys.of("p").ordered() == [getattr(k.DeadlineKeys.of("p"), f) for f in fields]


def test_append_lua_names_its_keys_as_append_keys() -> None:
    script = (ROOT / "service" / "store" / "append.lua").read_text()
    fields = [f.name for f in dataclasses.fields(k.AppendKeys)]
    line = re.search(r"^local ([\w, ]+) = (KEYS\[\d+\](?:, KEYS\[\d+\])*)$", script, re.M)
    assert line is not None
    assert [n.strip() for n in line[1].split(",")] == fields
    assert [int(i) for i in re.findall(r"KEYS\[(\d+)\]", line[2])] == list(
        range(1, len(fields) + 1)
    )
    assert header_keys(script) == fields
    # Every other use of KEYS is by name or over all of them (the deadline of a new game).
    rest = script.replace(line[0], "")
    code = "\n".join(s for s in rest.splitlines() if not s.lstrip().startswith("--"))
    assert re.findall(r"KEYS\[", code) == []
