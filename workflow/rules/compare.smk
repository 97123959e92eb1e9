# Debate or vote? Every experiment that ran the same tasks and seeds as a reference experiment,
# compared with it by `codedebate compare` (docs/baselines.md).
#
# Expects from common.smk: RESULTS, EXPERIMENTS, CELLS_BY_EXPERIMENT, paths, xp.
# Targets: `snakemake compare` (one comparison per debate experiment), or one reference:
#   snakemake results/compare/<reference>/compare_arms.md
# Outputs: results/compare/<reference>/{compare_arms,compare_differences}.{csv,md} and
# cost_accuracy.{png,pdf}; log in results/logs/compare/<reference>.log.

import os
import re

from codedebate.stats import compare as compare_stats

COMPARE_DIR = os.path.join(RESULTS, "compare", "{reference}")
COMPARE_LOG = os.path.join(RESULTS, "logs", "compare", "{reference}.log")
# experiment -> the experiments with exactly its (task, seed) cells, itself included
CELLS_OF = {name: frozenset((c.task_id, c.seed) for c in cells) for name, cells in CELLS_BY_EXPERIMENT.items()}
PEERS = {ref: [name for name in EXPERIMENTS if CELLS_OF[name] == CELLS_OF[ref]] for ref in EXPERIMENTS}
DEBATE_EXPERIMENTS = [name for name, exp in EXPERIMENTS.items() if exp.settings.protocol == "debate"]


rule compare_experiments:
    input:
        lambda wildcards: [paths.merged_record(name) for name in PEERS[wildcards.reference]],
    output:
        [os.path.join(COMPARE_DIR, name) for name in compare_stats.OUTPUT_FILES],
    log:
        COMPARE_LOG,
    params:
        outdir=COMPARE_DIR,
    wildcard_constraints:
        reference="|".join(re.escape(name) for name in EXPERIMENTS) or "no-experiment",
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate compare --records {input} --reference {wildcards.reference} --output {params.outdir} > {log} 2>&1"


rule compare:
    # one comparison per experiment that runs the debate, against its peers
    input:
        [os.path.join(COMPARE_DIR.format(reference=ref), name) for ref in DEBATE_EXPERIMENTS
         for name in compare_stats.OUTPUT_FILES],
