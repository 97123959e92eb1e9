"""LLM backends chosen by model name: ``get_backend("embedded:qwen2.5-coder-0.5b")``.

Names: ``embedded:<alias>`` / ``embedded:/path/model.gguf`` / any ``*.gguf`` path (in-process
llama.cpp), ``scripted:<script.json>`` (test-only replay), ``openai:<model>@<base_url>`` (an
OpenAI-compatible server: vLLM, SGLang, llama.cpp's server, a hosted API), ``ollama:<tag>`` or any other name,
e.g. ``qwen2.5-coder:7b`` (Ollama server). Implementations register by prefix and are imported
only when used; one name + options gives one instance per process.
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass
from typing import Any

from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse, Message

__all__ = [
    "DEFAULT_MODEL", "Backend", "BackendError", "ChatRequest", "ChatResponse", "Message",
    "backend_options", "clear_backend_cache", "get_backend", "register_backend", "resolve",
]

DEFAULT_MODEL = "embedded:qwen2.5-coder-0.5b"


@dataclass(frozen=True)
class _Entry:
    prefix: str
    factory: str  # "module:function" taking (model: str, **options) -> Backend
    options: frozenset[str]  # option names the factory understands


_REGISTRY: dict[str, _Entry] = {}
_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], Backend] = {}
_LOCK = threading.Lock()


def register_backend(prefix: str, factory: str, options: set[str] | frozenset[str] = frozenset()) -> None:
    """Register ``factory`` ("pkg.module:function") for names ``<prefix>:<model>``."""
    _REGISTRY[prefix] = _Entry(prefix, factory, frozenset(options))


register_backend(
    "embedded", "codedebate.backends.embedded:create",
    {"n_ctx", "n_threads", "seed", "cache_dir", "verify_weights", "extra_buffers", "batch", "batch_seqs",
     "batch_engine"},
)
register_backend("scripted", "codedebate.backends.scripted:create", set())
register_backend(
    "openai", "codedebate.backends.openai_compat:create",
    {"api_key_env", "request_timeout_s", "retries", "backoff_s"},
)
register_backend(
    "ollama", "codedebate.backends.ollama:create",
    {"host", "num_ctx", "request_timeout_s", "retries", "backoff_s", "keep_alive", "seed"},
)


def resolve(name: str) -> tuple[str, str]:
    """Split a model name into (backend prefix, model): ``"qwen2.5-coder:7b"`` -> ollama."""
    name = name.strip()
    if not name:
        raise BackendError("empty model name; e.g. " + DEFAULT_MODEL)
    prefix, sep, rest = name.partition(":")
    if sep and prefix in _REGISTRY:
        if not rest:
            raise BackendError(f"model name {name!r} has no model after '{prefix}:'")
        return prefix, rest
    if name.endswith(".gguf"):
        return "embedded", name
    return "ollama", name


def backend_options() -> frozenset[str]:
    """Every option name some registered backend understands."""
    return frozenset().union(*(e.options for e in _REGISTRY.values()))


def get_backend(name: str, **options: Any) -> Backend:
    """The backend for a model name; cached, so one name + options is one instance per process.

    Options that only another backend understands are ignored (one ``backend:`` settings block
    serves mixed agents); options no backend knows raise BackendError.
    """
    prefix, model = resolve(name)
    entry = _REGISTRY[prefix]
    unknown = sorted(set(options) - backend_options())
    if unknown:
        raise BackendError(f"unknown backend option(s) {unknown} for {name!r}; "
                           f"known: {sorted(backend_options())}")
    mine = {k: v for k, v in options.items() if k in entry.options}
    key = (f"{prefix}:{model}", tuple(sorted((k, _hashable(v)) for k, v in mine.items())))
    with _LOCK:
        if key not in _CACHE:
            module_name, _, func = entry.factory.partition(":")
            factory = getattr(importlib.import_module(module_name), func)
            _CACHE[key] = factory(model, **mine)
        return _CACHE[key]


def clear_backend_cache() -> None:
    """Forget cached instances (tests that replay one script file twice call this)."""
    with _LOCK:
        _CACHE.clear()


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set)):
        return tuple(_hashable(v) for v in value)
    return value
