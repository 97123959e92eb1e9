# One cell = one `codedebate run` on one task with one seed; it writes its own records.
# The runner writes nothing on failure, so a failed cell leaves no output and reruns next time.


rule experiment_settings:
    # One resolved settings file per experiment. Its text is a param, so editing one
    # experiment's settings reruns this rule (rerun trigger "params") and, through the
    # newer file, only that experiment's cells.
    output:
        paths.SETTINGS,
    params:
        text=lambda wildcards: xp.resolved_settings(EXPERIMENTS[wildcards.experiment]),
    log:
        paths.SETTINGS_LOG,
    localrule: True
    conda:
        "../../envs/merge.yaml"
    script:
        "../scripts/write_settings.py"


rule cell:
    input:
        task=lambda wildcards: cell(wildcards).task_path,
        settings=paths.SETTINGS,
    output:
        **{table: paths.cell_record(table) for table in RECORD_TABLES},
    log:
        paths.CELL_LOG,
    params:
        launcher=lambda wildcards: xp.cell_launcher(EXPERIMENTS[wildcards.experiment], CFG.ollama),
        task_set=lambda wildcards: cell(wildcards).task_set,
        outdir=lambda wildcards: cell(wildcards).outdir,
        cache=f" --cache {config['response_cache']}" if config.get("response_cache") else "",
    threads: lambda wildcards: resources_of(wildcards).threads
    resources:
        mem_mb=lambda wildcards: resources_of(wildcards).mem_mb,
        runtime=lambda wildcards: resources_of(wildcards).runtime,
        gres=lambda wildcards: resources_of(wildcards).gres,
    # cells of one SLURM job share an Ollama server (--group-components in profiles/slurm);
    # GPU and CPU cells go to different groups because their gres differ.
    group:
        lambda wildcards: "gpu_cells" if EXPERIMENTS[wildcards.experiment].ollama_models else "cpu_cells"
    conda:
        "../../envs/cells.yaml"
    shell:
        "{params.launcher}codedebate run --settings {input.settings} --task {input.task}"
        " --task-set {params.task_set} --seed {wildcards.seed} --experiment {wildcards.experiment}"
        " --output {params.outdir}{params.cache} > {log} 2>&1"
