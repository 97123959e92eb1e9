"""Pulling missing Ollama models: only what is missing, progress shown, failures explained."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from codedebate.backends import BackendError
from codedebate.backends.ollama_pull import pull_models
from codedebate.cli import main


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, force_terminal=False), out


def test_pulls_only_missing_models(fake_ollama):
    fake_ollama.models = ["qwen2.5-coder:7b", "llama3.2:latest"]
    fake_ollama.pullable = {"deepseek-coder:6.7b"}
    con, out = console()
    pulled = pull_models(["qwen2.5-coder:7b", "ollama:deepseek-coder:6.7b", "llama3.2"], fake_ollama.host, con)
    assert pulled == ["deepseek-coder:6.7b"]
    pulls = [body["model"] for method, path, body in fake_ollama.requests if path == "/api/pull"]
    assert pulls == ["deepseek-coder:6.7b"]
    text = out.getvalue()
    assert "present qwen2.5-coder:7b" in text and "present llama3.2" in text
    assert "deepseek-coder:6.7b: success" in text


def test_failed_pull_names_model_and_host(fake_ollama):
    con, _ = console()
    with pytest.raises(BackendError) as err:
        pull_models(["no-such-model:1b"], fake_ollama.host, con)
    msg = str(err.value)
    assert "no-such-model:1b" in msg and fake_ollama.host in msg and "file does not exist" in msg


def test_pull_with_server_down(closed_port_host):
    con, _ = console()
    with pytest.raises(BackendError, match="ollama serve"):
        pull_models(["qwen2.5-coder:7b"], closed_port_host, con)


def test_cli_pull_models(fake_ollama, capsys):
    fake_ollama.pullable = {"qwen2.5-coder:1.5b"}
    assert main(["pull-models", "qwen2.5-coder:1.5b", "--host", fake_ollama.host]) == 0
    assert "pulled 1 model(s): qwen2.5-coder:1.5b" in capsys.readouterr().out
    assert main(["pull-models", "qwen2.5-coder:1.5b", "--host", fake_ollama.host]) == 0
    assert "all present" in capsys.readouterr().out


def test_cli_pull_models_rejects_embedded_names(capsys):
    assert main(["pull-models", "embedded:qwen2.5-coder-0.5b"]) == 2
    assert "not an Ollama model" in capsys.readouterr().err
