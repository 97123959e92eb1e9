"""The conda env files of the rules list every dependency the package declares."""

from __future__ import annotations

import re
import tomllib

import pytest
import yaml

from pipeline_helpers import REPO_ROOT

CONDA_NAMES = {"matplotlib": "matplotlib-base", "seaborn": "seaborn-base"}


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~ \[]", r, maxsplit=1)[0].lower() for r in requirements}


def env_packages(path) -> set[str]:
    deps = yaml.safe_load(path.read_text())["dependencies"]
    plain = [d for d in deps if isinstance(d, str)]
    pip = [p for d in deps if isinstance(d, dict) for p in d.get("pip", [])]
    return names(plain) | names(pip)


@pytest.mark.parametrize(("env", "extras"), [("cells", ["embedded"]), ("merge", [])])
def test_env_lists_the_package_dependencies(env: str, extras: list[str]) -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    wanted = names(project["dependencies"]) | set().union(*(names(project["optional-dependencies"][e]) for e in extras))
    have = env_packages(REPO_ROOT / "envs" / f"{env}.yaml")
    missing = sorted(n for n in wanted if CONDA_NAMES.get(n, n) not in have)
    assert not missing, f"envs/{env}.yaml lacks {missing}"
    assert (REPO_ROOT / "envs" / f"{env}.post-deploy.sh").is_file(), "the env installs codedebate itself after creation"


def test_every_env_a_rule_names_exists() -> None:
    rules = "".join(p.read_text() for p in (REPO_ROOT / "workflow" / "rules").glob("*.smk"))
    for env in set(re.findall(r'"\.\./\.\./envs/([\w.-]+\.yaml)"', rules)):
        assert (REPO_ROOT / "envs" / env).is_file(), env
