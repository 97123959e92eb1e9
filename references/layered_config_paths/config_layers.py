"""Merge config layers in order and explain where each value came from."""

from __future__ import annotations

import copy

from config_paths import _NONE, flatten, get_path


def merge(base: dict, override: dict) -> dict:
    result = copy.deepcopy(base)
    for key, value in override.items():
        if key.endswith("+"):
            target = key[:-1]
            current = result.get(target, [])
            if not isinstance(current, list) or not isinstance(value, list):
                raise TypeError(f"{key}: can only extend a list with a list")
            result[target] = current + copy.deepcopy(value)
        elif isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


class LayeredConfig:
    """Named layers merged in the order they were added."""

    def __init__(self) -> None:
        self._layers: list[tuple[str, dict]] = []

    def add_layer(self, name: str, data: dict) -> None:
        if any(n == name for n, _ in self._layers):
            raise ValueError(f"layer {name!r} exists")
        self._layers.append((name, copy.deepcopy(data)))

    def resolve(self) -> dict:
        result: dict = {}
        for _, data in self._layers:
            result = merge(result, data)
        return result

    def get(self, path: str, default=_NONE) -> object:
        return get_path(self.resolve(), path, default)

    def explain(self) -> dict[str, str]:
        sources: dict[str, str] = {}
        current: dict = {}
        for name, data in self._layers:
            before = flatten(current)
            current = merge(current, data)
            for path, value in flatten(current).items():
                if path not in before or before[path] != value or type(before[path]) is not type(value):
                    sources[path] = name
        return {path: sources[path] for path in flatten(current)}
