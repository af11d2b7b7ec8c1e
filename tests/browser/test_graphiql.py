"""GraphiQL at `GET /graphql` in a real headless Chromium, with no network but loopback.

The page must load only the service's own copies of its assets (`service/http/pages/graphiql.py`), run a
query, a mutation and a subscription (graphql-transport-ws on the same path) through the UI,
and send the headers editor's `Authorization: Bearer` both as an HTTP header and in the
websocket's connection_init payload; directly and behind nginx with `deploy/nginx.conf`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.api.server import ServiceProcess
from tests.balancer import Nginx, nginx_found
from tests.browser.chromium import PageLog, chromium_context
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]

QUERY_EDITOR = ".graphiql-query-editor .CodeMirror"
HEADERS_EDITOR = ".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror"


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    """One headless Chromium (fresh profile) for the module; skips when there is none."""
    with chromium_context() as context:
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A Boardstate server with keys of its own."""
    with ServiceProcess(redis_server.url) as process:
        yield process


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    """A new tab, closed after the test."""
    tab = browser.new_page()
    yield tab
    tab.close()


def type_into(page: Page, editor: str, text: str, *, key_by_key: bool = False) -> None:
    """Replaces the text of a GraphiQL editor: selects all, deletes, then enters `text` as one
    input event (as a paste would) or `key_by_key`, as a person types (closing brackets and
    quotes that the editor inserted are typed over, so `text` comes out as it is)."""
    page.locator(editor).click()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.press("Delete")
    if key_by_key:
        page.keyboard.type(text)
    else:
        page.keyboard.insert_text(text)
    page.keyboard.press("Escape")  # closes the autocompletion list
    assert page.locator(editor).evaluate("el => el.CodeMirror.getValue()") == text


def run_operation(
    page: Page, name: str, field: str, document: str, *, key_by_key: bool = False
) -> Any:
    """Enters `document` (operation `name`), clicks Run, waits for `field` in the result pane
    and returns `data[field]` of the result pane's JSON."""
    type_into(page, QUERY_EDITOR, document, key_by_key=key_by_key)
    # GraphiQL picks the operation to run from the parsed editor; the tab shows its name then.
    expect(page.locator(".graphiql-tab-button")).to_have_text(name)
    page.get_by_role("button", name="Execute query").click()
    result = page.locator(".result-window")
    expect(result).to_contain_text(f'"{field}"')
    shown = json.loads(result.locator(".CodeMirror").evaluate("el => el.CodeMirror.getValue()"))
    assert "errors" not in shown, shown
    return shown["data"][field]


def drive_graphiql(page: Page, base_url: str, screenshot: Path) -> PageLog:
    """Runs a mutation, a query and a subscription through the GraphiQL page at `base_url`."""
    log = PageLog.attach(page)
    page.goto(f"{base_url}/graphql")
    expect(page.locator(QUERY_EDITOR)).to_be_visible()
    # A dialog adds <style> elements: the page's CSP must allow them (else a console error).
    page.get_by_role("button", name="Open settings dialog").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_be_hidden()

    created = run_operation(
        page,
        "Create",
        "createGame",
        'mutation Create { createGame(gameType: "trambahn", players: 2, seats: ["Ada", "Bo"]) {'
        " ... on GameCreated { game { id } tokens { seat token } } } }",
    )
    game_id, token = created["game"]["id"], created["tokens"][0]["token"]

    page.get_by_role("button", name="Headers").click()
    type_into(page, HEADERS_EDITOR, json.dumps({"Authorization": f"Bearer {token}"}))
    with page.expect_request(lambda r: "Kinds" in (r.post_data or "")) as sent:
        kinds = run_operation(
            page, "Kinds", "gameTypes", "query Kinds { gameTypes { id } }", key_by_key=True
        )
    assert sent.value.headers.get("authorization") == f"Bearer {token}"
    assert "trambahn" in {kind["id"] for kind in kinds}
    expect(page.locator(".result-window")).to_contain_text('"trambahn"')

    events = run_operation(
        page,
        "Events",
        "gameEvents",
        f'subscription Events {{ gameEvents(gameId: "{game_id}") {{ version type }} }}',
    )
    assert events["version"] >= 1  # the last event streamed so far (the game has started)
    init = json.loads(log.ws_frames_sent[0])
    assert init == {"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"}}

    page.screenshot(path=screenshot)
    assert screenshot.stat().st_size > 10_000  # a rendered IDE, not a blank page
    return log


def check_offline(log: PageLog, base_url: str) -> None:
    """Everything came from the service (loopback only), with no error on the way."""
    assert log.foreign_urls() == []
    assert f"{base_url}/graphiql-static/graphiql.min.js" in {u.split("?")[0] for u in log.urls}
    assert f"{base_url.replace('http', 'ws', 1)}/graphql" in log.urls
    assert log.errors == []


def test_graphiql_works_offline(page: Page, service: ServiceProcess, tmp_path: Path) -> None:
    log = drive_graphiql(page, service.url, tmp_path / "graphiql.png")
    check_offline(log, service.url)


def test_graphiql_works_behind_nginx(page: Page, service: ServiceProcess, tmp_path: Path) -> None:
    if not nginx_found() and not os.environ.get("CI"):
        pytest.skip("nginx is not installed and could not be (not root): apt-get install nginx")
    with Nginx([service.port]) as nginx:
        log = drive_graphiql(page, nginx.url, tmp_path / "graphiql-nginx.png")
    check_offline(log, nginx.url)
