# Lock-step batch cells: experiments with a `batch` key run as one `codedebate run-batch` per
# experiment x batch of tasks x seed (docs/stability.md). The job's output folder holds one
# records folder per task and the marker batch.json (written last); a failed batch leaves no
# output (the command writes nothing, Snakemake removes the folder) and a rerun reruns only it.

import re

BATCHES = xp.expand_batches(CFG)
BATCH_INDEX = {(b.experiment, b.batch, str(b.seed)): b for b in BATCHES}
BATCH_EXPERIMENTS = sorted({b.experiment for b in BATCHES})


def batch_cell(wildcards):
    """The batch cell of a job's wildcards."""
    key = (wildcards.experiment, wildcards.batch, wildcards.seed)
    if key not in BATCH_INDEX:
        raise ValueError(f"{key} is not a batch cell of {CONFIG_SOURCE}")
    return BATCH_INDEX[key]


def batch_dirs(experiment):
    return [b.outdir for b in BATCHES if b.experiment == experiment]


def batch_task_dirs(experiment):
    return [d for b in BATCHES if b.experiment == experiment for d in b.task_dirs()]


def batch_task_set_arg(wildcards):
    sets = set(batch_cell(wildcards).task_sets)
    return f"--task-set {sets.pop()}" if len(sets) == 1 else ""


rule batch_cell:
    input:
        tasks=lambda wildcards: batch_cell(wildcards).task_paths,
        settings=paths.SETTINGS,
    output:
        directory(xp.BATCH_DIR),
    log:
        xp.BATCH_LOG,
    wildcard_constraints:
        batch=r"b\d+",
    params:
        launcher=lambda wildcards: xp.cell_launcher(EXPERIMENTS[wildcards.experiment], CFG.ollama),
        rule=lambda wildcards: xp.batch_rule_args(EXPERIMENTS[wildcards.experiment]),
        task_set=batch_task_set_arg,
        members=lambda wildcards: ",".join(batch_cell(wildcards).task_ids),  # a changed batch reruns
        marker=xp.BATCH_MARKER,
    threads: lambda wildcards: resources_of(wildcards).threads
    resources:
        mem_mb=lambda wildcards: resources_of(wildcards).mem_mb,
        runtime=lambda wildcards: resources_of(wildcards).runtime,
        gres=lambda wildcards: resources_of(wildcards).gres,
    group:
        lambda wildcards: "gpu_cells" if EXPERIMENTS[wildcards.experiment].ollama_models else "cpu_cells"
    conda:
        "../../envs/cells.yaml"
    shell:
        "{params.launcher}codedebate run-batch --settings {input.settings} --tasks {input.tasks}"
        " --seed {wildcards.seed} --experiment {wildcards.experiment} {params.task_set} {params.rule}"
        " --output {output}/{{task}} --marker {output}/{params.marker} > {log} 2>&1"


rule merge_batch_experiment:
    # the merged records of a batch experiment: every task folder of every batch cell
    input:
        lambda wildcards: batch_dirs(wildcards.experiment),
    output:
        **{table: paths.MERGED_RECORD.replace("{table}", table) for table in RECORD_TABLES},
    log:
        xp.RESULTS + "/logs/merge/{experiment}.batches.log",
    wildcard_constraints:
        experiment="|".join(map(re.escape, BATCH_EXPERIMENTS)) or "(?!)",
    params:
        cells=lambda wildcards: batch_task_dirs(wildcards.experiment),
        outdir=lambda wildcards: paths.merged_dir(wildcards.experiment),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate merge-runs --output {params.outdir} {params.cells} > {log} 2>&1"


ruleorder: merge_batch_experiment > merge_experiment


rule batches:
    # every batch cell of the grid, without merging (e.g. `snakemake batches`)
    input:
        [b.outdir for b in BATCHES],
