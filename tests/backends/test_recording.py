"""Every call recorded as a transcript row with the records schema."""

from __future__ import annotations

import asyncio
import json

from codedebate.backends import ChatRequest, Message
from codedebate.backends.recording import CallLog, RecordingBackend
from codedebate.backends.scripted import ScriptedBackend
from codedebate.records import TRANSCRIPT_COLUMNS


def test_rows_have_transcript_columns_and_values():
    log = CallLog("run-1")
    backend = RecordingBackend(ScriptedBackend(["def f():\n    return 1", "VOTE: agent_2"]), log)
    asyncio.run(backend.chat(ChatRequest(
        messages=(Message("system", "be brief"), Message("user", "write f")), temperature=0.4, seed=11,
        max_tokens=64, meta={"agent_id": "agent_1", "role": "proposer", "phase": "propose", "round": 1})))
    asyncio.run(backend.chat(ChatRequest(
        messages=(Message("user", "vote now"),), meta={"agent": "judge", "role": "judge", "phase": "vote",
                                                     "round_num": 2, "model": "qwen2.5-coder:7b"})))
    frame = log.frame()
    assert list(frame.columns) == [c for c, _, _ in TRANSCRIPT_COLUMNS]
    first, second = frame.to_dict("records")
    assert first["debate_id"] == "run-1" and first["call_index"] == 0
    assert (first["agent_id"], first["role"], first["phase"], first["round_num"]) == ("agent_1", "proposer", "propose", 1)
    assert (first["temperature"], first["seed"], first["model"]) == (0.4, 11, "scripted")
    assert json.loads(first["prompt"]) == [{"role": "system", "content": "be brief"},
                                           {"role": "user", "content": "write f"}]
    assert first["reply"] == "def f():\n    return 1"
    assert (first["prompt_tokens"], first["completion_tokens"], first["finish_reason"]) == (4, 4, "stop")
    assert (second["agent_id"], second["round_num"], second["model"]) == ("judge", 2, "qwen2.5-coder:7b")
    assert log.totals()["completion_tokens"] == 6


def test_concurrent_calls_numbered_in_start_order():
    class Slow(ScriptedBackend):
        async def chat(self, request):
            await asyncio.sleep(0.05 if request.meta["agent_id"] == "a1" else 0.0)
            return await super().chat(request)

    log = CallLog()
    backend = RecordingBackend(Slow(lambda r: r.meta["agent_id"]), log)

    async def run() -> None:
        await asyncio.gather(*(backend.chat(ChatRequest(messages=(Message("user", "x"),), meta={"agent_id": a}))
                               for a in ("a1", "a2", "a3")))

    asyncio.run(run())
    assert [r["agent_id"] for r in log.rows] == ["a2", "a3", "a1"]  # finish order
    assert list(log.frame()["agent_id"]) == ["a1", "a2", "a3"]  # start order
