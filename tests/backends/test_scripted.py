"""The scripted test backend: keyed replies, fallback order, recorded requests, no invention."""

from __future__ import annotations

import asyncio
import json

import pytest

from codedebate.backends import BackendError, ChatRequest, Message, get_backend
from codedebate.backends.scripted import ScriptedBackend


def req(text: str = "hi", **meta: object) -> ChatRequest:
    return ChatRequest(messages=(Message("user", text),), meta=dict(meta))


def say(backend: ScriptedBackend, request: ChatRequest) -> str:
    return asyncio.run(backend.chat(request)).text


def test_list_is_served_in_order_then_runs_out():
    backend = ScriptedBackend(["first", "second"])
    assert say(backend, req()) == "first"
    assert say(backend, req()) == "second"
    with pytest.raises(BackendError, match="no reply left"):
        say(backend, req())


def test_rules_keyed_by_role_phase_round_agent():
    backend = ScriptedBackend({
        "rules": [
            {"when": {"phase": "propose", "agent": "agent_1"}, "reply": "code one"},
            {"when": {"phase": "propose", "agent": "agent_2"}, "reply": "code two"},
            {"when": {"role": "judge", "phase": "vote", "round": 2}, "replies": ["VOTE: agent_1", "VOTE: agent_2"]},
        ],
        "fallback": ["fallback reply"],
    })
    assert say(backend, req(phase="propose", agent_id="agent_2", round_num=1)) == "code two"
    assert say(backend, req(phase="propose", agent_id="agent_1", round_num=1)) == "code one"
    assert say(backend, req(phase="propose", agent_id="agent_1", round_num=2)) == "code one"  # reply repeats
    assert say(backend, req(role="judge", phase="vote", round_num=2)) == "VOTE: agent_1"
    assert say(backend, req(role="judge", phase="vote", round=2)) == "VOTE: agent_2"
    assert say(backend, req(role="judge", phase="vote", round_num=2)) == "fallback reply"  # replies used up
    with pytest.raises(BackendError):
        say(backend, req(role="judge", phase="vote", round_num=3))


def test_requests_are_recorded():
    backend = ScriptedBackend(["a", "b"])
    say(backend, req("first prompt", phase="propose"))
    say(backend, req("second prompt", phase="critique"))
    assert [r.messages[0].content for r in backend.requests] == ["first prompt", "second prompt"]
    assert backend.requests[1].meta["phase"] == "critique"


def test_reply_objects_truncation_and_error():
    backend = ScriptedBackend([{"text": "def f(:", "finish_reason": "length"}, {"error": "model crashed"}])
    reply = asyncio.run(backend.chat(req("one two three")))
    assert (reply.finish_reason, reply.prompt_tokens, reply.completion_tokens) == ("length", 3, 2)
    with pytest.raises(BackendError, match="model crashed"):
        say(backend, req())


def test_callable_script_sees_the_request():
    backend = ScriptedBackend(lambda r: f"echo {r.meta['phase']} {r.temperature}")
    assert say(backend, req(phase="revise")) == "echo revise 0.7"


def test_from_json_file_via_registry(tmp_path):
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"rules": [{"when": {"phase": "vote"}, "reply": "VOTE: agent_2"}],
                                "fallback": ["x = 1"]}))
    backend = get_backend(f"scripted:{path}")
    assert isinstance(backend, ScriptedBackend)
    assert backend is get_backend(f"scripted:{path}")
    assert say(backend, req(phase="vote")) == "VOTE: agent_2"
    assert say(backend, req(phase="propose")) == "x = 1"


@pytest.mark.parametrize("content, match", [
    ("{not json", "not valid JSON"),
    ('{"rules": [], "replies": []}', "unknown script keys"),
    ('{"rules": [{"when": {}, "reply": "a", "replies": ["b"]}]}', r"rules\[0\]: give exactly one"),
    ('{"fallback": [1]}', r"fallback\[0\]"),
])
def test_bad_script_files_name_file_and_field(tmp_path, content, match):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(BackendError, match=match) as err:
        ScriptedBackend.from_file(path)
    assert str(path) in str(err.value)


def test_missing_script_file(tmp_path):
    with pytest.raises(BackendError, match="cannot read"):
        get_backend(f"scripted:{tmp_path / 'absent.json'}")
