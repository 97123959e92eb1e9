"""OpenAI-compatible chat backend: ``openai:<model>@<base_url>`` (vLLM, SGLang, llama.cpp's
server, a hosted API), through ``POST <base_url>/chat/completions`` (non-streaming).

The key comes from the environment variable named by ``api_key_env`` (default OPENAI_API_KEY;
unset: no Authorization header, as local servers expect). Connection errors, timeouts, 429 and
5xx are retried with exponential backoff; anything else raises BackendError naming model and URL.
There is never a fallback to another backend.
"""

from __future__ import annotations

import os
import time
from typing import Any

import httpx

from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse, Retry, with_retries

BASE_URL_ENV = "OPENAI_BASE_URL"


def split_name(name: str) -> tuple[str, str]:
    """``<model>@<base_url>`` -> (model, base_url); without ``@`` the URL comes from OPENAI_BASE_URL."""
    model, sep, url = name.partition("@")
    url = url if sep else os.environ.get(BASE_URL_ENV, "")
    if not model.strip():
        raise BackendError(f"openai:{name}: no model name before '@'; e.g. openai:qwen2.5-7b@http://localhost:8000/v1")
    if not url.strip():
        raise BackendError(f"openai:{name}: no server address; write openai:{model}@http://host:port/v1 "
                           f"or set {BASE_URL_ENV}")
    if not url.startswith(("http://", "https://")):
        raise BackendError(f"openai:{name}: the address {url!r} must start with http:// or https://")
    return model.strip(), url.strip().rstrip("/")


class OpenAICompatBackend(Backend):
    """A model behind an OpenAI-compatible ``/chat/completions`` endpoint."""

    def __init__(self, name: str, *, api_key_env: str = "OPENAI_API_KEY", request_timeout_s: float = 120.0,
                 retries: int = 2, backoff_s: float = 1.0) -> None:
        if retries < 0 or request_timeout_s <= 0:
            raise BackendError(f"openai:{name}: retries must be >= 0 and request_timeout_s > 0")
        self.model, self.base_url = split_name(name)
        self.name = f"openai:{self.model}@{self.base_url}"
        self.api_key_env = api_key_env
        self.request_timeout_s = float(request_timeout_s)
        self.retries = int(retries)
        self.backoff_s = float(backoff_s)
        self.served_model = ""  # the model id the server reports in its replies

    def describe(self) -> dict[str, Any]:
        """Model, server and key variable (never the key), plus the model id the server reported."""
        return {"name": self.name, "backend": "openai", "model": self.model, "base_url": self.base_url,
                "api_key_env": self.api_key_env, "served_model": self.served_model,
                "httpx": httpx.__version__}

    def body(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for a request."""
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": m.role, "content": m.content} for m in request.messages],
            "temperature": request.temperature,
            "stream": False,
        }
        if request.max_tokens is not None:
            body["max_tokens"] = request.max_tokens
        if request.seed is not None:
            body["seed"] = request.seed
        if request.stop:
            body["stop"] = list(request.stop)
        return body

    def _headers(self) -> dict[str, str]:
        key = os.environ.get(self.api_key_env, "")
        return {"Authorization": f"Bearer {key}"} if key else {}

    def _where(self) -> str:
        return f"model {self.model!r} at {self.base_url}"

    async def chat(self, request: ChatRequest) -> ChatResponse:
        body = self.body(request)
        try:
            return await with_retries(lambda: self._attempt(body), self.retries, self.backoff_s)
        except Retry as exc:
            raise BackendError(f"{self._where()} failed after {self.retries + 1} attempt(s): {exc}; "
                               "check that the server is running, or raise request_timeout_s / retries") from None

    async def _attempt(self, body: dict[str, Any]) -> ChatResponse:
        """One call; Retry on 429, 5xx and transport errors, BackendError on other refusals."""
        start = time.perf_counter()
        try:
            async with httpx.AsyncClient(timeout=self.request_timeout_s) as client:
                reply = await client.post(f"{self.base_url}/chat/completions", json=body, headers=self._headers())
        except httpx.TimeoutException:
            raise Retry(f"no reply within {self.request_timeout_s:g} s") from None
        except httpx.TransportError as exc:
            raise Retry(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__) from None
        if reply.status_code == 429 or reply.status_code >= 500:
            raise Retry(f"HTTP {reply.status_code}: {reply.text[:300]}")
        if reply.status_code >= 400:
            hint = f"; set {self.api_key_env}" if reply.status_code in (401, 403) else ""
            raise BackendError(f"{self._where()} refused the request (HTTP {reply.status_code}): "
                               f"{reply.text[:300]}{hint}")
        return self._response(reply, time.perf_counter() - start)

    def _response(self, reply: httpx.Response, seconds: float) -> ChatResponse:
        try:
            data = reply.json()
            choice = data["choices"][0]
            text = choice["message"].get("content") or ""
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            raise BackendError(f"{self._where()} sent a reply that is not a chat completion "
                               f"({type(exc).__name__}: {exc}): {reply.text[:300]}") from None
        if not text.strip():
            raise BackendError(f"{self._where()} returned an empty reply "
                               f"(finish_reason={choice.get('finish_reason')!r})")
        self.served_model = str(data.get("model", "")) or self.served_model
        usage = data.get("usage") or {}
        return ChatResponse(
            text=text,
            model=self.name,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            seconds=seconds,
            finish_reason="length" if choice.get("finish_reason") == "length" else "stop",
        )


def create(model: str, **options: Any) -> OpenAICompatBackend:
    return OpenAICompatBackend(model, **options)
