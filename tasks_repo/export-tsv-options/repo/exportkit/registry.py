"""The exporters known by format name; exporter classes register themselves when defined."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .base import Exporter

_FORMATS: dict[str, type["Exporter"]] = {}
_EXTENSIONS: dict[str, str] = {}


def register(name: str, cls: type["Exporter"], extension: str) -> None:
    if name in _FORMATS and _FORMATS[name] is not cls:
        raise ValueError(f"format {name!r} is already provided by {_FORMATS[name].__name__}")
    _FORMATS[name] = cls
    _EXTENSIONS[extension] = name


def exporter_class(name: str) -> type["Exporter"]:
    try:
        return _FORMATS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown export format {name!r} (known: {', '.join(available())})") from None


def format_for_extension(extension: str) -> str:
    """'.tsv' -> 'tsv'; ValueError for an extension no exporter writes."""
    try:
        return _EXTENSIONS[extension.lower()]
    except KeyError:
        raise ValueError(f"no export format writes {extension!r} files") from None


def available() -> list[str]:
    return sorted(_FORMATS)
