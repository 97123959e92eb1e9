"""Batched embedded decoding on the real model, both engines (lanes: one context and core per call;
rows: one llama.cpp batch): same replies as the sequential path, alone or together."""

from __future__ import annotations

import asyncio

import pytest

from codedebate.backends import ChatRequest, Message
from codedebate.backends.embedded import EmbeddedBackend

pytestmark = pytest.mark.embedded

# A system prompt over one 64-token prompt block, so the calls share a cached prefix.
SYSTEM = Message("system", "You are an expert Python programmer taking part in a code review. Reply with one short "
                           "Python function in a ```python block, with no explanation before or after it. Use only "
                           "the standard library, type hints, and a one-line docstring. Never print anything, never "
                           "read input, and keep the function pure so that the tests can call it directly.")
TASKS = ("Write is_even(n) returning True when n is even.",
         "Write digital_root(n) returning the repeated digit sum of n.",
         "Write run_lengths(s) returning a list of (char, count) pairs.")
SETTINGS = ((0.0, 1), (0.7, 2), (0.9, 3))  # (temperature, seed): greedy and two samplers


def requests(max_tokens: int = 16) -> list[ChatRequest]:
    return [ChatRequest(messages=(SYSTEM, Message("user", task)), temperature=temp, seed=seed, max_tokens=max_tokens)
            for task, (temp, seed) in zip(TASKS, SETTINGS)]


async def together(backend: EmbeddedBackend, reqs: list[ChatRequest]) -> list:
    return list(await asyncio.gather(*(backend.chat(r) for r in reqs)))


@pytest.fixture(scope="module", params=["lanes", "rows"])
def batched(request) -> EmbeddedBackend:
    backend = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2, batch=True, batch_seqs=3,
                              batch_engine=request.param)
    backend.load()
    return backend


def summary(replies: list) -> list[tuple]:
    return [(r.text, r.prompt_tokens, r.completion_tokens, r.finish_reason) for r in replies]


def test_reply_does_not_depend_on_batch_companions_and_equals_sequential(batched):
    sequential = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2, batch=False)
    assert sequential.load() is batched.load()  # one model, two paths
    reqs = requests()
    engine = batched.load().engine(batched.n_ctx, batched.batch_seqs, batched.batch_engine)
    before = (engine.stats.prompt_tokens, engine.stats.decoded_prompt_tokens)
    joint = asyncio.run(together(batched, reqs))
    assert engine.stats.max_active == 3  # really decoded side by side
    shared = engine.stats.prompt_tokens - before[0] - (engine.stats.decoded_prompt_tokens - before[1])
    assert shared >= 2 * 64  # the two later calls reused the cached system-prompt block
    alone = [asyncio.run(batched.chat(r)) for r in reqs]
    one_by_one = asyncio.run(together(sequential, reqs))
    assert summary(joint) == summary(alone) == summary(one_by_one)
    assert len({r.text for r in joint}) == 3


def test_later_call_joins_a_running_batch(batched):
    reqs = requests(max_tokens=24)

    async def staggered() -> list:
        first = asyncio.ensure_future(batched.chat(reqs[0]))
        await asyncio.sleep(0.5)  # the first call is decoding by now
        return [await first, await batched.chat(reqs[1])]

    late = asyncio.run(staggered())
    assert summary(late) == summary([asyncio.run(batched.chat(r)) for r in reqs[:2]])


def test_stop_and_length_as_on_the_sequential_path(batched):
    free = asyncio.run(batched.chat(requests(max_tokens=4)[0]))
    assert (free.completion_tokens, free.finish_reason) == (4, "length")
    cut = ChatRequest(messages=(SYSTEM, Message("user", TASKS[0])), temperature=0.0, max_tokens=24, stop=("def",))
    reply = asyncio.run(batched.chat(cut))
    assert "def" not in reply.text and reply.finish_reason == "stop"


def test_lanes_decode_calls_side_by_side_one_thread_each():
    backend = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2, batch=True, batch_seqs=3)
    engine = backend.load().engine(backend.n_ctx, backend.batch_seqs, "lanes")
    assert engine.thread_invariant  # measured on this project's machines; else one lane with every thread
    assert (engine.lanes, engine.lane_threads) == (2, 1)
    steps = engine.stats.steps
    replies = asyncio.run(together(backend, requests(max_tokens=8)))
    assert engine.stats.steps - steps == sum(r.completion_tokens for r in replies) - len(replies)  # one token a step


def test_a_failing_call_fails_alone_and_frees_its_lane():
    from codedebate.backends.embedded_prompt import PreparedCall

    backend = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=1024, n_threads=2, batch=True, batch_seqs=3)
    engine = backend.load().engine(backend.n_ctx, backend.batch_seqs, "lanes")
    bad = engine.submit(PreparedCall(tokens=(10**9, 10**9 + 1), max_tokens=4, stop=(), temperature=0.0, seed=0))
    with pytest.raises(Exception, match="llama_decode failed"):
        bad.result(timeout=60)
    reply = asyncio.run(backend.chat(requests(max_tokens=4)[0]))  # the engine still serves calls
    assert (reply.completion_tokens, reply.finish_reason) == (4, "length")
    assert not engine._in_use


def test_lanes_share_the_threads_when_there_are_more_cores_than_calls():
    backend = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=512, n_threads=4, batch=True, batch_seqs=2)
    engine = backend.load().engine(backend.n_ctx, backend.batch_seqs, "lanes")
    assert engine.thread_invariant and (engine.lanes, engine.lane_threads) == (2, 2)
    sequential = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=512, n_threads=4, batch=False)
    reqs = requests(max_tokens=6)[:2]
    assert summary(asyncio.run(together(backend, reqs))) == summary(asyncio.run(together(sequential, reqs)))
