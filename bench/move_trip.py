"""The trip of ONE accepted move from `Moves.submit_move` through the referee, the fold and the
store (issue 38): which modules it passes through, in which order, and how often it comes back.

Serves `create_app` on a real uvicorn with a throw-away `redis-server` (`bench.move_path.served`)
and creates two seeded Trambahn games with both seats filled (the same games, so the same moves,
on every run): one without a clock, the default, whose moves are decided on the cached record;
one with `clock: {perMoveSeconds: 600}`, whose moves are decided on the log's head, timed with
`MoveTimed` and then settled by the steward. It warms both doors with two moves per game, then
traces accepted moves with `sys.setprofile`: REST `POST /v1/games/{id}/moves` and GraphQL
`submitMove` taking turns (both call the one `Moves.submit_move`).

What is counted, exactly:

* **The window**: from the call of `Moves.submit_move` until that call returns, in the asyncio
  task that runs it (on one Redis server an append runs in the caller's task).
* **The frames**: Python frames of `boardstate` modules on a logical call stack: a call pushes
  its frame, a return pops it; a coroutine suspended at an `await` and resumed later has neither
  returned nor been called again (the trip stays where it was); a plain generator's `yield` is a
  return to its consumer and its resumption a call. Frames of other packages (asyncio, redis-py,
  msgpack, structlog) are transparent.
* **The path**: the modules of `service.features.moves`, `service.log`, `service.history` and
  `service.store`, the store counted as ONE module (`store`: the port the referee loads and
  appends through; what it does inside, Redis commands, codec, keys, pools, is not the fold's).
  The other `boardstate` modules are transparent (the engine's rules, the reply's views,
  metrics, the steward's own module, the log line's context): while one of them runs, the trip is
  in the innermost path module below it, and a path module it calls is entered from there.
* **Values are not steps**: reading a record is not a trip into its module. Property getters,
  the methods a dataclass generates (`__init__`, `__eq__`, ...) and the methods of frozen
  dataclasses (`GameRecord.state_hash()`, `Table.in_play()`, ...: pure questions of the value
  the trip carries) are transparent too. The `every call` figures count them as well.
* **A step** is each change of the trip's module: a call into a path module other than the
  current one, or a return into one; consecutive frames of one module are one step, so a trip
  reads `submission → referee → ... → submission`. *Returns* are the steps that come back to a
  module the trip had already left (steps minus distinct modules); the *entries* of a module are
  its steps made by a call (not a return), its *visits* all its steps.

Every move is traced `--moves` times per game and door, the doors taking turns, because the
trip is not the same at every version: a move whose append crosses a multiple of 8 keeps a
checkpoint (`checkpoints`: two steps more), one crossing a multiple of 64 stores a snapshot
(`snapshot_writer`, the store). The report gives each move's steps and the longest trip.

Then, on the game without a clock (what `bench.move_path` traces), `--moves` more moves per door
give the modules one accepted move runs (`bench.move_path`'s count: every `boardstate` module
of the request, the HTTP side included; all and without the engine), smallest to largest.

Usage: .venv/bin/python -m bench.move_trip [--moves 6] [--json OUT] [--sequence]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import dis
import functools
import inspect
import json
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from bench import move_path

START = ("boardstate.service.features.moves.submission", "submit_move")
"""Where the trip starts and ends: `Moves.submit_move`."""

PATH = (
    "boardstate.service.features.moves.",
    "boardstate.service.log.",
    "boardstate.service.history.",
    "boardstate.service.store.",
)
"""The modules the trip counts (the others are transparent)."""

STORE = "boardstate.service.store."
"""Counted as one module, `store`."""

CLOCK = {"clock": {"perMoveSeconds": 600}}
"""The options of the clocked game."""

GAMES = {"unclocked": None, "clocked": CLOCK}
"""The games traced, by name: their options."""

_RESUME = dis.opmap["RESUME"]
_YIELD = dis.opmap["YIELD_VALUE"]
_SUSPENDS = inspect.CO_COROUTINE | inspect.CO_ITERABLE_COROUTINE | inspect.CO_ASYNC_GENERATOR


def _resumed(frame: FrameType) -> bool:
    """Whether a `call` event resumes a suspended generator or coroutine (its `RESUME` has an
    oparg above 0) rather than starting a new frame (Python 3.11+)."""
    code, at = frame.f_code.co_code, frame.f_lasti
    return 0 <= at < len(code) - 1 and code[at] == _RESUME and code[at + 1] != 0


def _yielded(frame: FrameType) -> bool:
    """Whether a `return` event is a `yield` (or an `await` suspending), not the frame's end."""
    code, at = frame.f_code.co_code, frame.f_lasti
    return 0 <= at < len(code) and code[at] == _YIELD


