from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_out import ProblemOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_type: str,
    *,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/dumps/{game_type}".format(
            game_type=quote(str(game_type), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemOut | None:
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
) -> Response[ProblemOut]:
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
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> Response[ProblemOut]:
    """Every game of a type that ended in [from, to), one NDJSON line per game

     Each line: the game's summary, seats (name, playerId, bot), result and complete log, as
    `schema/dump-line.schema.json` describes (docs/archive.md, 'Dumps for analysts'). The admin token,
    unless `BOARDSTATE_DUMPS_PUBLIC=1`. Streamed: a dump of any length is sent as it is read.

    Args:
        game_type (str):
        from_ (str | Unset): An ISO 8601 date or date-time (UTC without offset).
        to (str | Unset): An ISO 8601 date or date-time (UTC without offset).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut]
    """

    kwargs = _get_kwargs(
        game_type=game_type,
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> ProblemOut | None:
    """Every game of a type that ended in [from, to), one NDJSON line per game

     Each line: the game's summary, seats (name, playerId, bot), result and complete log, as
    `schema/dump-line.schema.json` describes (docs/archive.md, 'Dumps for analysts'). The admin token,
    unless `BOARDSTATE_DUMPS_PUBLIC=1`. Streamed: a dump of any length is sent as it is read.

    Args:
        game_type (str):
        from_ (str | Unset): An ISO 8601 date or date-time (UTC without offset).
        to (str | Unset): An ISO 8601 date or date-time (UTC without offset).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut
    """

    return sync_detailed(
        game_type=game_type,
        client=client,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> Response[ProblemOut]:
    """Every game of a type that ended in [from, to), one NDJSON line per game

     Each line: the game's summary, seats (name, playerId, bot), result and complete log, as
    `schema/dump-line.schema.json` describes (docs/archive.md, 'Dumps for analysts'). The admin token,
    unless `BOARDSTATE_DUMPS_PUBLIC=1`. Streamed: a dump of any length is sent as it is read.

    Args:
        game_type (str):
        from_ (str | Unset): An ISO 8601 date or date-time (UTC without offset).
        to (str | Unset): An ISO 8601 date or date-time (UTC without offset).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemOut]
    """

    kwargs = _get_kwargs(
        game_type=game_type,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_type: str,
    *,
    client: AuthenticatedClient | Client,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> ProblemOut | None:
    """Every game of a type that ended in [from, to), one NDJSON line per game

     Each line: the game's summary, seats (name, playerId, bot), result and complete log, as
    `schema/dump-line.schema.json` describes (docs/archive.md, 'Dumps for analysts'). The admin token,
    unless `BOARDSTATE_DUMPS_PUBLIC=1`. Streamed: a dump of any length is sent as it is read.

    Args:
        game_type (str):
        from_ (str | Unset): An ISO 8601 date or date-time (UTC without offset).
        to (str | Unset): An ISO 8601 date or date-time (UTC without offset).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemOut
    """

    return (
        await asyncio_detailed(
            game_type=game_type,
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
