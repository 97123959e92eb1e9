"""Response cache: what the key holds, hits and misses, and many processes writing one folder."""

from __future__ import annotations

import asyncio
import json
import multiprocessing as mp
from pathlib import Path
from typing import Any

import pytest

from codedebate.backends import BackendError, ChatRequest, ChatResponse, Message
from codedebate.backends.base import Backend
from codedebate.backends.cache import CachedResponse, CachingBackend, ResponseCache, cache_counts, key_hash
from codedebate.backends.scripted import ScriptedBackend


class FakeModel(Backend):
    """Counts calls; reports a weight digest like the embedded backend does."""

    def __init__(self, name: str = "embedded:tiny", sha256: str | None = "aa11") -> None:
        self.name, self.sha256, self.calls = name, sha256, 0

    async def chat(self, request: ChatRequest) -> ChatResponse:
        self.calls += 1
        return ChatResponse(f"reply {self.calls} to {request.messages[-1].content}", self.name, 7, 3, 0.25)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "backend": "embedded", "sha256": self.sha256}


def request(text: str = "write add", **options: Any) -> ChatRequest:
    base: dict[str, Any] = {"temperature": 0.7, "seed": 1, "max_tokens": 64, "stop": ()}
    base.update(options)
    return ChatRequest(messages=(Message("system", "be brief"), Message("user", text)), **base)


def ask(backend: Backend, req: ChatRequest) -> ChatResponse:
    return asyncio.run(backend.chat(req))


def test_identical_call_hits_and_returns_the_stored_reply(tmp_path):
    model = FakeModel()
    first = ask(CachingBackend(model, tmp_path), request())
    again = ask(CachingBackend(model, tmp_path), request(meta={"agent_id": "other"}))  # meta is no content
    assert model.calls == 1
    assert isinstance(first, CachedResponse) and not first.cached
    assert again.cached and again.text == first.text == "reply 1 to write add"
    assert (again.prompt_tokens, again.completion_tokens, again.seconds) == (7, 3, 0.25)


@pytest.mark.parametrize("change", [
    {"text": "write sub"},
    {"temperature": 0.4},
    {"seed": 2},
    {"max_tokens": 128},
    {"stop": ("```",)},
])
def test_any_change_of_message_or_option_misses(tmp_path, change):
    model = FakeModel()
    ask(CachingBackend(model, tmp_path), request())
    text = change.pop("text", "write add")
    reply = ask(CachingBackend(model, tmp_path), request(text, **change))
    assert model.calls == 2 and not reply.cached


def test_a_different_system_message_misses(tmp_path):
    model = FakeModel()
    ask(CachingBackend(model, tmp_path), request())
    other = ChatRequest(messages=(Message("system", "be thorough"), Message("user", "write add")),
                        temperature=0.7, seed=1, max_tokens=64)
    assert not ask(CachingBackend(model, tmp_path), other).cached and model.calls == 2


def test_another_model_or_weight_digest_misses(tmp_path):
    ask(CachingBackend(FakeModel("embedded:tiny", "aa11"), tmp_path), request())
    other_weights = FakeModel("embedded:tiny", "bb22")
    other_model = FakeModel("embedded:small", "aa11")
    assert not ask(CachingBackend(other_weights, tmp_path), request()).cached
    assert not ask(CachingBackend(other_model, tmp_path), request()).cached
    assert other_weights.calls == other_model.calls == 1
    assert len(list(tmp_path.rglob("*.json"))) == 3


def test_ollama_digest_is_part_of_the_key(tmp_path):
    class Ollama(FakeModel):
        def describe(self) -> dict[str, Any]:
            return {"name": self.name, "backend": "ollama", "digest": self.sha256}

    ask(CachingBackend(Ollama("qwen2.5-coder:7b", "d1"), tmp_path), request())
    assert not ask(CachingBackend(Ollama("qwen2.5-coder:7b", "d2"), tmp_path), request()).cached
    assert ask(CachingBackend(Ollama("qwen2.5-coder:7b", "d2"), tmp_path), request()).cached


