"""The Ollama backend against a local server that speaks the Ollama HTTP API."""

from __future__ import annotations

import asyncio

import pytest

from codedebate.backends import BackendError, ChatRequest, Message, get_backend
from codedebate.backends.ollama import OllamaBackend

MODEL = "qwen2.5-coder:7b"


def ask(backend: OllamaBackend, **kw: object) -> object:
    request = ChatRequest(messages=(Message("system", "You write Python."), Message("user", "Add two numbers.")),
                          **kw)  # type: ignore[arg-type]
    return asyncio.run(backend.chat(request))


def test_reply_fields_and_token_counts(fake_ollama, ollama_reply):
    fake_ollama.models = [MODEL]
    fake_ollama.queue_json(ollama_reply(MODEL, "def add(a, b):\n    return a + b", prompt_eval_count=31, eval_count=12))
    reply = ask(OllamaBackend(MODEL, host=fake_ollama.host))
    assert reply.text == "def add(a, b):\n    return a + b"
    assert (reply.prompt_tokens, reply.completion_tokens) == (31, 12)
    assert reply.finish_reason == "stop"
    assert reply.model == f"ollama:{MODEL}"
    assert reply.seconds > 0


def test_request_body_carries_messages_and_options(fake_ollama):
    fake_ollama.models = [MODEL]
    ask(OllamaBackend(MODEL, host=fake_ollama.host), temperature=0.55, seed=7, max_tokens=300, stop=("```\n",))
    (body,) = fake_ollama.chat_bodies()
    assert body["model"] == MODEL
    assert body["stream"] is False
    assert body["messages"] == [{"role": "system", "content": "You write Python."},
                                {"role": "user", "content": "Add two numbers."}]
    assert body["options"] == {"temperature": 0.55, "seed": 7, "num_ctx": 32768,
                               "num_predict": 300, "stop": ["```\n"]}


def test_num_ctx_option_and_no_seed_sent_when_none(fake_ollama):
    fake_ollama.models = [MODEL]
    ask(OllamaBackend(MODEL, host=fake_ollama.host, num_ctx=8192))
    (body,) = fake_ollama.chat_bodies()
    assert body["options"] == {"temperature": 0.7, "num_ctx": 8192}


def test_done_reason_length_is_truncation(fake_ollama, ollama_reply):
    fake_ollama.models = [MODEL]
    fake_ollama.queue_json(ollama_reply(MODEL, "def add(a, b):\n    ret", done_reason="length"))
    assert ask(OllamaBackend(MODEL, host=fake_ollama.host)).finish_reason == "length"


def test_host_from_ollama_host_env(fake_ollama, monkeypatch):
    fake_ollama.models = [MODEL]
    monkeypatch.setenv("OLLAMA_HOST", fake_ollama.host.removeprefix("http://"))
    backend = get_backend(MODEL)
    assert isinstance(backend, OllamaBackend)
    assert backend.host == fake_ollama.host
    assert ask(backend).text == "Hello! How are you today?"


def test_server_down_names_host_model_and_fix(closed_port_host):
    backend = OllamaBackend(MODEL, host=closed_port_host, retries=1, backoff_s=0.01)
    with pytest.raises(BackendError) as err:
        ask(backend)
    msg = str(err.value)
    assert closed_port_host in msg and MODEL in msg
    assert "ollama serve" in msg and "2 attempt(s)" in msg


def test_model_not_pulled_is_not_retried(fake_ollama):
    fake_ollama.models = ["llama3.2:latest"]
    with pytest.raises(BackendError) as err:
        ask(OllamaBackend(MODEL, host=fake_ollama.host, retries=3, backoff_s=0.01))
    msg = str(err.value)
    assert f"ollama pull {MODEL}" in msg and fake_ollama.host in msg and "not found" in msg
    assert len(fake_ollama.chat_bodies()) == 1


