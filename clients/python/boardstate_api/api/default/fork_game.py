from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.fork_in import ForkIn
from ...models.game_created_out import GameCreatedOut
from ...models.problem_out import ProblemOut
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: ForkIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/fork".format(
            id=quote(str(id), safe=""),
        ),
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

    if response.status_code == 403:
        response_403 = ProblemOut.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ProblemOut.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ProblemOut.from_dict(response.json())

        return response_409

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
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkIn,
) -> Response[GameCreatedOut | ProblemOut]:
    """A new game from `version` of a finished game (forkGame)

    Args:
        id (str):
        body (ForkIn): `POST /v1/games/{id}/fork`: `forkGame`'s arguments. `version` is a move
            boundary of a
                finished game; `seed` as in `POST /v1/games`; `exact` (a position with hidden
                information) needs the admin token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreatedOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkIn,
) -> GameCreatedOut | ProblemOut | None:
    """A new game from `version` of a finished game (forkGame)

    Args:
        id (str):
        body (ForkIn): `POST /v1/games/{id}/fork`: `forkGame`'s arguments. `version` is a move
            boundary of a
                finished game; `seed` as in `POST /v1/games`; `exact` (a position with hidden
                information) needs the admin token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreatedOut | ProblemOut
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkIn,
) -> Response[GameCreatedOut | ProblemOut]:
    """A new game from `version` of a finished game (forkGame)

    Args:
        id (str):
        body (ForkIn): `POST /v1/games/{id}/fork`: `forkGame`'s arguments. `version` is a move
            boundary of a
                finished game; `seed` as in `POST /v1/games`; `exact` (a position with hidden
                information) needs the admin token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreatedOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkIn,
) -> GameCreatedOut | ProblemOut | None:
    """A new game from `version` of a finished game (forkGame)

    Args:
        id (str):
        body (ForkIn): `POST /v1/games/{id}/fork`: `forkGame`'s arguments. `version` is a move
            boundary of a
                finished game; `seed` as in `POST /v1/games`; `exact` (a position with hidden
                information) needs the admin token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreatedOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
