from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...models.state_out import StateOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    seat: int | Unset = UNSET,
    version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["seat"] = seat

    params["version"] = version

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/state".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ProblemOut | StateOut | None:
    if response.status_code == 200:
        response_200 = StateOut.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | ProblemOut | StateOut]:
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
    seat: int | Unset = UNSET,
    version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ProblemOut | StateOut]:
    """A seat's view (its token) or the spectator view, at any version

    Args:
        id (str):
        seat (int | Unset):
        version (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemOut | StateOut]
    """

    kwargs = _get_kwargs(
        id=id,
        seat=seat,
        version=version,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    seat: int | Unset = UNSET,
    version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ProblemOut | StateOut | None:
    """A seat's view (its token) or the spectator view, at any version

    Args:
        id (str):
        seat (int | Unset):
        version (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemOut | StateOut
    """

    return sync_detailed(
        id=id,
        client=client,
        seat=seat,
        version=version,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    seat: int | Unset = UNSET,
    version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ProblemOut | StateOut]:
    """A seat's view (its token) or the spectator view, at any version

    Args:
        id (str):
        seat (int | Unset):
        version (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemOut | StateOut]
    """

    kwargs = _get_kwargs(
        id=id,
        seat=seat,
        version=version,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    seat: int | Unset = UNSET,
    version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ProblemOut | StateOut | None:
    """A seat's view (its token) or the spectator view, at any version

    Args:
        id (str):
        seat (int | Unset):
        version (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemOut | StateOut
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            seat=seat,
            version=version,
            if_none_match=if_none_match,
        )
    ).parsed
