from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_token_out import PlayerTokenOut
from ...models.problem_out import ProblemOut
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/me/token",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerTokenOut | ProblemOut | None:
    if response.status_code == 201:
        response_201 = PlayerTokenOut.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ProblemOut.from_dict(response.json())

        return response_401

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
    client: AuthenticatedClient,
) -> Response[PlayerTokenOut | ProblemOut]:
    """A fresh token for a service-issued player token (refreshPlayerToken)

     The token refreshed stays valid `BOARDSTATE_PLAYER_TOKEN_OVERLAP` seconds (60) beside the new one,
    then is refused (401 `PLAYER_TOKEN_INVALID`, reason `revoked`); refreshing it again within that
    overlap answers another token of the same generation (a retry), after it is refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerTokenOut | ProblemOut]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> PlayerTokenOut | ProblemOut | None:
    """A fresh token for a service-issued player token (refreshPlayerToken)

     The token refreshed stays valid `BOARDSTATE_PLAYER_TOKEN_OVERLAP` seconds (60) beside the new one,
    then is refused (401 `PLAYER_TOKEN_INVALID`, reason `revoked`); refreshing it again within that
    overlap answers another token of the same generation (a retry), after it is refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerTokenOut | ProblemOut
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[PlayerTokenOut | ProblemOut]:
    """A fresh token for a service-issued player token (refreshPlayerToken)

     The token refreshed stays valid `BOARDSTATE_PLAYER_TOKEN_OVERLAP` seconds (60) beside the new one,
    then is refused (401 `PLAYER_TOKEN_INVALID`, reason `revoked`); refreshing it again within that
    overlap answers another token of the same generation (a retry), after it is refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerTokenOut | ProblemOut]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> PlayerTokenOut | ProblemOut | None:
    """A fresh token for a service-issued player token (refreshPlayerToken)

     The token refreshed stays valid `BOARDSTATE_PLAYER_TOKEN_OVERLAP` seconds (60) beside the new one,
    then is refused (401 `PLAYER_TOKEN_INVALID`, reason `revoked`); refreshing it again within that
    overlap answers another token of the same generation (a retry), after it is refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerTokenOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
