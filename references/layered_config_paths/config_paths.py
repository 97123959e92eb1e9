"""Path strings into nested dict/list data: parse, format, get, set, delete, flatten."""

from __future__ import annotations

import re

_STEP = re.compile(r'([A-Za-z0-9_-]+)|\[(\d+)\]|\["([^"]*)"\]')
_PLAIN = re.compile(r"^[A-Za-z0-9_-]+$")
_NONE = object()


def parse_path(path: str) -> list[str | int]:
    steps: list[str | int] = []
    pos = 0
    while pos < len(path):
        if steps and path[pos] == ".":
            pos += 1
            m = _STEP.match(path, pos)
            if not m or m.group(1) is None:
                raise ValueError(f"bad path {path!r} at {pos}")
        else:
            m = _STEP.match(path, pos)
            if not m or (steps and m.group(1) is not None):
                raise ValueError(f"bad path {path!r} at {pos}")
            if not steps and m.group(2) is not None:
                raise ValueError(f"a path cannot start with an index: {path!r}")
        key, index, quoted = m.groups()
        steps.append(int(index) if index is not None else (key if key is not None else quoted))
        pos = m.end()
    if not steps:
        raise ValueError("empty path")
    return steps


def format_path(steps: list[str | int]) -> str:
    out = ""
    for step in steps:
        if isinstance(step, int):
            out += f"[{step}]"
        elif _PLAIN.match(step):
            out += ("." if out else "") + step
        else:
            out += f'["{step}"]'
    return out


def _step_into(node, step, path: str):
    if isinstance(step, int):
        if not isinstance(node, list) or step >= len(node):
            raise KeyError(path)
        return node[step]
    if not isinstance(node, dict) or step not in node:
        raise KeyError(path)
    return node[step]


def get_path(data, path: str, default=_NONE) -> object:
    node = data
    try:
        for step in parse_path(path):
            node = _step_into(node, step, path)
    except KeyError:
        if default is _NONE:
            raise
        return default
    return node


def _parent(data, steps: list, path: str, create: bool):
    node = data
    for i, step in enumerate(steps[:-1]):
        if isinstance(step, int):
            if not isinstance(node, list):
                raise TypeError(f"{path}: index into a non-list")
            node = _step_into(node, step, path)
            continue
        if not isinstance(node, dict):
            raise TypeError(f"{path}: key into a non-dict")
        if step not in node:
            if not create or isinstance(steps[i + 1], int):
                raise KeyError(path)
            node[step] = {}
        node = node[step]
    return node


def set_path(data, path: str, value) -> None:
    steps = parse_path(path)
    parent, last = _parent(data, steps, path, True), steps[-1]
    if isinstance(last, int):
        if not isinstance(parent, list):
            raise TypeError(f"{path}: index into a non-list")
        if last > len(parent):
            raise IndexError(path)
        if last == len(parent):
            parent.append(value)
        else:
            parent[last] = value
        return
    if not isinstance(parent, dict):
        raise TypeError(f"{path}: key into a non-dict")
    parent[last] = value


def delete_path(data, path: str) -> None:
    steps = parse_path(path)
    try:
        parent = _parent(data, steps, path, False)
    except TypeError:
        raise KeyError(path) from None
    _step_into(parent, steps[-1], path)
    del parent[steps[-1]]


def flatten(data) -> dict[str, object]:
    out: dict[str, object] = {}

    def walk(node, steps: list) -> None:
        if isinstance(node, dict) and node:
            for key, value in node.items():
                walk(value, steps + [key])
        elif isinstance(node, list) and node:
            for index, value in enumerate(node):
                walk(value, steps + [index])
        else:
            out[format_path(steps)] = node

    for key, value in data.items():
        walk(value, [key])
    return out
