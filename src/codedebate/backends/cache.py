"""A response cache in front of any backend: an identical call gets the stored reply.

The key is the sha256 of the call's content: backend kind, model name, the weight digest where
the backend reports one (``sha256`` of an embedded GGUF, ``digest`` of an Ollama model), the
full message list and the sampling options (temperature, seed, max tokens, stop). Each entry is
its own JSON file ``DIR/<2 hex>/<64 hex>.json`` written through a temp file and a rename, so
many processes (SLURM jobs on a shared file system) can read and write one folder at once: a
reader sees a whole entry or none, and two writers of one key write the same content.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse

#: bump when the key or entry layout changes; older entries then simply miss
KEY_VERSION = 1


@dataclass(frozen=True)
class CachedResponse(ChatResponse):
    """A reply that went through the cache; ``cached`` says whether it was a stored one."""

    cached: bool = False


def weight_digest(info: dict[str, Any]) -> str | None:
    """The weight checksum a backend description carries, if any (embedded sha256, Ollama digest)."""
    for key in ("sha256", "digest"):
        value = info.get(key)
        if value:
            return str(value)
    return None


def cache_key(backend: str, model: str, digest: str | None, request: ChatRequest) -> dict[str, Any]:
    """The content of a call that decides its reply (request meta is not part of it)."""
    return {
        "version": KEY_VERSION, "backend": backend, "model": model, "digest": digest,
        "messages": [[m.role, m.content] for m in request.messages],
        "temperature": request.temperature, "seed": request.seed,
        "max_tokens": request.max_tokens, "stop": list(request.stop),
    }


def key_hash(key: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of a key."""
    text = json.dumps(key, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ResponseCache:
    """A folder of cache entries, one file per key, safe for concurrent writers."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)

    def path(self, digest: str) -> Path:
        return self.root / digest[:2] / f"{digest}.json"

    def get(self, key: dict[str, Any]) -> ChatResponse | None:
        """The stored reply for ``key`` or None; a damaged entry raises BackendError naming it."""
        path = self.path(key_hash(key))
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        try:
            entry = json.loads(text)
            if entry["key"] != key:  # a hash collision, or an entry edited by hand
                return None
            r = entry["response"]
            return ChatResponse(str(r["text"]), str(r["model"]), int(r["prompt_tokens"]),
                                int(r["completion_tokens"]), float(r["seconds"]), str(r["finish_reason"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise BackendError(f"response cache entry {path} is damaged ({exc}); delete the file "
                               "and run again") from None

    def put(self, key: dict[str, Any], response: ChatResponse) -> Path:
        """Store a reply atomically (temp file in the entry's folder, then rename)."""
        path = self.path(key_hash(key))
        path.parent.mkdir(parents=True, exist_ok=True)
        entry = {"key": key, "response": {
            "text": response.text, "model": response.model, "prompt_tokens": response.prompt_tokens,
            "completion_tokens": response.completion_tokens, "seconds": response.seconds,
            "finish_reason": response.finish_reason}}
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem[:16]}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(entry, fh, ensure_ascii=False, sort_keys=True)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


class CachingBackend(Backend):
    """Wraps a backend: answers an identical call from the cache, stores every new reply."""

    def __init__(self, inner: Backend, root: Path | str) -> None:
        self.inner = inner
        self.name = inner.name
        self.cache = ResponseCache(root)
        self._info: dict[str, Any] | None = None

    def describe(self) -> dict[str, Any]:
        """The wrapped backend's description (the cache does not change which model answers)."""
        if self._info is None:
            self._info = self.inner.describe()
        return self._info

    def key(self, request: ChatRequest) -> dict[str, Any]:
        info = self.describe()
        kind = str(info.get("backend") or self.name.partition(":")[0])
        return cache_key(kind, self.name, weight_digest(info), request)

    async def chat(self, request: ChatRequest) -> ChatResponse:
        key = self.key(request)
        stored = self.cache.get(key)
        if stored is not None:
            return CachedResponse(**_fields(stored), cached=True)
        start = time.monotonic()
        response = await self.inner.chat(request)
        if response.seconds <= 0:  # keep the flag: the caller replaces replies without a time
            response = ChatResponse(**{**_fields(response), "seconds": max(time.monotonic() - start, 1e-9)})
        self.cache.put(key, response)
        return CachedResponse(**_fields(response), cached=False)

    async def aclose(self) -> None:
        await self.inner.aclose()


def _fields(response: ChatResponse) -> dict[str, Any]:
    return {"text": response.text, "model": response.model, "prompt_tokens": response.prompt_tokens,
            "completion_tokens": response.completion_tokens, "seconds": response.seconds,
            "finish_reason": response.finish_reason}


def cache_counts(responses: list[ChatResponse]) -> tuple[int | None, int | None]:
    """(hits, misses) over a run's replies; (None, None) when no call went through a cache."""
    flags = [r.cached for r in responses if isinstance(r, CachedResponse)]
    if not flags:
        return None, None
    hits = sum(flags)
    return hits, len(flags) - hits