def place(module: str) -> str | None:
    """The trip's name of a module on the path (`store` for any of the store's), else None."""
    if not module.startswith(PATH):
        return None
    return "store" if module.startswith(STORE) else module.removeprefix("boardstate.service.")


def _with_nested(code: CodeType) -> list[CodeType]:
    """`code` and the code objects defined in it (comprehensions, generator expressions)."""
    nested = [c for c in code.co_consts if isinstance(c, CodeType)]
    return [code, *(n for c in nested for n in _with_nested(c))]


def value_codes() -> set[CodeType]:
    """The code objects of reading a value, in the `boardstate` classes loaded now: property
    getters and every method of a frozen dataclass, with what is defined in them."""
    found: set[CodeType] = set()
    for name, module in list(sys.modules.items()):
        if not name.startswith("boardstate.") or module is None:
            continue
        for cls in list(vars(module).values()):
            if not isinstance(cls, type) or cls.__module__ != name:
                continue
            params = getattr(cls, "__dataclass_params__", None)
            frozen = dataclasses.is_dataclass(cls) and bool(getattr(params, "frozen", False))
            for attribute in vars(cls).values():
                if isinstance(attribute, property) and attribute.fget is not None:
                    found.update(_with_nested(attribute.fget.__code__))
                elif isinstance(attribute, functools.cached_property):
                    found.update(_with_nested(attribute.func.__code__))
                elif frozen and inspect.isfunction(attribute):
                    found.update(_with_nested(attribute.__code__))
    return found


class TripTracer:
    """Follows one `submit_move` call and records its trip (see the module docstring)."""

    def __init__(self) -> None:
        self.values = value_codes()
        self.task: asyncio.Task[Any] | None = None
        self.root: FrameType | None = None
        self.stack: list[tuple[FrameType, str | None, bool]] = []
        """The logical call stack: each frame, its place on the path and whether it reads a
        value."""
        self.steps: list[tuple[str, str]] = []
        """(place, `call` or `return`), one per step: the trip."""
        self.every_call: list[tuple[str, str]] = []
        """The same, with the reading of values counted as steps."""
        self.done = False

    def _here(self, values_too: bool) -> str | None:
        for _, where, reads in reversed(self.stack):
            if where is not None and (values_too or not reads):
                return where
        return None

    def _moved(self, how: str) -> None:
        for steps, values_too in ((self.steps, False), (self.every_call, True)):
            here = self._here(values_too)
            if here is not None and (not steps or steps[-1][0] != here):
                steps.append((here, how))

    def profile(self, frame: FrameType, event: str, arg: object) -> None:
        if self.done or event not in ("call", "return"):
            return
        if threading.current_thread() is not threading.main_thread():
            return
        module = str(frame.f_globals.get("__name__", ""))
        if not module.startswith("boardstate."):
            return
        if self.root is None:
            starts = event == "call" and (module, frame.f_code.co_name) == START
            if starts and not _resumed(frame):
                self.task = asyncio.current_task()
                self.root = frame
                self.stack.append((frame, place(module), False))
                self._moved("call")
            return
        with contextlib.suppress(RuntimeError):
            if asyncio.current_task() is not self.task:
                return
        code = frame.f_code
        suspends = bool(code.co_flags & _SUSPENDS)
        if event == "call":
            if _resumed(frame) and (suspends or any(f is frame for f, _, _ in self.stack)):
                return  # a coroutine resumed where it waited: the trip has not moved
            reads = code in self.values or code.co_filename == "<string>"  # generated methods
            self.stack.append((frame, place(module), reads))
            self._moved("call")
            return
        if suspends and _yielded(frame):
            return  # suspended at an await: it resumes where it was
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] is frame:
                del self.stack[index:]
                break
        else:
            return
        if frame is self.root:
            self.done = True
            return
        self._moved("return")

    @contextlib.contextmanager
    def window(self) -> Iterator[TripTracer]:
        sys.setprofile(self.profile)
        try:
            yield self
        finally:
            sys.setprofile(None)


def figures(steps: list[tuple[str, str]]) -> dict[str, Any]:
    """The figures of one trip (see the module docstring)."""
    visits = Counter(where for where, _ in steps)
    entries = Counter(where for where, how in steps if how == "call")
    return {
        "steps": len(steps),
        "modules": len(visits),
        "returns": len(steps) - len(visits),
        "most entries": max(entries.values(), default=0),
        "entries": dict(entries.most_common()),
        "visits": dict(visits.most_common()),
        "sequence": [f"{'→' if how == 'call' else '←'} {where}" for where, how in steps],
    }


