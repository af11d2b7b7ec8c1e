from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game_type: str | Unset = UNSET,
    player_id: str | Unset = UNSET,
    game_id: str | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["gameType"] = game_type

    params["playerId"] = player_id

    params["gameId"] = game_id

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/feed/stream",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = ProblemOut.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ProblemOut.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ProblemOut.from_dict(response.json())

        return response_404

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
) -> Response[ProblemOut | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    game_type: str | Unset = UNSET,
    player_id: str | Unset = UNSET,
    game_id: str | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[ProblemOut | str]:
    """Announcements of every game as Server-Sent Events (admin token, or a seat token with its gameId),
    resumable with Last-Event-ID

    Args:
        game_type (str | Unset):
        player_id (str | Unset):
        game_id (str | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | str]
    """

    kwargs = _get_kwargs(
        game_type=game_type,
        player_id=player_id,
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    game_type: str | Unset = UNSET,
    player_id: str | Unset = UNSET,
    game_id: str | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> ProblemOut | str | None:
    """Announcements of every game as Server-Sent Events (admin token, or a seat token with its gameId),
    resumable with Last-Event-ID

    Args:
        game_type (str | Unset):
        player_id (str | Unset):
        game_id (str | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | str
    """

    return sync_detailed(
        client=client,
        game_type=game_type,
        player_id=player_id,
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    game_type: str | Unset = UNSET,
    player_id: str | Unset = UNSET,
    game_id: str | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[ProblemOut | str]:
    """Announcements of every game as Server-Sent Events (admin token, or a seat token with its gameId),
    resumable with Last-Event-ID

    Args:
        game_type (str | Unset):
        player_id (str | Unset):
        game_id (str | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | str]
    """

    kwargs = _get_kwargs(
        game_type=game_type,
        player_id=player_id,
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    game_type: str | Unset = UNSET,
    player_id: str | Unset = UNSET,
    game_id: str | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> ProblemOut | str | None:
    """Announcements of every game as Server-Sent Events (admin token, or a seat token with its gameId),
    resumable with Last-Event-ID

    Args:
        game_type (str | Unset):
        player_id (str | Unset):
        game_id (str | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | str
    """

    return (
        await asyncio_detailed(
            client=client,
            game_type=game_type,
            player_id=player_id,
            game_id=game_id,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed
