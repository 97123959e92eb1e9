# Lock-step batch cells: experiments with a `batch` key run as one `codedebate run-batch` per
# experiment x batch of tasks x seed (docs/stability.md). The job's output folder holds one
# records folder per task and the marker batch.json (written last); a failed batch leaves no
# output (the command writes nothing, Snakemake removes the folder) and a rerun reruns only it.

import re

from codedebate.pipeline import batches as xb

BATCHES = xb.expand_batches(CFG)
BATCH_INDEX = {(b.experiment, b.batch, str(b.seed)): b for b in BATCHES}
BATCHES_BY_EXPERIMENT = {name: [b for b in BATCHES if b.experiment == name] for name in EXPERIMENTS}
BATCH_EXPERIMENT_RE = "|".join(sorted(re.escape(n) for n, bs in BATCHES_BY_EXPERIMENT.items() if bs)) or "(?!)"


rule batch_cell:
    input:
        tasks=lambda w: xb.find_batch(BATCH_INDEX, w.experiment, w.batch, w.seed, CONFIG_SOURCE).task_paths,
        settings=paths.SETTINGS,
    output:
        directory(paths.BATCH_DIR),
    log:
        paths.BATCH_LOG,
    wildcard_constraints:
        batch=r"b\d+",
    params:
        launcher=lambda w: xp.cell_launcher(EXPERIMENTS[w.experiment], CFG.ollama),
        rule=lambda w: xb.batch_rule_args(EXPERIMENTS[w.experiment]),
        task_set=lambda w: xb.task_set_arg(xb.find_batch(BATCH_INDEX, w.experiment, w.batch, w.seed, CONFIG_SOURCE)),
        # the members are a param: a batch whose tasks change reruns
        members=lambda w: ",".join(xb.find_batch(BATCH_INDEX, w.experiment, w.batch, w.seed, CONFIG_SOURCE).task_ids),
        marker=paths.BATCH_MARKER,
    threads: lambda w: resources_of(w).threads
    resources:
        mem_mb=lambda w: resources_of(w).mem_mb,
        runtime=lambda w: resources_of(w).runtime,
        gres=lambda w: resources_of(w).gres,
    group:
        lambda w: "gpu_cells" if EXPERIMENTS[w.experiment].ollama_models else "cpu_cells"
    conda:
        "../../envs/cells.yaml"
    shell:
        "{params.launcher}codedebate run-batch --settings {input.settings} --tasks {input.tasks}"
        " --seed {wildcards.seed} --experiment {wildcards.experiment} {params.task_set} {params.rule}"
        " --output {output}/{{task}} --marker {output}/{params.marker} > {log} 2>&1"


rule merge_batch_experiment:
    # the merged records of a batch experiment: every task folder of every batch cell
    input:
        lambda w: [b.outdir for b in BATCHES_BY_EXPERIMENT[w.experiment]],
    output:
        **{table: paths.MERGED_RECORD.replace("{table}", table) for table in RECORD_TABLES},
    log:
        paths.BATCH_MERGE_LOG,
    wildcard_constraints:
        experiment=BATCH_EXPERIMENT_RE,
    params:
        cells=lambda w: [d for b in BATCHES_BY_EXPERIMENT[w.experiment] for d in b.task_dirs()],
        outdir=lambda w: paths.merged_dir(w.experiment),
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
