"""The thesis's command lines (`python -m src.main ...`) run as `codedebate run ...` with its meaning."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from codedebate.backends import clear_backend_cache
from codedebate.cli import build_parser, main
from codedebate.cli.run_command import resolve_settings
from codedebate.cli.thesis_config import parse_thesis_config, read_thesis_config
from codedebate.protocol import SettingsError
from codedebate.records import read_table

DATA = Path(__file__).parents[1] / "protocol" / "data"
TASK = DATA / "add_easy.json"
M7B = ["qwen2.5-coder:7b", "deepseek-coder:6.7b", "codellama:7b-instruct"]
JUDGE = "deepseek-coder-v2:16b"
# A thesis config.yaml with every section the thesis's own file has (values of our choosing).
THESIS_CONFIG = """\
ollama:
  base_url: http://gpu-node:11434
  timeout: 300
agents:
  - {name: agent_1, model: qwen2.5-coder:7b}
debate:
  max_rounds: 4
  min_rounds: 1
  consensus_threshold: 0.7
  early_stop_on_perfect: false
  adaptive_temperature: false
  critique_history: false
  revision_strategy: diverse
  revision_show_all_solutions: true
  temperature: 0.7
execution:
  timeout: 10
database:
  path: data/debates.db
web:
  port: 5000
logging:
  level: INFO
metrics:
  pylint: true
