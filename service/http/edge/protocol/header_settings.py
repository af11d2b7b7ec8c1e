"""The limits on a request's head (request line and header lines) and on the head bytes one
client address may have pending (issue 37; `service.http.edge.protocol.head_meter`), read from the
environment as `service.settings` reads the rest; every variable is in docs/configuration.md."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from boardstate.service.env_values import integer

KIB = 1024


@dataclasses.dataclass(frozen=True, slots=True)
class HeaderSettings:
    """How large a request's head may be, and how many head bytes one address may have
    pending (received, the head not complete yet) over all its connections."""

    max_line_bytes: int = 8 * KIB
    """`BOARDSTATE_MAX_HEADER_LINE_BYTES`: the request line or one header line, its line
    ending included (nginx's `large_client_header_buffers` buffer, 8k)."""
    max_bytes: int = 32 * KIB
    """`BOARDSTATE_MAX_HEADER_BYTES`: the whole head, request line and every header line and
    the blank line after them (nginx's default 4 buffers of 8k)."""
    max_pending_per_address: int = 1024 * KIB
    """`BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS`: head bytes one client address may have
    pending over all its connections to one process; 0: no cap."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> HeaderSettings:
        return cls(
            max_line_bytes=integer(
                env, "BOARDSTATE_MAX_HEADER_LINE_BYTES", 8 * KIB, lo=KIB, hi=1024 * KIB
            ),
            max_bytes=integer(env, "BOARDSTATE_MAX_HEADER_BYTES", 32 * KIB, lo=KIB, hi=16384 * KIB),
            max_pending_per_address=integer(
                env, "BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS", 1024 * KIB, lo=0, hi=1 << 40
            ),
        )
