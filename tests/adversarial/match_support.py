"""Matchmaking over both doors for the adversarial tests (`test_seek_pool`, `test_challenge_flood`).

A `Door` is one client address (a trusted proxy's `X-Forwarded-For`: the service under test
trusts 127.0.0.1) speaking REST or GraphQL; each call answers a plain dict, the same on both
doors: the seek or challenge (`status`, `seekId`, ...), or the refusal (`code`, `details`, and
`http`, the HTTP status: a REST problem's, or 200 for a GraphQL `Rejected`).
"""

from __future__ import annotations

from typing import Any

import httpx

TRUSTING = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1"}
"""The default limits and budgets (the API tests' servers turn them off), behind a proxy."""
DOORS = ("rest", "graphql")

SEEK = """mutation($t: String!, $p: Int!, $o: JSON, $min: Float, $max: Float, $k: String) {
  createSeek(gameType: $t, players: $p, options: $o, ratingMin: $min, ratingMax: $max,
             idempotencyKey: $k) {
    __typename ... on Seek { seekId status gameId seat } ... on Rejected { code details } } }"""
CHALLENGE = """mutation($to: [String!]!, $o: JSON) {
  createChallenge(invite: $to, gameType: "trambahn", players: 2, options: $o) {
    __typename ... on Challenge { challengeId status } ... on Rejected { code details } } }"""
ANSWER = """mutation($id: String!) { %s(challengeId: $id) {
  __typename ... on Challenge { challengeId status } ... on Rejected { code message details } } }"""
ONE = "query($id: String!) { challenge(challengeId: $id) { challengeId status } }"
PAGE = """query($n: Int, $after: String) { challenges(first: $n, after: $after) {
  edges { cursor node { challengeId challenger status } }
  pageInfo { hasNextPage endCursor } totalCount } }"""
NEW_PLAYER = "mutation { createPlayer { ... on PlayerToken { playerId token } } }"


def refusal(response: httpx.Response) -> dict[str, Any]:
    """The refusal a response carries: a problem, a GraphQL error or a `Rejected`."""
    body = response.json()
    if body.get("errors"):
        error = body["errors"][0]
        extensions = error.get("extensions", {})
        found = {"http": response.status_code, "code": extensions.get("code"), **extensions}
        return found | {"message": error["message"]}
    return {
        "http": response.status_code,
        "code": body["code"],
        "details": body["details"],
        "message": body["detail"],
    }


class Door:
    """One client address speaking one door."""

    def __init__(self, http: httpx.AsyncClient, kind: str, address: str) -> None:
        self.http = http
        self.kind = kind
        self.address = address

    def headers(self, token: str | None, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"x-forwarded-for": self.address, **(extra or {})}
        if token is not None:
            headers["authorization"] = f"Bearer {token}"
        return headers

    async def gql(self, query: str, token: str | None, **variables: Any) -> dict[str, Any]:
        """The only field of `data`, or the refusal."""
        response = await self.http.post(
            "/graphql",
            json={"query": query, "variables": variables},
            headers=self.headers(token),
        )
        body = response.json()
        if response.status_code != 200 or body.get("errors"):
            return refusal(response)
        data: dict[str, Any] = next(iter(body["data"].values()))
        if data.get("__typename") == "Rejected":
            return {"http": 200, **data}
        return data

    async def rest(
        self, method: str, path: str, token: str | None, **kwargs: Any
    ) -> dict[str, Any]:
        headers = self.headers(token, kwargs.pop("headers", None))
        response = await self.http.request(method, "/v1" + path, headers=headers, **kwargs)
        if response.status_code >= 400:
            return refusal(response)
        answer: dict[str, Any] = response.json()
        return answer

    async def player(self) -> tuple[str, str]:
        """A new service-issued player: (playerId, token)."""
        if self.kind == "rest":
            made = await self.rest("POST", "/players", None)
        else:
            made = await self.gql(NEW_PLAYER, None)
        assert "token" in made, made
        return made["playerId"], made["token"]

    async def seek(
        self, token: str, options: Any, key: str | None = None, **bounds: float
    ) -> dict[str, Any]:
        """A Trambahn seek of two players with these options (and `ratingMin`/`ratingMax`)."""
        if self.kind == "rest":
            body = {"gameType": "trambahn", "players": 2, "options": options, **bounds}
            extra = {} if key is None else {"idempotency-key": key}
            return await self.rest("POST", "/seeks", token, json=body, headers=extra)
        return await self.gql(
            SEEK,
            token,
            t="trambahn",
            p=2,
            o=options,
            min=bounds.get("ratingMin"),
            max=bounds.get("ratingMax"),
            k=key,
        )

    async def challenge(self, token: str, invite: str, options: Any = None) -> dict[str, Any]:
        """A Trambahn challenge of `invite`."""
        if self.kind == "rest":
            body = {"gameType": "trambahn", "players": 2, "invite": [invite], "options": options}
            return await self.rest("POST", "/challenges", token, json=body)
        return await self.gql(CHALLENGE, token, to=[invite], o=options)

    async def one(self, token: str, challenge_id: str) -> dict[str, Any]:
        if self.kind == "rest":
            return await self.rest("GET", f"/challenges/{challenge_id}", token)
        return await self.gql(ONE, token, id=challenge_id)

    async def answer(self, token: str, challenge_id: str, answer: str) -> dict[str, Any]:
        if self.kind == "rest":
            return await self.rest("POST", f"/challenges/{challenge_id}/{answer}", token)
        return await self.gql(ANSWER % f"{answer}Challenge", token, id=challenge_id)

    async def page(
        self, token: str, first: int | None = None, after: str | None = None
    ) -> tuple[list[str], str | None, int]:
        """A page of the caller's challenges: (ids, the next cursor or None, total)."""
        if self.kind == "rest":
            query = {k: v for k, v in (("limit", first), ("cursor", after)) if v is not None}
            page = await self.rest("GET", "/challenges", token, params=query)
            assert "items" in page, page
            ids = [c["challengeId"] for c in page["items"]]
            return ids, page["nextCursor"], page["totalCount"]
        found = await self.gql(PAGE, token, n=first, after=after)
        assert "edges" in found, found
        ids = [e["node"]["challengeId"] for e in found["edges"]]
        info = found["pageInfo"]
        return ids, info["endCursor"] if info["hasNextPage"] else None, found["totalCount"]
