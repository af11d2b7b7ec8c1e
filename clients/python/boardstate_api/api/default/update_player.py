from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_out import PlayerOut
from ...models.player_patch_in import PlayerPatchIn
from ...models.problem_out import ProblemOut
from ...types import Response


def _get_kwargs(
    *,
    body: PlayerPatchIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/players/me",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerOut | ProblemOut | None:
    if response.status_code == 200:
        response_200 = PlayerOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ProblemOut.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ProblemOut.from_dict(response.json())

        return response_401

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
) -> Response[PlayerOut | ProblemOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PlayerPatchIn,
) -> Response[PlayerOut | ProblemOut]:
    """Changes the caller's display name (updatePlayer)

     Display names are not unique; pages and leaderboards show them instead of the playerId
    (docs/players.md, "Display names").

    Args:
        body (PlayerPatchIn): The caller's new display name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerOut | ProblemOut]
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
    body: PlayerPatchIn,
) -> PlayerOut | ProblemOut | None:
    """Changes the caller's display name (updatePlayer)

     Display names are not unique; pages and leaderboards show them instead of the playerId
    (docs/players.md, "Display names").

    Args:
        body (PlayerPatchIn): The caller's new display name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerOut | ProblemOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PlayerPatchIn,
) -> Response[PlayerOut | ProblemOut]:
    """Changes the caller's display name (updatePlayer)

     Display names are not unique; pages and leaderboards show them instead of the playerId
    (docs/players.md, "Display names").

    Args:
        body (PlayerPatchIn): The caller's new display name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PlayerPatchIn,
) -> PlayerOut | ProblemOut | None:
    """Changes the caller's display name (updatePlayer)

     Display names are not unique; pages and leaderboards show them instead of the playerId
    (docs/players.md, "Display names").

    Args:
        body (PlayerPatchIn): The caller's new display name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
