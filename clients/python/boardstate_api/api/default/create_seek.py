from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...models.seek_in import SeekIn
from ...models.seek_out import SeekOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SeekIn,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/seeks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | SeekOut | None:
    if response.status_code == 201:
        response_201 = SeekOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ProblemOut.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ProblemOut.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ProblemOut.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ProblemOut.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = ProblemOut.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ProblemOut.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = ProblemOut.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ProblemOut | SeekOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SeekIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[ProblemOut | SeekOut]:
    """Seeks a game: paired with compatible seeks at once, or waits (createSeek)

     Seeks of the same game type, player count, options, rated flag and bots are paired when each
    seeker's rating is inside every other's range; the game is created before the answer (`status:
    matched`, `gameId`, `seat`), and the player token acts for its seat. docs/players.md (Matchmaking).

    Args:
        idempotency_key (str | Unset):
        body (SeekIn): `POST /v1/seeks`: the game sought (`createSeek`'s arguments). `bots` seats
            are filled by
                `botPolicy` bots; `ratingMin`/`ratingMax` bound the other seekers' ratings;
            `ttlSeconds`
                (at most `BOARDSTATE_SEEK_TTL`, its default) says how long the seek waits; `name` is
            the
                seat's name (default: the playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | SeekOut]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SeekIn,
    idempotency_key: str | Unset = UNSET,
) -> ProblemOut | SeekOut | None:
    """Seeks a game: paired with compatible seeks at once, or waits (createSeek)

     Seeks of the same game type, player count, options, rated flag and bots are paired when each
    seeker's rating is inside every other's range; the game is created before the answer (`status:
    matched`, `gameId`, `seat`), and the player token acts for its seat. docs/players.md (Matchmaking).

    Args:
        idempotency_key (str | Unset):
        body (SeekIn): `POST /v1/seeks`: the game sought (`createSeek`'s arguments). `bots` seats
            are filled by
                `botPolicy` bots; `ratingMin`/`ratingMax` bound the other seekers' ratings;
            `ttlSeconds`
                (at most `BOARDSTATE_SEEK_TTL`, its default) says how long the seek waits; `name` is
            the
                seat's name (default: the playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | SeekOut
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SeekIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[ProblemOut | SeekOut]:
    """Seeks a game: paired with compatible seeks at once, or waits (createSeek)

     Seeks of the same game type, player count, options, rated flag and bots are paired when each
    seeker's rating is inside every other's range; the game is created before the answer (`status:
    matched`, `gameId`, `seat`), and the player token acts for its seat. docs/players.md (Matchmaking).

    Args:
        idempotency_key (str | Unset):
        body (SeekIn): `POST /v1/seeks`: the game sought (`createSeek`'s arguments). `bots` seats
            are filled by
                `botPolicy` bots; `ratingMin`/`ratingMax` bound the other seekers' ratings;
            `ttlSeconds`
                (at most `BOARDSTATE_SEEK_TTL`, its default) says how long the seek waits; `name` is
            the
                seat's name (default: the playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | SeekOut]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SeekIn,
    idempotency_key: str | Unset = UNSET,
) -> ProblemOut | SeekOut | None:
    """Seeks a game: paired with compatible seeks at once, or waits (createSeek)

     Seeks of the same game type, player count, options, rated flag and bots are paired when each
    seeker's rating is inside every other's range; the game is created before the answer (`status:
    matched`, `gameId`, `seat`), and the player token acts for its seat. docs/players.md (Matchmaking).

    Args:
        idempotency_key (str | Unset):
        body (SeekIn): `POST /v1/seeks`: the game sought (`createSeek`'s arguments). `bots` seats
            are filled by
                `botPolicy` bots; `ratingMin`/`ratingMax` bound the other seekers' ratings;
            `ttlSeconds`
                (at most `BOARDSTATE_SEEK_TTL`, its default) says how long the seek waits; `name` is
            the
                seat's name (default: the playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | SeekOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
