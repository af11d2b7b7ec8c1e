from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    after_version: int | Unset = UNSET,
    with_state: bool | Unset = False,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["afterVersion"] = after_version

    params["withState"] = with_state

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/events/stream".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ProblemOut | None:
    if response.status_code == 200:
        response_200 = cast(Any, response.text)
        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | ProblemOut]:
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
    after_version: int | Unset = UNSET,
    with_state: bool | Unset = False,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | ProblemOut]:
    """Events after `afterVersion` or `Last-Event-ID` as SSE, redacted, each with the header

    Args:
        id (str):
        after_version (int | Unset):
        with_state (bool | Unset):  Default: False.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemOut]
    """

    kwargs = _get_kwargs(
        id=id,
        after_version=after_version,
        with_state=with_state,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after_version: int | Unset = UNSET,
    with_state: bool | Unset = False,
    last_event_id: str | Unset = UNSET,
) -> Any | ProblemOut | None:
    """Events after `afterVersion` or `Last-Event-ID` as SSE, redacted, each with the header

    Args:
        id (str):
        after_version (int | Unset):
        with_state (bool | Unset):  Default: False.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemOut
    """

    return sync_detailed(
        id=id,
        client=client,
        after_version=after_version,
        with_state=with_state,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after_version: int | Unset = UNSET,
    with_state: bool | Unset = False,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | ProblemOut]:
    """Events after `afterVersion` or `Last-Event-ID` as SSE, redacted, each with the header

    Args:
        id (str):
        after_version (int | Unset):
        with_state (bool | Unset):  Default: False.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemOut]
    """

    kwargs = _get_kwargs(
        id=id,
        after_version=after_version,
        with_state=with_state,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after_version: int | Unset = UNSET,
    with_state: bool | Unset = False,
    last_event_id: str | Unset = UNSET,
) -> Any | ProblemOut | None:
    """Events after `afterVersion` or `Last-Event-ID` as SSE, redacted, each with the header

    Args:
        id (str):
        after_version (int | Unset):
        with_state (bool | Unset):  Default: False.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemOut
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            after_version=after_version,
            with_state=with_state,
            last_event_id=last_event_id,
        )
    ).parsed
