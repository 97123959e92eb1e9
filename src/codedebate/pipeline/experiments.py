"""Experiment grids: load and validate config/*.yaml, expand experiment x task x seed into cells.

An experiment is a name plus run settings (the DebateSettings keys), task sets, seeds and an
optional task filter. The Snakemake workflow and ``codedebate experiments`` both use this
module, so every rule of the grid is testable without Snakemake (the package never imports it).
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from codedebate.backends.ollama_server import ServerOptions
from codedebate.errors import InputError, read_yaml_mapping
from codedebate.pipeline import paths
from codedebate.protocol.registry import get_protocol
from codedebate.protocol.settings import DebateSettings, SettingsError
from codedebate.stability import StabilitySettings
from codedebate.tasks import Task, TaskError, load_tasks

#: Names that become path components and Snakemake wildcards.
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")
RESULTS = paths.RESULTS


class ConfigError(InputError):
    """An experiment config is invalid; the message names the file and the key path."""


@dataclass(frozen=True)
class CellResources:
    """What one cell's job asks the scheduler for."""

    threads: int
    mem_mb: int
    runtime: int
    gres: str


@dataclass(frozen=True)
class Experiment:
    """One named configuration of the grid."""

    name: str
    description: str
    settings: DebateSettings
    task_sets: tuple[str, ...]
    seeds: tuple[int, ...]
    tasks: tuple[str, ...]
    difficulties: tuple[str, ...]
    resources: CellResources
    batch: "BatchSpec | None" = None  # lock-step batches (codedebate run-batch) instead of one cell per task

    @property
    def ollama_models(self) -> list[str]:
        """Models of this experiment that an Ollama server must serve."""
        return ollama_models(self.settings)


@dataclass(frozen=True)
class ExperimentConfig:
    """A validated config file: task sets, experiments, Ollama and resource options."""

    source: str
    task_sets: dict[str, str]
    experiments: dict[str, Experiment]
    ollama: ServerOptions
    thesis_results_dir: str


@dataclass(frozen=True)
class Cell:
    """One run: experiment x task x seed."""

    experiment: str
    task_id: str
    seed: int
    task_path: str
    task_set: str

    @property
    def outdir(self) -> str:
        return cell_dir(self.experiment, self.task_id, self.seed)


cell_dir = paths.cell_dir
settings_path = paths.settings_path


def is_ollama_model(name: str) -> bool:
    """The backend registry sends this model name to an Ollama server."""
    from codedebate.backends import resolve

    return resolve(name)[0] == "ollama"


def ollama_models(settings: DebateSettings) -> list[str]:
    """Ollama model names (agents, then judge) in first-use order, without duplicates."""
    names = [*settings.agents, *([settings.judge] if settings.judge else [])]
    return [n for i, n in enumerate(names) if is_ollama_model(n) and n not in names[:i]]


# --------------------------------------------------------------------------- loading


def default_schema_path() -> Path:
    """workflow/schemas/config.schema.yaml of the checkout this package runs from."""
    return Path(__file__).resolve().parents[3] / "workflow" / "schemas" / "config.schema.yaml"


def load_schema(path: Path | str | None = None) -> dict[str, Any]:
    path = Path(path) if path else default_schema_path()
    if not path.is_file():
        raise ConfigError(str(path), None, "config schema not found (run from a codedebate checkout)")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def read_yaml(path: Path | str) -> dict[str, Any]:
    """A config file's mapping, or a ConfigError naming the file."""
    return read_yaml_mapping(path, ConfigError)


