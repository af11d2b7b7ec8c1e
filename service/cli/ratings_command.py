"""`boardstate ratings rebuild [--check] [--game-type T]` (docs/players.md, "Ratings").

`rebuild` recomputes every game type's ratings from the stored games' logs
(`service.features.ratings.rebuild`) and writes them; with `--check` it writes nothing, prints
how the live ratings differ and exits 1 when they do. It reads the games through the service's
own composition (`service.composition.composed`): archived games from the deployment's archive
store, whatever the working directory. A game the index lists that cannot be read stops
`rebuild` before it writes anything (`RATINGS_INCOMPLETE`, exit 4; `service.cli.cli_errors`).

Without `--game-type` it rebuilds the installed types and names, one line each, the stored
rated types it left untouched because no installed package serves them (issue 40: their
ratings wait, unchanged, for the package); the exit status stays 0. Asked for such a type by
name, it refuses (`UNKNOWN_GAME_TYPE`, exit 2).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from boardstate.engine import registry
from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.cli.locate import no_service
from boardstate.service.composition import composed
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.rebuild import PAGE, Rebuild
from boardstate.service.settings import Settings
from boardstate.service.store.players.rating_store import RedisRatings

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
        raise CommandFailed("BAD_SETTINGS", no_service(settings), 2)
    types = [args.game_type] if args.game_type else sorted(registry.GAMES)
    for game_type in types:
        registry.get(game_type)
    async with composed(settings) as service:
        if service.archive_store is not None:  # the deployment's store, or a refusal first
            await service.archive_store.place.objects()
        rebuild = Rebuild(service.games.loader, service.store.ratings)
        status = 0
        for game_type in types:
            if args.check:
                found = await rebuild.check(game_type)
                status = status or (0 if found.equal else 1)
                report: dict[str, Any] = {"gameType": game_type, "equal": found.equal}
                report |= {"games": found.games, "players": found.players}
                report |= {"differingPlayers": list(found.differing_players)}
                report |= {"differingPairs": list(found.differing_pairs)}
                report |= {"missingGames": list(found.missing_games)}
                report |= {"extraGames": list(found.extra_games)}
                report |= {"unreadableGames": list(found.unreadable_games)}
            else:
                rebuilt = await rebuild.write(game_type)
                report = {"gameType": game_type, "games": len(rebuilt.applied)}
                report |= {"players": len(rebuilt.players), "written": True}
                report |= {"held": len(rebuilt.held)}
            print(json.dumps(report, sort_keys=True))
        if not args.game_type:
            for game_type in await _not_installed(service.games.loader, service.store.ratings):
                skipped = {"gameType": game_type, "skipped": "GAME_TYPE_NOT_INSTALLED"}
                print(json.dumps(skipped, sort_keys=True))
        return status


async def _not_installed(loader: GameLoader, ratings: RedisRatings) -> list[str]:
    """The types of the index's finished games that no installed package serves and that have
    stored ratings (the index is read page by page, as a rebuild reads it)."""
    found: set[str] = set()
    after: str | None = None
    while True:
        rows, _ = await loader.store.index_page(after, PAGE, None, "FINISHED")
        found |= {r.game_type for r in rows if r.game_type not in registry.GAMES}
        if len(rows) < PAGE:
            break
        after = rows[-1].game_id
    return [t for t in sorted(found) if await ratings.rated(t)]


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate ratings ACTION`; returns the exit status."""
    return asyncio.run(_run(settings, args))
