# Analysis: statistics tables (CSV + Markdown) and figures (PNG + PDF) over the merged records.
#
# Expects from common.smk (included first by the Snakefile):
#   RESULTS           output root ("results")
#   merged_all(table) the merged record file of every experiment for one table
#                     ("summary" | "per_round"), produced by rule merge_experiment
#   ALL_TARGETS       list that `rule all` builds; this file appends the tables and figures
#   reported(files, category)  (report.smk) the files with their report captions
# Targets: `snakemake analysis` (both), `analysis_tables`, `analysis_figures`.
# Outputs: results/tables/<table>.{csv,md}, results/figures/<figure>.{png,pdf};
# logs in results/logs/analysis/. Everything is done by `codedebate tables|figures`.

import os

from codedebate.stats import outputs as analysis_outputs

ANALYSIS_TABLES = analysis_outputs.table_files(paths.TABLES_DIR)
ANALYSIS_FIGURES = analysis_outputs.figure_files(paths.FIGURES_DIR)


rule analysis_tables:
    input:
        summary=lambda wildcards: merged_all("summary"),
        per_round=lambda wildcards: merged_all("per_round"),
    output:
        reported(ANALYSIS_TABLES, "Tables"),
    log:
        paths.ANALYSIS_LOG.format(name="tables"),
    params:
        outdir=lambda wildcards, output: os.path.dirname(output[0]),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate tables --records {input.summary} {input.per_round} --output {params.outdir} > {log} 2>&1"


rule analysis_figures:
    input:
        summary=lambda wildcards: merged_all("summary"),
        per_round=lambda wildcards: merged_all("per_round"),
    output:
        reported(ANALYSIS_FIGURES, "Figures"),
    log:
        paths.ANALYSIS_LOG.format(name="figures"),
    params:
        outdir=lambda wildcards, output: os.path.dirname(output[0]),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate figures --records {input.summary} {input.per_round} --output {params.outdir} > {log} 2>&1"


rule analysis:
    # tables and figures of every experiment in the config
    input:
        ANALYSIS_TABLES,
        ANALYSIS_FIGURES,


ALL_TARGETS.extend(ANALYSIS_TABLES + ANALYSIS_FIGURES)
