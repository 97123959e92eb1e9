"""Lock-step batch cells: an experiment with a ``batch`` key runs as one ``codedebate run-batch`` per
experiment x batch of tasks x seed (docs/stability.md); its batch spec is parsed with the config
(``experiments.BatchSpec``)."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codedebate.pipeline.experiments import ConfigError, Experiment, ExperimentConfig, load_task_sets, select_tasks
from codedebate.pipeline.paths import BATCH_DIR


@dataclass(frozen=True)
class BatchCell:
    """One batch run: experiment x batch of tasks x seed (``codedebate run-batch``)."""

    experiment: str
    batch: str  # b0, b1, ... in task order
    seed: int
    task_ids: tuple[str, ...]
    task_paths: tuple[str, ...]
    task_sets: tuple[str, ...]

    @property
    def outdir(self) -> str:
        return BATCH_DIR.format(experiment=self.experiment, batch=self.batch, seed=self.seed)

    def task_dirs(self) -> list[str]:
        """The record folder of each task of the batch."""
        return [f"{self.outdir}/{task_id}" for task_id in self.task_ids]


def expand_batches(cfg: ExperimentConfig, base_dir: Path | str = ".") -> list[BatchCell]:
    """Every batch cell of the grid: the experiment's tasks (config order) cut into batches of
    ``size``, once per seed."""
    tasks_by_set = load_task_sets(cfg, base_dir)
    cells = []
    for exp in cfg.experiments.values():
        if exp.batch is None:
            continue
        picked = select_tasks(exp, tasks_by_set, cfg.source)
        size = exp.batch.size or len(picked) or 1
        for b, start in enumerate(range(0, len(picked), size)):
            chunk = picked[start:start + size]
            for seed in exp.seeds:
                cells.append(BatchCell(exp.name, f"b{b}", seed, tuple(t.id for t, _ in chunk),
                                       tuple(t.source_path for t, _ in chunk), tuple(s for _, s in chunk)))
    return cells


def find_batch(index: Mapping[tuple[str, str, str], BatchCell], experiment: str, batch: str, seed: str,
               source: str) -> BatchCell:
    """The batch cell of a job's wildcards (unknown combinations are not part of the grid)."""
    key = (experiment, batch, str(seed))
    if key not in index:
        raise ConfigError(source, None, f"{key} is not a batch cell of this config")
    return index[key]


def task_set_arg(cell: BatchCell) -> str:
    """``--task-set NAME`` when every task of the batch comes from one set, else ''."""
    sets = set(cell.task_sets)
    return f"--task-set {shlex.quote(sets.pop())}" if len(sets) == 1 else ""


def batch_rule_args(exp: Experiment) -> str:
    """The stability options of a batch cell's command line ('' when the rule is off)."""
    if exp.batch is None or exp.batch.stability is None:
        return ""
    pairs = [f"{k}={_yaml_scalar(v)}" for k, v in exp.batch.stability.to_dict().items()]
    return " ".join(f"--stability-option {shlex.quote(p)}" for p in pairs)


def _yaml_scalar(value: Any) -> str:
    """A value as the YAML scalar run-batch reads back (1e-06 would read as a string: 1.0e-06)."""
    if isinstance(value, float):
        text = repr(value)
        mantissa, e, exponent = text.partition("e")
        return f"{mantissa if '.' in mantissa else mantissa + '.0'}{e}{exponent}" if e else text
    return str(value)
