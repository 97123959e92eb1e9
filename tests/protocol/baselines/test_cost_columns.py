"""The cost columns every protocol records: tokens by phase and agent, model wall time, oracle."""

from __future__ import annotations

import json

from codedebate.backends.base import ChatRequest, ChatResponse
from codedebate.protocol.run_records import model_seconds, tokens_by
from codedebate.protocol.state import Agent, CallRecord


def call(agent: Agent, phase: str, started: float, seconds: float, prompt: int, completion: int) -> CallRecord:
    return CallRecord(0, agent, phase, 1, ChatRequest(messages=()),
                      ChatResponse("x", "m", prompt, completion, seconds), started=started)


A, B = Agent("agent_1_m", 1, "m", "proposer", None), Agent("agent_2_m", 2, "m", "proposer", None)


def test_model_seconds_count_overlapping_calls_once():
    calls = [call(A, "propose", 0.0, 10.0, 1, 1), call(B, "propose", 5.0, 10.0, 1, 1),  # 0..15
             call(A, "vote", 20.0, 2.0, 1, 1), call(B, "vote", 20.5, 1.0, 1, 1)]  # 20..22
    assert model_seconds(calls) == 17.0
    assert model_seconds([]) == 0.0


def test_tokens_by_phase_and_agent():
    calls = [call(A, "propose", 0, 1, 100, 20), call(B, "propose", 0, 1, 110, 30), call(A, "revise", 2, 1, 300, 40)]
    assert json.loads(tokens_by(calls, "phase")) == {"propose": {"prompt": 210, "completion": 50, "calls": 2},
                                                     "revise": {"prompt": 300, "completion": 40, "calls": 1}}
    assert json.loads(tokens_by(calls, "agent")) == {"agent_1_m": {"prompt": 400, "completion": 60, "calls": 2},
                                                     "agent_2_m": {"prompt": 110, "completion": 30, "calls": 1}}
