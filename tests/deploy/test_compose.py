"""The local stack (deploy/compose.yaml) and its load balancer (deploy/nginx.conf).

There is no Docker engine in CI, so the compose file is checked structurally: services,
healthchecks, start order, networks, mounts. nginx.conf is parsed into its directives and
checked the same way, and `nginx -t` of the nginx `make test` installs checks the file itself
(Debian's 1.22 lacks only the `resolve` parameter of upstream servers, nginx 1.27.3: that one
parameter is removed for it, and the structural test requires it on every server).
"""

from __future__ import annotations

import ipaddress
import os
import re
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.balancer import nginx_found

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
NGINX_CONF = DEPLOY / "nginx.conf"
APP_SERVICES = ("app-1", "app-2")
API_PORT = 8000


@cache
def _compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def compose() -> dict[str, Any]:
    return _compose()


def service(name: str) -> dict[str, Any]:
    services: dict[str, Any] = compose()["services"]
    return dict(services[name])


def duration_seconds(value: str) -> float:
    """A compose or nginx duration ("30s", "1m30s", "3600s", "1h") in seconds."""
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    parts = re.findall(r"(\d+(?:\.\d+)?)(ms|s|m|h)", value)
    assert parts, f"bad duration {value!r}"
    assert "".join(n + u for n, u in parts) == value, f"bad duration {value!r}"
    return sum(float(number) * units[unit] for number, unit in parts)


def test_duration_parsing() -> None:
    assert duration_seconds("1m30s") == 90
    assert duration_seconds("3600s") == 3600
    assert duration_seconds("500ms") == 0.5
    with pytest.raises(AssertionError):
        duration_seconds("30 seconds")


# --- compose ---------------------------------------------------------------------------------


def test_the_stack_has_redis_two_replicas_and_a_balancer() -> None:
    assert compose()["name"] == "boardstate"
    assert set(compose()["services"]) == {"redis", *APP_SERVICES, "lb"}


@pytest.mark.parametrize("name", APP_SERVICES)
def test_replicas_build_the_project_image(name: str) -> None:
    app = service(name)
    build = app["build"]
    context = (COMPOSE.parent / build["context"]).resolve()
    assert context == ROOT
    assert (context / build["dockerfile"]).resolve() == DEPLOY / "Dockerfile"
    assert app["image"] == "boardstate:local"


@pytest.mark.parametrize("name", APP_SERVICES)
def test_replicas_talk_to_the_compose_redis_without_waiting_for_replicas(name: str) -> None:
    env = service(name)["environment"]
    assert env["REDIS_URL"] == "redis://redis:6379/0"
    assert env["BOARDSTATE_REDIS_CLUSTER"] == "0"
    assert env["BOARDSTATE_APPEND_WAIT_REPLICAS"] == "0"
    assert env["BOARDSTATE_ALLOW_CLIENT_SEEDS"] == "0"
    assert env["BOARDSTATE_LOG_FORMAT"] == "json"
    for value in env.values():
        assert isinstance(value, str), "compose wants strings; YAML would turn 0 into a number"


@pytest.mark.parametrize("name", APP_SERVICES)
def test_replicas_are_ready_only_when_redis_is(name: str) -> None:
    app = service(name)
    assert app["depends_on"] == {"redis": {"condition": "service_healthy"}}
    test = app["healthcheck"]["test"]
    assert test[:3] == ["CMD", "python", "-c"]
    assert f"http://127.0.0.1:{API_PORT}/readyz" in test[3]
    compile(test[3], "<healthcheck>", "exec")


@pytest.mark.parametrize("name", APP_SERVICES)
def test_replicas_stop_after_the_service_grace(name: str) -> None:
    app = service(name)
    grace = int(app["environment"]["BOARDSTATE_SHUTDOWN_GRACE_SECONDS"])
    assert duration_seconds(app["stop_grace_period"]) > grace


@pytest.mark.parametrize("name", APP_SERVICES)
def test_replicas_are_locked_down(name: str) -> None:
    app = service(name)
    assert app["read_only"] is True
    assert app["tmpfs"] == ["/tmp"]
    assert app["cap_drop"] == ["ALL"]
    assert app["security_opt"] == ["no-new-privileges:true"]
    assert "ports" not in app


