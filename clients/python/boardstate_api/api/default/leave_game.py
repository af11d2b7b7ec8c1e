from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...models.table_updated_out import TableUpdatedOut
from ...types import Response


def _get_kwargs(
    id: str,
    seat: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/games/{id}/seats/{seat}".format(
            id=quote(str(id), safe=""),
            seat=quote(str(seat), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | TableUpdatedOut | None:
    if response.status_code == 200:
        response_200 = TableUpdatedOut.from_dict(response.json())

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
) -> Response[ProblemOut | TableUpdatedOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ProblemOut | TableUpdatedOut]:
    """Before the start: frees the seat (its token stops working); after: resigns

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | TableUpdatedOut]
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
    seat: int,
    *,
    client: AuthenticatedClient | Client,
) -> ProblemOut | TableUpdatedOut | None:
    """Before the start: frees the seat (its token stops working); after: resigns

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | TableUpdatedOut
    """

    return sync_detailed(
        id=id,
        seat=seat,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ProblemOut | TableUpdatedOut]:
    """Before the start: frees the seat (its token stops working); after: resigns

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | TableUpdatedOut]
    """

    kwargs = _get_kwargs(
        id=id,
        seat=seat,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
) -> ProblemOut | TableUpdatedOut | None:
    """Before the start: frees the seat (its token stops working); after: resigns

    Args:
        id (str):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | TableUpdatedOut
    """

    return (
        await asyncio_detailed(
            id=id,
            seat=seat,
            client=client,
        )
    ).parsed
