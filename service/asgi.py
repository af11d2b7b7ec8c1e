"""The ASGI entry point for servers: `uvicorn service.asgi:app` (needs `REDIS_URL`)."""

from __future__ import annotations

from boardstate.service.http.app import create_app
from boardstate.service.settings import Settings

app = create_app(Settings.from_env())
