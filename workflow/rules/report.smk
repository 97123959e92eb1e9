# The `snakemake --report report.html` captions, the viewer site of every experiment and replays.
#
# Expects from common.smk (included first by the Snakefile):
#   RESULTS, RECORD_TABLES, EXPERIMENTS, CELLS_BY_EXPERIMENT, cell(), cell_records(), merged(),
#   paths (codedebate.pipeline.paths), ALL_TARGETS
# reported() and replayed_cells() live in common.smk; paths in codedebate.pipeline.paths.
# Targets:
#   sites                    results/site/<experiment>/ (index.html) for every experiment (part of `all`)
#   replay                   rerun every cell from its transcript (no model) and check its records
#   results/replay/<experiment>/replayed.txt   the same for one experiment (the per-experiment switch)
# Outputs: results/site/<experiment>/ (open index.html from disk), results/replay/<experiment>/
# <task>/<seed>/*.parquet; logs in results/logs/{site,replay}/.

import os

report: "../report/workflow.rst"


rule viewer_site:
    input:
        **{table: merged("{experiment}", table) for table in RECORD_TABLES},
    output:
        # the whole site goes into the report, browsable from its index page
        report(
            directory(paths.SITE_DIR),
            htmlindex="index.html",
            caption="../report/viewer_site.rst",
            category="Viewer",
            labels={"experiment": "{experiment}"},
        ),
    log:
        paths.SITE_LOG,
    params:
        records=lambda wildcards, input: os.path.dirname(input.summary),
        outdir=lambda wildcards, output: output[0],
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate view {params.records} --output {params.outdir} > {log} 2>&1"


rule replay_cell:
    # no model: every call is answered from the cell's own transcript; the job fails when the
    # replayed records differ from the recorded ones (timing aside), the log says where
    input:
        records=paths.cell_record("summary"),
        task=lambda wildcards: cell(wildcards).task_path,
    output:
        **{table: f"{paths.REPLAY_CELL_DIR}/{table}.parquet" for table in RECORD_TABLES},
    log:
        paths.REPLAY_LOG,
    params:
        run_dir=lambda wildcards, input: os.path.dirname(input.records),
        outdir=lambda wildcards, output: os.path.dirname(output.summary),
    conda:
        "../../envs/cells.yaml"
    shell:
        "codedebate replay {params.run_dir} --task {input.task} --output {params.outdir} > {log} 2>&1"


rule replay_experiment:
    input:
        lambda wildcards: replayed_cells(wildcards.experiment),
    output:
        paths.REPLAY_DONE,
    log:
        paths.REPLAY_DONE_LOG,
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "printf '%s\\n' {input} > {output} 2> {log}"


rule replay:
    # every cell of every experiment, replayed and checked
    input:
        [paths.REPLAY_DONE.format(experiment=name) for name in EXPERIMENTS],


rule sites:
    # the viewer site of every experiment
    input:
        [paths.SITE_DIR.format(experiment=name) for name in EXPERIMENTS],


ALL_TARGETS.extend(paths.SITE_DIR.format(experiment=name) for name in EXPERIMENTS)
