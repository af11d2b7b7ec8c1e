"""Issue 41's targets as ratios of one `peer_bench.py` run, and the printed report.

Every target compares sides of the same run, on Connect Four unless it says Trambahn: the
Boardstate side's figure over the peer's (`bgio-memory`: boardgame.io in memory; `bgio-postgres`:
with bgio-postgres). Server CPU is the server's processes only; the store's (Redis's,
PostgreSQL's) is reported beside it, never inside it.
"""

from __future__ import annotations

from typing import Any

SPECTATORS = "1,000 spectators ≤ 3 × one spectator per event"
"""Measured by `bench/spectators.py` and, beside the peer's, `bench/peer_spectators.py`: no
figure of this bench."""

Target = tuple[str, str, str, str, float]
"""(what, side, figure, peer side, bound): side's figure ≤ bound × the peer's (a negative
bound: side's figure ≥ -bound × the peer's)."""
TARGETS: tuple[Target, ...] = (
    ("REST + SSE server CPU per move ≤ 2.0 × bgio in memory", "c4-rest-w1",
     "server_cpu_us_per_move", "bgio-memory", 2.0),
    ("REST + SSE server CPU per move ≤ 0.3 × bgio with PostgreSQL", "c4-rest-w1",
     "server_cpu_us_per_move", "bgio-postgres", 0.3),
    ("command socket server CPU per move ≤ 1.5 × bgio in memory", "c4-socket-w1",
     "server_cpu_us_per_move", "bgio-memory", 1.5),
    ("GraphQL over HTTP + SSE server CPU per move ≤ 3.0 × bgio in memory", "c4-graphql-w1",
     "server_cpu_us_per_move", "bgio-memory", 3.0),
    ("GraphQL over websocket server CPU per move ≤ 3.0 × bgio in memory", "c4-ws-w1",
     "server_cpu_us_per_move", "bgio-memory", 3.0),
    ("REST + SSE moves/s ≥ 3 × bgio with PostgreSQL", "c4-rest-w1", "moves_per_s",
     "bgio-postgres", -3.0),
    ("REST + SSE p99 ≤ 2 × bgio in memory", "c4-rest-w1", "p99_ms", "bgio-memory", 2.0),
    ("Trambahn: REST moves only server CPU per move ≤ 1.5 × bgio in memory", "trambahn-moves-w1",
     "server_cpu_us_per_move", "bgio-memory", 1.5),
)  # fmt: skip


def targets(sides: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each target with its measured ratio and whether it is met (None: a side did not run)."""
    rows: list[dict[str, Any]] = []
    for what, side, figure, peer, bound in TARGETS:
        ours, theirs = sides.get(side), sides.get(peer)
        ratio = _r(ours[figure], theirs[figure]) if ours and theirs else None
        met = None if ratio is None else (ratio >= -bound if bound < 0 else ratio <= bound)
        rows.append({"target": what, "side": side, "peer": peer, "ratio": ratio, "met": met})
    rows.append({"target": SPECTATORS, "side": "spectators", "peer": "", "ratio": None,
                 "met": None})  # fmt: skip
    return rows


def ratios(sides: dict[str, dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per Boardstate side: moves/s, server CPU and p99 over each peer's, and over the
    bare baseline's."""
    out: dict[str, dict[str, float]] = {}
    base = sides.get("baseline")
    for name, side in sides.items():
        if name.startswith("bgio-"):
            continue
        row: dict[str, float] = {}
        for peer in ("bgio-memory", "bgio-postgres"):
            if (theirs := sides.get(peer)) is None:
                continue
            short = peer.removeprefix("bgio-")
            row[f"cpu_over_{short}"] = _r(
                side["server_cpu_us_per_move"], theirs["server_cpu_us_per_move"]
            )
            row[f"moves_per_s_over_{short}"] = _r(side["moves_per_s"], theirs["moves_per_s"])
            row[f"p99_over_{short}"] = _r(side["p99_ms"], theirs["p99_ms"])
        if base and name not in ("baseline", "reference"):
            row["over_baseline_throughput"] = _r(side["moves_per_s"], base["moves_per_s"])
            row["baseline_cpu_over_ours"] = _r(
                base["server_cpu_us_per_move"], side["server_cpu_us_per_move"]
            )
        out[name] = row
    return out


def _r(a: float, b: float) -> float:
    return round(a / b, 3) if b else float("nan")


def report(figures: dict[str, Any]) -> str:
    """A readable table of the figures, then the targets."""
    head = f"{'side':<20}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'server µs':>10}"
    head += f"{'store µs':>9}{'cmds':>6}{'busy %':>8}{'client %':>9}"
    lines = [head]
    for name, s in figures["sides"].items():
        lines.append(
            f"{name:<20}{s['moves_per_s']:>9.0f}{s['p50_ms']:>8.2f}{s['p99_ms']:>8.2f}"
            f"{s['server_cpu_us_per_move']:>10.0f}{s['store_cpu_us_per_move']:>9.0f}"
            f"{s.get('store_calls_per_move', 0.0):>6.1f}"
            f"{s['machine_busy_pct']:>8.1f}{s['client_cpu_pct']:>9.1f}"
        )
    lines.append("")
    for name, row in figures["ratios"].items():
        lines.append(f"{name:<20}" + "  ".join(f"{k} {v}" for k, v in row.items()))
    lines.append("")
    for t in figures["targets"]:
        met = {True: "met", False: "NOT met", None: "not measured here"}[t["met"]]
        lines.append(f"{t['target']}: {t['ratio']} × — {met}")
    for key in ("peer_skipped", "postgres_skipped"):
        if figures[key]:
            lines.append(f"{key.replace('_', ' ')}: {figures[key]}")
    lines.append(f"load average at the end: {figures['load_average']}")
    return "\n".join(lines)