def summary(trips: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of several traced moves: each one's steps, the longest trip, and the most
    entries into one module over all of them."""
    longest = max(trips, key=lambda f: (f["steps"], f["most entries"]))
    return {
        "moves": len(trips),
        "steps per move": [f["steps"] for f in trips],
        "modules per move": [f["modules"] for f in trips],
        "returns per move": [f["returns"] for f in trips],
        "most entries per move": [f["most entries"] for f in trips],
        "most steps": longest["steps"],
        "most returns": max(f["returns"] for f in trips),
        "most entries": max(f["most entries"] for f in trips),
        "longest": longest,
    }


async def trip(
    client: Any, door: str, game_id: str, tokens: dict[int, str]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Plays one accepted move through `door`, traced; returns its trip and its every call."""
    seat, move = await move_path.next_move(client, game_id, tokens)
    call = move_path.post_move(client, door, game_id, seat, move, tokens[seat])
    tracer = TripTracer()
    with tracer.window():
        response = await call
    if not move_path.accepted(door, response):
        raise SystemExit(f"move_trip: the traced move was refused: {response.text}")
    if not tracer.done:
        raise SystemExit("move_trip: the traced move never returned from submit_move")
    return tracer.steps, tracer.every_call


async def measure(moves: int) -> dict[str, Any]:
    """`moves` traced moves per game and door (`trip` and `every call` summaries), and the
    modules per door."""
    result: dict[str, Any] = {"trip": {}, "every call": {}, "modules": {}}
    async with move_path.served() as client:
        games = {
            name: await move_path.new_game(client, options, seed=f"move-trip-{name}")
            for name, options in GAMES.items()
        }
        for game_id, tokens in games.values():
            for _ in range(2):  # warm every cache and lazy import on both doors
                await move_path.play(client, "rest", game_id, tokens)
                await move_path.play(client, "graphql", game_id, tokens)
        for name, (game_id, tokens) in games.items():
            found: dict[str, dict[str, list[dict[str, Any]]]] = {"trip": {}, "every call": {}}
            for _ in range(moves):  # the doors take turns, so both meet every kind of version
                for door in ("rest", "graphql"):
                    steps, every_call = await trip(client, door, game_id, tokens)
                    found["trip"].setdefault(door, []).append(figures(steps))
                    found["every call"].setdefault(door, []).append(figures(every_call))
            for kind, by_door in found.items():
                for door, trips in by_door.items():
                    result[kind][f"{name} {door}"] = summary(trips)
        game_id, tokens = games["unclocked"]
        tracer = move_path.Tracer()
        for _ in range(moves):
            for door in ("rest", "graphql"):
                seat, move = await move_path.next_move(client, game_id, tokens)
                call = move_path.post_move(client, door, game_id, seat, move, tokens[seat])
                with tracer.window():
                    response = await call
                if not move_path.accepted(door, response):
                    raise SystemExit(f"move_trip: the traced move was refused: {response.text}")
                ran = tracer.move_path()
                engine = len([m for m in ran if m.startswith("boardstate.engine.")])
                counts = result["modules"].setdefault(door, {"all": [], "without the engine": []})
                counts["all"].append(len(ran))
                counts["without the engine"].append(len(ran) - engine)
    return result


def lines(result: dict[str, Any], sequence: bool) -> list[str]:
    """The report: per game and door, the steps of each traced move and the longest trip's
    figures (and steps); then the modules per door."""
    out = []
    for kind in ("trip", "every call"):
        for name, s in result[kind].items():
            f = s["longest"]
            out.append(
                f"== {kind}, {name} ({s['moves']} moves, steps {s['steps per move']}): longest "
                f"{f['steps']} steps through {f['modules']} modules, {f['returns']} returns to a "
                f"module already left; at most {s['most entries']} entries into one module"
            )
            out.append("  entries: " + ", ".join(f"{m} {n}" for m, n in f["entries"].items()))
            if sequence:
                out.append("  " + " ".join(f["sequence"]))
    for door, n in result["modules"].items():
        out.append(
            f"== modules run by one accepted {door} move (no clock; {len(n['all'])} moves): "
            f"{min(n['all'])} to {max(n['all'])} ({min(n['without the engine'])} to "
            f"{max(n['without the engine'])} without the engine)"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--json", type=Path, help="also write the full result here")
    parser.add_argument("--moves", type=int, default=6, help="traced moves per game and door")
    parser.add_argument("--sequence", action="store_true", help="print the longest trips' steps")
    args = parser.parse_args()
    result = asyncio.run(measure(args.moves))
    print("\n".join(lines(result, args.sequence)))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