@pytest.mark.parametrize("name", APP_SERVICES)
def test_replicas_trust_forwarded_addresses_from_the_balancer_network_only(name: str) -> None:
    """nginx reaches the replicas on "frontend", whose subnet is fixed; X-Forwarded-For is
    trusted from that subnet and nothing else, so each client counts against its own limits."""
    from boardstate.service.settings import Settings

    settings = Settings.from_env(service(name)["environment"])
    (subnet,) = (c["subnet"] for c in compose()["networks"]["frontend"]["ipam"]["config"])
    assert settings.trusted_proxies == (subnet,)
    assert ipaddress.ip_network(subnet).is_private
    assert service("lb")["networks"] == ["frontend"]


def test_redis_uses_the_event_store_config_and_a_named_volume() -> None:
    redis = service("redis")
    assert re.fullmatch(r"redis:7\.\d+\.\d+(-[a-z0-9.]+)?", redis["image"])
    config_mount, data_mount = redis["volumes"]
    assert (COMPOSE.parent / config_mount["source"]).resolve() == DEPLOY / "redis.conf"
    assert config_mount["read_only"] is True
    assert redis["command"][:2] == ["redis-server", config_mount["target"]]
    assert data_mount == {"type": "volume", "source": "redis-data", "target": "/data"}
    assert "redis-data" in compose()["volumes"]
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]


def test_redis_memory_limit_leaves_room_above_maxmemory() -> None:
    conf = (DEPLOY / "redis.conf").read_text(encoding="utf-8")
    match = re.search(r"^maxmemory (\d+)mb$", conf, re.M)
    assert match is not None
    limit = service("redis")["mem_limit"]
    assert limit == "1g"
    assert int(match.group(1)) <= 0.6 * 1024


def test_redis_is_reachable_only_on_the_internal_network() -> None:
    redis = service("redis")
    assert "ports" not in redis
    assert redis["networks"] == ["backend"]
    assert compose()["networks"]["backend"] == {"internal": True}
    # Protected mode is turned off only together with that isolation.
    assert redis["command"][2:] == ["--protected-mode", "no"]


def test_only_the_balancer_is_published_and_only_on_loopback() -> None:
    lb = service("lb")
    assert lb["ports"] == [f"127.0.0.1:{API_PORT}:8080"]
    assert lb["networks"] == ["frontend"]
    for name in APP_SERVICES:
        assert set(service(name)["networks"]) == {"frontend", "backend"}


def test_balancer_starts_after_both_replicas_are_healthy() -> None:
    lb = service("lb")
    assert lb["depends_on"] == {name: {"condition": "service_healthy"} for name in APP_SERVICES}
    assert re.fullmatch(r"nginx:1\.(2[89]|[3-9]\d)\.\d+(-[a-z0-9.]+)?", lb["image"])
    (mount,) = lb["volumes"]
    assert (COMPOSE.parent / mount["source"]).resolve() == NGINX_CONF
    assert mount["target"] == "/etc/nginx/nginx.conf"
    assert mount["read_only"] is True
    assert "/readyz" in " ".join(lb["healthcheck"]["test"])


def test_every_service_has_a_healthcheck_and_restarts() -> None:
    for name, spec in compose()["services"].items():
        check = spec["healthcheck"]
        assert check["test"][0] == "CMD", name
        for key in ("interval", "timeout", "start_period"):
            assert duration_seconds(check[key]) > 0, (name, key)
        assert duration_seconds(check["timeout"]) < duration_seconds(check["interval"]), name
        assert check["retries"] >= 3, name
        assert spec["restart"] == "unless-stopped", name


def test_every_image_is_pinned() -> None:
    for name, spec in compose()["services"].items():
        image = spec["image"]
        assert ":" in image, name
        assert not image.endswith(":latest"), name


# --- nginx -----------------------------------------------------------------------------------


Block = list[tuple[str, list[str], "Block | None"]]


@cache
def nginx_tree() -> Block:
    """nginx.conf as (directive, arguments, block or None) trees."""
    text = re.sub(r"#[^\n]*", "", NGINX_CONF.read_text(encoding="utf-8"))
    tokens = re.findall(r"'[^']*'|\"[^\"]*\"|[{};]|[^\s{};]+", text)
    position = 0

    def block() -> Block:
        nonlocal position
        items: Block = []
        words: list[str] = []
        while position < len(tokens):
            token = tokens[position]
            position += 1
            if token == ";":
                items.append((words[0], words[1:], None))
                words = []
            elif token == "{":
                items.append((words[0], words[1:], block()))
                words = []
            elif token == "}":
                assert not words, f"unterminated directive {words}"
                return items
            else:
                words.append(token.strip("'\""))
        assert not words, f"unterminated directive {words}"
        return items

    tree = block()
    assert position == len(tokens)
    return tree


