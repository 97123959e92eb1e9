"""Post-hoc stability stopping: apply the stop rule to recorded per-round data.

Per experiment, every run is one member of the batch. After round r a run's s is the number of
its agents whose latest solution (carried forward from earlier rounds, also after the run
stopped) has visible pass rate 1.0. The rule (``codedebate.stability``) is applied to the
rounds in order, once with each distance (fitted Beta mixtures, empirical CDFs of s); the
report says where it would have stopped, the pass rate of the answer available then vs at the
end, and the rounds, generation seconds and tokens that stopping would have saved.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from codedebate.stability import StabilityRule, StabilitySettings

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

SOLVED = 1.0 - 1e-9


@dataclass
class PosthocReport:
    """One row per experiment and distance (``table``), the rule's trace per round (``rounds``)."""

    table: pd.DataFrame
    rounds: pd.DataFrame


def count_matrix(per_round: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """s per run (rows: debate_id) and round (columns 1..R), carried forward; and n (agents per run)."""
    pr = per_round[["debate_id", "agent_id", "round_num", "pass_rate"]].dropna(subset=["round_num"])
    agents = pr.groupby("debate_id")["agent_id"].nunique()
    n = int(agents.max())
    if agents.min() != n:
        raise ValueError(f"runs have {agents.min()} to {n} agents; the rule needs the same n for every run")
    rounds = int(pr["round_num"].max())
    wide = (pr.assign(solved=(pr["pass_rate"].astype(float) >= SOLVED).astype(float))
            .pivot_table(index=["debate_id", "agent_id"], columns="round_num", values="solved", aggfunc="max")
            .reindex(columns=range(1, rounds + 1)))
    wide = wide.ffill(axis=1).fillna(0.0)  # an agent's latest solution counts until it writes a new one
    return wide.groupby(level="debate_id").sum().astype(int), n


def best_up_to(per_round: pd.DataFrame, round_no: int) -> pd.Series:
    """Per run: the best visible pass rate among solutions of rounds <= round_no (the answer then)."""
    pr = per_round[per_round["round_num"] <= round_no]
    return pr.groupby("debate_id")["pass_rate"].max().astype(float)


def _costs(per_round: pd.DataFrame, transcript: pd.DataFrame | None, stop: int) -> dict[str, float]:
    """Rounds, generation seconds and tokens after ``stop`` (saved) and in all (total)."""
    last = per_round.groupby("debate_id")["round_num"].max().astype(int)
    out = {"rounds_total": float(last.sum()), "rounds_saved": float((last - stop).clip(lower=0).sum())}
    gen = per_round["generation_time"].astype(float)
    later = per_round["round_num"] > stop
    out["seconds_total"] = float(gen.sum())
    out["seconds_saved"] = float(gen[later].sum())
    if transcript is not None and len(transcript):
        tokens = (transcript["prompt_tokens"].astype(float) + transcript["completion_tokens"].astype(float))
        out["tokens_total"] = float(tokens.sum())
        out["tokens_saved"] = float(tokens[transcript["round_num"] > stop].sum())
    else:
        tokens = per_round["prompt_tokens"].astype(float) + per_round["completion_tokens"].astype(float)
        known = tokens.notna().any()
        out["tokens_total"] = float(tokens.sum()) if known else np.nan
        out["tokens_saved"] = float(tokens[later].sum()) if known else np.nan
    return out


def apply_rule(per_round: pd.DataFrame, settings: StabilitySettings,
               transcript: pd.DataFrame | None = None) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The rule on one experiment's per-round rows: its summary row and its per-round trace."""
    counts, n = count_matrix(per_round)
    last_round = min(int(counts.columns.max()), settings.max_rounds)
    rule = StabilityRule(settings, n)
    trace = []
    for r in range(1, last_round + 1):
        report = rule.observe(counts[r].tolist())
        trace.append(report.as_row())
        if report.stop:
            break
    stopped = rule.stopped and rule.reports[-1].reason == "stability"
    stop = rule.reports[-1].round if stopped else int(counts.columns.max())
    at_stop, at_end = best_up_to(per_round, stop), best_up_to(per_round, int(counts.columns.max()))
    row: dict[str, object] = {
        "distance": settings.distance, "runs": len(counts), "agents": n, "rounds": int(counts.columns.max()),
        "stop_round": stop if stopped else np.nan, "stopped": stopped,
        "pass_rate_at_stop": float(at_stop.mean()), "pass_rate_at_end": float(at_end.mean()),
        "solved_at_stop": float((at_stop >= SOLVED).mean()), "solved_at_end": float((at_end >= SOLVED).mean()),
        "runs_worse_at_stop": int((at_stop < at_end.reindex(at_stop.index) - 1e-9).sum()),
        "identified_rounds": int(sum(bool(t["identified"]) for t in trace)), "fitted_rounds": len(trace),
        **_costs(per_round, transcript, stop),
    }
    return row, trace


def stability_posthoc(per_round: pd.DataFrame, settings: StabilitySettings = StabilitySettings(),
                      transcript: pd.DataFrame | None = None, summary: pd.DataFrame | None = None) -> PosthocReport:
    """Apply the rule (both distances) to every experiment of the per-round records.

    Experiments with a single round (solo) have nothing to stop and are left out."""
    rows, traces = [], []
    for experiment, pr in per_round.groupby("experiment", sort=True):
        if pr["round_num"].max() < 2:
            continue
        tr = None if transcript is None else transcript[transcript["debate_id"].isin(set(pr["debate_id"]))]
        for distance in ("mixture", "empirical"):
            row, trace = apply_rule(pr, replace(settings, distance=distance), tr)
            rows.append({"experiment": experiment, **row})
            traces.extend({"experiment": experiment, "distance": distance, **t} for t in trace)
    table = pd.DataFrame(rows)
    if len(table):
        table["pass_rate_change"] = table["pass_rate_at_stop"] - table["pass_rate_at_end"]
        table["rounds_saved_share"] = table["rounds_saved"] / table["rounds_total"]
        table["tokens_saved_share"] = table["tokens_saved"] / table["tokens_total"]
        table["seconds_saved_share"] = table["seconds_saved"] / table["seconds_total"]
    return PosthocReport(table=table, rounds=pd.DataFrame(traces))


def stability_figure(report: PosthocReport, experiment: str, threshold: float) -> "Figure":
    """Left: the fitted Beta mixture density of each round; right: the KS curves against the threshold."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from scipy import stats

    rows = report.rounds[(report.rounds["experiment"] == experiment) & (report.rounds["distance"] == "mixture")]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    x = np.linspace(0.001, 0.999, 400)
    for _, r in rows.iterrows():
        density = r["w"] * stats.beta.pdf(x, r["a1"], r["b1"]) + (1 - r["w"]) * stats.beta.pdf(x, r["a2"], r["b2"])
        note = "" if r["identified"] else " (not identified)"
        left.plot(x, np.clip(density, 0, 12), label=f"round {int(r['round'])}{note}")
    left.set(xlabel="share of agents correct", ylabel="fitted Beta-mixture density (clipped at 12)",
             title=f"{experiment}: fitted mixtures per round")
    left.legend(fontsize=8)
    for distance, style in (("mixture", "o-"), ("empirical", "s--")):
        d = report.rounds[(report.rounds["experiment"] == experiment) & (report.rounds["distance"] == distance)]
        col = "ks_mixture" if distance == "mixture" else "ks_empirical"
        d = d[d[col].notna()]
        right.plot(d["round"], d[col].astype(float), style, label=f"KS ({distance})")
    right.set_xticks(sorted({int(r) for r in rows["round"]}))
    right.axhline(threshold, color="grey", linestyle=":", label=f"threshold {threshold:g}")
    right.set(xlabel="round", ylabel="KS distance to the previous round", title="stability")
    right.set_ylim(bottom=0)
    right.legend(fontsize=8)
    fig.tight_layout()
    return fig
