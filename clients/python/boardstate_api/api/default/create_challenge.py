from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_in import ChallengeIn
from ...models.challenge_out import ChallengeOut
from ...models.problem_out import ProblemOut
from ...types import Response


def _get_kwargs(
    *,
    body: ChallengeIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChallengeOut | ProblemOut | None:
    if response.status_code == 201:
        response_201 = ChallengeOut.from_dict(response.json())

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
) -> Response[ChallengeOut | ProblemOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
) -> Response[ChallengeOut | ProblemOut]:
    """Challenges named players to a game (createChallenge)

     Every invited playerId must be known to the service (issued a token by it, or seen with a token the
    integrator signed, in the last 30 days): PLAYER_NOT_FOUND otherwise. docs/players.md (Challenges).

    Args:
        body (ChallengeIn): `POST /v1/challenges`: `invite` the playerIds who take every human
            seat but yours
                (`players` - `bots` - 1 of them); `bots` seats are filled by `botPolicy` bots.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
) -> ChallengeOut | ProblemOut | None:
    """Challenges named players to a game (createChallenge)

     Every invited playerId must be known to the service (issued a token by it, or seen with a token the
    integrator signed, in the last 30 days): PLAYER_NOT_FOUND otherwise. docs/players.md (Challenges).

    Args:
        body (ChallengeIn): `POST /v1/challenges`: `invite` the playerIds who take every human
            seat but yours
                (`players` - `bots` - 1 of them); `bots` seats are filled by `botPolicy` bots.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeOut | ProblemOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
) -> Response[ChallengeOut | ProblemOut]:
    """Challenges named players to a game (createChallenge)

     Every invited playerId must be known to the service (issued a token by it, or seen with a token the
    integrator signed, in the last 30 days): PLAYER_NOT_FOUND otherwise. docs/players.md (Challenges).

    Args:
        body (ChallengeIn): `POST /v1/challenges`: `invite` the playerIds who take every human
            seat but yours
                (`players` - `bots` - 1 of them); `bots` seats are filled by `botPolicy` bots.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
) -> ChallengeOut | ProblemOut | None:
    """Challenges named players to a game (createChallenge)

     Every invited playerId must be known to the service (issued a token by it, or seen with a token the
    integrator signed, in the last 30 days): PLAYER_NOT_FOUND otherwise. docs/players.md (Challenges).

    Args:
        body (ChallengeIn): `POST /v1/challenges`: `invite` the playerIds who take every human
            seat but yours
                (`players` - `bots` - 1 of them); `bots` seats are filled by `botPolicy` bots.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
