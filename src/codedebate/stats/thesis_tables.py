"""The thesis's tables regenerated from its imported records, beside its published values."""

from __future__ import annotations

import numpy as np
import pandas as pd

from codedebate.stats import comparisons, descriptive, thesis_contrasts, thesis_layout
from codedebate.stats.load import Records
from codedebate.stats.outputs import THESIS_LAYOUT_TABLES
from codedebate.stats.paired import pair_by_task, paired_family, paired_test, per_task_values
from codedebate.stats.thesis_units import MAIN, SOLO_EXPERIMENT

# thesis Table 6 (mean final pass rate), from ../shared/thesis-results/README.md
PUBLISHED_TABLE6 = {
    ("tasks", "baseline"): 0.664,
    ("tasks", "7b_no_judge"): 0.866, ("tasks", "7b_judge"): 0.890,
    ("tasks", "9b_no_judge"): 0.888, ("tasks", "9b_judge"): 0.922,
    ("tasks2", "baseline"): 0.439,
    ("tasks2", "7b_no_judge2"): 0.776, ("tasks2", "7b_judge2"): 0.771,
    ("tasks2", "9b_no_judge2"): 0.761, ("tasks2", "9b_judge2"): 0.722,
}
# DEVELOPERS.md: the best round-1 proposal alone vs the debate on tasks/
PUBLISHED_BEST_OF_N = {"best round-1 proposal": 0.865, "debate final": 0.891}
JUDGE_PAIRS = [
    ("7b_judge", "7b_no_judge"), ("9b_judge", "9b_no_judge"),
    ("7b_judge2", "7b_no_judge2"), ("9b_judge2", "9b_no_judge2"),
    ("7b_judge2_r1", "7b_no_judge2"), ("9b_judge2_r1", "9b_no_judge2"),
]
ABLATION_SUFFIX = "_no_adaptive_temp"


def _exp(df: pd.DataFrame, names: list[str] | str) -> pd.DataFrame:
    names = [names] if isinstance(names, str) else names
    return df[df["experiment"].astype(str).isin(names)]


def _mean(values: pd.Series) -> float:
    return float(values.astype(float).mean())


def baseline_definitions(records: Records) -> dict[str, tuple[str, float, int]]:
    """Table 6 baselines: (definition, value, runs) per task set.

    tasks/: mean final pass rate over every solo run (6 models x 60 tasks = 360 runs).
    tasks2/ (no solo job): mean pass rate of all round-1 proposals of its four main debates.
    """
    solo = _exp(records.summary, SOLO_EXPERIMENT)
    r2 = _exp(records.per_round, MAIN["tasks2"])
    r2 = r2[r2["round_num"] == 1]
    return {
        "tasks": ("mean final pass rate of all solo runs (6 models x 60 tasks)",
                  _mean(solo["final_pass_rate"]), len(solo)),
        "tasks2": ("mean pass rate of all round-1 proposals of the four main tasks2 debates",
                   _mean(r2["pass_rate"]), int(r2["debate_id"].nunique())),
    }


def table6(records: Records) -> pd.DataFrame:
    """Thesis Table 6: reproduced mean final pass rate beside the published value."""
    base = baseline_definitions(records)
    rows = []
    for (task_set, name), published in PUBLISHED_TABLE6.items():
        if name == "baseline":
            definition, value, runs = base[task_set]
        else:
            runs_df = _exp(records.summary, name)
            definition, value, runs = "mean final pass rate", _mean(runs_df["final_pass_rate"]), len(runs_df)
        rows.append({
            "task_set": task_set, "configuration": name, "runs": runs,
            "reproduced": value, "published": published,
            "matches_3dp": bool(round(value, 3) == published), "definition": definition,
        })
    return pd.DataFrame(rows)


def best_of_n_check(records: Records) -> pd.DataFrame:
    """tasks/ debates: best round-1 proposal alone vs the debate's final answer (all 240 runs)."""
    runs = _exp(records.summary, MAIN["tasks"])
    values = {
        "best round-1 proposal": _mean(runs["best_initial_pass_rate"]),
        "debate final": _mean(runs["final_pass_rate"]),
    }
    return pd.DataFrame([
        {"quantity": k, "runs": len(runs), "reproduced": v, "published": PUBLISHED_BEST_OF_N[k],
         "matches_3dp": bool(round(v, 3) == PUBLISHED_BEST_OF_N[k])}
        for k, v in values.items()
    ])


