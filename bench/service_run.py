"""The phases of one service benchmark run, in order (see `service_bench.py`), and the
figures they yield: play, baseline and reference around the replay through each door (GraphQL
`submitMove`, REST `POST /v1/games/{id}/moves`), history probes."""

from __future__ import annotations

import argparse
import os
import statistics
from typing import Any

from bench.service_figures import CpuClock, Load, latency, ratio
from bench.service_games import (
    REFERENCE_SUBMIT,
    REPLAY_ROUTES,
    bare_load,
    play_games,
    prepare_replays,
    replay_games,
    submit_body,
)
from bench.service_http import Target
from bench.service_probes import SOLO_GAMES, early_late, history_probe, longest, state_probe
from bench.service_servers import Server, Servers

TARGET_RATIO = 0.3


async def run(servers: Servers, args: argparse.Namespace) -> dict[str, Any]:
    """Runs every phase; returns the figures."""

    def target(server: Server) -> Target:
        return Target("127.0.0.1", server.port, args.client)

    service = target(servers.service)
    pids = {s.name: s.pid for s in (servers.service, servers.baseline, servers.reference)}
    cpu = CpuClock(pids, servers.redis_url)
    out: dict[str, Any] = {
        "config": {
            "clients": args.clients,
            "games": args.games,
            "seconds": args.seconds,
            "client": args.client,
            "doors": args.doors,
            "cpus": os.cpu_count(),
            "loadavg_1m_at_start": round(os.getloadavg()[0], 2),
        }
    }

    # 1. play: the full loop (legalMoves + submitMove)
    before = await cpu.read()
    load = Load(args.clients, args.seconds)
    played, legal_ms = await play_games(service, load, args.games)
    spent = CpuClock.spent(before, await cpu.read())
    figures = load.figures()
    moves = figures["requests"]
    out["play"] = {
        "games": len(played),
        "finished": sum(g.finished for g in played),
        "moves": moves,
        "seconds": figures["seconds"],
        "moves_per_s": figures["per_s"],
        "moves_per_s_overall": figures["per_s_overall"],
        "requests_per_s_overall": round((moves + len(legal_ms)) / figures["seconds"], 1),
        "submit": figures["latency"],
        "legal_moves": latency(legal_ms),
        "cpu_s": spent,
        "server_cpu_ms_per_move": round(spent["service"] * 1000 / max(1, moves), 3),
        "early_late_longest_under_load": early_late([g.submit_ms for g in longest(played)]),
    }
    sources = [g for g in played if g.moves]
    bodies = [submit_body("replay", s, m, v) for g in sources for s, m, v in g.moves]
    bare = {
        "baseline": ("/xadd", bodies),
        "reference": (
            "/graphql",
            [{"query": REFERENCE_SUBMIT, "variables": b["variables"]} for b in bodies],
        ),
    }
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "reference": []}

    async def run_bare(name: str, count: int) -> None:
        server = servers.baseline if name == "baseline" else servers.reference
        path, requests = bare[name]
        before = await cpu.read()
        load = Load(args.clients, args.seconds)
        await bare_load(target(server), path, load, requests[:count])
        spent = CpuClock.spent(before, await cpu.read())
        figures = load.figures()
        figures["cpu_s"] = spent
        figures["server_cpu_ms_per_request"] = round(
            spent[name] * 1000 / max(1, figures["requests"]), 4
        )
        runs[name].append(figures)

    # 2 and 3. replay (moves only) through each door, between runs of the bare servers with
    # the same bodies: baseline, reference, replay per door, reference, baseline
    doors: list[str] = args.doors
    replays = {door: await prepare_replays(service, args.clients, sources, door) for door in doors}
    await run_bare("baseline", len(bodies))
    await run_bare("reference", len(bodies))
    out["replay"] = {}
    chosen = {id(g) for g in longest(played)}
    for door in doors:
        before = await cpu.read()
        load = Load(args.clients, args.seconds)
        await replay_games(service, load, replays[door])
        spent = CpuClock.spent(before, await cpu.read())
        figures = load.figures()
        count = max(1, figures["requests"])
        out["replay"][door] = {
            "route": REPLAY_ROUTES[door],
            "moves": figures["requests"],
            "seconds": figures["seconds"],
            "moves_per_s": figures["per_s"],
            "moves_per_s_overall": figures["per_s_overall"],
            "submit": figures["latency"],
            "cpu_s": spent,
            "server_cpu_ms_per_move": round(spent["service"] * 1000 / count, 3),
            "redis_cpu_ms_per_move": round(spent["redis"] * 1000 / count, 3),
            "early_late_longest_under_load": early_late(
                [r.submit_ms for r in replays[door] if id(r.source) in chosen]
            ),
        }
    replayed = max(r["moves"] for r in out["replay"].values())
    await run_bare("reference", replayed)
    await run_bare("baseline", replayed)
    for name, measured in runs.items():
        out[name] = {
            "runs": measured,
            "requests_per_s": round(statistics.fmean(r["per_s"] for r in measured), 1),
            "server_cpu_ms_per_request": round(
                statistics.fmean(r["server_cpu_ms_per_request"] for r in measured), 4
            ),
        }
    base, ref = out["baseline"], out["reference"]
    out["ratio"] = {
        "reference_over_baseline_throughput": ratio(ref["requests_per_s"], base["requests_per_s"]),
        "target": TARGET_RATIO,
        "by_door": {},
    }
    for door, figures in out["replay"].items():
        rate, cost = figures["moves_per_s"], figures["server_cpu_ms_per_move"]
        out["ratio"]["by_door"][door] = {
            "over_baseline_throughput": ratio(rate, base["requests_per_s"]),
            "over_reference_throughput": ratio(rate, ref["requests_per_s"]),
            "baseline_over_door_server_cpu": ratio(base["server_cpu_ms_per_request"], cost),
            "reference_over_door_server_cpu": ratio(ref["server_cpu_ms_per_request"], cost),
        }
    if {"graphql", "rest"} <= out["replay"].keys():
        graphql, rest = out["replay"]["graphql"], out["replay"]["rest"]
        out["ratio"]["rest_over_graphql"] = {
            "throughput": ratio(rest["moves_per_s"], graphql["moves_per_s"]),
            "p50": ratio(rest["submit"]["p50_ms"], graphql["submit"]["p50_ms"]),
            "p99": ratio(rest["submit"]["p99_ms"], graphql["submit"]["p99_ms"]),
            "server_cpu_per_move": ratio(
                rest["server_cpu_ms_per_move"], graphql["server_cpu_ms_per_move"]
            ),
        }

    # 4. history probes: one client, no other load
    chosen_games = longest(played)[:SOLO_GAMES]
    out["solo_early_late"] = await history_probe(service, chosen_games)
    if chosen_games:
        out["state_version"] = await state_probe(service, chosen_games[0])
    return out
