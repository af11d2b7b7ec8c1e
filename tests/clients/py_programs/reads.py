"""Reads a game BURST times at once, as fast as it can, first without retries (the limiter
refuses some: their codes are reported), then with the SDK's default retries (every read
succeeds; each retry is reported). Usage: reads.py URL BURST"""

from __future__ import annotations

import json
import sys

from boardstate_api.api.default import create_game
from boardstate_api.models import CreateGameIn
from boardstate_client import ProblemError, RetryInfo, RetryPolicy, connect, get_game, unwrap

url, burst = sys.argv[1], int(sys.argv[2])
body = CreateGameIn(game_type="trambahn", players=2, seats=["ann", "bob"])
created = unwrap(create_game.sync_detailed(client=connect(url), body=body))
token = created.tokens[0].token
refused: list[str] = []
plain = connect(url, token, retry=RetryPolicy(max_attempts=1))
for _ in range(burst):
    try:
        get_game(plain, created.game.id)
    except ProblemError as problem:
        refused.append(problem.code.value)
retries: list[dict[str, object]] = []


def told(info: RetryInfo) -> None:
    retries.append({"method": info.method, "status": info.status, "code": info.code})
    retries[-1]["wait"] = info.wait


patient = connect(url, token, retry=RetryPolicy(on_retry=told))
ok = sum(get_game(patient, created.game.id)["id"] == created.game.id for _ in range(burst))
print(json.dumps({"refused": refused, "ok": ok, "retries": retries}))
