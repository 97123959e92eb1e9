"""Ollama backend through the official ``ollama`` client (AsyncClient, non-streaming /api/chat).

Host from the ``host`` option, then OLLAMA_HOST, then http://localhost:11434. Connection errors,
timeouts and 5xx replies are retried with exponential backoff; a model that is not pulled
(404), an empty reply or a spent retry budget raise BackendError naming host and model.
"""

from __future__ import annotations

import importlib.metadata
import os
import time
from typing import Any

import httpx
import ollama
import pydantic

from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse, Retry, with_retries

DEFAULT_HOST = "http://localhost:11434"


def default_host(host: str | None = None) -> str:
    """The Ollama server address: argument, then OLLAMA_HOST, then localhost:11434."""
    host = host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST
    return host if "://" in host else f"http://{host}"


class OllamaBackend(Backend):
    """A model served by Ollama, e.g. ``qwen2.5-coder:7b``."""

    def __init__(self, model: str, *, host: str | None = None, num_ctx: int = 32768,
                 request_timeout_s: float = 120.0, retries: int = 2, backoff_s: float = 1.0,
                 keep_alive: str | float | None = None, seed: int | None = None) -> None:
        if retries < 0 or request_timeout_s <= 0:
            raise BackendError(f"ollama:{model}: retries must be >= 0 and request_timeout_s > 0")
        self.name = f"ollama:{model}"
        self.model = model
        self.host = default_host(host)
        self.num_ctx = int(num_ctx)
        self.request_timeout_s = float(request_timeout_s)
        self.retries = int(retries)
        self.backoff_s = float(backoff_s)
        self.keep_alive = keep_alive
        self.seed = seed
        self._digest: str | None = None  # asked of the server once, by digest()
        self._digest_asked = False

    def describe(self) -> dict[str, Any]:
        """Name, host, context size and the weights' digest as the server lists it (None when the
        server cannot be asked: a cache then never mistakes other weights under this tag for these)."""
        return {"name": self.name, "backend": "ollama", "model": self.model, "host": self.host,
                "num_ctx": self.num_ctx, "digest": self.digest(),
                "ollama_client": importlib.metadata.version("ollama")}

    def digest(self) -> str | None:
        """The model's digest from the server's /api/tags, asked once per backend."""
        if not self._digest_asked:
            self._digest_asked = True
            wanted = {self.model, self.model if ":" in self.model else f"{self.model}:latest"}
            try:
                listed = ollama.Client(host=self.host, timeout=3.0).list()
            except Exception:  # server down or not Ollama: no digest; chat() reports the failure
                return None
            for entry in listed.models:
                if entry.model in wanted and entry.digest:
                    self._digest = str(entry.digest)
        return self._digest

    def options(self, request: ChatRequest) -> dict[str, Any]:
        """The Ollama ``options`` object sent for a request."""
        opts: dict[str, Any] = {"temperature": request.temperature, "num_ctx": self.num_ctx}
        seed = request.seed if request.seed is not None else self.seed
        if seed is not None:
            opts["seed"] = seed
        if request.max_tokens is not None:
            opts["num_predict"] = request.max_tokens
        if request.stop:
            opts["stop"] = list(request.stop)
        return opts

    def _where(self) -> str:
        return f"model {self.model!r} on Ollama at {self.host}"

    async def chat(self, request: ChatRequest) -> ChatResponse:
        messages = [{"role": m.role, "content": m.content} for m in request.messages]
        options = self.options(request)
        try:
            return await with_retries(lambda: self._attempt(messages, options), self.retries, self.backoff_s)
        except Retry as exc:
            last = str(exc)
        hint = ("start it with `ollama serve` or set OLLAMA_HOST" if last == "connection refused"
                else "check the server log, or raise request_timeout_s / retries")
        raise BackendError(f"{self._where()} failed after {self.retries + 1} attempt(s): {last}; {hint}")

    async def _attempt(self, messages: list[dict[str, str]], options: dict[str, Any]) -> ChatResponse:
        """One call; Retry for failures another attempt may cure, BackendError for the others."""
        start = time.perf_counter()
        try:
            # one client per call: an httpx pool must not outlive the event loop it ran on
            async with ollama.AsyncClient(host=self.host, timeout=self.request_timeout_s) as client:
                reply = await client.chat(model=self.model, messages=messages, options=options,
                                          stream=False, keep_alive=self.keep_alive)
        except ollama.ResponseError as exc:
            if exc.status_code == 404:
                raise BackendError(
                    f"{self._where()} is not available: {exc.error}. Pull it first: "
                    f"`ollama pull {self.model}` or `codedebate pull-models {self.model} --host {self.host}`"
                ) from None
            if exc.status_code < 500:
                raise BackendError(f"{self._where()} refused the request "
                                   f"(HTTP {exc.status_code}): {exc.error}") from None
            raise Retry(f"HTTP {exc.status_code}: {exc.error}") from None
        except ConnectionError:
            raise Retry("connection refused") from None
        except httpx.TimeoutException:
            raise Retry(f"no reply within {self.request_timeout_s:g} s") from None
        except httpx.TransportError as exc:
            raise Retry(f"{type(exc).__name__}: {exc}") from None
        except (pydantic.ValidationError, ValueError) as exc:
            raise BackendError(f"{self._where()} sent a reply that is not Ollama's chat format: {exc}") from None
        return self._response(reply, time.perf_counter() - start)

    def _response(self, reply: Any, seconds: float) -> ChatResponse:
        text = (reply.message.content or "") if reply.message is not None else ""
        if not text.strip():
            raise BackendError(f"{self._where()} returned an empty reply (done_reason="
                               f"{reply.done_reason!r}); check the model and num_ctx={self.num_ctx}")
        return ChatResponse(
            text=text,
            model=self.name,
            prompt_tokens=int(reply.prompt_eval_count or 0),
            completion_tokens=int(reply.eval_count or 0),
            seconds=seconds,
            finish_reason="length" if reply.done_reason == "length" else "stop",
        )


def create(model: str, **options: Any) -> OllamaBackend:
    return OllamaBackend(model, **options)
