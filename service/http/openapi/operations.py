"""The `paths` of `/v1`'s OpenAPI document, generated from the route declarations
(`service.http.rest.route.ApiRoute`): one operation per declaration, with every status and its
codes (`problems.STATUS`), the conditional requests of the routes that declare an ETag and the
points budget's headers on every operation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.service.http.edge.problems import PROBLEM_TYPE, STATUS
from boardstate.service.http.openapi.budget import budget_headers
from boardstate.service.http.openapi.caching import IF_NONE_MATCH, cache_headers, not_modified
from boardstate.service.http.openapi.examples import EXAMPLE_CODES, EXAMPLE_DETAILS, EXAMPLE_EXTRA
from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.route import ApiRoute, ref

STREAM_TYPE = "text/event-stream"
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}}
REFUSED = "Also for a request valid by this document (for what its schemas cannot see)"


def problems(
    statuses: tuple[int, ...],
    only: Mapping[int, tuple[str, ...]] | None = None,
    refusals: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The problem answers of `statuses`: every code of the status table, or `only`'s; a status
    with `refusals` (`ApiRoute.refusals`) names them too."""
    out: dict[str, Any] = {}
    for status in statuses:
        codes = sorted(c for c, (s, _) in STATUS.items() if s == status)
        if only and status in only:
            codes = sorted(only[status])
        refused = sorted(c for c in refusals if STATUS[c][0] == status)
        code = EXAMPLE_CODES.get(status, codes[0])
        code = code if code in codes else codes[0]
        example = {
            "type": "about:blank",
            "title": STATUS[code][1],
            "status": status,
            "detail": EXAMPLE_DETAILS.get(code, "see code"),
            "code": code,
            "details": EXAMPLE_EXTRA.get(code),
        }
        media = {"schema": ref(m.ProblemOut), "example": example}
        description = "Problem: " + ", ".join(codes)
        if refused:
            description += f". {REFUSED}: " + ", ".join(refused)
        answer: dict[str, Any] = {"description": description, "content": {PROBLEM_TYPE: media}}
        if status in (429, 503):
            answer["headers"] = dict(RETRY_AFTER)
        out[str(status)] = answer
    return out


def _with_items(answer: Mapping[str, Any], item: Mapping[str, Any]) -> dict[str, Any]:
    """A stream's answer with the schema of one message after the schema of the whole."""
    media = dict(answer["content"][STREAM_TYPE])
    schema = {"schema": media.pop("schema")} if "schema" in media else {}
    media = {**schema, "itemSchema": dict(item), **media}
    return {**answer, "content": {**answer["content"], STREAM_TYPE: media}}


def _responses(route: ApiRoute) -> dict[str, Any]:
    responses: dict[str, Any] = {s: dict(a) for s, a in route.ok.items()}
    if route.stream_item is not None:
        responses["200"] = _with_items(responses["200"], route.stream_item)
    responses |= problems(route.errors, route.only, route.refusals)
    if route.etag is not None:
        ok = responses["200"]
        ok["headers"] = {**ok.get("headers", {}), **cache_headers(route.etag)}
        responses["304"] = not_modified(route.etag)
    for status, answer in responses.items():
        if status.startswith("2") or status == "429":
            answer["headers"] = {**answer.get("headers", {}), **budget_headers()}
    return responses


def operation(route: ApiRoute) -> dict[str, Any]:
    """The OpenAPI operation of one route."""
    out: dict[str, Any] = {"operationId": route.operation_id, "summary": route.summary}
    if route.description is not None:
        out["description"] = route.description
    if route.tags:
        out["tags"] = list(route.tags)
    parameters = [p.openapi() for p in route.params]
    if route.etag is not None and not any(p["name"] == "If-None-Match" for p in parameters):
        parameters.append(IF_NONE_MATCH)
    out |= {
        "security": [dict(s) for s in route.security],
        "parameters": parameters,
        "responses": _responses(route),
    }
    if route.body is not None:
        media: dict[str, Any] = {"schema": ref(route.body)}
        if route.example is not None:
            media["example"] = dict(route.example)
        out["requestBody"] = {"required": True, "content": {"application/json": media}}
    elif route.raw_body is not None:
        out["requestBody"] = dict(route.raw_body)
    return out


def paths_of(declared: Sequence[ApiRoute]) -> dict[str, Any]:
    """The document's `paths`: each route's operation under its path, in declaration order."""
    out: dict[str, dict[str, Any]] = {}
    for route in declared:
        out.setdefault(route.openapi_path, {})[route.method.lower()] = operation(route)
    return out