"""


def settings_of(command: str):
    """The settings a thesis command line resolves to, `python -m src.main` read as `codedebate run`."""
    words = shlex.split(command)
    assert words[:3] == ["python", "-m", "src.main"]
    args = build_parser().parse_args(["run", *words[3:]])
    return resolve_settings(args), args


@pytest.fixture()
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text(THESIS_CONFIG)
    return path


@pytest.fixture(autouse=True)
def fresh_backends():
    clear_backend_cache()
    yield
    clear_backend_cache()


def test_debate_command_line_gets_the_thesis_defaults() -> None:
    s, args = settings_of(f"python -m src.main --task {TASK} --agents {' '.join(M7B)}")
    assert s.agents == M7B and s.judge is None and s.protocol == "debate"
    assert s.max_rounds == 5  # the thesis's default
    assert args.output is None and not args.verbose


def test_judge_and_max_rounds_above_five() -> None:
    s, _ = settings_of(f"python -m src.main --task {TASK} --agents {','.join(M7B)} --judge {JUDGE} --max-rounds 8")
    assert s.agents == M7B and s.judge == JUDGE and s.max_rounds == 8


def test_solo_with_several_agents_runs_the_first() -> None:
    s, _ = settings_of(f"python -m src.main --task {TASK} --solo --agents {' '.join(M7B)}")
    assert s.protocol == "solo" and s.agents == M7B[:1]
    notices: list[str] = []
    resolve_settings(build_parser().parse_args(["run", "--task", str(TASK), "--solo", "--agents", *M7B]), notices)
    assert notices == [f"notice: --solo runs the first of 3 agents: {M7B[0]}"]


def test_max_rounds_below_one_is_refused(capsys) -> None:
    assert main(["run", "--task", str(TASK), "--max-rounds", "0", "--output", "unused"]) == 2
    assert "key 'max_rounds': must be at least 1" in capsys.readouterr().err


def test_config_file_is_read_and_flags_win(config_file: Path) -> None:
    s, _ = settings_of(f"python -m src.main --task {TASK} --config {config_file} --verbose")
    assert s.backend == {"host": "http://gpu-node:11434", "request_timeout_s": 300.0}
    assert (s.max_rounds, s.consensus_threshold, s.early_stop_on_perfect) == (4, 0.7, False)
    assert (s.adaptive_temperature, s.critique_history) == (False, False)
    assert (s.revision_strategy, s.show_all_solutions) == ("diverse", True)
    s, _ = settings_of(f"python -m src.main --task {TASK} --config {config_file} --max-rounds 2 "
                       "--adaptive-temperature --revision-strategy uniform")
    assert (s.max_rounds, s.adaptive_temperature, s.revision_strategy) == (2, True, "uniform")
    assert s.consensus_threshold == 0.7  # what no flag sets still comes from the file


def test_keys_the_thesis_never_read_get_one_notice(config_file: Path) -> None:
    notices: list[str] = []
    resolve_settings(build_parser().parse_args(["run", "--task", str(TASK), "--config", str(config_file)]), notices)
    assert len(notices) == 1
    for name in ("agents", "database.*", "debate.min_rounds", "debate.temperature", "execution.*",
                 "logging.*", "metrics.*", "web.*"):
        assert name in notices[0], name
    assert str(config_file) in notices[0]


@pytest.mark.parametrize("text,key,message", [
    ("debate:\n  max_rounds: five\n", "debate.max_rounds", "must be an integer"),
    ("debate:\n  early_stop_on_perfect: 'yes'\n", "debate.early_stop_on_perfect", "must be true or false"),
    ("ollama:\n  timeout: soon\n", "ollama.timeout", "must be a number"),
    ("ollama:\n  timeout: 0\n", "ollama.timeout", "must be positive"),
    ("debate:\n  revision_strategy: random\n", "revision_strategy", "uniform, diverse"),
    ("debate:\n  max_round: 3\n", "debate.max_round", "is not a key of the thesis's config.yaml"),
])
def test_a_wrong_value_is_an_error_naming_the_key(tmp_path: Path, capsys, text: str, key: str, message: str) -> None:
    path = tmp_path / "config.yaml"
    path.write_text(text)
    out = tmp_path / "out"
    assert main(["run", "--task", str(TASK), "--config", str(path), "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: key '{key}'" in err and message in err
    assert not out.exists()


def test_config_reader_alone() -> None:
    cfg = parse_thesis_config({"debate": {"max_rounds": 7}}, "c.yaml")
    assert cfg.settings == {"max_rounds": 7} and cfg.backend == {} and cfg.notice("c.yaml") is None
    with pytest.raises(SettingsError, match="c.yaml: key 'debate.max_rounds'"):
        parse_thesis_config({"debate": {"max_rounds": 2.5}}, "c.yaml")


def scripted(tmp_path: Path) -> str:
    rules = [
        {"when": {"phase": "propose"}, "reply": "```python\ndef add(a, b):\n    return a + b\n```"},
        {"when": {"phase": "critique"}, "reply": "### Agent 1\nBUGS: none"},
        {"when": {"phase": "revise"}, "reply": "```python\ndef add(a, b):\n    return a + b\n```"},
        {"when": {"phase": "vote"}, "reply": "VOTE: 1\nCONFIDENCE: 0.9"},
    ]
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"rules": rules}))
    return f"scripted:{path}"


def test_solo_run_with_three_agents_and_no_output_writes_the_default_folder(tmp_path: Path, monkeypatch, capsys) -> None:
    first, other = scripted(tmp_path), "scripted:/nonexistent.json"
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--task", str(TASK), "--solo", "--agents", first, other, other, "--seed", "4"]) == 0
    out = tmp_path / "results" / "runs" / "default" / "tiny_add" / "4"
    captured = capsys.readouterr()
    assert "no --output given: records go to results/runs/default/tiny_add/4/" in captured.out
    assert "--solo runs the first of 3 agents" in captured.err
    summary = read_table(out / "summary.parquet", "summary").iloc[0]
    assert summary["mode"] == "solo" and summary["agent_models"] == first


def test_verbose_prints_each_prompt_and_reply(tmp_path: Path, capsys) -> None:
    model = scripted(tmp_path)
    out = tmp_path / "out"
    assert main(["run", "--task", str(TASK), "--solo", "--agents", model, "--output", str(out), "--verbose"]) == 0
    text = capsys.readouterr().out
    assert text.count("[reply]") == 1 and "round 1 · propose · " in text
    assert "[user]" in text and "def add(a, b):\n    return a + b" in text
    assert read_table(out / "transcript.parquet", "transcript").iloc[0]["reply"] in text
