"""Memoize a function's results in a cache."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from .base import Cache

F = TypeVar("F", bound=Callable[..., Any])
_MISSING = object()


def call_key(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Hashable:
    """One hashable key for a call; keyword order does not matter."""
    return args + tuple(sorted(kwargs.items())) if kwargs else args


def memoize(cache: Cache) -> Callable[[F], F]:
    """Cache the decorated function's results in ``cache`` (the wrapper exposes it as ``.cache``)."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key = call_key(args, kwargs)
            value = cache.get(key, _MISSING)
            if value is _MISSING:
                value = func(*args, **kwargs)
                cache.put(key, value)
            return value

        wrapper.cache = cache  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate
