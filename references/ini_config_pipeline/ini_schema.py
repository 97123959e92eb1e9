"""Typed schema validation for parsed INI data."""

from __future__ import annotations

from dataclasses import dataclass

from ini_parser import parse_ini

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass
class Field:
    """One expected key: its type, whether it is required, a default, allowed values."""

    type: str
    required: bool = True
    default: object = None
    choices: list | None = None


class ConfigError(ValueError):
    """Validation failed; ``errors`` lists (path, code) tuples."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{p}: {c}" for p, c in errors))
        self.errors = errors


def convert(kind: str, raw: str) -> object:
    if kind == "str":
        return raw
    if kind == "int":
        return int(raw)
    if kind == "float":
        return float(raw)
    if kind == "bool":
        low = raw.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ValueError(raw)
    if kind == "list":
        return [item.strip() for item in raw.split(",") if item.strip()]
    raise ValueError(f"unknown field type {kind!r}")


def validate(data: dict, schema: dict) -> tuple[dict, list[tuple[str, str]]]:
    errors: list[tuple[str, str]] = []
    config: dict = {}
    for section in data:
        if section not in schema:
            errors.append((section, "unknown_section"))
    for section, fields in schema.items():
        given = data.get(section, {})
        out = config[section] = {}
        for key in given:
            if key not in fields:
                errors.append((f"{section}.{key}", "unknown_key"))
        for key, field in fields.items():
            path = f"{section}.{key}"
            if key not in given:
                if field.required:
                    errors.append((path, "missing"))
                else:
                    out[key] = field.default
                continue
            try:
                value = convert(field.type, given[key])
            except ValueError:
                errors.append((path, "bad_type"))
                continue
            if field.choices is not None and value not in field.choices:
                errors.append((path, "bad_choice"))
                continue
            out[key] = value
    return config, sorted(errors)


def load_config(text: str, schema: dict) -> dict:
    config, errors = validate(parse_ini(text), schema)
    if errors:
        raise ConfigError(errors)
    return config
