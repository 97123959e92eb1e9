"""Write an experiment's resolved settings (snakemake.params.text) unless the file already holds them."""

from codedebate.pipeline.experiments import write_if_changed

written = write_if_changed(snakemake.output[0], snakemake.params.text)  # noqa: F821 - set by Snakemake
with open(snakemake.log[0], "w") as fh:  # noqa: F821
    print(f"{snakemake.output[0]}: {'written' if written else 'unchanged'}", file=fh)  # noqa: F821
