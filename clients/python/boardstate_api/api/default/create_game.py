from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_game_in import CreateGameIn
from ...models.game_created_out import GameCreatedOut
from ...models.problem_out import ProblemOut
from ...types import Response


def _get_kwargs(
    *,
    body: CreateGameIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameCreatedOut | ProblemOut | None:
    if response.status_code == 201:
        response_201 = GameCreatedOut.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = ProblemOut.from_dict(response.json())

        return response_413

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
) -> Response[GameCreatedOut | ProblemOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateGameIn,
) -> Response[GameCreatedOut | ProblemOut]:
    """Creates a game; `seats` fills every seat and starts it

    Args:
        body (CreateGameIn): `POST /v1/games`: `seats` (player names) fills every seat at once and
            starts the game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreatedOut | ProblemOut]
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
    client: AuthenticatedClient | Client,
    body: CreateGameIn,
) -> GameCreatedOut | ProblemOut | None:
    """Creates a game; `seats` fills every seat and starts it

    Args:
        body (CreateGameIn): `POST /v1/games`: `seats` (player names) fills every seat at once and
            starts the game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreatedOut | ProblemOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateGameIn,
) -> Response[GameCreatedOut | ProblemOut]:
    """Creates a game; `seats` fills every seat and starts it

    Args:
        body (CreateGameIn): `POST /v1/games`: `seats` (player names) fills every seat at once and
            starts the game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreatedOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateGameIn,
) -> GameCreatedOut | ProblemOut | None:
    """Creates a game; `seats` fills every seat and starts it

    Args:
        body (CreateGameIn): `POST /v1/games`: `seats` (player names) fills every seat at once and
            starts the game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreatedOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
