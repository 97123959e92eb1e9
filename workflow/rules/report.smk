# The `snakemake --report report.html` captions, the viewer site of every experiment and replays.
#
# Expects from common.smk (included first by the Snakefile):
#   RESULTS, RECORD_TABLES, EXPERIMENTS, CELLS_BY_EXPERIMENT, cell(), cell_records(), merged(),
#   paths (codedebate.pipeline.paths), ALL_TARGETS
# Provides reported(files, category) for analysis.smk: the files wrapped in report() with the
# caption workflow/report/<name>.rst (one per table and figure).
# Targets:
#   sites                    results/site/<experiment>/ (index.html) for every experiment (part of `all`)
#   replay                   rerun every cell from its transcript (no model) and check its records
#   results/replay/<experiment>/replayed.txt   the same for one experiment (the per-experiment switch)
# Outputs: results/site/<experiment>/ (open index.html from disk), results/replay/<experiment>/
# <task>/<seed>/*.parquet; logs in results/logs/{site,replay}/.

import os

SITE_DIR = os.path.join(RESULTS, "site", "{experiment}")
SITE_LOG = os.path.join(RESULTS, "logs", "site", "{experiment}.log")
REPLAY_CELL_DIR = os.path.join(RESULTS, "replay", "{experiment}", "{task}", "{seed}")
REPLAY_LOG = os.path.join(RESULTS, "logs", "replay", "{experiment}", "{task}", "{seed}.log")
REPLAY_DONE = os.path.join(RESULTS, "replay", "{experiment}", "replayed.txt")
REPLAY_DONE_LOG = os.path.join(RESULTS, "logs", "replay", "{experiment}.log")
REPORT_DIR = os.path.join(workflow.basedir, "report")


report: "../report/workflow.rst"


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


rule viewer_site:
    input:
        **{table: merged("{experiment}", table) for table in RECORD_TABLES},
    output:
        # the whole site goes into the report, browsable from its index page
        report(
            directory(SITE_DIR),
            htmlindex="index.html",
            caption="../report/viewer_site.rst",
            category="Viewer",
            labels={"experiment": "{experiment}"},
        ),
    log:
        SITE_LOG,
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
        **{table: f"{REPLAY_CELL_DIR}/{table}.parquet" for table in RECORD_TABLES},
    log:
        REPLAY_LOG,
    params:
        run_dir=lambda wildcards, input: os.path.dirname(input.records),
        outdir=lambda wildcards, output: os.path.dirname(output.summary),
    conda:
        "../../envs/cells.yaml"
    shell:
        "codedebate replay {params.run_dir} --task {input.task} --output {params.outdir} > {log} 2>&1"


def replayed_cells(experiment):
    return [os.path.join(REPLAY_CELL_DIR.format(experiment=c.experiment, task=c.task_id, seed=c.seed), "summary.parquet")
            for c in CELLS_BY_EXPERIMENT[experiment]]


rule replay_experiment:
    input:
        lambda wildcards: replayed_cells(wildcards.experiment),
    output:
        REPLAY_DONE,
    log:
        REPLAY_DONE_LOG,
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "printf '%s\\n' {input} > {output} 2> {log}"


rule replay:
    # every cell of every experiment, replayed and checked
    input:
        [REPLAY_DONE.format(experiment=name) for name in EXPERIMENTS],


rule sites:
    # the viewer site of every experiment
    input:
        [SITE_DIR.format(experiment=name) for name in EXPERIMENTS],


ALL_TARGETS.extend(SITE_DIR.format(experiment=name) for name in EXPERIMENTS)
