"""`boardstate play GAME --url URL`: the game on a running service, over REST (issue 29).

The bots move on the service's workers; this side waits for its seat by following the game's
event stream (`GET /v1/games/{id}/events/stream` with the seat's token and `afterVersion`), not by
polling: after each event it reads the game's header once. A refusal `429` or `503` is waited
out (its `Retry-After`, at most `MAX_WAIT` seconds, `ATTEMPTS` times). The game ends the loop
when it is `FINISHED` or `ABANDONED`.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx

ATTEMPTS = 8
MAX_WAIT = 30.0
OVER = frozenset({"FINISHED", "ABANDONED"})
RETRYABLE = frozenset({429, 503})
STREAM_TIMEOUT = httpx.Timeout(30.0, read=None)


def _wait(answer: httpx.Response, attempt: int) -> float:
    text = answer.headers.get("retry-after", "").strip()
    wait = float(text) if text.isdigit() else 0.5 * 2**attempt
    return min(MAX_WAIT, wait)


def call(http: httpx.Client, method: str, path: str, **kwargs: Any) -> Any:
    """A request's JSON answer, a `429`/`503` retried after `Retry-After`; raises otherwise."""
    for attempt in range(ATTEMPTS):
        answer = http.request(method, path, **kwargs)
        if answer.status_code not in RETRYABLE or attempt == ATTEMPTS - 1:
            break
        time.sleep(_wait(answer, attempt))
    if answer.status_code >= 400:
        raise SystemExit(f"boardstate play: {method} {path}: {answer.status_code} {answer.text}")
    return answer.json()


def _next_event(http: httpx.Client, game_id: str, after: int, auth: dict[str, str]) -> None:
    """Returns once the game's stream has sent an event after `after` (or ended)."""
    headers = {**auth, "accept": "text/event-stream"}
    params = {"afterVersion": str(after)}
    path = f"/games/{game_id}/events/stream"
    for attempt in range(ATTEMPTS):
        with http.stream("GET", path, params=params, headers=headers, timeout=STREAM_TIMEOUT) as s:
            if s.status_code in RETRYABLE:
                time.sleep(_wait(s, attempt))
                continue
            if s.status_code >= 400:
                raise SystemExit(f"boardstate play: {path}: {s.status_code}")
            for line in s.iter_lines():
                if line.startswith("data:"):
                    return
            return


def turns(http: httpx.Client, game_id: str, seat: int, auth: dict[str, str]) -> Any:
    """Yields the game each time `seat` is to act; returns when the game is over."""
    while True:
        game = call(http, "GET", f"/games/{game_id}")
        if game["status"] in OVER:
            return game
        if game["status"] == "ACTIVE" and seat in game["toAct"]:
            yield game
            continue
        _next_event(http, game_id, int(game["version"]), auth)


def play(
    http: httpx.Client,
    game_id: str,
    seat: int,
    auth: dict[str, str],
    choose: Callable[[dict[str, Any], list[Any]], int | None],
) -> dict[str, Any] | None:
    """Plays `seat`: `choose(state view, legal moves)` picks a move's index (None stops).
    Returns the game once over (None when stopped)."""
    walk = turns(http, game_id, seat, auth)
    try:
        while True:
            game = next(walk)
            params = {"seat": seat}
            view = call(http, "GET", f"/games/{game_id}/state", params=params, headers=auth)
            legal = call(http, "GET", f"/games/{game_id}/legal-moves", params=params, headers=auth)
            if legal["version"] != game["version"] or not legal["moves"]:
                continue
            choice = choose(view["state"], legal["moves"])
            if choice is None:
                return None
            body = {"seat": seat, "move": legal["moves"][choice], "moveId": uuid.uuid4().hex}
            body["expectedVersion"] = legal["version"]
            call(http, "POST", f"/games/{game_id}/moves", json=body, headers=auth)
    except StopIteration as over:
        result: dict[str, Any] = over.value
        return result
