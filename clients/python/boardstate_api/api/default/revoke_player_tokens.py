from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...models.tokens_revoked_out import TokensRevokedOut
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/me/tokens/revoke",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | TokensRevokedOut | None:
    if response.status_code == 200:
        response_200 = TokensRevokedOut.from_dict(response.json())

        return response_200

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
) -> Response[ProblemOut | TokensRevokedOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ProblemOut | TokensRevokedOut]:
    """Refuse every token of the caller's player from now on (revokePlayerTokens)

     Every token of the player issued or signed before now is refused (`PLAYER_TOKEN_INVALID`, reason
    `revoked`) on every replica, the caller's own included: the service's own tokens at once, the
    integrator's unless their `iat` is after the second of the revocation. A caller holding a service
    token gets a fresh one in `token`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | TokensRevokedOut]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> ProblemOut | TokensRevokedOut | None:
    """Refuse every token of the caller's player from now on (revokePlayerTokens)

     Every token of the player issued or signed before now is refused (`PLAYER_TOKEN_INVALID`, reason
    `revoked`) on every replica, the caller's own included: the service's own tokens at once, the
    integrator's unless their `iat` is after the second of the revocation. A caller holding a service
    token gets a fresh one in `token`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | TokensRevokedOut
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ProblemOut | TokensRevokedOut]:
    """Refuse every token of the caller's player from now on (revokePlayerTokens)

     Every token of the player issued or signed before now is refused (`PLAYER_TOKEN_INVALID`, reason
    `revoked`) on every replica, the caller's own included: the service's own tokens at once, the
    integrator's unless their `iat` is after the second of the revocation. A caller holding a service
    token gets a fresh one in `token`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut | TokensRevokedOut]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> ProblemOut | TokensRevokedOut | None:
    """Refuse every token of the caller's player from now on (revokePlayerTokens)

     Every token of the player issued or signed before now is refused (`PLAYER_TOKEN_INVALID`, reason
    `revoked`) on every replica, the caller's own included: the service's own tokens at once, the
    integrator's unless their `iat` is after the second of the revocation. A caller holding a service
    token gets a fresh one in `token`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut | TokensRevokedOut
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
