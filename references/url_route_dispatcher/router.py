"""Dispatch (method, path) to handlers; build URLs by route name."""

from __future__ import annotations

from routes import Route, compile_pattern


class NotFound(Exception):
    """No route matches the path."""


class MethodNotAllowed(Exception):
    """Routes match the path, but none for this method."""

    def __init__(self, allowed: list[str]) -> None:
        super().__init__(f"allowed: {', '.join(allowed)}")
        self.allowed = allowed


class Router:
    """Routes in the order added, with static routes tried first."""

    def __init__(self) -> None:
        self._routes: list[tuple[str, Route, object]] = []
        self._names: dict[str, Route] = {}

    def add(self, method: str, pattern: str, handler, name: str | None = None) -> None:
        route = compile_pattern(pattern)
        if name is not None:
            if name in self._names:
                raise ValueError(f"route name {name!r} already used")
            self._names[name] = route
        self._routes.append((method.upper(), route, handler))

    def _ordered(self) -> list[tuple[str, Route, object]]:
        static = [r for r in self._routes if r[1].is_static]
        dynamic = [r for r in self._routes if not r[1].is_static]
        return static + dynamic

    def dispatch(self, method: str, path: str) -> tuple[object, dict]:
        method = method.upper()
        path = path.split("?", 1)[0]
        matching = []
        for route_method, route, handler in self._ordered():
            params = route.match(path)
            if params is not None:
                matching.append((route_method, handler, params))
        for wanted in ([method, "GET"] if method == "HEAD" else [method]):
            for route_method, handler, params in matching:
                if route_method == wanted:
                    return handler, params
        if matching:
            raise MethodNotAllowed(sorted({m for m, _, _ in matching}))
        raise NotFound(path)

    def url_for(self, name: str, **values) -> str:
        return self._names[name].build(**values)
