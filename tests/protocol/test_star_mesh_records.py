"""star and mesh end to end through the CLI with scripted models: `codedebate run` writes the
records, `codedebate topology-tables` reads them back into accuracy, the paired test and the
sycophancy metrics."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from codedebate.cli import main
from codedebate.records import read_table

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ["arithmetic-01", "arithmetic-03", "python-01"]  # gold B for all three

MESH = {"rules": [{"when": {"agent": "agent_1", "round": 1}, "reply": "17 * 6 ... (B)"},
                  {"when": {"agent": "agent_1"}, "reply": "The others convinced me: (D)"},
                  {"when": {}, "reply": "I am sure it is (D)"}]}
STAR = {"rules": [{"when": {"role": "judge"},
                   "reply": "Evaluation of Agent A\nSound.\nEvaluation of Agent B\nRe-check it.\nOverall Assessment\nA is right."},
                  {"when": {"agent": "agent_2", "round": 1}, "reply": "(D)"},
                  {"when": {}, "reply": "(B)"}]}


def run(tmp_path: Path, protocol: str, script: dict, agents: int, judge: bool, question: str) -> Path:
    path = tmp_path / f"{protocol}.json"
    path.write_text(json.dumps(script))
    model = f"scripted:{path}"
    out = tmp_path / "results" / protocol / question
    args = ["run", "--task", str(ROOT / "tasks_mc" / f"{question}.json"), "--agents", *[model] * agents,
            "--protocol", protocol, "--option", "rounds=1", "--experiment", protocol, "--output", str(out)]
    args += ["--judge", model] if judge else ["--judge", "none"]
    assert main(args) == 0
    return out


def test_records_and_tables_of_star_and_mesh(tmp_path: Path, capsys) -> None:
    for q in QUESTIONS:
        run(tmp_path, "mesh", MESH, 3, False, q)
        run(tmp_path, "star", STAR, 2, True, q)
    mesh = read_table(tmp_path / "results" / "mesh" / QUESTIONS[0] / "summary.parquet", "summary").iloc[0]
    assert mesh["topology_links"] == 3 and mesh["final_answer_key"] == "D" and not mesh["final_correct"]
    assert mesh["judge_prompt_tokens"] == 0 and mesh["proposer_completion_tokens"] > 0
    star = read_table(tmp_path / "results" / "star" / QUESTIONS[0] / "summary.parquet", "summary").iloc[0]
    assert star["topology_links"] == 4 and star["final_correct"] and star["subject"] == "arithmetic"
    assert star["judge_completion_tokens"] > 0 and star["total_rounds"] == 2

    out = tmp_path / "tables"
    assert main(["topology-tables", "--records", str(tmp_path / "results"), "--a", "star", "--b", "mesh",
                 "--output", str(out)]) == 0
    acc = pd.read_csv(out / "accuracy.csv").set_index("experiment")
    assert acc.loc["star", "accuracy"] == 1.0 and acc.loc["mesh", "accuracy"] == 0.0 and acc.loc["mesh", "n"] == 3
    paired = pd.read_csv(out / "paired.csv").iloc[0]
    assert (paired["n"], paired["only_a"], paired["only_b"]) == (3, 3, 0) and paired["mcnemar_p"] == 0.25
    runs = pd.read_csv(out / "per_run.csv")
    assert sorted(runs["sycophantic"]) == [0, 0, 0, 1, 1, 1]  # mesh's agent 1 follows its peers each time
    by_round = pd.read_csv(out / "by_round.csv").set_index(["experiment", "round_num"])
    assert by_round.loc[("mesh", 2), "sycophancy_rate"] == 1.0 and by_round.loc[("star", 2), "agreement"] == 1.0
    assert (out / "accuracy_by_arm.png").stat().st_size > 0 and (out / "agreement_sycophancy_by_round.pdf").exists()
    assert "| star |" in capsys.readouterr().out
