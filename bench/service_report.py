"""The text report of a service benchmark run (`--json` prints the figures instead)."""

from __future__ import annotations

from typing import Any

from bench.service_games import GAME_TYPE


def _ms(figures: dict[str, Any]) -> str:
    return f"p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms"


def report(out: dict[str, Any]) -> str:
    """Returns the figures as text."""
    config, play = out["config"], out["play"]
    lines = [
        f"service benchmark: {GAME_TYPE}, {config['clients']} clients ({config['client']}), "
        f"{config['games']} games, {config['cpus']} CPUs, "
        f"load average {config['loadavg_1m_at_start']} at start",
        f"play (legalMoves + submitMove): {play['games']} games ({play['finished']} finished), "
        f"{play['moves']} moves in {play['seconds']:.1f} s: {play['moves_per_s']:.0f} moves/s "
        f"({play['moves_per_s_overall']:.0f} overall, {play['requests_per_s_overall']:.0f} "
        f"req/s); server CPU {play['server_cpu_ms_per_move']} ms/move",
        f"  submitMove {_ms(play['submit'])}; legalMoves {_ms(play['legal_moves'])}",
    ]
    for door, replay in out["replay"].items():
        lines.append(
            f"replay {door} ({replay['route']}, moves only): {replay['moves']} moves in "
            f"{replay['seconds']:.1f} s: {replay['moves_per_s']:.0f} accepted moves/s "
            f"({replay['moves_per_s_overall']:.0f} overall), {_ms(replay['submit'])}; "
            f"server CPU {replay['server_cpu_ms_per_move']} ms/move "
            f"(Redis {replay['redis_cpu_ms_per_move']} ms/move)"
        )
    for name, label in (("baseline", "Starlette + XADD"), ("reference", "strawberry + XADD")):
        for i, run in enumerate(out[name]["runs"], start=1):
            lines.append(
                f"{name} {i} ({label}): {run['requests']} requests in {run['seconds']:.1f} s: "
                f"{run['per_s']:.0f} req/s, {_ms(run['latency'])}; "
                f"server CPU {run['server_cpu_ms_per_request']} ms/request"
            )
        lines.append(
            f"{name} mean: {out[name]['requests_per_s']:.0f} req/s, "
            f"server CPU {out[name]['server_cpu_ms_per_request']} ms/request"
        )
    ratios = out["ratio"]
    lines.append(
        f"reference / baseline throughput: {ratios['reference_over_baseline_throughput']:.3f}"
    )
    for door, by in ratios["by_door"].items():
        lines += [
            f"RATIO {door} / baseline throughput: {by['over_baseline_throughput']:.3f} "
            f"(target >= {ratios['target']}); {door} / reference: "
            f"{by['over_reference_throughput']:.3f}",
            f"  server CPU per request, baseline / {door}: "
            f"{by['baseline_over_door_server_cpu']:.3f}; reference / {door}: "
            f"{by['reference_over_door_server_cpu']:.3f}",
        ]
    if "rest_over_graphql" in ratios:
        rg = ratios["rest_over_graphql"]
        lines.append(
            f"REST / GraphQL: throughput {rg['throughput']:.3f}, p50 {rg['p50']:.3f}, "
            f"p99 {rg['p99']:.3f}, server CPU per move {rg['server_cpu_per_move']:.3f}"
        )
    solo = out["solo_early_late"]
    lengths = solo["moves_per_game"] or [0]
    lines.append(
        f"early vs late moves (one client, interleaved; {solo['games']} longest games, "
        f"{min(lengths)}-{max(lengths)} moves): early {_ms(solo['early'])}; "
        f"late {_ms(solo['late'])}; late/early p50 {solo['ratio_late_over_early_p50']:.2f}"
    )
    if "state_version" in out:
        probe = out["state_version"]
        by_k = ", ".join(f"k={k}: {v['p50_ms']:.2f}" for k, v in probe["by_k"].items())
        lines += [
            f"state(version: k), one client, finished game at version {probe['game_version']}, "
            f"p50 ms: {by_k}",
            f"  k=last / k=5: {probe['ratio_last_over_5_p50']:.2f}; "
            f"k=last-1 / k=5: {probe['ratio_last_minus_1_over_5_p50']:.2f}",
        ]
    return "\n".join(lines)