def validate(data: Mapping[str, Any], source: str, schema: dict[str, Any] | None = None) -> None:
    """Check data against the JSON schema; the first error names the key path."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema or load_schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    if not errors:
        return
    err = errors[0]
    key = ".".join(str(p) for p in err.absolute_path) or None
    if err.validator == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        extra = sorted(set(err.instance) - set(allowed))
        bad = f"{key}.{extra[0]}" if key else extra[0]
        raise ConfigError(source, bad, f"is not a known key (known here: {', '.join(allowed)})")
    raise ConfigError(source, key, err.message)


def parse_config(data: Mapping[str, Any], source: str, schema: dict[str, Any] | None = None) -> ExperimentConfig:
    """Build the typed config from already validated data (schema defaults fill gaps)."""
    schema = schema or load_schema()
    props = schema["properties"]
    task_sets = data.get("task_sets", props["task_sets"]["default"])
    ollama_raw = data.get("ollama", {})
    ollama = ServerOptions(**{k: ollama_raw[k] for k in props["ollama"]["properties"] if k in ollama_raw})
    res_raw = data.get("resources", {})
    base = {
        kind: _resources(res_raw.get(kind, {}), spec["properties"])
        for kind, spec in props["resources"]["properties"].items()
    }
    experiments = {}
    for name, raw in data["experiments"].items():
        experiments[name] = _experiment(name, raw, base, task_sets, source, schema)
    sets = {name: folder for name, folder in task_sets.items()}
    thesis_dir = data.get("thesis_results_dir", props["thesis_results_dir"]["default"])
    return ExperimentConfig(source=source, task_sets=sets, experiments=experiments, ollama=ollama,
                            thesis_results_dir=thesis_dir)


def _resources(raw: Mapping[str, Any], spec: Mapping[str, Any], base: CellResources | None = None) -> CellResources:
    def pick(key: str) -> Any:
        if key in raw:
            return raw[key]
        return getattr(base, key) if base else spec[key]["default"]

    return CellResources(threads=pick("threads"), mem_mb=pick("mem_mb"), runtime=pick("runtime"), gres=pick("gres"))


def _experiment(
    name: str,
    raw: Mapping[str, Any],
    base: dict[str, CellResources],
    task_sets: Mapping[str, str],
    source: str,
    schema: dict[str, Any],
) -> Experiment:
    where = f"experiments.{name}"
    if not NAME_RE.match(name):
        raise ConfigError(source, where, "experiment names may use letters, digits and _ . + - only")
    exp_props = schema["$defs"]["experiment"]["properties"]
    if "seed" in raw["settings"]:
        raise ConfigError(source, f"{where}.settings.seed", "set seeds with the experiment's 'seeds' list, not in settings")
    try:
        settings = DebateSettings.from_mapping(raw["settings"], f"{source}: {where}.settings")
        get_protocol(settings, f"{source}: {where}.settings")  # the protocol and its options, before any cell runs
    except SettingsError as exc:
        key = f"{where}.settings.{exc.key}" if exc.key else f"{where}.settings"
        raise ConfigError(source, key, exc.message) from None
    sets = tuple(raw.get("task_sets", exp_props["task_sets"]["default"]))
    for i, s in enumerate(sets):
        if s not in task_sets:
            raise ConfigError(source, f"{where}.task_sets[{i}]", f"'{s}' is not declared under task_sets (declared: {', '.join(task_sets)})")
    kind = "gpu_cell" if ollama_models(settings) else "cpu_cell"
    over = raw.get("resources", {})
    resources = _resources(over, {}, base[kind])
    return Experiment(
        name=name,
        description=raw.get("description", ""),
        settings=settings,
        task_sets=sets,
        seeds=tuple(raw.get("seeds", exp_props["seeds"]["default"])),
        tasks=tuple(raw.get("tasks", ())),
        difficulties=tuple(raw.get("difficulties", ())),
        resources=resources,
        batch=_batch(raw["batch"], source, f"{where}.batch") if "batch" in raw else None,
    )


# --------------------------------------------------------------------------- lock-step batches

@dataclass(frozen=True)
class BatchSpec:
    """How an experiment's tasks are batched: ``size`` tasks per batch (0: all), the stability rule."""

    size: int
    stability: StabilitySettings | None


def _batch(raw: Mapping[str, Any], source: str, where: str) -> BatchSpec:
    stability = raw.get("stability")
    try:
        rule = None if stability is None else StabilitySettings.from_mapping(stability)
    except ValueError as exc:
        key, _, message = str(exc).partition(": ")
        raise ConfigError(source, f"{where}.stability.{key}", message) from None
    return BatchSpec(size=raw.get("size", 0), stability=rule)