def difficulty_pivot(records: Records, value: str = "mean_final_pass_rate") -> pd.DataFrame:
    """Per-difficulty means (or share solved): rows task set x difficulty, columns configurations."""
    table = descriptive.by_difficulty(records.summary)
    pivot = table.pivot_table(index=["task_set", "difficulty"], columns="experiment",
                              values=value, aggfunc="first")
    order = [SOLO_EXPERIMENT, *MAIN["tasks"], *MAIN["tasks2"]]
    extra = sorted(c for c in pivot.columns if c not in order)
    pivot = pivot[[c for c in order if c in pivot.columns] + extra]
    pivot = pivot.reset_index()
    pivot["_o"] = descriptive.difficulty_rank(pivot["difficulty"])
    return pivot.sort_values(["task_set", "_o"]).drop(columns="_o").reset_index(drop=True)


def judge_modes(records: Records) -> pd.DataFrame:
    """Mean final pass rate by proposer group and judge (none, deepseek-coder-v2, deepseek-r1)."""
    main = [*MAIN["tasks"], *MAIN["tasks2"], "7b_judge2_r1", "9b_judge2_r1"]
    means = descriptive.config_means(_exp(records.summary, main))
    means["proposers"] = np.where(means["experiment"].str.startswith("7b"), "7b group", "9b group")
    means["judge"] = means["judge_model"].replace("", "none")
    cols = ["task_set", "proposers", "judge", "experiment", "runs", "mean_final_pass_rate",
            "share_solved", "mean_best_initial"]
    return means[cols].sort_values(["task_set", "proposers", "judge"]).reset_index(drop=True)


def durations(records: Records) -> pd.DataFrame:
    """Mean run duration in seconds per experiment and difficulty (plus mean rounds)."""
    table = descriptive.costs(records.summary)
    cols = ["task_set", "experiment", "mode", "difficulty", "runs", "mean_duration_s",
            "median_duration_s", "mean_llm_time_s", "mean_rounds"]
    return table[cols]


def ablation_pairs(records: Records) -> list[tuple[str, str]]:
    """(adaptive ON, OFF) experiment pairs: every *_no_adaptive_temp run and its base tag."""
    exps = set(records.summary["experiment"].astype(str))
    return sorted((e[: -len(ABLATION_SUFFIX)], e) for e in exps
                  if e.endswith(ABLATION_SUFFIX) and e[: -len(ABLATION_SUFFIX)] in exps)


def adaptive_temperature(records: Records) -> pd.DataFrame:
    """Adaptive temperature ON vs OFF: pooled over all (configuration, task) pairs, then per pair.

    The pooled test pairs each OFF run with the ON run of the same configuration and task
    (4 configurations x 60 tasks = 240 pairs in the thesis data). The per-configuration
    tests form one Bonferroni family.
    """
    s = records.summary
    pairs = ablation_pairs(records)
    on_all, off_all = [], []
    for on, off in pairs:
        a, b, _ = pair_by_task(per_task_values(_exp(s, on)), per_task_values(_exp(s, off)))
        on_all.append(a)
        off_all.append(b)
    pooled = paired_family(
        [{"task_set": "tasks2", "a": "adaptive ON (pooled)", "b": "adaptive OFF (pooled)",
          "result": paired_test(np.concatenate(on_all), np.concatenate(off_all))}]
        if pairs else [], "adaptive_temperature_pooled",
    )
    per_config = comparisons.compare_experiments(s, pairs, "adaptive_temperature_by_config")
    return pd.concat([pooled, per_config], ignore_index=True)


def layout_tables(records: Records) -> dict[str, pd.DataFrame]:
    """The thesis's numbered tables in its own rows and columns, keyed by file name (THESIS_LAYOUT_TABLES)."""
    builders = {name: getattr(module, name) for module in (thesis_layout, thesis_contrasts)
                for name in THESIS_LAYOUT_TABLES if hasattr(module, name)}
    return {name: builders[name](records) for name in THESIS_LAYOUT_TABLES}


def thesis_tables(records: Records) -> dict[str, pd.DataFrame]:
    """All thesis tables, keyed by file name: THESIS_TABLES, then THESIS_LAYOUT_TABLES."""
    return {**_checked_tables(records), **layout_tables(records)}


def _checked_tables(records: Records) -> dict[str, pd.DataFrame]:
    """The thesis_* tables (Table 6 beside its published values, and our long-format tables)."""
    return {
        "thesis_table6": table6(records),
        "thesis_best_of_n": best_of_n_check(records),
        "thesis_by_difficulty": difficulty_pivot(records),
        "thesis_solved_by_difficulty": difficulty_pivot(records, "share_solved"),
        "thesis_final_vs_round1": descriptive.final_vs_round1(records.summary),
        "thesis_judge_modes": judge_modes(records),
        "thesis_judge_tests": comparisons.judge_effect(records.summary, JUDGE_PAIRS),
        "thesis_durations": durations(records),
        "thesis_adaptive_temperature": adaptive_temperature(records),
    }
