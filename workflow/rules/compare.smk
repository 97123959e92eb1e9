# Debate or vote? Every experiment that ran the same tasks and seeds as a reference experiment,
# compared with it by `codedebate compare` (docs/baselines.md).
#
# Expects from common.smk: RESULTS, EXPERIMENTS, CELLS_BY_EXPERIMENT, paths.
# Targets: `snakemake compare` (one comparison per debate experiment), or one reference:
#   snakemake results/compare/<reference>/compare_arms.md
# Outputs: results/compare/<reference>/{compare_arms,compare_differences}.{csv,md} and
# cost_accuracy.{png,pdf}; log in results/logs/compare/<reference>.log.

from codedebate.stats import compare as compare_stats

COMPARE_DIR = RESULTS + "/compare/{reference}"
COMPARE_LOG = RESULTS + "/logs/compare/{reference}.log"


def comparable(reference):
    """Experiments whose cells (task, seed) are exactly the reference's, the reference included."""
    if reference not in EXPERIMENTS:
        raise ValueError(f"compare: '{reference}' is not an experiment of {CONFIG_SOURCE}")
    cells = {(c.task_id, c.seed) for c in CELLS_BY_EXPERIMENT[reference]}
    return [name for name in EXPERIMENTS if {(c.task_id, c.seed) for c in CELLS_BY_EXPERIMENT[name]} == cells]


def compare_outputs(reference):
    return [f"{COMPARE_DIR.format(reference=reference)}/{name}" for name in compare_stats.OUTPUT_FILES]


rule compare_experiments:
    input:
        lambda wildcards: [paths.merged_record(name) for name in comparable(wildcards.reference)],
    output:
        [f"{COMPARE_DIR}/{name}" for name in compare_stats.OUTPUT_FILES],
    log:
        COMPARE_LOG,
    params:
        outdir=COMPARE_DIR,
    wildcard_constraints:
        reference=xp.NAME_RE.pattern.strip("^$"),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate compare --records {input} --reference {wildcards.reference} --output {params.outdir} > {log} 2>&1"


rule compare:
    # one comparison per experiment that runs the debate protocol, against its peers
    input:
        [out for name, exp in EXPERIMENTS.items() if exp.settings.protocol == "debate" for out in compare_outputs(name)],