def test_server_errors_are_retried_then_succeed(fake_ollama):
    fake_ollama.models = [MODEL]
    fake_ollama.queue_json({"error": "llama runner process has terminated"}, status=500)
    fake_ollama.queue_json({"error": "server busy"}, status=503)
    reply = ask(OllamaBackend(MODEL, host=fake_ollama.host, retries=2, backoff_s=0.01))
    assert reply.text == "Hello! How are you today?"
    assert len(fake_ollama.chat_bodies()) == 3


def test_retries_are_bounded(fake_ollama):
    fake_ollama.models = [MODEL]
    for _ in range(5):
        fake_ollama.queue_json({"error": "llama runner process has terminated"}, status=500)
    with pytest.raises(BackendError) as err:
        ask(OllamaBackend(MODEL, host=fake_ollama.host, retries=1, backoff_s=0.01))
    assert len(fake_ollama.chat_bodies()) == 2
    assert "HTTP 500" in str(err.value) and "llama runner process has terminated" in str(err.value)


def test_client_error_is_not_retried(fake_ollama):
    fake_ollama.models = [MODEL]
    fake_ollama.queue_json({"error": "invalid options"}, status=400)
    with pytest.raises(BackendError, match="HTTP 400.*invalid options"):
        ask(OllamaBackend(MODEL, host=fake_ollama.host, retries=3, backoff_s=0.01))
    assert len(fake_ollama.chat_bodies()) == 1


def test_timeout_is_retried_then_reported(fake_ollama):
    fake_ollama.models = [MODEL]
    fake_ollama.chat_actions += [("sleep", 1.0), ("sleep", 1.0)]
    backend = OllamaBackend(MODEL, host=fake_ollama.host, request_timeout_s=0.2, retries=1, backoff_s=0.01)
    with pytest.raises(BackendError) as err:
        ask(backend)
    msg = str(err.value)
    assert "no reply within 0.2 s" in msg and MODEL in msg and fake_ollama.host in msg
    assert len(fake_ollama.chat_bodies()) == 2


def test_empty_reply_is_an_error(fake_ollama, ollama_reply):
    fake_ollama.models = [MODEL]
    fake_ollama.queue_json(ollama_reply(MODEL, "   ", eval_count=0))
    with pytest.raises(BackendError, match="empty reply") as err:
        ask(OllamaBackend(MODEL, host=fake_ollama.host))
    assert fake_ollama.host in str(err.value)


def test_malformed_reply_is_an_error(fake_ollama):
    fake_ollama.models = [MODEL]
    fake_ollama.chat_actions.append(("raw", b"<html>proxy error</html>"))
    with pytest.raises(BackendError, match="not Ollama's chat format"):
        ask(OllamaBackend(MODEL, host=fake_ollama.host, retries=0))


def test_backend_reused_across_event_loops(fake_ollama):
    fake_ollama.models = [MODEL]
    backend = get_backend(f"ollama:{MODEL}", host=fake_ollama.host)
    assert ask(backend).text == ask(backend).text == "Hello! How are you today?"


def test_concurrent_calls(fake_ollama):
    fake_ollama.models = [MODEL]
    backend = OllamaBackend(MODEL, host=fake_ollama.host)
    request = ChatRequest(messages=(Message("user", "hi"),))

    async def three() -> list:
        return await asyncio.gather(*(backend.chat(request) for _ in range(3)))

    assert len(asyncio.run(three())) == 3
    assert len(fake_ollama.chat_bodies()) == 3


def test_describe_carries_the_servers_digest_for_the_cache_key(fake_ollama):
    fake_ollama.models = ["llama2:13b"]
    info = OllamaBackend("llama2:13b", host=fake_ollama.host).describe()
    assert info["digest"] == "9f438cb9cd581fc025612d27f7c1a6669ff83a8bb0ed86c94fcf4c5440555697"
    assert OllamaBackend("llama2:7b", host=fake_ollama.host).describe()["digest"] is None  # not pulled


def test_describe_without_a_server_has_no_digest(closed_port_host):
    assert OllamaBackend("llama2:13b", host=closed_port_host).describe()["digest"] is None
