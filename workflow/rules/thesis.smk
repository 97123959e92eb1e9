# Thesis reproduction: import the thesis's CSV exports, regenerate its tables and figures.
#
# Expects from common.smk (included first by the Snakefile):
#   RESULTS   output root ("results")
# Reads the exports from config key thesis_results_dir (default ../shared/thesis-results/,
# relative to the working directory, the repo root; the Snakefile validates the key through
# common.smk, and the default here is the schema's, for rule files included without it).
# Target: `snakemake thesis_tables` (not part of `all`). Outputs under results/thesis/:
#   records/{summary,per_round}.parquet, tables/<table>.{csv,md} (thesis_* tables and the
#   generic ones), figures/<figure>.{png,pdf}; log results/logs/thesis/thesis_tables.log.
# The command exits non-zero (--check) if a published Table 6 value is not reproduced.

import glob
import os

from codedebate.stats import outputs as thesis_outputs

THESIS_RESULTS_DIR = config.get("thesis_results_dir", "../shared/thesis-results")
THESIS_OUT = f"{RESULTS}/thesis"


rule thesis_tables:
    input:
        # every CSV export; an absent folder shows up as a missing-input error naming it
        lambda wildcards: sorted(glob.glob(f"{THESIS_RESULTS_DIR}/*.csv"))
        or [f"{THESIS_RESULTS_DIR}/summary_<tag>_<jobid>.csv"],
    output:
        f"{THESIS_OUT}/records/summary.parquet",
        f"{THESIS_OUT}/records/per_round.parquet",
        thesis_outputs.table_files(f"{THESIS_OUT}/tables", thesis_outputs.THESIS_TABLES),
        thesis_outputs.table_files(f"{THESIS_OUT}/tables"),
        thesis_outputs.figure_files(f"{THESIS_OUT}/figures"),
    log:
        f"{RESULTS}/logs/thesis/thesis_tables.log",
    params:
        thesis_dir=THESIS_RESULTS_DIR,
        outdir=lambda wildcards, output: os.path.dirname(os.path.dirname(output[0])),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate thesis-tables --thesis-dir {params.thesis_dir} --output {params.outdir} --check > {log} 2>&1"
