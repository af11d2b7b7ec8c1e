from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.leaderboard_out import LeaderboardOut
from ...models.problem_out import ProblemOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
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
        "url": "/v1/ratings/{game_type}/leaderboard".format(
            game_type=quote(str(game_type), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LeaderboardOut | ProblemOut | None:
    if response.status_code == 200:
        response_200 = LeaderboardOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ProblemOut.from_dict(response.json())

        return response_400

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
) -> Response[LeaderboardOut | ProblemOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[LeaderboardOut | ProblemOut]:
    """A game type's leaderboard, best rating (1500 + 30 (mu - 3 sigma)) first

    Args:
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        game_type=game_type,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> LeaderboardOut | ProblemOut | None:
    """A game type's leaderboard, best rating (1500 + 30 (mu - 3 sigma)) first

    Args:
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardOut | ProblemOut
    """

    return sync_detailed(
        game_type=game_type,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[LeaderboardOut | ProblemOut]:
    """A game type's leaderboard, best rating (1500 + 30 (mu - 3 sigma)) first

    Args:
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        game_type=game_type,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> LeaderboardOut | ProblemOut | None:
    """A game type's leaderboard, best rating (1500 + 30 (mu - 3 sigma)) first

    Args:
        game_type (str):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            game_type=game_type,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
