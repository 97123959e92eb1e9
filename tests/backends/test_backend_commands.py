"""``codedebate models``: embedded aliases, install state, assembly on request."""

from __future__ import annotations

from codedebate.cli import main


def test_models_lists_every_alias_and_the_cache(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")
    assert main(["models", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for alias in ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "gemma3-270m", "smollm2-135m"):
        assert f"embedded:{alias}" in out
    assert "(not assembled)" in out and str(tmp_path) in out


def test_models_prepare_assembles_default(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")
    assert main(["models", "--prepare", "qwen2.5-coder-0.5b", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "qwen2.5-coder-0.5b-instruct-q4.gguf") in out
    assert "1d9614638d18024d" in out and "491 MB" in out


def test_models_prepare_unknown_alias_fails(capsys, tmp_path):
    assert main(["models", "--prepare", "nope", "--cache-dir", str(tmp_path)]) == 1
    assert "known aliases" in capsys.readouterr().err
