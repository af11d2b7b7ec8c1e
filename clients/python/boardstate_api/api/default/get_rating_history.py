from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...models.rating_history_out import RatingHistoryOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: str,
    game_type: str,
    *,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player_id}/ratings/{game_type}/history".format(
            player_id=quote(str(player_id), safe=""),
            game_type=quote(str(game_type), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | RatingHistoryOut | None:
    if response.status_code == 200:
        response_200 = RatingHistoryOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ProblemOut.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = ProblemOut.from_dict(response.json())

        return response_404

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
) -> Response[ProblemOut | RatingHistoryOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: str,
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[ProblemOut | RatingHistoryOut]:
    """A player's rating after each rated game of a type, newest first

    Args:
        player_id (str):
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | RatingHistoryOut]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        game_type=game_type,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: str,
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> ProblemOut | RatingHistoryOut | None:
    """A player's rating after each rated game of a type, newest first

    Args:
        player_id (str):
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | RatingHistoryOut
    """

    return sync_detailed(
        player_id=player_id,
        game_type=game_type,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    player_id: str,
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[ProblemOut | RatingHistoryOut]:
    """A player's rating after each rated game of a type, newest first

    Args:
        player_id (str):
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | RatingHistoryOut]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        game_type=game_type,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: str,
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> ProblemOut | RatingHistoryOut | None:
    """A player's rating after each rated game of a type, newest first

    Args:
        player_id (str):
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | RatingHistoryOut
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            game_type=game_type,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
