"""The thesis's ``config.yaml`` as read by ``codedebate run --config FILE``.

Only the keys the thesis itself read become run settings; keys it never read (its database,
web UI, logging, ...) get one notice naming them, so the thesis's own file loads unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_type_hints

from codedebate.protocol import DebateSettings, SettingsError
from codedebate.protocol.settings import coerce

# thesis key -> our setting (a "backend." prefix: an option of the backend block)
READ_KEYS: dict[str, str] = {
    "ollama.base_url": "backend.host",
    "ollama.timeout": "backend.request_timeout_s",
    "debate.consensus_threshold": "consensus_threshold",
    "debate.early_stop_on_perfect": "early_stop_on_perfect",
    "debate.max_rounds": "max_rounds",
    "debate.adaptive_temperature": "adaptive_temperature",
    "debate.critique_history": "critique_history",
    "debate.revision_strategy": "revision_strategy",
    "debate.revision_show_all_solutions": "show_all_solutions",
}
BACKEND_TYPES: dict[str, Any] = {"host": str, "request_timeout_s": float}
# whole sections, and single keys, that the thesis code never read
IGNORED_SECTIONS = ("database", "web", "agents", "execution", "logging", "metrics", "temperatures")
IGNORED_KEYS = ("debate.min_rounds",)


@dataclass(frozen=True)
class ThesisConfig:
    """Settings read from a thesis config file, and the keys it holds that nothing reads."""

    settings: dict[str, Any]
    backend: dict[str, Any]
    ignored: tuple[str, ...]

    def notice(self, source: str) -> str | None:
        """One line naming the ignored keys, or None when there are none."""
        if not self.ignored:
            return None
        return (f"notice: {source}: the thesis never read {', '.join(self.ignored)}; "
                "ignored here too")

    def apply(self, base: DebateSettings, source: str) -> DebateSettings:
        """base with this file's settings (and backend options) on top."""
        changes: dict[str, Any] = dict(self.settings)
        if self.backend:
            changes["backend"] = {**base.backend, **self.backend}
        return base.replace(source, **changes) if changes else base


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """{"a": {"b": 1}} -> {"a.b": 1}; only the first two levels matter here."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and not prefix:
            out.update(_flatten(value, f"{name}."))
        else:
            out[name] = value
    return out


def _is_ignored(key: str) -> bool:
    section = key.split(".", 1)[0]
    leaf = key.rsplit(".", 1)[-1]
    return (section in IGNORED_SECTIONS or key in IGNORED_KEYS
            or ("temperature" in leaf and key != "debate.adaptive_temperature"))


def parse_thesis_config(data: dict[str, Any], source: str) -> ThesisConfig:
    """Map a parsed thesis config to our settings; a wrong type or an unknown key fails naming it."""
    settings: dict[str, Any] = {}
    backend: dict[str, Any] = {}
    ignored: list[str] = []
    hints = get_type_hints(DebateSettings)
    for key, value in _flatten(data).items():
        if key in READ_KEYS:
            target = READ_KEYS[key]
            if target.startswith("backend."):
                option = target.removeprefix("backend.")
                backend[option] = coerce(value, BACKEND_TYPES[option], source, key)
            else:
                settings[target] = coerce(value, hints[target], source, key)
        elif _is_ignored(key):
            ignored.append(key)
        else:
            raise SettingsError(source, key, "is not a key of the thesis's config.yaml (read: "
                                f"{', '.join(READ_KEYS)}; ignored: {', '.join(IGNORED_SECTIONS)} "
                                f"sections, {', '.join(IGNORED_KEYS)}, temperatures)")
    if "request_timeout_s" in backend and backend["request_timeout_s"] <= 0:
        raise SettingsError(source, "ollama.timeout", "must be positive")
    return ThesisConfig(settings, backend, tuple(sorted(_sections(ignored))))


def _sections(keys: list[str]) -> set[str]:
    """Ignored keys for the notice: a whole section by its name (``database.*``), others as they are."""
    return {f"{k.split('.', 1)[0]}.*" if k.split(".", 1)[0] in IGNORED_SECTIONS and "." in k else k
            for k in keys}


def read_thesis_config(path: Path | str) -> ThesisConfig:
    """Read a thesis ``config.yaml`` file."""
    from codedebate.errors import read_yaml_mapping

    return parse_thesis_config(read_yaml_mapping(path, SettingsError), str(path))
