"""Render validated configs as text and diff two of them."""

from __future__ import annotations

from ini_schema import load_config


def format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if value is None:
        return ""
    return str(value)


def render_config(config: dict) -> str:
    blocks = []
    for section in sorted(config):
        lines = [f"[{section}]"]
        for key in sorted(config[section]):
            lines.append(f"{key} = {format_value(config[section][key])}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _flatten(config: dict) -> dict[str, object]:
    return {f"{s}.{k}": v for s, keys in config.items() for k, v in keys.items()}


def diff_configs(old: dict, new: dict) -> list[str]:
    a, b = _flatten(old), _flatten(new)
    lines = []
    for path in sorted(set(a) | set(b)):
        if path not in a:
            lines.append(f"+ {path} = {format_value(b[path])}")
        elif path not in b:
            lines.append(f"- {path} = {format_value(a[path])}")
        elif a[path] != b[path]:
            lines.append(f"~ {path}: {format_value(a[path])} -> {format_value(b[path])}")
    return lines


def report_from_text(text: str, schema: dict) -> str:
    return render_config(load_config(text, schema))
