"""Where a local service is: `<data folder>/service.json` (issue 39, item 2).

`boardstate serve` with its private Redis (what `make run` starts, on a port of its own choosing)
writes this small file into its data folder once it serves, and removes it when it stops
cleanly: the Redis URL, the key prefix, the HTTP address and the process id. The commands that
work on the service's data (`archive`, `dump`, `ratings`, `bots`, `play --online`) read it when
`REDIS_URL` is unset, so after `make run` they need no setting at all. Search order:
`REDIS_URL` > `--data-dir DIR` > `BOARDSTATE_DATA_DIR` > `./.data`; nothing found is one line
saying how (`missing`). A file whose process is gone (killed, not stopped) is stale and ignored.

The file holds a loopback address only (the private Redis has no password) and is written
atomically with mode 0600.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from pathlib import Path

NAME = "service.json"


@dataclasses.dataclass(frozen=True, slots=True)
class LocalService:
    """A running local service, as its file says."""

    redis_url: str
    key_prefix: str
    http_url: str
    pid: int

    def as_json(self) -> dict[str, object]:
        return {
            "redisUrl": self.redis_url,
            "keyPrefix": self.key_prefix,
            "httpUrl": self.http_url,
            "pid": self.pid,
        }


def http_url(host: str, port: int) -> str:
    """The address a client on this machine uses for a server bound to `host`."""
    wildcard = {"", "0.0.0.0", "::"}  # noqa: S104 - the addresses that mean every interface
    shown = "127.0.0.1" if host in wildcard else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def write(data_dir: Path, service: LocalService) -> Path:
    """Writes the file (atomically: a reader sees the old one or the new one); returns it."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / NAME
    partial = data_dir / f".{NAME}.{service.pid}"
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(service.as_json(), out, indent=1)
        out.write("\n")
    os.replace(partial, path)
    return path


def remove(data_dir: Path, pid: int) -> None:
    """Removes the file if this process wrote it (a later service's file stays)."""
    found = _load(data_dir / NAME)
    if found is not None and found.pid == pid:
        with contextlib.suppress(FileNotFoundError):
            (data_dir / NAME).unlink()


def find(data_dir: Path) -> LocalService | None:
    """The service whose file is in `data_dir`, if that file exists and its process runs."""
    found = _load(data_dir / NAME)
    return found if found is not None and _alive(found.pid) else None


def missing(data_dir: Path) -> str:
    """What to do when no service was found in `data_dir`: one sentence."""
    where = data_dir.resolve() / NAME
    state = "is stale (its process is gone)" if where.exists() else "does not exist"
    return (
        f"no service found: REDIS_URL is unset and {where} {state}; start the service "
        "(`make run`) in that folder, pass --data-dir with its data folder, or set REDIS_URL"
    )


def _load(path: Path) -> LocalService | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return LocalService(
            str(raw["redisUrl"]), str(raw["keyPrefix"]), str(raw["httpUrl"]), int(raw["pid"])
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        return True
    return True