def find(tree: Block, name: str, *args: str) -> Block:
    """The block of the one directive `name` (with these first arguments) in `tree`."""
    found = [b for n, a, b in tree if n == name and a[: len(args)] == list(args)]
    assert len(found) == 1, f"expected one {name} {args}, found {len(found)}"
    assert found[0] is not None, f"{name} is not a block"
    return found[0]


def values(tree: Block, name: str) -> list[list[str]]:
    return [args for n, args, _ in tree if n == name]


def value(tree: Block, name: str) -> list[str]:
    (args,) = values(tree, name)
    return args


def http() -> Block:
    return find(nginx_tree(), "http")


def server() -> Block:
    return find(http(), "server")


def test_upstream_lists_the_compose_replicas_with_passive_failover() -> None:
    upstream = find(http(), "upstream", "boardstate")
    servers = values(upstream, "server")
    assert [args[0] for args in servers] == [f"{name}:{API_PORT}" for name in APP_SERVICES]
    for args in servers:
        assert "resolve" in args
        assert "max_fails=2" in args
        assert any(re.fullmatch(r"fail_timeout=\d+s", arg) for arg in args)
    assert value(upstream, "zone")[0] == "boardstate"
    assert value(http(), "resolver")[0] == "127.0.0.11"


def test_failed_replicas_are_skipped_and_never_sent_a_post_twice() -> None:
    next_upstream = value(server(), "proxy_next_upstream")
    assert {"error", "timeout", "http_502", "http_503", "http_504"} <= set(next_upstream)
    assert "non_idempotent" not in next_upstream
    assert duration_seconds(value(server(), "proxy_connect_timeout")[0]) <= 5


def test_websocket_upgrade_is_passed_through() -> None:
    mapping = find(http(), "map", "$http_upgrade", "$connection_upgrade")
    assert values(mapping, "default") == [["upgrade"]]
    assert values(mapping, "") == [[""]]
    headers = {args[0]: args[1] for args in values(server(), "proxy_set_header")}
    assert headers["Upgrade"] == "$http_upgrade"
    assert headers["Connection"] == "$connection_upgrade"
    assert headers["X-Request-ID"] == "$request_id"
    assert value(server(), "proxy_http_version") == ["1.1"]


def test_the_client_address_is_forwarded_as_nginx_saw_it() -> None:
    headers = {args[0]: args[1] for args in values(server(), "proxy_set_header")}
    assert headers["X-Forwarded-For"] == "$proxy_add_x_forwarded_for"  # right-most: the peer
    assert headers["X-Real-IP"] == "$remote_addr"


def test_slow_clients_meet_the_services_limits_at_the_balancer() -> None:
    """Header timeout no longer than the service's, bodies may not stall, and the per-address
    connection cap the replicas cannot apply behind nginx (their peer is nginx)."""
    from boardstate.service.settings import Settings

    settings = Settings()
    header_timeout = duration_seconds(value(http(), "client_header_timeout")[0])
    assert header_timeout <= settings.header_timeout_seconds
    assert duration_seconds(value(http(), "client_body_timeout")[0]) <= 60
    zone = value(http(), "limit_conn_zone")
    assert zone[:2] == ["$binary_remote_addr", "zone=per_address:10m"]
    assert value(http(), "limit_conn") == ["per_address", str(settings.max_connections_per_address)]
    assert value(http(), "limit_conn_status") == ["503"]


def test_request_heads_meet_the_services_limits_at_the_balancer() -> None:
    """nginx refuses a head the replicas would (431) itself: a line no longer than one of its
    buffers, the whole head within all of them (issue 37)."""
    from boardstate.service.settings import Settings

    headers = Settings().headers
    count, size = value(http(), "large_client_header_buffers")
    buffer = int(size.removesuffix("k")) * 1024
    assert buffer <= headers.max_line_bytes
    assert int(count) * buffer <= headers.max_bytes


def test_no_location_drops_the_inherited_proxy_headers() -> None:
    for name, _args, body in server():
        if name == "location":
            assert body is not None
            assert not values(body, "proxy_set_header")


