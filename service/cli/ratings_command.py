"""`boardstate ratings rebuild [--check] [--game-type T]` (docs/players.md, "Ratings").

`rebuild` recomputes every game type's ratings from the stored games' logs
(`service.features.ratings.rebuild`) and writes them; with `--check` it writes nothing, prints
how the live ratings differ and exits 1 when they do. It connects to `REDIS_URL` like the
service.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from boardstate.engine import registry
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.rebuild import Rebuild
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import connect

COMMAND = "ratings"


def add_command(commands: Any) -> None:
    ratings = commands.add_parser(COMMAND, help="rebuild the ratings from the games' logs")
    actions = ratings.add_subparsers(dest="action", required=True)
    rebuild = actions.add_parser("rebuild", help="recompute the ratings from every stored game")
    rebuild.add_argument(
        "--check", action="store_true", help="compare only; exit 1 on a difference"
    )
    rebuild.add_argument("--game-type", default=None, help="only this game type")


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    if settings.redis_url is None:
        print("boardstate ratings: set REDIS_URL (the service's Redis)")
        return 2
    types = [args.game_type] if args.game_type else sorted(registry.GAMES)
    for game_type in types:
        registry.get(game_type)
    store = connect(settings.redis_url, settings.redis_cluster, prefix=settings.key_prefix)
    try:
        loader = GameLoader(store, Metrics(), settings.cache_size, settings.snapshot_every)
        rebuild = Rebuild(loader, store.ratings)
        status = 0
        for game_type in types:
            if args.check:
                found = await rebuild.check(game_type)
                status = status or (0 if found.equal else 1)
                report: dict[str, Any] = {"gameType": game_type, "equal": found.equal}
                report |= {"games": found.games, "players": found.players}
                report |= {"differingPlayers": list(found.differing_players)}
                report |= {"missingGames": list(found.missing_games)}
                report |= {"extraGames": list(found.extra_games)}
            else:
                rebuilt = await rebuild.write(game_type)
                report = {"gameType": game_type, "games": len(rebuilt.applied)}
                report |= {"players": len(rebuilt.players), "written": True}
            print(json.dumps(report, sort_keys=True))
        return status
    finally:
        await store.close()


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate ratings ACTION`; returns the exit status."""
    return asyncio.run(_run(settings, args))
