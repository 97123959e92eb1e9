# Merge each experiment's cells into one Parquet file per record table.


rule merge_experiment:
    input:
        lambda wildcards: experiment_cells(wildcards.experiment),
        per_round=lambda wildcards: experiment_cells(wildcards.experiment, "per_round"),
        transcript=lambda wildcards: experiment_cells(wildcards.experiment, "transcript"),
    output:
        **{table: paths.MERGED_RECORD.replace("{table}", table) for table in RECORD_TABLES},
    log:
        paths.MERGE_LOG,
    params:
        cells=lambda wildcards: [c.outdir for c in CELLS_BY_EXPERIMENT[wildcards.experiment]],
        outdir=lambda wildcards: paths.merged_dir(wildcards.experiment),
    localrule: True
    conda:
        "../../envs/merge.yaml"
    shell:
        "codedebate merge-runs --output {params.outdir} {params.cells} > {log} 2>&1"


rule cells:
    # every cell of the grid, without merging (e.g. `snakemake cells`)
    input:
        [cell_records(c) for c in CELLS],


rule merged:
    # every experiment's merged records
    input:
        merged_all(),


ALL_TARGETS.extend(merged_all())