def load_config(data: Mapping[str, Any] | Path | str, source: str | None = None) -> ExperimentConfig:
    """Validate and parse a config mapping (or YAML file); errors name the file and key."""
    if isinstance(data, (str, Path)):
        source = source or str(data)
        data = read_yaml(data)
    source = source or "<config>"
    schema = load_schema()
    validate(data, source, schema)
    return parse_config(data, source, schema)


# --------------------------------------------------------------------------- grid


def load_task_sets(cfg: ExperimentConfig, base_dir: Path | str = ".") -> dict[str, list[Task]]:
    """Load each task set the experiments use (once)."""
    used = {s for e in cfg.experiments.values() for s in e.task_sets}
    out = {}
    for name in (n for n in cfg.task_sets if n in used):
        path = Path(base_dir, cfg.task_sets[name])
        if not path.exists():
            raise ConfigError(cfg.source, f"task_sets.{name}", f"folder '{path}' does not exist")
        out[name] = load_tasks(path)
    return out


def select_tasks(exp: Experiment, tasks_by_set: Mapping[str, list[Task]], source: str) -> list[tuple[Task, str]]:
    """The experiment's tasks (first set wins for an id in two sets), filtered by id and difficulty."""
    chosen: dict[str, tuple[Task, str]] = {}
    for set_name in exp.task_sets:
        for task in tasks_by_set[set_name]:
            chosen.setdefault(task.id, (task, set_name))
    for i, pattern in enumerate(exp.tasks):
        if not any(fnmatch.fnmatchcase(t, pattern) for t in chosen):
            raise ConfigError(source, f"experiments.{exp.name}.tasks[{i}]", f"'{pattern}' matches no task in {', '.join(exp.task_sets)}")
    picked = []
    for task_id, (task, set_name) in chosen.items():
        if exp.tasks and not any(fnmatch.fnmatchcase(task_id, p) for p in exp.tasks):
            continue
        if exp.difficulties and task.difficulty not in exp.difficulties:
            continue
        if not NAME_RE.match(task_id):
            raise TaskError(task.source_path, "id", f"'{task_id}' cannot name a result folder (letters, digits, _ . + - only)")
        picked.append((task, set_name))
    return picked


def expand_cells(cfg: ExperimentConfig, base_dir: Path | str = ".") -> list[Cell]:
    """Every cell of the grid, in config order: experiment, then task, then seed."""
    tasks_by_set = load_task_sets(cfg, base_dir)
    cells = []
    for exp in cfg.experiments.values():
        if exp.batch is not None:  # batch experiments run as batch cells (expand_batches)
            continue
        for task, set_name in select_tasks(exp, tasks_by_set, cfg.source):
            for seed in exp.seeds:
                cells.append(Cell(exp.name, task.id, seed, task.source_path, set_name))
    return cells


# --------------------------------------------------------------------------- resolved settings


def resolved_settings(exp: Experiment) -> str:
    """The YAML a cell's ``codedebate run --settings`` reads: every key but the seed."""
    data = exp.settings.to_dict()
    data.pop("seed")
    header = f"# resolved run settings of experiment '{exp.name}' (seed comes per cell)\n"
    return header + yaml.safe_dump(data, sort_keys=False, default_flow_style=False)


def write_if_changed(path: Path | str, text: str) -> bool:
    """Write text atomically unless the file already holds it; True when written."""
    path = Path(path)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)
    return True


def cell_launcher(exp: Experiment, opts: ServerOptions) -> str:
    """Shell prefix of a cell's command: the Ollama wrapper for cells with Ollama models, else ''."""
    if not exp.ollama_models:
        return ""
    args = ["codedebate", "with-ollama", "--settings", settings_path(exp.name), "--binary", opts.binary,
            "--container-runtime", opts.container_runtime,
            "--startup-timeout", f"{opts.startup_timeout_s:g}", "--linger", f"{opts.linger_s:g}"]
    for flag, value in (("--container", opts.container), ("--host", opts.host), ("--models-dir", opts.models_dir)):
        if value:
            args += [flag, value]
    if not opts.pull:
        args.append("--no-pull")
    return shlex.join(args) + " -- "
