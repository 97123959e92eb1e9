"""Embedded-backend settings that need no model: AMX guard, thread policy, defaults."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from codedebate.backends import BackendError, embedded
from codedebate.backends.embedded import EmbeddedBackend


def test_extra_buffers_off_when_cpu_lists_amx(monkeypatch):
    monkeypatch.delenv("CODEDEBATE_LLAMA_EXTRA_BUFFERS", raising=False)
    monkeypatch.setattr(embedded, "cpu_has_amx", lambda: True)
    assert embedded.default_extra_buffers() is False
    monkeypatch.setattr(embedded, "cpu_has_amx", lambda: False)
    assert embedded.default_extra_buffers() is True


def test_extra_buffers_env_override(monkeypatch):
    monkeypatch.setattr(embedded, "cpu_has_amx", lambda: True)
    monkeypatch.setenv("CODEDEBATE_LLAMA_EXTRA_BUFFERS", "1")
    assert embedded.default_extra_buffers() is True
    monkeypatch.setenv("CODEDEBATE_LLAMA_EXTRA_BUFFERS", "off")
    assert embedded.default_extra_buffers() is False


def test_defaults_and_options():
    backend = EmbeddedBackend("qwen2.5-coder-0.5b")
    assert (backend.n_ctx, backend.name) == (4096, "embedded:qwen2.5-coder-0.5b")
    assert backend.n_threads >= 1
    tuned = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=2048, n_threads=1, seed=3, extra_buffers=True)
    assert (tuned.n_ctx, tuned.n_threads, tuned.seed, tuned.extra_buffers) == (2048, 1, 3, True)


def test_openmp_threads_sleep_unless_user_chose():
    code = ("import os; from codedebate.backends.embedded import _new_llama\n"
            "try:\n    _new_llama(__import__('pathlib').Path('/nonexistent.gguf'), 64, 1, False, None)\n"
            "except Exception:\n    pass\nprint(os.environ.get('OMP_WAIT_POLICY'))")
    env_default = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 env={k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"})
    assert env_default.stdout.strip() == "PASSIVE"
    chosen = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "OMP_WAIT_POLICY": "ACTIVE"})
    assert chosen.stdout.strip() == "ACTIVE"


def test_batch_switch_and_limits():
    assert EmbeddedBackend("qwen2.5-coder-0.5b").batch is True  # batched by default
    sequential = EmbeddedBackend("qwen2.5-coder-0.5b", batch=False, batch_seqs=2)
    assert (sequential.batch, sequential.batch_seqs) == (False, 2)
    assert sequential.describe()["batch"] is False
    with pytest.raises(BackendError, match="batch_seqs must be at least 1"):
        EmbeddedBackend("qwen2.5-coder-0.5b", batch_seqs=0)
    assert EmbeddedBackend("qwen2.5-coder-0.5b").describe()["batch_engine"] == "lanes"  # the default
    assert EmbeddedBackend("qwen2.5-coder-0.5b", batch_engine="rows").batch_engine == "rows"
    with pytest.raises(BackendError, match="batch_engine must be one of lanes, rows, got 'threads'"):
        EmbeddedBackend("qwen2.5-coder-0.5b", batch_engine="threads")


def test_common_prefix():
    from codedebate.backends.embedded_decode import common_prefix

    assert common_prefix((1, 2, 3), [1, 2, 4, 5]) == 2
    assert common_prefix((), (1,)) == 0
    assert common_prefix((7, 8), (7, 8)) == 2
