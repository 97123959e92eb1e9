"""One run's records as the plain values its page shows: timeline, test matrix, solutions with
diffs, votes and critiques. Reads only record columns; a column a run lacks shows as empty."""

from __future__ import annotations

import difflib
import json
import math
from collections import defaultdict
from typing import Any

Row = dict[str, Any]


def value(x: Any) -> Any:
    """A cell as a plain Python value; NA and NaN become None."""
    if x is None or type(x).__name__ == "NAType":
        return None
    if isinstance(x, float) and math.isnan(x):
        return None
    return x.item() if hasattr(x, "item") else x


def _json(x: Any, default: Any) -> Any:
    x = value(x)
    if not isinstance(x, str) or not x:
        return default
    try:
        return json.loads(x)
    except ValueError:
        return default


def short_agent(agent_id: str) -> str:
    """'agent_1_qwen2.5-coder' -> 'agent_1'; other ids (judge, solo) unchanged."""
    parts = str(agent_id).split("_")
    return "_".join(parts[:2]) if len(parts) > 2 and parts[0] == "agent" and parts[1].isdigit() else str(agent_id)


def timeline(calls: list[Row]) -> list[dict[str, Any]]:
    """Rounds -> phases (in call order) -> calls with prompt messages, reply, tokens and seconds."""
    rounds: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for row in calls:
        rnd = rounds.setdefault(int(value(row["round_num"]) or 0), {})
        rnd.setdefault(str(row["phase"]), []).append({
            "index": value(row["call_index"]), "agent": row["agent_id"], "short": short_agent(row["agent_id"]),
            "model": row["model"], "role": row["role"], "temperature": value(row["temperature"]),
            "seed": value(row["seed"]), "prompt_tokens": value(row["prompt_tokens"]),
            "completion_tokens": value(row["completion_tokens"]), "seconds": value(row["seconds"]),
            "finish_reason": value(row["finish_reason"]), "messages": _json(row["prompt"], []),
            "reply": value(row["reply"]) or ""})
    return [{"round": n, "phases": [{"phase": p, "calls": c} for p, c in phases.items()]}
            for n, phases in sorted(rounds.items())]


def columns_of(rounds: list[Row]) -> list[tuple[str, int]]:
    """(agent, round) pairs of a run's solutions, round by round."""
    return [(str(r["agent_id"]), int(r["round_num"])) for r in rounds]


def outcome_matrix(rounds: list[Row]) -> dict[str, Any]:
    """Tests x (agent, round) -> outcome; hidden tests in their own rows, only where scored."""
    cols = columns_of(rounds)
    outcomes = [_json(r.get("test_outcomes"), {}) for r in rounds]
    rows: list[dict[str, Any]] = []
    for kind in ("visible", "hidden"):
        names: dict[str, None] = {}
        for o in outcomes:
            names.update(dict.fromkeys(o.get(kind, {})))
        for name in names:
            rows.append({"test": name, "hidden": kind == "hidden",
                         "cells": [o.get(kind, {}).get(name) for o in outcomes]})
    return {"columns": [{"agent": a, "short": short_agent(a), "round": n} for a, n in cols], "rows": rows}


def solutions(rounds: list[Row]) -> list[dict[str, Any]]:
    """Each round's solutions with anti-regression, temperature and a diff to the agent's previous code."""
    previous: dict[str, str] = {}
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rounds:
        code = value(r.get("code")) or ""
        agent = str(r["agent_id"])
        before = previous.get(agent)
        diff = None if before is None else [
            ("add" if line.startswith("+") else "del" if line.startswith("-") else
             "hunk" if line.startswith("@@") else "ctx", line)
            for line in difflib.unified_diff(before.splitlines(), code.splitlines(), "previous", "this round",
                                             lineterm="", n=2)][2:]
        previous[agent] = code
        out[int(r["round_num"])].append({
            "agent": agent, "short": short_agent(agent), "model": r["model"], "role": value(r.get("role")),
            "status": value(r.get("status")), "pass_rate": value(r.get("pass_rate")),
            "tests_passed": value(r.get("tests_passed")), "tests_total": value(r.get("tests_total")),
            "hidden_pass_rate": value(r.get("hidden_pass_rate")), "temperature": value(r.get("temperature")),
            "restored": bool(value(r.get("is_historical_best_reuse"))), "revert_reason": value(r.get("revert_reason")),
            "rejected_pass_rate": value(r.get("rejected_pass_rate")), "truncated": bool(value(r.get("was_truncated"))),
            "code": code, "diff": diff})
    return [{"round": n, "solutions": sols} for n, sols in sorted(out.items())]


def votes(rounds: list[Row]) -> list[dict[str, Any]]:
    """Per round: edges voter -> voted-for agent with confidence and weight, and weight totals."""
    by_round: dict[int, list[Row]] = defaultdict(list)
    for r in rounds:
        by_round[int(r["round_num"])].append(r)
    out = []
    for n, group in sorted(by_round.items()):
        edges = []
        for r in group:
            for v in _json(r.get("votes_received"), []):
                edges.append({"voter": v.get("voter"), "target": r["agent_id"],
                              "confidence": v.get("confidence"), "weight": v.get("weight")})
        if edges:
            out.append({"round": n, "agents": [str(r["agent_id"]) for r in group], "edges": edges})
    return out


def critiques(rounds: list[Row]) -> list[dict[str, Any]]:
    """Per round: each critique (critic -> target) with the bugs it cites."""
    out = []
    for r in rounds:
        for c in _json(r.get("critiques_received"), []):
            out.append({"round": int(r["round_num"]), "critic": c.get("critic"), "target": r["agent_id"],
                        "bugs": c.get("bugs", [])})
    return out


def run_view(summary: Row, rounds: list[Row], calls: list[Row]) -> dict[str, Any]:
    """Everything a run page shows."""
    info = {k: value(v) for k, v in summary.items()}
    info["settings_obj"] = _json(summary.get("settings"), {})
    return {"summary": info, "timeline": timeline(calls), "matrix": outcome_matrix(rounds),
            "rounds": solutions(rounds), "votes": votes(rounds), "critiques": critiques(rounds)}
