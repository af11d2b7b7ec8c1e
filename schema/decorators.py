"""Typed forms of strawberry's field decorators with arguments.

`strawberry.field(description=...)` without a resolver is typed as returning `Any` (it may also
be a plain field's default), which mypy --strict reports as an untyped decorator. These casts
keep the resolver's own signature for the type checker; at runtime they are strawberry's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import strawberry

F = TypeVar("F", bound=Callable[..., Any])


def field(description: str) -> Callable[[F], F]:
    """`@strawberry.field(description=...)`."""
    return cast(Callable[[F], F], strawberry.field(description=description))


def mutation(description: str) -> Callable[[F], F]:
    """`@strawberry.mutation(description=...)`."""
    return cast(Callable[[F], F], strawberry.mutation(description=description))


def subscription(description: str) -> Callable[[F], F]:
    """`@strawberry.subscription(description=...)`."""
    return cast(Callable[[F], F], strawberry.subscription(description=description))
