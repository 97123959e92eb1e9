# Thesis reproduction: import the thesis's CSV exports, regenerate its tables and figures.
#
# Expects from common.smk (included first by the Snakefile):
#   CFG       the typed config (codedebate.pipeline.experiments.ExperimentConfig); this file
#             reads CFG.thesis_results_dir (default ../shared/thesis-results/, relative to the
#             working directory, the repo root)
# Target: `snakemake thesis_tables` (not part of `all`). Outputs under results/thesis/
# (codedebate.pipeline.paths): records/{summary,per_round}.parquet; tables/<table>.{csv,md}:
# the thesis's numbered tables in its own layout (table_06 ... table_23), the thesis_* tables
# (Table 6 beside its published values, long format) and the generic ones;
# figures/<figure>.{png,pdf} (figure_06, figure_09 and the generic ones); log
# results/logs/thesis/thesis_tables.log. Table and figure names: codedebate.stats.outputs.
# The command exits non-zero (--check) if a published Table 6 value is not reproduced.

import glob
import os

from codedebate.pipeline import paths as thesis_paths
from codedebate.stats import outputs as thesis_outputs

THESIS_TABLES_DIR = f"{thesis_paths.THESIS_DIR}/tables"
THESIS_FIGURES_DIR = f"{thesis_paths.THESIS_DIR}/figures"


rule thesis_tables:
    input:
        # every CSV export; an absent folder shows up as a missing-input error naming it
        lambda wildcards: sorted(glob.glob(f"{CFG.thesis_results_dir}/*.csv"))
        or [f"{CFG.thesis_results_dir}/summary_<tag>_<jobid>.csv"],
    output:
        f"{thesis_paths.THESIS_RECORDS_DIR}/summary.parquet",
        f"{thesis_paths.THESIS_RECORDS_DIR}/per_round.parquet",
        thesis_outputs.table_files(THESIS_TABLES_DIR, thesis_outputs.THESIS_LAYOUT_TABLES),
        thesis_outputs.table_files(THESIS_TABLES_DIR, thesis_outputs.THESIS_TABLES),
        thesis_outputs.table_files(THESIS_TABLES_DIR),
        thesis_outputs.figure_files(THESIS_FIGURES_DIR, thesis_outputs.THESIS_FIGURES),
        thesis_outputs.figure_files(THESIS_FIGURES_DIR),
    log:
        thesis_paths.THESIS_LOG.format(name="thesis_tables"),
    params:
        thesis_dir=CFG.thesis_results_dir,
        # results/thesis, from the first output (records/summary.parquet), as the linter wants
        outdir=lambda wildcards, output: os.path.dirname(os.path.dirname(output[0])),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate thesis-tables --thesis-dir {params.thesis_dir} --output {params.outdir} --check > {log} 2>&1"
