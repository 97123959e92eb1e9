# Config, the cell grid and path helpers shared by every rule file. The logic lives in
# codedebate.pipeline.experiments (tested without Snakemake); this file only binds it to the workflow.

import os
import sys

from codedebate.pipeline import experiments as xp
from codedebate.pipeline import paths


envvars:
    "PATH",


# Rules call the `codedebate` command of the Python that runs Snakemake, also when its
# virtual environment is not activated (a rule's conda env, when used, comes first again).
_BIN = os.path.dirname(sys.executable)
if _BIN not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _BIN + os.pathsep + os.environ.get("PATH", "")

DEFAULT_CONFIGFILE = "config/config.yaml"

if not workflow.overwrite_configfiles:

    configfile: DEFAULT_CONFIGFILE


CONFIG_SOURCE = ", ".join(map(str, workflow.configfiles)) or DEFAULT_CONFIGFILE
CFG = xp.load_config(config, CONFIG_SOURCE)
EXPERIMENTS = CFG.experiments
CELLS = xp.expand_cells(CFG)
CELL_INDEX = {(c.experiment, c.task_id, str(c.seed)): c for c in CELLS}
CELLS_BY_EXPERIMENT = {name: [c for c in CELLS if c.experiment == name] for name in EXPERIMENTS}

RESULTS = paths.RESULTS
RECORD_TABLES = paths.RECORD_TABLES
# Targets of `rule all`; included rule files (analysis.smk, thesis.smk) may append theirs.
ALL_TARGETS = []


wildcard_constraints:
    experiment=xp.NAME_RE.pattern.strip("^$"),
    task=xp.NAME_RE.pattern.strip("^$"),
    seed=r"\d+",


def cell(wildcards):
    """The cell of a job's wildcards (unknown combinations are not part of the grid)."""
    key = (wildcards.experiment, wildcards.task, wildcards.seed)
    if key not in CELL_INDEX:
        raise ValueError(f"{key} is not a cell of {CONFIG_SOURCE}; see `codedebate experiments check`")
    return CELL_INDEX[key]


def cell_records(c, table="summary"):
    return paths.CELL_RECORD.format(experiment=c.experiment, task=c.task_id, seed=c.seed, table=table)


def experiment_cells(experiment, table="summary"):
    """Record files of every cell of an experiment."""
    return [cell_records(c, table) for c in CELLS_BY_EXPERIMENT[experiment]]


def merged(experiment, table="summary"):
    """The merged record file of one experiment (output of rule merge_experiment)."""
    return paths.merged_record(experiment, table)


def merged_all(table="summary"):
    return [merged(name, table) for name in EXPERIMENTS]


def resources_of(wildcards):
    return EXPERIMENTS[wildcards.experiment].resources


REPORT_DIR = os.path.join(workflow.basedir, "report")


def reported(files, category):
    """Files for a rule's output, each with its caption (report/<name>.rst) in the report; only
    the first format of each name (csv, png) goes into the report, the others stay plain outputs."""
    out, seen = [], set()
    for f in files:
        name = os.path.splitext(os.path.basename(f))[0]
        caption = os.path.join(REPORT_DIR, f"{name}.rst")
        if name in seen or not os.path.isfile(caption):
            out.append(f)
        else:
            out.append(report(f, caption=caption, category=category))
        seen.add(name)
    return out


def replayed_cells(experiment):
    return [os.path.join(paths.REPLAY_CELL_DIR.format(experiment=c.experiment, task=c.task_id, seed=c.seed), "summary.parquet")
            for c in CELLS_BY_EXPERIMENT[experiment]]
