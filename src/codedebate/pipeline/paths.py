"""Every output path of the pipeline, defined once: rules, the experiment model and the CLI import
these patterns instead of retyping them. ``{experiment}``, ``{task}``, ``{seed}`` are Snakemake
wildcards; the functions fill them for one cell or experiment."""

from __future__ import annotations

RESULTS = "results"
#: The record tables of a run, in the order writers write them (summary last).
RECORD_TABLES = ("summary", "per_round", "transcript")

CELL_DIR = RESULTS + "/runs/{experiment}/{task}/{seed}"
CELL_RECORD = CELL_DIR + "/{table}.parquet"
CELL_LOG = RESULTS + "/logs/cells/{experiment}/{task}/{seed}.log"
SETTINGS = RESULTS + "/settings/{experiment}.yaml"
SETTINGS_LOG = RESULTS + "/logs/settings/{experiment}.log"
MERGED_DIR = RESULTS + "/merged/{experiment}"
MERGED_RECORD = MERGED_DIR + "/{table}.parquet"
MERGE_LOG = RESULTS + "/logs/merge/{experiment}.log"
TABLES_DIR = RESULTS + "/tables"
FIGURES_DIR = RESULTS + "/figures"
ANALYSIS_LOG = RESULTS + "/logs/analysis/{name}.log"
THESIS_DIR = RESULTS + "/thesis"
THESIS_RECORDS_DIR = THESIS_DIR + "/records"
THESIS_LOG = RESULTS + "/logs/thesis/{name}.log"
SITE_DIR = RESULTS + "/site/{experiment}"
SITE_LOG = RESULTS + "/logs/site/{experiment}.log"
REPLAY_CELL_DIR = RESULTS + "/replay/{experiment}/{task}/{seed}"
REPLAY_LOG = RESULTS + "/logs/replay/{experiment}/{task}/{seed}.log"
REPLAY_DONE = RESULTS + "/replay/{experiment}/replayed.txt"
REPLAY_DONE_LOG = RESULTS + "/logs/replay/{experiment}.log"
#: Where a batch cell writes: one folder per task inside, and the marker (written last).
BATCH_DIR = RESULTS + "/batches/{experiment}/{batch}/{seed}"
BATCH_LOG = RESULTS + "/logs/batches/{experiment}/{batch}/{seed}.log"
BATCH_MARKER = "batch.json"
BATCH_MERGE_LOG = RESULTS + "/logs/merge/{experiment}.batches.log"


def cell_dir(experiment: str, task_id: str, seed: int | str) -> str:
    """Where one cell writes its records."""
    return CELL_DIR.format(experiment=experiment, task=task_id, seed=seed)


def cell_record(table: str) -> str:
    """A cell's record file of one table, with the cell's wildcards left open."""
    return CELL_RECORD.format(experiment="{experiment}", task="{task}", seed="{seed}", table=table)


def settings_path(experiment: str) -> str:
    """The resolved settings file of an experiment."""
    return SETTINGS.format(experiment=experiment)


def merged_dir(experiment: str) -> str:
    return MERGED_DIR.format(experiment=experiment)


def merged_record(experiment: str, table: str = "summary") -> str:
    """The merged record file of one experiment and table."""
    return MERGED_RECORD.format(experiment=experiment, table=table)