def test_backend_errors_are_not_cached(tmp_path):
    failing = ScriptedBackend([{"error": "server down"}, "ok"])
    cache = CachingBackend(failing, tmp_path)
    with pytest.raises(BackendError, match="server down"):
        ask(cache, request())
    assert not list(tmp_path.rglob("*.json"))
    assert ask(cache, request()).text == "ok"


def test_a_damaged_entry_is_named(tmp_path):
    model = FakeModel()
    ask(CachingBackend(model, tmp_path), request())
    entry = next(tmp_path.rglob("*.json"))
    entry.write_text("{not json")
    with pytest.raises(BackendError, match=str(entry)):
        ask(CachingBackend(model, tmp_path), request())


def test_cache_counts_only_calls_through_a_cache():
    plain = ChatResponse("x", "m", 1, 1, 0.1)
    hit = CachedResponse("x", "m", 1, 1, 0.1, cached=True)
    miss = CachedResponse("x", "m", 1, 1, 0.1, cached=False)
    assert cache_counts([plain]) == (None, None)
    assert cache_counts([hit, miss, miss, plain]) == (1, 2)


def _writer(root: str, worker: int, rounds: int, queue: Any) -> None:
    """Write a shared key and a key of one's own many times; read every shared entry back."""
    cache = ResponseCache(root)
    bad = 0
    for i in range(rounds):
        shared = {"k": "shared", "i": i % 5}
        own = {"k": "own", "worker": worker, "i": i}
        cache.put(shared, ChatResponse(f"shared {i % 5}", "m", 1, 2, 0.5))
        cache.put(own, ChatResponse(f"own {worker} {i}", "m", 1, 2, 0.5))
        got = cache.get(shared)
        bad += got is None or got.text != f"shared {i % 5}"
    queue.put(bad)


def test_concurrent_writers_of_the_same_and_different_keys(tmp_path):
    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    workers, rounds = 6, 60
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), w, rounds, queue)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0] * workers
    assert [queue.get(timeout=5) for _ in procs] == [0] * workers  # no reader saw a partial entry
    entries = list(tmp_path.rglob("*.json"))
    assert len(entries) == 5 + workers * rounds
    assert not list(tmp_path.rglob("*.tmp"))
    cache = ResponseCache(tmp_path)
    for w in range(workers):
        for i in range(rounds):
            assert cache.get({"k": "own", "worker": w, "i": i}).text == f"own {w} {i}"
    for entry in entries:  # every file is a whole entry stored under its key's hash
        data = json.loads(entry.read_text())
        assert entry.stem == key_hash(data["key"])


def test_run_command_counts_hits_and_misses(tmp_path):
    from codedebate.backends import clear_backend_cache
    from codedebate.cli import main
    from codedebate.records import read_table

    task = Path(__file__).parents[1] / "protocol" / "data" / "add_easy.json"
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"fallback": ["```python\ndef add(a, b):\n    return a + b\n```"] * 10}))
    model, cache = f"scripted:{script}", tmp_path / "cache"
    for out in ("first", "second"):
        clear_backend_cache()  # a fresh script each run: the second run must come from the cache
        args = ["run", "--task", str(task), "--solo", "--agents", model, "--seed", "3",
                "--cache", str(cache), "--output", str(tmp_path / out)]
        assert main(args) == 0
    first = read_table(tmp_path / "first" / "summary.parquet", "summary").iloc[0]
    second = read_table(tmp_path / "second" / "summary.parquet", "summary").iloc[0]
    assert (first["cache_hits"], first["cache_misses"]) == (0, 1)
    assert (second["cache_hits"], second["cache_misses"]) == (1, 0)
    assert second["final_pass_rate"] == first["final_pass_rate"] == 1.0
    clear_backend_cache()
