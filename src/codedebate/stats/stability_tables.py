"""Tables of the stability experiments: accuracy, rounds used and tokens per experiment, and
paired tests (per task, seeds averaged) of every experiment against a reference experiment."""

from __future__ import annotations

import pandas as pd

from codedebate.stats.paired import pair_by_task, paired_family, paired_test, per_task_values

#: metric name -> summary column
METRICS = {"accuracy": "final_pass_rate", "rounds": "total_rounds", "tokens": "total_tokens"}
#: judge-debate baselines recorded in every judge run (same calls as its round 1)
BASELINES = {"som_accuracy": "judge_som_correct", "single_judge_accuracy": "judge_single_correct"}


def experiment_means(summary: pd.DataFrame) -> pd.DataFrame:
    """One row per experiment: runs, tasks, mean accuracy (final pass rate), rounds, tokens,
    and the in-run SoM / single-judge baselines where the runs are judge debates."""
    rows = []
    for exp, runs in summary.groupby("experiment", sort=True):
        row: dict[str, object] = {"experiment": exp, "protocol": ",".join(sorted(set(runs["protocol"].dropna()))),
                                  "runs": len(runs), "tasks": runs["task_id"].nunique()}
        for name, col in METRICS.items():
            row[name] = float(runs[col].astype(float).mean())
        for name, col in BASELINES.items():
            if col in runs.columns and runs[col].notna().any():
                row[name] = float(runs[col].astype(float).mean())
        if "batch_stop_round" in runs.columns and runs["batch_stop_round"].notna().any():
            row["batches_stopped_by_rule"] = int((runs.groupby("batch_id")["batch_stop_round"].first() > 0).sum())
        rows.append(row)
    table = pd.DataFrame(rows)
    table.attrs["caption"] = ("accuracy = mean final pass rate (judge debates: share of pairs judged right); rounds "
                              "and tokens per run; som/single judge: baselines from the same runs' round 1.")
    return table


def paired_against(summary: pd.DataFrame, reference: str) -> pd.DataFrame:
    """Every other experiment vs ``reference`` on each metric, paired by task (seeds averaged);
    Bonferroni over all comparisons of one metric."""
    if reference not in set(summary["experiment"]):
        raise ValueError(f"reference experiment {reference!r} is not in the records "
                         f"(have: {', '.join(sorted(summary['experiment'].dropna().unique()))})")
    ref = summary[summary["experiment"] == reference]
    tables = []
    for metric, col in METRICS.items():
        rows = []
        for exp, runs in summary.groupby("experiment", sort=True):
            if exp == reference:
                continue
            a, b, tasks = pair_by_task(per_task_values(runs, col), per_task_values(ref, col))
            if tasks:
                rows.append({"metric": metric, "a": exp, "b": reference, "result": paired_test(a, b)})
        if rows:
            tables.append(paired_family(rows, f"{metric} vs {reference}"))
    return pd.concat(tables, ignore_index=True) if tables else pd.DataFrame()
