"""Build the standard analysis tables from records and write each as CSV and Markdown."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from codedebate.stats import comparisons, descriptive
from codedebate.stats.load import Records
from codedebate.stats.passk import pass_at_k_table


def _cell(value: object) -> str:
    if value is None or value is pd.NA:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value != 0 and abs(value) < 1e-3:
            return f"{value:.2e}"
        return f"{value:.3f}"
    return str(value).replace("|", "\\|")


def to_markdown(df: pd.DataFrame) -> str:
    """A GitHub-flavoured Markdown table; floats to three decimals, NaN as blank."""
    header = "| " + " | ".join(str(c) for c in df.columns) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"
    body = ["| " + " | ".join(_cell(v) for v in row) + " |" for row in df.itertuples(index=False)]
    return "\n".join([header, rule, *body]) + "\n"


def write_table(df: pd.DataFrame, outdir: Path | str, name: str) -> list[Path]:
    """Write outdir/name.csv and outdir/name.md."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    csv, md = outdir / f"{name}.csv", outdir / f"{name}.md"
    df.to_csv(csv, index=False)
    caption = f"{df.attrs['caption']}\n\n" if df.attrs.get("caption") else ""  # e.g. how a CI is made
    md.write_text(f"# {name}\n\n{caption}{to_markdown(df)}", encoding="utf-8")
    return [csv, md]


def standard_tables(records: Records) -> dict[str, pd.DataFrame]:
    """Every generic table, keyed by file name."""
    s, r = records.summary, records.per_round
    tables = {
        "config_means": descriptive.config_means(s),
        "solo_models": descriptive.solo_models(s),
        "by_difficulty": descriptive.by_difficulty(s),
        "final_vs_round1": descriptive.final_vs_round1(s),
        "recovery": descriptive.recovery(s),
        "costs_by_config": descriptive.costs(s, by_difficulty_too=False),
        "costs_by_difficulty": descriptive.costs(s),
        "code_quality": descriptive.code_quality(s),
        "visible_vs_hidden": descriptive.visible_vs_hidden(s),
        "debate_vs_solo": comparisons.debate_vs_solo(s),
        "final_vs_best_round1_tests": comparisons.final_vs_round1(s),
        "final_vs_mean_round1_tests": comparisons.final_vs_round1(s, "avg_initial_pass_rate"),
        "judge_effect": comparisons.judge_effect(s),
        "pass_at_k": pass_at_k_table(r, s),
    }
    return tables


def write_tables(tables: dict[str, pd.DataFrame], outdir: Path | str) -> list[Path]:
    """Write every table as CSV + Markdown; returns the paths written."""
    return [p for name, df in tables.items() for p in write_table(df, outdir, name)]
