from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...models.suggest_move_response_200 import SuggestMoveResponse200
from ...types import UNSET, Response


def _get_kwargs(
    id: str,
    *,
    seat: int,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["seat"] = seat

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/suggested-move".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | SuggestMoveResponse200 | None:
    if response.status_code == 200:
        response_200 = SuggestMoveResponse200.from_dict(response.json())

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
) -> Response[ProblemOut | SuggestMoveResponse200]:
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
    seat: int,
) -> Response[ProblemOut | SuggestMoveResponse200]:
    """A move suggested for the seat (its token; games created with hints on)

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | SuggestMoveResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        seat=seat,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    seat: int,
) -> ProblemOut | SuggestMoveResponse200 | None:
    """A move suggested for the seat (its token; games created with hints on)

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | SuggestMoveResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        seat=seat,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    seat: int,
) -> Response[ProblemOut | SuggestMoveResponse200]:
    """A move suggested for the seat (its token; games created with hints on)

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | SuggestMoveResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        seat=seat,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    seat: int,
) -> ProblemOut | SuggestMoveResponse200 | None:
    """A move suggested for the seat (its token; games created with hints on)

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | SuggestMoveResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            seat=seat,
        )
    ).parsed
