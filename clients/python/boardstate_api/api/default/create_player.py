from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_in import PlayerIn
from ...models.player_token_out import PlayerTokenOut
from ...models.problem_out import ProblemOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PlayerIn | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerTokenOut | ProblemOut | None:
    if response.status_code == 201:
        response_201 = PlayerTokenOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ProblemOut.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ProblemOut.from_dict(response.json())

        return response_403

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
) -> Response[PlayerTokenOut | ProblemOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerIn | Unset = UNSET,
) -> Response[PlayerTokenOut | ProblemOut]:
    """A new player and a token the service signed for it (createPlayer)

     Who may ask: `BOARDSTATE_PLAYER_SIGNUP` (`open`: anyone; `admin`: the admin token; `off`: nobody,
    403 `SIGNUP_DISABLED`). For integrators with accounts of their own, sign player tokens yourself
    (docs/players.md). The body is optional: `{displayName}` names the player from the start.

    Args:
        body (PlayerIn | Unset): A new player's display name (optional: none is shown as the
            playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerTokenOut | ProblemOut]
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
    body: PlayerIn | Unset = UNSET,
) -> PlayerTokenOut | ProblemOut | None:
    """A new player and a token the service signed for it (createPlayer)

     Who may ask: `BOARDSTATE_PLAYER_SIGNUP` (`open`: anyone; `admin`: the admin token; `off`: nobody,
    403 `SIGNUP_DISABLED`). For integrators with accounts of their own, sign player tokens yourself
    (docs/players.md). The body is optional: `{displayName}` names the player from the start.

    Args:
        body (PlayerIn | Unset): A new player's display name (optional: none is shown as the
            playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerTokenOut | ProblemOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerIn | Unset = UNSET,
) -> Response[PlayerTokenOut | ProblemOut]:
    """A new player and a token the service signed for it (createPlayer)

     Who may ask: `BOARDSTATE_PLAYER_SIGNUP` (`open`: anyone; `admin`: the admin token; `off`: nobody,
    403 `SIGNUP_DISABLED`). For integrators with accounts of their own, sign player tokens yourself
    (docs/players.md). The body is optional: `{displayName}` names the player from the start.

    Args:
        body (PlayerIn | Unset): A new player's display name (optional: none is shown as the
            playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerTokenOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerIn | Unset = UNSET,
) -> PlayerTokenOut | ProblemOut | None:
    """A new player and a token the service signed for it (createPlayer)

     Who may ask: `BOARDSTATE_PLAYER_SIGNUP` (`open`: anyone; `admin`: the admin token; `off`: nobody,
    403 `SIGNUP_DISABLED`). For integrators with accounts of their own, sign player tokens yourself
    (docs/players.md). The body is optional: `{displayName}` names the player from the start.

    Args:
        body (PlayerIn | Unset): A new player's display name (optional: none is shown as the
            playerId).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerTokenOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
