"""How a command finds the service it works on (issue 39, item 2): `REDIS_URL` if set, else the
file a local service (`make run`) writes into its data folder, `service.json`
(`service.local.service_file`), looked for in `--data-dir DIR`, else `BOARDSTATE_DATA_DIR`,
else `./.data`. Nothing found leaves the settings as they are; each command then fails with
`BAD_SETTINGS` and the sentence `missing` says (`service_file.missing`)."""

from __future__ import annotations

import argparse
import dataclasses
import os
from pathlib import Path
from typing import Any

from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.local import service_file
from boardstate.service.settings import Settings

HELP = "the service's data folder, where `make run` writes service.json (default: ./.data)"


def add_data_dir(parser: Any) -> None:
    """Adds `--data-dir` to a command's parser and every sub-command's below it."""
    parser.add_argument("--data-dir", default=argparse.SUPPRESS, metavar="DIR", help=HELP)
    for action in parser._actions:  # argparse has no public walk over sub-parsers
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                add_data_dir(child)


def located(settings: Settings, args: argparse.Namespace) -> Settings:
    """`settings` with the data folder asked for, and, without `REDIS_URL`, the Redis (and key
    prefix, unless `BOARDSTATE_KEY_PREFIX` is set) of the local service running there."""
    asked = getattr(args, "data_dir", None)
    if asked is not None:
        settings = dataclasses.replace(settings, data_dir=Path(asked).expanduser().absolute())
    if settings.redis_url is not None:
        return settings
    found = service_file.find(settings.data_dir)
    if found is None:
        return settings
    prefix = settings.key_prefix if "BOARDSTATE_KEY_PREFIX" in os.environ else found.key_prefix
    return dataclasses.replace(
        settings, redis_url=found.redis_url, redis_cluster=False, key_prefix=prefix
    )


def http_url(settings: Settings) -> str:
    """The HTTP address of the local service running in the settings' data folder."""
    found = service_file.find(settings.data_dir)
    if found is None:
        raise CommandFailed("BAD_SETTINGS", no_service(settings), 2)
    return found.http_url


def no_service(settings: Settings) -> str:
    """The sentence of a command that found no service."""
    return service_file.missing(settings.data_dir)
