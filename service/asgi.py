"""The ASGI entry point for servers: `uvicorn service.asgi:app` (needs `REDIS_URL`).

Run it with the service's guarded HTTP protocol and without uvicorn's own forwarded-address
rewriting (which trusts `X-Forwarded-For` from 127.0.0.1 whatever `BOARDSTATE_TRUSTED_PROXIES`
says): `uvicorn boardstate.service.asgi:app --no-proxy-headers --http
boardstate.service.http.edge.protocol.protocols:GuardedHttpTools`
(`service.http.edge.protocol.protocols`; docs/deploy.md). `boardstate serve` does both itself.
"""

from __future__ import annotations

from boardstate.service.http.app import create_app
from boardstate.service.settings import Settings

app = create_app(Settings.from_env())
