#!/usr/bin/env bash
# Snakemake runs this once after creating the env, in the working directory (the repo root):
# install codedebate from this checkout (editable, so code edits need no new env).
set -euo pipefail
python -m pip install --no-deps -e "$PWD"
