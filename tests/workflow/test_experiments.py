"""Experiment configs: validation errors name file and key, grid expansion, resolved settings."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codedebate.pipeline import experiments as xp

from pipeline_helpers import EASY_TASKS, write_config


def base_config(task_dir: Path, **exp: object) -> dict:
    experiment = {"settings": {"agents": ["embedded:qwen2.5-coder-0.5b"]}, "task_sets": ["tiny"], **exp}
    return {"task_sets": {"tiny": str(task_dir)}, "experiments": {"e1": experiment}}


def load(tmp_path: Path, data: dict) -> xp.ExperimentConfig:
    return xp.load_config(write_config(tmp_path / "grid.yaml", data))


@pytest.mark.parametrize(
    ("mutate", "key", "text"),
    [
        (lambda d: d.update(extra=1), "extra", "is not a known key"),
        (lambda d: d["experiments"]["e1"].update(seed=[1]), "experiments.e1.seed", "is not a known key"),
        (lambda d: d["experiments"]["e1"]["settings"].update(max_round=2), "experiments.e1.settings.max_round", "is not a known key"),
        (lambda d: d["experiments"]["e1"]["settings"].update(max_rounds="3"), "experiments.e1.settings.max_rounds", "is not of type 'integer'"),
        (lambda d: d["experiments"]["e1"]["settings"].update(max_rounds=0), "experiments.e1.settings.max_rounds", "minimum of 1"),
        (lambda d: d["experiments"]["e1"]["settings"].pop("agents"), "experiments.e1.settings", "'agents' is a required property"),
        (lambda d: d["experiments"]["e1"]["settings"].update(revision_temperature=3),
         "experiments.e1.settings.revision_temperature", "must be between 0 and 2"),
        (lambda d: d["experiments"]["e1"]["settings"].update(seed=3), "experiments.e1.settings.seed", "'seeds' list"),
        (lambda d: d["experiments"]["e1"].update(task_sets=["nope"]), "experiments.e1.task_sets[0]", "'nope' is not declared"),
        (lambda d: d["experiments"]["e1"].update(seeds=[]), "experiments.e1.seeds", "should be non-empty"),
        (lambda d: d["experiments"]["e1"]["settings"].update(backend={"nthreads": 2}),
         "experiments.e1.settings.backend.nthreads", "is not a known key"),
        (lambda d: d.update(ollama={"pull": "yes"}), "ollama.pull", "is not of type 'boolean'"),
        (lambda d: d.update(resources={"gpu_cell": {"gpus": 1}}), "resources.gpu_cell.gpus", "is not a known key"),
        # a protocol's own options are checked when the config loads, not when a cell runs
        (lambda d: d["experiments"]["e1"]["settings"].update(protocol="best_of_n", protocol_options={"n_sample": 3}),
         "experiments.e1.settings.protocol_options.n_sample", "did you mean 'n_samples'?"),
        (lambda d: d["experiments"]["e1"]["settings"].update(protocol="nope"),
         "experiments.e1.settings.protocol", "unknown protocol 'nope'"),
    ],
)
def test_bad_config_names_file_and_key(tmp_path: Path, task_dir: Path, mutate, key: str, text: str) -> None:
    data = base_config(task_dir)
    mutate(data)
    with pytest.raises(xp.ConfigError) as info:
        load(tmp_path, data)
    assert info.value.key == key
    assert str(tmp_path / "grid.yaml") in str(info.value)
    assert text in str(info.value)


def test_bad_experiment_name_is_rejected(tmp_path: Path, task_dir: Path) -> None:
    data = base_config(task_dir)
    data["experiments"]["bad/name"] = data["experiments"].pop("e1")
    with pytest.raises(xp.ConfigError, match="experiments"):
        load(tmp_path, data)


def test_unreadable_yaml_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("experiments: [unclosed\n")
    with pytest.raises(xp.ConfigError, match="broken.yaml: is not valid YAML"):
        xp.load_config(path)


def test_grid_is_experiment_by_task_by_seed(tmp_path: Path, task_dir: Path) -> None:
    cfg = load(tmp_path, base_config(task_dir, seeds=[0, 7]))
    cells = xp.expand_cells(cfg)
    assert {(c.task_id, c.seed) for c in cells} == {(t, s) for t in EASY_TASKS for s in (0, 7)}
    cell = next(c for c in cells if c.task_id == "run_lengths" and c.seed == 7)
    assert cell.outdir == "results/runs/e1/run_lengths/7"
    assert cell.task_set == "tiny" and cell.task_path.endswith("run_lengths.json")


def test_task_filter_and_difficulty_filter(tmp_path: Path, task_dir: Path) -> None:
    cfg = load(tmp_path, base_config(task_dir, tasks=["run_*", "digital_root"]))
    assert sorted(c.task_id for c in xp.expand_cells(cfg)) == ["digital_root", "run_lengths"]
    cfg = load(tmp_path, base_config(task_dir, difficulties=["hard"]))
    assert xp.expand_cells(cfg) == []


def test_filter_that_matches_nothing_names_the_key(tmp_path: Path, task_dir: Path) -> None:
    cfg = load(tmp_path, base_config(task_dir, tasks=["run_lengths", "no_such_task"]))
    with pytest.raises(xp.ConfigError) as info:
        xp.expand_cells(cfg)
    assert info.value.key == "experiments.e1.tasks[1]"


def test_task_in_two_sets_is_one_cell_from_the_first_set(tmp_path: Path, task_dir: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "run_lengths.json").write_text((task_dir / "easy" / "run_lengths.json").read_text())
    data = base_config(task_dir, task_sets=["other", "tiny"])
    data["task_sets"]["other"] = str(other)
    cells = xp.expand_cells(load(tmp_path, data))
    assert len(cells) == len(EASY_TASKS)
    assert next(c for c in cells if c.task_id == "run_lengths").task_set == "other"


def test_missing_task_folder_names_the_key(tmp_path: Path, task_dir: Path) -> None:
    data = base_config(task_dir)
    data["task_sets"]["tiny"] = str(tmp_path / "absent")
    with pytest.raises(xp.ConfigError) as info:
        xp.expand_cells(load(tmp_path, data))
    assert info.value.key == "task_sets.tiny"


def test_resolved_settings_round_trip_without_seed(tmp_path: Path, task_dir: Path) -> None:
    from codedebate.protocol.settings import DebateSettings

    cfg = load(tmp_path, base_config(task_dir, settings={"agents": ["a:1", "b:2"], "judge": "j:3", "max_rounds": 4}))
    text = xp.resolved_settings(cfg.experiments["e1"])
    assert "seed" not in yaml.safe_load(text)
    path = tmp_path / "s.yaml"
    assert xp.write_if_changed(path, text) is True
    back = DebateSettings.from_yaml(path)
    assert back.agents == ["a:1", "b:2"] and back.judge == "j:3" and back.max_rounds == 4
    mtime = path.stat().st_mtime_ns
    assert xp.write_if_changed(path, text) is False
    assert path.stat().st_mtime_ns == mtime
    assert xp.write_if_changed(path, text.replace("max_rounds: 4", "max_rounds: 5")) is True


def test_resources_follow_the_backend_and_experiment_overrides(tmp_path: Path, task_dir: Path) -> None:
    data = base_config(task_dir)
    data["experiments"]["gpu"] = {"settings": {"agents": ["qwen2.5-coder:7b"], "judge": "embedded:x"},
                                  "task_sets": ["tiny"], "resources": {"runtime": 999}}
    data["resources"] = {"gpu_cell": {"threads": 8}}
    cfg = load(tmp_path, data)
    cpu, gpu = cfg.experiments["e1"].resources, cfg.experiments["gpu"].resources
    assert (cpu.gres, cpu.threads) == ("", 2)
    assert (gpu.gres, gpu.threads, gpu.runtime, gpu.mem_mb) == ("gpu:1", 8, 999, 32000)
    assert cfg.experiments["gpu"].ollama_models == ["qwen2.5-coder:7b"]


def test_cell_launcher_wraps_only_ollama_cells(tmp_path: Path, task_dir: Path) -> None:
    data = base_config(task_dir)
    data["experiments"]["o"] = {"settings": {"agents": ["ollama:qwen2.5-coder:7b", "yi-coder:9b"]}, "task_sets": ["tiny"]}
    data["ollama"] = {"container": "/images/ollama.sif", "pull": False, "linger_s": 5}
    cfg = load(tmp_path, data)
    assert xp.cell_launcher(cfg.experiments["e1"], cfg.ollama) == ""
    launcher = xp.cell_launcher(cfg.experiments["o"], cfg.ollama)
    assert launcher.startswith("codedebate with-ollama --settings results/settings/o.yaml")
    assert "--container /images/ollama.sif" in launcher and "--no-pull" in launcher and "--linger 5" in launcher
    assert launcher.endswith(" -- ")
