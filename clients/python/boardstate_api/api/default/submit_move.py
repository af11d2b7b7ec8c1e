from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.move_accepted_out import MoveAcceptedOut
from ...models.move_in import MoveIn
from ...models.move_minimal_out import MoveMinimalOut
from ...models.problem_out import ProblemOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: MoveIn,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(prefer, Unset):
        headers["Prefer"] = prefer

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/moves".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MoveAcceptedOut | MoveMinimalOut | ProblemOut | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> MoveAcceptedOut | MoveMinimalOut:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = MoveAcceptedOut.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = MoveMinimalOut.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 201:

        def _parse_response_201(data: object) -> MoveAcceptedOut | MoveMinimalOut:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_201_type_0 = MoveAcceptedOut.from_dict(data)

                return response_201_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_201_type_1 = MoveMinimalOut.from_dict(data)

            return response_201_type_1

        response_201 = _parse_response_201(response.json())

        return response_201

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
) -> Response[MoveAcceptedOut | MoveMinimalOut | ProblemOut]:
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
    body: MoveIn,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> Response[MoveAcceptedOut | MoveMinimalOut | ProblemOut]:
    """Checks (token, moveId, expectedVersion, rules) and records a move

    Args:
        id (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (str | Unset):
        body (MoveIn): `POST /v1/games/{id}/moves`: `move` is an item of legal-moves, submitted
            verbatim.

                `moveId` may come as the `Idempotency-Key` header and `expectedVersion` as
                `If-Match: "<version>"`; a header and a body value that differ are a 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveAcceptedOut | MoveMinimalOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
        prefer=prefer,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: MoveIn,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> MoveAcceptedOut | MoveMinimalOut | ProblemOut | None:
    """Checks (token, moveId, expectedVersion, rules) and records a move

    Args:
        id (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (str | Unset):
        body (MoveIn): `POST /v1/games/{id}/moves`: `move` is an item of legal-moves, submitted
            verbatim.

                `moveId` may come as the `Idempotency-Key` header and `expectedVersion` as
                `If-Match: "<version>"`; a header and a body value that differ are a 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveAcceptedOut | MoveMinimalOut | ProblemOut
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
        prefer=prefer,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: MoveIn,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> Response[MoveAcceptedOut | MoveMinimalOut | ProblemOut]:
    """Checks (token, moveId, expectedVersion, rules) and records a move

    Args:
        id (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (str | Unset):
        body (MoveIn): `POST /v1/games/{id}/moves`: `move` is an item of legal-moves, submitted
            verbatim.

                `moveId` may come as the `Idempotency-Key` header and `expectedVersion` as
                `If-Match: "<version>"`; a header and a body value that differ are a 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveAcceptedOut | MoveMinimalOut | ProblemOut]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
        prefer=prefer,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: MoveIn,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> MoveAcceptedOut | MoveMinimalOut | ProblemOut | None:
    """Checks (token, moveId, expectedVersion, rules) and records a move

    Args:
        id (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (str | Unset):
        body (MoveIn): `POST /v1/games/{id}/moves`: `move` is an item of legal-moves, submitted
            verbatim.

                `moveId` may come as the `Idempotency-Key` header and `expectedVersion` as
                `If-Match: "<version>"`; a header and a body value that differ are a 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveAcceptedOut | MoveMinimalOut | ProblemOut
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            if_match=if_match,
            prefer=prefer,
        )
    ).parsed
