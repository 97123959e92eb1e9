"""Choosing a backend by model name; lazy imports; one instance per name and options."""

from __future__ import annotations

import subprocess
import sys

import pytest

from codedebate.backends import DEFAULT_MODEL, BackendError, get_backend, resolve
from codedebate.backends.embedded import EmbeddedBackend
from codedebate.backends.ollama import OllamaBackend


@pytest.mark.parametrize("name, expected", [
    ("embedded:qwen2.5-coder-0.5b", ("embedded", "qwen2.5-coder-0.5b")),
    ("embedded:/models/x.gguf", ("embedded", "/models/x.gguf")),
    ("/models/x.gguf", ("embedded", "/models/x.gguf")),
    ("scripted:/tmp/s.json", ("scripted", "/tmp/s.json")),
    ("ollama:qwen2.5-coder:7b", ("ollama", "qwen2.5-coder:7b")),
    ("qwen2.5-coder:7b", ("ollama", "qwen2.5-coder:7b")),
    ("llama3.2", ("ollama", "llama3.2")),
])
def test_resolve(name, expected):
    assert resolve(name) == expected


def test_default_model_is_embedded_qwen():
    assert DEFAULT_MODEL == "embedded:qwen2.5-coder-0.5b"


def test_empty_names_rejected():
    for name in ("", "  ", "embedded:"):
        with pytest.raises(BackendError):
            resolve(name)


def test_unknown_alias_lists_aliases():
    with pytest.raises(BackendError) as err:
        get_backend("embedded:qwen-9000")
    msg = str(err.value)
    for alias in ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "gemma3-270m", "smollm2-135m"):
        assert alias in msg


def test_missing_gguf_path_is_an_error(tmp_path):
    with pytest.raises(BackendError, match="cannot read model file"):
        get_backend(str(tmp_path / "absent.gguf"))
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"not a model")
    with pytest.raises(BackendError, match="not a GGUF file"):
        get_backend(f"embedded:{bad}")


def test_one_instance_per_name_and_options():
    a = get_backend("embedded:qwen2.5-coder-0.5b")
    assert isinstance(a, EmbeddedBackend)
    assert a is get_backend("embedded:qwen2.5-coder-0.5b")
    b = get_backend("embedded:qwen2.5-coder-0.5b", n_ctx=2048)
    assert b is not a and b.n_ctx == 2048
    assert get_backend("qwen2.5-coder:7b") is get_backend("qwen2.5-coder:7b")


def test_options_for_other_backends_are_ignored_unknown_rejected():
    backend = get_backend("qwen2.5-coder:7b", host="http://127.0.0.1:1", n_threads=2, num_ctx=4096)
    assert isinstance(backend, OllamaBackend)
    assert (backend.host, backend.num_ctx) == ("http://127.0.0.1:1", 4096)
    with pytest.raises(BackendError, match="unknown backend option"):
        get_backend("qwen2.5-coder:7b", temprature=0.3)


def test_backends_import_lazily():
    code = (
        "import sys; from codedebate.backends import get_backend; "
        "get_backend('qwen2.5-coder:7b'); "
        "print('llama_cpp' in sys.modules, 'codedebate.backends.embedded' in sys.modules); "
        "import codedebate.backends as b; b.clear_backend_cache(); "
        "get_backend('embedded:qwen2.5-coder-0.5b'); print('ollama' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False", "True"]
    code = ("import sys; import codedebate.backends; "
            "print('ollama' in sys.modules, 'llama_cpp' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_describe_says_which_model_answered(tmp_path):
    embedded = get_backend("embedded:qwen2.5-coder-0.5b", n_threads=1).describe()
    assert embedded["backend"] == "embedded" and embedded["n_threads"] == 1
    assert embedded["path"].endswith("qwen2.5-coder-0.5b-instruct-q4.gguf")
    ollama = get_backend("qwen2.5-coder:7b", host="http://127.0.0.1:1").describe()
    assert (ollama["backend"], ollama["model"], ollama["host"]) == ("ollama", "qwen2.5-coder:7b", "http://127.0.0.1:1")
    script = tmp_path / "s.json"
    script.write_text("[]")
    assert get_backend(f"scripted:{script}").describe() == {
        "name": f"scripted:{script}", "backend": "scripted", "source": str(script)}
