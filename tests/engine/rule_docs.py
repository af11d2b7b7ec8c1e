"""Reads docs/rules/<game>.md and the `pytest.mark.rules(...)` markers of tests/ (with `ast`).

The format is described in docs/rules/README.md. `problems(doc, tests_root, ...)` returns one
precise sentence per violation; tests/engine/test_rule_docs.py asserts the list is empty.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.engine.rule_markers import Citing, citing_tests

HEADING = re.compile(r"^### (?P<id>[A-Z]{1,2}-[A-Z]?\d+) — (?P<title>\S.*)$")
NUMBERED = re.compile(r"^(?P<prefix>[A-Z]{2})-(?P<n>[1-9]\d*)$")
DECISION = re.compile(r"^Q-(?P<letter>[A-Z])(?P<n>[1-9]\d*)$")
FIELD = re.compile(r"^- (?P<name>[A-Za-z ]+): (?P<value>\S.*)$")
TICKED = re.compile(r"`([^`]+)`")
REQUIRED = ("Source", "Implemented by", "Tested by")
OPTIONAL = ("Guess", "Cited in refusals as")
BALANCE = "## Balance (simulated)"
MARKERS = ("<!-- balance:begin -->", "<!-- balance:end -->")


@dataclass(frozen=True)
class Game:
    """What a rules document must hold: its rule prefix, engine package and Part A decisions."""

    prefix: str
    engine: str
    decision_letter: str = ""
    decisions: int = 0


GAMES: Mapping[str, Game] = {
    "trambahn": Game("TB", "trambahn", "T", 9),
    "tinners-trail": Game("TT", "tinners_trail"),
    "trekking": Game("TK", "trekking", "K", 13),
    "tf22-mine": Game("MN", "mine"),
}


@dataclass(frozen=True)
class Rule:
    """One `### ID — title` item of a rules document and its `- Field: value` lines."""

    id: str
    line: int
    fields: Mapping[str, str]

    def ticked(self, field: str) -> list[str]:
        return TICKED.findall(self.fields.get(field, ""))


def parse(text: str) -> tuple[list[Rule], list[str]]:
    """Returns the rules of a document and the problems of its shape."""
    rules: list[Rule] = []
    bad: list[str] = []
    current: tuple[str, int, dict[str, str]] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            if current:
                rules.append(Rule(*current))
                current = None
            if line.startswith("### "):
                match = HEADING.match(line)
                if match:
                    current = (match["id"], number, {})
                else:
                    bad.append(f"line {number}: heading {line!r} is not '### ID — title'")
        elif current and (field := FIELD.match(line)):
            name = field["name"]
            if name not in REQUIRED + OPTIONAL:
                bad.append(f"line {number}: {current[0]} has an unknown field {name!r}")
            elif name in current[2]:
                bad.append(f"line {number}: {current[0]} repeats the field {name!r}")
            else:
                current[2][name] = field["value"]
    if current:
        rules.append(Rule(*current))
    return rules, bad


def numbering(rules: list[Rule], game: Game) -> list[str]:
    """Numbered rules run prefix-1..n without gaps; decisions are exactly Q-<letter>1..n."""
    bad: list[str] = []
    numbers, decisions = [], []
    for rule in rules:
        if (match := NUMBERED.match(rule.id)) and match["prefix"] == game.prefix:
            numbers.append(int(match["n"]))
        elif (match := DECISION.match(rule.id)) and match["letter"] == game.decision_letter:
            decisions.append(int(match["n"]))
        else:
            bad.append(f"line {rule.line}: {rule.id} is neither {game.prefix}-<n> nor a decision")
    if not numbers:
        bad.append(f"no numbered rule {game.prefix}-1 …")
    for kind, seen, want in (
        (f"{game.prefix}-", numbers, range(1, len(numbers) + 1)),
        (f"Q-{game.decision_letter}", decisions, range(1, game.decisions + 1)),
    ):
        if dupes := sorted({n for n in seen if seen.count(n) > 1}):
            bad.append(f"duplicate ids: {', '.join(f'{kind}{n}' for n in dupes)}")
        if missing := sorted(set(want) - set(seen)):
            bad.append(f"missing ids: {', '.join(f'{kind}{n}' for n in missing)}")
        if extra := sorted(set(seen) - set(want)):
            bad.append(f"unexpected ids: {', '.join(f'{kind}{n}' for n in extra)}")
    return bad


def resolves(dotted: str) -> bool:
    """Whether `dotted` names a module or an attribute path inside one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                target = getattr(target, name)
        except AttributeError:
            return False
        return True
    return False