def test_subscriptions_may_stay_quiet_for_an_hour() -> None:
    graphql = find(server(), "location", "=", "/graphql")
    assert value(graphql, "proxy_pass") == ["http://boardstate"]
    assert duration_seconds(value(graphql, "proxy_read_timeout")[0]) >= 3600
    assert duration_seconds(value(graphql, "proxy_send_timeout")[0]) >= 3600
    assert value(graphql, "proxy_buffering") == ["off"]


def test_readyz_and_the_rest_are_proxied_but_metrics_are_not() -> None:
    assert value(find(server(), "location", "/"), "proxy_pass") == ["http://boardstate"]
    assert value(find(server(), "location", "=", "/metrics"), "return") == ["404"]


def test_the_body_limits_match_the_service() -> None:
    """1 MiB like BOARDSTATE_MAX_BODY_BYTES; imports 32 MiB like BOARDSTATE_MAX_IMPORT_BYTES,
    streamed to the service unbuffered."""
    from boardstate.service.settings import Settings

    assert value(server(), "client_max_body_size") == ["1m"]
    assert Settings().max_body_bytes == 1024 * 1024
    assert Settings().max_import_bytes == 32 * 1024 * 1024
    for log_route in ("/games/import", "/v1/games/import", "/v1/games/verify"):
        imports = find(server(), "location", "=", log_route)
        assert value(imports, "client_max_body_size") == ["32m"]
        assert value(imports, "proxy_request_buffering") == ["off"]
        assert value(imports, "proxy_pass") == ["http://boardstate"]


def test_nginx_listens_on_the_published_container_port() -> None:
    published = service("lb")["ports"][0].rsplit(":", 1)[1]
    assert value(server(), "listen") == [published]


def nginx_version(binary: str) -> tuple[int, ...]:
    result = subprocess.run([binary, "-v"], capture_output=True, text=True, check=False)
    match = re.search(r"nginx/(\d+)\.(\d+)\.(\d+)", result.stderr + result.stdout)
    assert match, result.stderr
    return tuple(int(part) for part in match.groups())


RESOLVE_SINCE = (1, 27, 3)
"""The nginx release that brought `resolve` to upstream servers of the open-source build."""


def adapted_to(version: tuple[int, ...], text: str) -> str:
    """Returns `text` as an nginx of `version` checks it: before 1.27.3 without the `resolve`
    parameter of the upstream servers, and nothing else changed (asserted)."""
    if version >= RESOLVE_SINCE:
        return text
    pattern = re.compile(r"^(\s*server \S+) resolve( .*;)$", re.MULTILINE)
    adapted, count = pattern.subn(r"\1\2", text)
    assert count == len(APP_SERVICES), f"{count} upstream servers carried `resolve`"
    assert " resolve" not in adapted.replace(" resolver ", ""), "`resolve` used elsewhere"
    return adapted


def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    binary = nginx_found()
    if not binary and not os.environ.get("CI"):
        pytest.skip("nginx is not installed (`make test` installs it: scripts/ensure-nginx.sh)")
    assert binary, "nginx is not installed: `make nginx` (scripts/ensure-nginx.sh) installs it"
    text = adapted_to(nginx_version(binary), NGINX_CONF.read_text(encoding="utf-8"))
    # The replicas' names resolve inside compose only; the syntax is what is checked here.
    for name in APP_SERVICES:
        text = text.replace(f"{name}:{API_PORT}", f"127.0.0.1:{API_PORT}")
    text = text.replace("/var/log/nginx", str(tmp_path)).replace("/var/run", str(tmp_path))
    temp_paths = "".join(
        f"    {kind}_temp_path {tmp_path / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    text = text.replace("http {\n", "http {\n" + temp_paths, 1)
    conf = tmp_path / "nginx.conf"
    conf.write_text(text, encoding="utf-8")
    result = subprocess.run(
        [binary, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_only_resolve_is_adapted_for_an_older_nginx() -> None:
    text = NGINX_CONF.read_text(encoding="utf-8")
    assert adapted_to(RESOLVE_SINCE, text) == text
    older = adapted_to((1, 22, 1), text)
    removed = [a for a, b in zip(text.splitlines(), older.splitlines(), strict=True) if a != b]
    assert [line.split()[:2] for line in removed] == [
        ["server", f"{n}:{API_PORT}"] for n in APP_SERVICES
    ]
