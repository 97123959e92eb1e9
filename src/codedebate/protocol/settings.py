"""Run settings of one debate or solo run: every switch of the protocol, validated.

The keys are the run-settings contract shared with the pipeline (config/*.yaml) and the CLI;
``DebateSettings.from_mapping`` rejects unknown keys and wrong types naming source and key.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

from codedebate.backends import DEFAULT_MODEL
from codedebate.errors import InputError, read_yaml_mapping

REVISION_STRATEGIES = ("uniform", "diverse")


class SettingsError(InputError):
    """Run settings are invalid; the message names the source and the key."""


@dataclass(frozen=True)
class DebateSettings:
    """Every setting of a run. Defaults reproduce the thesis protocol."""

    agents: list[str] = field(default_factory=lambda: [DEFAULT_MODEL] * 3)
    judge: str | None = None
    protocol: str = "debate"
    max_rounds: int = 5
    early_stop_on_perfect: bool = True
    proposal_temperature: float = 0.7
    adaptive_temperature: bool = True
    revision_temperature: float = 0.4
    temperature_step: float = 0.15
    max_temperature: float = 0.9
    critique_history: bool = True
    critique_history_bugs: int = 3
    critique_history_chars: int = 60
    revision_strategy: str = "uniform"
    show_all_solutions: bool = False
    consensus_threshold: float = 0.6
    min_votes: int = 2
    min_consensus_pass_rate: float = 0.5
    all_pass_weight: float = 1.5
    pylint_weight_max: float = 1.2
    regression_tolerance: int = 1
    max_tokens: int = 1024
    executor_timeout_s: float = 30.0
    backend: dict[str, Any] = field(default_factory=dict)
    protocol_options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    def __post_init__(self) -> None:
        _check_values(self, "settings")

    @classmethod
    def from_mapping(cls, data: dict[str, Any], source: str = "<settings>") -> "DebateSettings":
        """Build settings from a mapping (e.g. parsed YAML); unknown keys and bad types fail."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise SettingsError(source, None, f"must be a mapping, got {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            close = difflib.get_close_matches(unknown[0], sorted(known), n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(sorted(known))}"
            raise SettingsError(source, unknown[0], f"is not a setting ({hint})")
        hints = get_type_hints(cls)
        values = {key: coerce(value, hints[key], source, key) for key, value in data.items()}
        obj = cls.__new__(cls)
        defaults = cls()
        for f in dataclasses.fields(cls):
            object.__setattr__(obj, f.name, values.get(f.name, getattr(defaults, f.name)))
        _check_values(obj, source)
        return obj

    @classmethod
    def from_yaml(cls, path: Path | str) -> "DebateSettings":
        """Read settings from a YAML file (a mapping of setting keys)."""
        return cls.from_mapping(read_yaml_mapping(path, SettingsError), str(path))

    def replace(self, source: str = "<overrides>", **changes: Any) -> "DebateSettings":
        """A copy with some keys changed, validated like from_mapping."""
        merged = self.to_dict()
        merged.update(changes)
        return DebateSettings.from_mapping(merged, source)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def config_hash(self) -> str:
        """sha256 of the canonical JSON of the settings without ``seed``, first 12 hex chars."""
        data = self.to_dict()
        data.pop("seed")
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _type_name(hint: Any) -> str:
    names = {str: "a string", int: "an integer", float: "a number", bool: "true or false"}
    if hint in names:
        return names[hint]
    origin = get_origin(hint)
    if origin is list:
        return "a list of strings"
    if origin is dict:
        return "a mapping"
    args = [a for a in get_args(hint) if a is not type(None)]
    if args:
        return _type_name(args[0]) + " or null"
    return str(hint)


def coerce(value: Any, hint: Any, source: str, key: str) -> Any:
    """Check value against the field's type hint; ints are accepted for floats."""
    origin = get_origin(hint)
    args = get_args(hint)
    if origin is not None and type(None) in args:  # Optional[X]
        if value is None:
            return None
        inner = next(a for a in args if a is not type(None))
        try:
            return coerce(value, inner, source, key)
        except SettingsError:
            raise SettingsError(source, key, f"must be {_type_name(hint)}, got {type(value).__name__} {value!r}") from None
    bad = SettingsError(source, key, f"must be {_type_name(hint)}, got {type(value).__name__} {value!r}")
    if hint is bool:
        if not isinstance(value, bool):
            raise bad
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise bad
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise bad
        return value
    if origin is list:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise bad
        return list(value)
    if origin is dict:
        if not isinstance(value, dict):
            raise bad
        return dict(value)
    raise bad  # pragma: no cover - every field type is handled above


def _check_values(s: DebateSettings, source: str) -> None:
    """Range and consistency checks shared by the constructor and from_mapping."""

    def fail(key: str, message: str) -> None:
        raise SettingsError(source, key, message)

    if not s.agents:
        fail("agents", "must name at least one proposer model")
    if any(not a.strip() for a in s.agents):
        fail("agents", "model names must not be empty")
    if s.judge is not None and not s.judge.strip():
        fail("judge", "must be a model name or null")
    if s.max_rounds < 1:
        fail("max_rounds", f"must be at least 1, got {s.max_rounds}")
    if s.revision_strategy not in REVISION_STRATEGIES:
        fail("revision_strategy", f"must be one of {', '.join(REVISION_STRATEGIES)}, got {s.revision_strategy!r}")
    for key in ("proposal_temperature", "revision_temperature", "max_temperature", "temperature_step"):
        if not 0.0 <= getattr(s, key) <= 2.0:
            fail(key, f"must be between 0 and 2, got {getattr(s, key)}")
    for key in ("consensus_threshold", "min_consensus_pass_rate"):
        if not 0.0 <= getattr(s, key) <= 1.0:
            fail(key, f"must be between 0 and 1, got {getattr(s, key)}")
    for key in ("all_pass_weight", "pylint_weight_max"):
        if getattr(s, key) < 1.0:
            fail(key, f"must be at least 1.0, got {getattr(s, key)}")
    for key in ("min_votes", "regression_tolerance", "critique_history_bugs", "critique_history_chars", "seed"):
        if getattr(s, key) < 0:
            fail(key, f"must not be negative, got {getattr(s, key)}")
    if s.max_tokens < 16:
        fail("max_tokens", f"must be at least 16, got {s.max_tokens}")
    if s.executor_timeout_s <= 0:
        fail("executor_timeout_s", f"must be positive, got {s.executor_timeout_s}")
    if not isinstance(s.backend, dict):
        fail("backend", "must be a mapping of backend options")
    if not isinstance(s.protocol_options, dict):
        fail("protocol_options", "must be a mapping of the protocol's own options")
