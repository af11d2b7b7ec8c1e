"""Webhook targets that reach inside (issue 27, server-side request forgery), on real service
processes, real Redis and real receivers.

The red team registered NAT64 and IPv4-translated forms of the metadata address
(`[64:ff9b::a9fe:a9fe]`, `[::ffff:0:a9fe:a9fe]`, `64:ff9b:1::/48`) and had a name answer a
public address to the check and `127.0.0.1` to the connection. Names here are answered by the
service's test-only hosts table (`BOARDSTATE_WEBHOOK_TEST_HOSTS`: lookup n of a name answers
list n, the last repeating), which stands in for a DNS server that answers each lookup
differently; the connections and receivers (http, and https with certificates of a test
authority that `BOARDSTATE_WEBHOOK_CA_FILE` makes the service trust) are real.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess
from tests.api.test_webhooks import ADMIN, ENV, play, register
from tests.api.webhook_support import Receiver, until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

INSIDE = (
    "64:ff9b::a9fe:a9fe",  # NAT64 (well-known prefix) of the metadata address
    "64:ff9b::7f00:1",  # ... of 127.0.0.1
    "64:ff9b::a00:1",  # ... of 10.0.0.1
    "64:ff9b::6440:1",  # ... of 100.64.0.1 (CGNAT)
    "64:ff9b:1::a9fe:a9fe",  # local-use NAT64
    "64:ff9b:1::808:808",  # local-use NAT64, even of a public address
    "::ffff:0:a9fe:a9fe",  # IPv4-translated
    "::ffff:0:7f00:1",
    "::ffff:a9fe:a9fe",  # IPv4-mapped
    "::ffff:7f00:1",
    "::a9fe:a9fe",  # IPv4-compatible
    "::7f00:1",
    "2002:a9fe:a9fe::1",  # 6to4 of the metadata address
    "2002:7f00:1::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "fec0::1",  # site-local
    "fd00:ec2::254",  # AWS metadata over IPv6
    "ff02::1",  # multicast
    "::",
    "::1",
    "0.0.0.0",
    "169.254.169.254",
    "100.100.100.200",  # Alibaba Cloud metadata
    "192.0.0.192",  # Oracle Cloud metadata
    "168.63.129.16",  # Azure wire server
    "100.64.0.1",
    "192.88.99.1",
    "224.0.0.1",
)
NEVER = ("64:ff9b::a9fe:a9fe", "::ffff:0:a9fe:a9fe", "0.0.0.0", "169.254.169.254", "::")
"""Refused even when the operator allows private targets."""

CREATE_HOOK = """mutation($u: String!) { createWebhook(url: $u, events: ["game.created"]) {
  __typename ... on Rejected { code message details } } }"""
UPDATE_HOOK = """mutation($w: ID!, $u: String!) { updateWebhook(id: $w, url: $u) {
  __typename ... on Rejected { code message details } } }"""


def literal(address: str, port: int = 8080) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/hooks"


@pytest.fixture
def hosts() -> Iterator[Path]:
    path = Path(tempfile.mkstemp(prefix="bs-hosts-", suffix=".json")[1])
    yield path
    path.unlink()


def server(
    redis_server: RedisServer,
    hosts: Path,
    allow_private: bool,
    answers: dict[str, list[list[str]]] | None = None,
    extra: dict[str, str] | None = None,
) -> ServiceProcess:
    """A service whose names in `answers` resolve as the hosts table says."""
    hosts.write_text(json.dumps(answers or {}))
    env = ENV | {"BOARDSTATE_WEBHOOK_TEST_HOSTS": str(hosts)} | (extra or {})
    env["BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE"] = "1" if allow_private else "0"
    return ServiceProcess(redis_server.url, env=env)


async def refused_on_both_doors(url: str, base: str, webhook_id: str) -> None:
    """Registering `url`, and changing an endpoint to it, is `BAD_WEBHOOK` on both doors."""
    rest = Rest(base, ADMIN)
    api = Api(base)
    try:
        with pytest.raises(RestError) as caught:
            await register(rest, url)
        assert (caught.value.status, caught.value.code) == (422, "BAD_WEBHOOK"), url
        with pytest.raises(RestError) as caught:
            await rest.ok("PATCH", f"/webhooks/{webhook_id}", json={"url": url})
        assert caught.value.code == "BAD_WEBHOOK", url
        made = (await api.gql(CREATE_HOOK, ADMIN, u=url))["createWebhook"]
        assert made["code"] == "BAD_WEBHOOK", url
        assert made["details"]["field"] == "url"
        changed = (await api.gql(UPDATE_HOOK, ADMIN, w=webhook_id, u=url))["updateWebhook"]
        assert changed["code"] == "BAD_WEBHOOK", url
    finally:
        await rest.close()
        await api.close()


async def test_every_inside_form_is_refused_at_registration_on_both_doors(
    redis_server: RedisServer, hosts: Path
) -> None:
    names = {f"inside-{i}.test": [[address]] for i, address in enumerate(INSIDE)}
    with server(redis_server, hosts, False, names) as strict:
        rest = Rest(strict.url, ADMIN)
        try:
            public = await register(rest, "http://8.8.8.8:8080/hooks", events=["game.ended"])
            for address in INSIDE:
                await refused_on_both_doors(literal(address), strict.url, public["id"])
            for name in names:  # the same addresses behind a name
                await refused_on_both_doors(f"http://{name}:8080/hooks", strict.url, public["id"])
            listed = await rest.ok("GET", "/webhooks")
            assert [w["url"] for w in listed] == ["http://8.8.8.8:8080/hooks"]
        finally:
            await rest.close()


async def test_metadata_and_unspecified_addresses_are_refused_even_when_private_is_allowed(
    redis_server: RedisServer, hosts: Path
) -> None:
    with server(redis_server, hosts, allow_private=True) as lenient:
        rest = Rest(lenient.url, ADMIN)
        try:
            inside = await register(rest, "http://127.0.0.1:8080/hooks", events=["game.ended"])
            assert inside["url"] == "http://127.0.0.1:8080/hooks"
            for address in NEVER:
                await refused_on_both_doors(literal(address), lenient.url, inside["id"])
        finally:
            await rest.close()


async def deliveries(rest: Rest, webhook_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = await rest.ok("GET", f"/webhooks/{webhook_id}/deliveries")
    return found


async def test_a_name_that_turns_inside_after_registration_is_refused_at_delivery(
    redis_server: RedisServer, hosts: Path
) -> None:
    receiver = Receiver().start()  # on 127.0.0.1: what the inside answers would reach
    answers = {f"turns-{i}.test": [["8.8.8.8"], [address]] for i, address in enumerate(INSIDE)}
    answers["mixed.test"] = [["8.8.8.8"], ["8.8.8.8", "127.0.0.1"]]
    try:
        with server(redis_server, hosts, False, answers) as strict:
            rest = Rest(strict.url, ADMIN)
            try:
                made = {
                    name: await register(
                        rest, f"http://{name}:{receiver.port}/hooks", events=["game.created"]
                    )
                    for name in answers
                }
                await play(strict.url, 0)

                async def all_refused() -> bool:
                    for made_one in made.values():
                        log = await deliveries(rest, made_one["id"])
                        if not log or not log[0]["lastError"]:
                            return False
                    return True

                await until(all_refused, seconds=60, what="an attempt at every endpoint")
                for name, made_one in made.items():
                    (delivery,) = await deliveries(rest, made_one["id"])
                    assert delivery["status"] in ("failed", "dead"), name
                    assert delivery["lastStatus"] is None
                    assert f"host {name!r} resolves to" in delivery["lastError"]
                assert receiver.requests() == []  # not one connection landed inside
            finally:
                await rest.close()
    finally:
        receiver.stop()


async def test_a_rebinding_name_is_connected_at_the_address_that_was_checked(
    redis_server: RedisServer, hosts: Path
) -> None:
    """The name answers 127.0.0.2 (a receiver the operator allows) to registration and to the
    first attempt, then 0.0.0.0 (never allowed; a connection to it reaches 127.0.0.1, where a
    second receiver listens on the same port). A sender that checked one answer and connected
    by another lookup would deliver to 127.0.0.1; pinned, the first delivery reaches 127.0.0.2
    with the name as its Host, and every later attempt is refused at its own lookup."""
    good, inside = receivers_on_one_port("127.0.0.2", "127.0.0.1")
    answers = {"rebind.test": [["127.0.0.2"], ["127.0.0.2"], ["0.0.0.0"]]}
    try:
        with server(redis_server, hosts, True, answers) as service:
            rest = Rest(service.url, ADMIN)
            try:
                url = f"http://rebind.test:{good.port}/hooks"
                made = await register(rest, url, events=["game.created", "game.started"])
                game_id = await play(service.url, 0)

                async def refused() -> list[dict[str, Any]]:
                    log = await deliveries(rest, made["id"])
                    return [d for d in log if d["type"] == "game.started" and d["lastError"]]

                (started,) = await until(refused, seconds=60, what="the second attempt refused")
                assert "resolves to 0.0.0.0" in started["lastError"]
                (request,) = good.requests()
                assert request["headers"]["host"] == f"rebind.test:{good.port}"
                ((_, payload),) = good.verified(made["secret"], game_id)
                assert payload["type"] == "game.created"
                assert inside.requests() == []
            finally:
                await rest.close()
    finally:
        good.stop()
        inside.stop()


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


@pytest.fixture
def certificates(tmp_path: Path) -> Path:
    """A test certificate authority (`ca.pem`) and certificates for `pin.test` and
    `other.test` it signed (`<name>.pem`, `<name>.key`)."""
    ca = ["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Test CA"]
    ca += ["-addext", "basicConstraints=critical,CA:TRUE"]
    ca += ["-addext", "keyUsage=critical,keyCertSign"]
    openssl("req", *ca, "-keyout", str(tmp_path / "ca.key"), "-out", str(tmp_path / "ca.pem"))
    for name in ("pin", "other"):
        key, request, ext = (tmp_path / f"{name}.{e}" for e in ("key", "csr", "ext"))
        subject = ["-subj", f"/CN={name}.test", "-keyout", str(key), "-out", str(request)]
        openssl("req", "-newkey", "rsa:2048", "-nodes", *subject)
        ext.write_text(f"subjectAltName=DNS:{name}.test\n")
        signer = ["-CA", str(tmp_path / "ca.pem"), "-CAkey", str(tmp_path / "ca.key")]
        signed = ["-in", str(request), "-extfile", str(ext), "-out", str(tmp_path / f"{name}.pem")]
        openssl("x509", "-req", "-days", "2", "-CAcreateserial", *signer, *signed)
    return tmp_path


async def test_https_to_a_pinned_address_verifies_the_name_s_certificate(
    redis_server: RedisServer, hosts: Path, certificates: Path
) -> None:
    """The connection goes to the checked address, yet TLS is the name's: its server name is
    sent and the certificate verified against it. `pin.test` presents a certificate for
    `pin.test` and is delivered to; `wrong.test` presents one for `other.test` and is not."""
    pin = Receiver(host="127.0.0.2", tls=(certificates / "pin.pem", certificates / "pin.key"))
    wrong = Receiver(host="127.0.0.3", tls=(certificates / "other.pem", certificates / "other.key"))
    pin.start()
    wrong.start()
    answers = {"pin.test": [["127.0.0.2"]], "wrong.test": [["127.0.0.3"]]}
    extra = {"BOARDSTATE_WEBHOOK_CA_FILE": str(certificates / "ca.pem")}
    try:
        with server(redis_server, hosts, True, answers, extra) as service:
            rest = Rest(service.url, ADMIN)
            try:
                good = await register(
                    rest, f"https://pin.test:{pin.port}/hooks", events=["game.created"]
                )
                bad = await register(
                    rest, f"https://wrong.test:{wrong.port}/hooks", events=["game.created"]
                )
                game_id = await play(service.url, 0)

                async def refused() -> list[dict[str, Any]]:
                    return [d for d in await deliveries(rest, bad["id"]) if d["lastError"]]

                (failed,) = await until(refused, seconds=60, what="the wrong certificate refused")
                assert "certificate is not valid for 'wrong.test'" in failed["lastError"]
                await until(lambda: pin.requests(), seconds=60, what="the https delivery")
                ((_, payload),) = pin.verified(good["secret"], game_id)
                assert payload["type"] == "game.created"
                assert pin.requests()[0]["headers"]["host"] == f"pin.test:{pin.port}"
                assert wrong.requests() == []
            finally:
                await rest.close()
    finally:
        pin.stop()
        wrong.stop()


def receivers_on_one_port(first: str, second: str) -> tuple[Receiver, Receiver]:
    """Two receivers on the same port at two addresses; a port another test took in between
    is given up for another one."""
    for _ in range(5):
        one = Receiver(host=first).start()
        try:
            return one, Receiver(host=second, port=one.port).start()
        except RuntimeError:
            one.stop()
    raise RuntimeError(f"no port free at both {first} and {second}")
