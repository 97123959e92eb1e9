"""The config schema matches the run-settings contract, and every key in config/*.yaml is used."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from codedebate.pipeline import experiments as xp
from codedebate.backends import backend_options
from codedebate.protocol.settings import DebateSettings

from pipeline_helpers import REPO_ROOT

CONFIGS = sorted((REPO_ROOT / "config").glob("*.yaml"))


def walk(node: Any, path: str = "") -> Iterator[tuple[str, dict]]:
    """Every sub-schema with its location."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}/{i}")


def test_settings_properties_are_exactly_the_debate_settings_fields() -> None:
    props = xp.load_schema()["$defs"]["settings"]["properties"]
    assert list(props) == [f.name for f in dataclasses.fields(DebateSettings)]


def test_settings_defaults_are_the_debate_settings_defaults() -> None:
    props = xp.load_schema()["$defs"]["settings"]["properties"]
    defaults = DebateSettings().to_dict()
    for key, spec in props.items():
        if key == "backend":
            continue  # per-backend options; their defaults live in each backend
        assert spec["default"] == defaults[key], key


def test_backend_options_are_the_registered_backends_options() -> None:
    props = xp.load_schema()["$defs"]["settings"]["properties"]["backend"]["properties"]
    # seed comes from the run, never from config
    assert set(props) == set(backend_options()) - {"seed"}


def test_every_object_rejects_unknown_keys_and_every_key_is_documented() -> None:
    schema = xp.load_schema()
    for where, node in walk(schema):
        if node.get("type") == "object" and "properties" in node:
            assert node.get("additionalProperties") is False, f"{where} accepts unknown keys"
            for key, spec in node["properties"].items():
                spec = {**schema["$defs"].get(spec.get("$ref", "").split("/")[-1], {}), **spec}
                assert "description" in spec, f"{where}/{key} has no description"
                assert "default" in spec, f"{where}/{key} has no default"
                assert "type" in spec or "enum" in spec, f"{where}/{key} has no type"


@pytest.mark.parametrize("path", CONFIGS, ids=[p.name for p in CONFIGS])
def test_shipped_configs_are_valid(path: Path) -> None:
    cfg = xp.load_config(path)
    assert cfg.experiments


class Tracked(dict):
    """A dict that records which of its keys the code reads (recursively)."""

    def __init__(self, data: dict, path: str, seen: set[str]) -> None:
        super().__init__({k: track(v, f"{path}.{k}" if path else k, seen) for k, v in data.items()})
        self._path, self._seen = path, seen

    def _key(self, key: str) -> str:
        return f"{self._path}.{key}" if self._path else key

    def __getitem__(self, key: str) -> Any:
        self._seen.add(self._key(key))
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key in self:
            self._seen.add(self._key(key))
        return super().get(key, default)

    def items(self):  # noqa: ANN201 - dict view
        self._seen.update(self._key(k) for k in self.keys())
        return super().items()


def track(value: Any, path: str, seen: set[str]) -> Any:
    return Tracked(value, path, seen) if isinstance(value, dict) else value


def leaf_keys(data: Any, path: str = "") -> set[str]:
    keys: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            sub = f"{path}.{k}" if path else k
            keys.add(sub)
            keys |= leaf_keys(v, sub)
    return keys


@pytest.mark.parametrize("path", CONFIGS, ids=[p.name for p in CONFIGS])
def test_every_key_in_the_config_is_read(path: Path) -> None:
    raw = xp.read_yaml(path)
    xp.validate(raw, str(path))
    seen: set[str] = set()
    cfg = xp.parse_config(track(raw, "", seen), str(path))
    for exp in cfg.experiments.values():
        xp.cell_launcher(exp, cfg.ollama)
        xp.resolved_settings(exp)
    # backend options are handed to the backends as one mapping (get_backend(name, **backend))
    unread = sorted(k for k in leaf_keys(raw) if k not in seen and not _under_read_mapping(k, seen))
    assert not unread, f"{path.name}: keys never read: {unread}"


def _under_read_mapping(key: str, seen: set[str]) -> bool:
    # backend and protocol_options are handed on as one mapping; get_backend / parse_options
    # read every key of it and refuse unknown ones
    for mapping in ("backend", "protocol_options"):
        head, sep, _ = key.rpartition(f".settings.{mapping}.")
        if sep and f"{head}.settings.{mapping}" in seen:
            return True
    return False


def test_a_key_nobody_reads_would_be_caught(tmp_path: Path) -> None:
    raw = {"experiments": {"e": {"settings": {"agents": ["embedded:x"]}}}, "ollama": {"binary": "ollama"}}
    seen: set[str] = set()
    tracked = track(raw, "", seen)
    tracked["experiments"]  # read only this branch
    unread = sorted(k for k in leaf_keys(raw) if k not in seen)
    assert "ollama.binary" in unread


def test_config_readme_documents_every_schema_key() -> None:
    schema = xp.load_schema()
    readme = (REPO_ROOT / "config" / "README.md").read_text()
    keys = set()
    for _, node in walk(schema):
        if node.get("type") == "object":
            keys |= set(node.get("properties", {}))
    missing = sorted(k for k in keys if f"`{k}`" not in readme)
    assert not missing, f"config/README.md does not document {missing}"


def test_ollama_schema_defaults_are_the_server_options_defaults() -> None:
    """One typed source: the schema's ollama block and `with-ollama` take ServerOptions' defaults."""
    from codedebate.backends.ollama_server import ServerOptions
    from codedebate.cli import build_parser

    props = xp.load_schema()["properties"]["ollama"]["properties"]
    defaults = dataclasses.asdict(ServerOptions())
    assert set(props) == set(defaults)
    for key, spec in props.items():
        assert spec["default"] == defaults[key], key
    args = build_parser().parse_args(["with-ollama", "--", "true"])
    assert (args.binary, args.startup_timeout, args.linger, args.no_pull) == (
        defaults["binary"], defaults["startup_timeout_s"], defaults["linger_s"], not defaults["pull"])