def rule_problems(rule: Rule, tests: Mapping[str, Citing]) -> Iterable[str]:
    """The problems of one rule: missing fields, unknown names, tests that do not cite it."""
    where = f"{rule.id} (line {rule.line})"
    for name in REQUIRED:
        if name not in rule.fields:
            yield f"{where} has no '- {name}:' line"
    for dotted in rule.ticked("Implemented by"):
        if not resolves(dotted):
            yield f"{where}: Implemented by `{dotted}` does not import and resolve"
    if "Implemented by" in rule.fields and not rule.ticked("Implemented by"):
        yield f"{where}: Implemented by names no `dotted.name`"
    if "Tested by" in rule.fields and not rule.ticked("Tested by"):
        yield f"{where}: Tested by names no `tests/…::test_name`"
    for node in rule.ticked("Tested by"):
        if node not in tests:
            yield f"{where}: Tested by `{node}` is not a test function in tests/"
        elif rule.id not in tests[node].ids:
            yield f"{where}: Tested by `{node}` does not cite it in pytest.mark.rules(...)"
    if not any(rule.id in test.ids for test in tests.values()):
        yield f"{where} has no test citing it with @pytest.mark.rules({rule.id!r})"


def cited_problems(rules: list[Rule], keys: Iterable[str]) -> Iterable[str]:
    """Every RULES_CITED key is in exactly one 'Cited in refusals as' line, and only those."""
    keys = list(keys)
    owners: dict[str, list[str]] = {key: [] for key in keys}
    for rule in rules:
        for key in rule.ticked("Cited in refusals as"):
            if key not in owners:
                yield f"{rule.id}: Cited in refusals as `{key}` is not a key of RULES_CITED"
            else:
                owners[key].append(rule.id)
    for key in keys:
        if len(owners[key]) != 1:
            found = ", ".join(owners[key]) or "no rule"
            yield f"RULES_CITED key {key!r} must be cited by exactly one rule, found: {found}"


def balance_problems(text: str) -> Iterable[str]:
    """The last `## ` section is `## Balance (simulated)` and holds the begin/end markers."""
    sections = [line for line in text.splitlines() if line.startswith("## ")]
    if not sections or sections[-1] != BALANCE:
        yield f"the last '## ' heading must be {BALANCE!r}"
        return
    tail = text[text.rindex(BALANCE) :]
    begin, end = (tail.find(marker) for marker in MARKERS)
    if begin < 0 or end < begin:
        yield f"{BALANCE!r} must hold {MARKERS[0]} … {MARKERS[1]} in that order"


def problems(
    doc: Path, tests: Mapping[str, Citing], rules_cited: Iterable[str] | None = None
) -> list[str]:
    """Every violation of the format by `doc` against `tests` (see `citing_tests`)."""
    game = GAMES.get(doc.stem)
    if game is None:
        return [f"{doc.name}: {doc.stem!r} is not a game type id ({', '.join(GAMES)})"]
    text = doc.read_text(encoding="utf-8")
    rules, bad = parse(text)
    bad += numbering(rules, game)
    for rule in rules:
        bad += rule_problems(rule, tests)
    if rules_cited is None:
        module = importlib.import_module(f"boardstate.engine.{game.engine}.cited")
        rules_cited = module.RULES_CITED
    bad += cited_problems(rules, rules_cited)
    bad += balance_problems(text)
    return [f"{doc.name}: {problem}" for problem in bad]


def unknown_citations(docs: Iterable[Path], tests: Mapping[str, Citing]) -> list[str]:
    """Every id a test cites that no rules document defines, and every malformed marker."""
    known = {rule.id for doc in docs for rule in parse(doc.read_text(encoding="utf-8"))[0]}
    unknown = [
        f"{node} cites {rule_id!r}, which no docs/rules/*.md defines"
        for node, test in sorted(tests.items())
        for rule_id in sorted(test.ids)
        if rule_id not in known
    ]
    return unknown + [problem for test in tests.values() for problem in test.problems]


__all__ = ["GAMES", "Citing", "citing_tests", "problems", "unknown_citations"]
