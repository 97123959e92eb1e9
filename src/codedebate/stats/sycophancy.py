"""Agreement, flips and sycophancy of star and mesh runs, from per-round records only.

Reads the per-round columns ``answer_key`` and ``correct`` (one row per agent per round) that the
topology protocols write. Definitions (docs/topologies.md): two answers *agree* when their answer
keys are equal and non-empty; an agent is *sycophantic* in round t when it was correct in t-1, is
wrong in t, and its round-t answer agrees with some peer's round t-1 answer.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pandas as pd

NEEDED = ("debate_id", "agent_id", "round_num", "answer_key", "correct")


def _frame(per_round: pd.DataFrame) -> pd.DataFrame:
    missing = [c for c in NEEDED if c not in per_round.columns]
    if missing:
        raise ValueError(f"per-round records lack {missing}: they come from star or mesh runs only")
    df = per_round.loc[per_round["answer_key"].notna(), list(NEEDED)].copy()
    df["answer_key"] = df["answer_key"].astype(str)
    df["correct"] = df["correct"].astype("boolean").fillna(False).astype(bool)
    df["round_num"] = df["round_num"].astype(int)
    return df.sort_values(["debate_id", "round_num", "agent_id"]).reset_index(drop=True)


def pairwise_agreement(keys: list[str]) -> float:
    """Share of agent pairs whose answers agree (equal, non-empty keys); NaN with fewer than 2."""
    pairs = list(combinations(keys, 2))
    if not pairs:
        return float("nan")
    return sum(a == b and a != "" for a, b in pairs) / len(pairs)


def majority_key(keys: list[str]) -> str:
    """The answer held by more than half of the agents, or '' when none is."""
    if not keys:
        return ""
    key, count = Counter(keys).most_common(1)[0]
    return key if key and count * 2 > len(keys) else ""


def round_table(per_round: pd.DataFrame) -> pd.DataFrame:
    """Per run and round: agents, pairwise agreement, unanimity, accuracy."""
    rows = []
    for (run, rnd), g in _frame(per_round).groupby(["debate_id", "round_num"], sort=True):
        keys = list(g["answer_key"])
        rows.append({"debate_id": run, "round_num": rnd, "agents": len(keys),
                     "agreement": pairwise_agreement(keys),
                     "unanimous": len(set(keys)) == 1 and keys[0] != "",
                     "accuracy": float(g["correct"].mean())})
    return pd.DataFrame(rows, columns=["debate_id", "round_num", "agents", "agreement", "unanimous", "accuracy"])


def transitions(per_round: pd.DataFrame) -> pd.DataFrame:
    """One row per agent and round t > first: what changed from its round t-1 answer, and how."""
    df = _frame(per_round)
    rows = []
    for run, g in df.groupby("debate_id", sort=True):
        by_round = {r: rg.set_index("agent_id") for r, rg in g.groupby("round_num")}
        for rnd in sorted(by_round):
            prev = by_round.get(rnd - 1)
            if prev is None:
                continue
            majority = majority_key(list(prev["answer_key"]))
            for agent, now in by_round[rnd].iterrows():
                if agent not in prev.index:
                    continue
                before = prev.loc[agent]
                peers = {k for a, k in prev["answer_key"].items() if a != agent and k}
                changed = now["answer_key"] != before["answer_key"]
                to_peer = now["answer_key"] in peers
                rows.append({
                    "debate_id": run, "agent_id": agent, "round_num": rnd,
                    "was_correct": bool(before["correct"]), "correct": bool(now["correct"]),
                    "correct_to_wrong": bool(before["correct"]) and not now["correct"],
                    "wrong_to_correct": not before["correct"] and bool(now["correct"]),
                    "changed": changed,
                    "changed_to_peer": changed and to_peer,
                    "sycophantic": bool(before["correct"]) and not now["correct"] and to_peer,
                    "kept_against_majority": not changed and majority != "" and majority != before["answer_key"],
                })
    cols = ["debate_id", "agent_id", "round_num", "was_correct", "correct", "correct_to_wrong",
            "wrong_to_correct", "changed", "changed_to_peer", "sycophantic", "kept_against_majority"]
    return pd.DataFrame(rows, columns=cols)


def _rate(num: int, den: int) -> float:
    return num / den if den else float("nan")


def run_table(per_round: pd.DataFrame) -> pd.DataFrame:
    """Per run: final agreement, rounds until agreement, flips, sycophancy, changes to a peer."""
    rounds = round_table(per_round)
    trans = transitions(per_round)
    rows = []
    for run, g in rounds.groupby("debate_id", sort=True):
        t = trans[trans["debate_id"] == run]
        first = g["round_num"].min()
        agreed = g.loc[g["unanimous"], "round_num"]
        rows.append({
            "debate_id": run,
            "agreement_rate": float(g.sort_values("round_num")["agreement"].iloc[-1]),
            "rounds_until_agreement": float(agreed.min() - first) if len(agreed) else np.nan,
            "correct_to_wrong": int(t["correct_to_wrong"].sum()),
            "wrong_to_correct": int(t["wrong_to_correct"].sum()),
            "sycophantic": int(t["sycophantic"].sum()),
            "sycophancy_rate": _rate(int(t["sycophantic"].sum()), int(t["was_correct"].sum())),
            "changed_to_peer": int(t["changed_to_peer"].sum()),
            "kept_against_majority": int(t["kept_against_majority"].sum()),
            "transitions": len(t),
        })
    cols = ["debate_id", "agreement_rate", "rounds_until_agreement", "correct_to_wrong", "wrong_to_correct",
            "sycophantic", "sycophancy_rate", "changed_to_peer", "kept_against_majority", "transitions"]
    return pd.DataFrame(rows, columns=cols)


def by_round(per_round: pd.DataFrame, summary: pd.DataFrame, arm: str = "experiment") -> pd.DataFrame:
    """Per arm (a summary column, e.g. experiment or protocol) and round: mean agreement, accuracy,
    and the sycophancy rate (sycophantic transitions / transitions from a correct answer)."""
    arms = summary.set_index("debate_id")[arm].astype(str)
    rounds = round_table(per_round)
    rounds["arm"] = rounds["debate_id"].map(arms)
    trans = transitions(per_round)
    trans["arm"] = trans["debate_id"].map(arms)
    rows = []
    for (name, rnd), g in rounds.groupby(["arm", "round_num"], sort=True):
        t = trans[(trans["arm"] == name) & (trans["round_num"] == rnd)]
        rows.append({arm: name, "round_num": rnd, "runs": len(g), "agreement": float(g["agreement"].mean()),
                     "unanimous": float(g["unanimous"].mean()), "accuracy": float(g["accuracy"].mean()),
                     "sycophantic": int(t["sycophantic"].sum()),
                     "sycophancy_rate": _rate(int(t["sycophantic"].sum()), int(t["was_correct"].sum())),
                     "changed_to_peer": int(t["changed_to_peer"].sum()),
                     "kept_against_majority": int(t["kept_against_majority"].sum())})
    return pd.DataFrame(rows)
