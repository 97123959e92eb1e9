"""The OpenAI-compatible backend against a local HTTP server speaking the chat-completions API
(POST /v1/chat/completions, non-streaming replies with choices, finish_reason and usage)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from codedebate.backends import BackendError, ChatRequest, Message, get_backend
from codedebate.backends.openai_compat import OpenAICompatBackend, split_name
from codedebate.protocol.registry import agent_id


def completion(content: str, finish_reason: str = "stop", model: str = "served-model") -> dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17}}


class FakeServer:
    """Queued (status, body) replies; every request's path, headers and JSON body is kept."""

    def __init__(self) -> None:
        self.replies: list[tuple[int, Any]] = []
        self.requests: list[tuple[str, dict[str, str], Any]] = []
        self.url = ""


@pytest.fixture
def server() -> Iterator[FakeServer]:
    state = FakeServer()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            state.requests.append((self.path, dict(self.headers), json.loads(raw)))
            if self.path != "/v1/chat/completions":
                status, body = 404, {"error": {"message": "not found"}}
            elif state.replies:
                status, body = state.replies.pop(0)
            else:
                status, body = 200, completion("default reply")
            payload = (body if isinstance(body, str) else json.dumps(body)).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()


REQUEST = ChatRequest(messages=(Message("system", "be brief"), Message("user", "2+2?")), temperature=0.3,
                      seed=7, max_tokens=64, meta={"phase": "answer"})


def chat(backend, request: ChatRequest = REQUEST):
    return asyncio.run(backend.chat(request))


def test_reply_usage_and_request_body(server: FakeServer, monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    server.replies.append((200, completion("4")))
    backend = get_backend(f"openai:qwen2.5-7b@{server.url}")
    reply = chat(backend)
    assert (reply.text, reply.prompt_tokens, reply.completion_tokens, reply.finish_reason) == ("4", 12, 5, "stop")
    path, headers, body = server.requests[0]
    assert path == "/v1/chat/completions" and "Authorization" not in headers
    assert body["model"] == "qwen2.5-7b" and body["temperature"] == 0.3 and body["seed"] == 7
    assert body["max_tokens"] == 64 and body["stream"] is False and "meta" not in body
    assert body["messages"] == [{"role": "system", "content": "be brief"}, {"role": "user", "content": "2+2?"}]
    assert backend.describe()["served_model"] == "served-model"


def test_key_comes_from_the_named_environment_variable(server: FakeServer, monkeypatch) -> None:
    monkeypatch.setenv("MY_KEY", "sk-test-123")
    chat(get_backend(f"openai:m@{server.url}", api_key_env="MY_KEY"))
    assert server.requests[0][1]["Authorization"] == "Bearer sk-test-123"
    assert "sk-test" not in json.dumps(get_backend(f"openai:m@{server.url}", api_key_env="MY_KEY").describe())


def test_length_finish_reason(server: FakeServer) -> None:
    server.replies.append((200, completion("cut", finish_reason="length")))
    assert chat(OpenAICompatBackend(f"m@{server.url}")).finish_reason == "length"


def test_client_errors_fail_at_once_naming_model_and_server(server: FakeServer) -> None:
    server.replies.append((401, {"error": {"message": "invalid key"}}))
    with pytest.raises(BackendError, match=r"'m' at http://127.0.0.1:\d+/v1 refused the request \(HTTP 401\).*OPENAI_API_KEY"):
        chat(OpenAICompatBackend(f"m@{server.url}", retries=3, backoff_s=0.01))
    assert len(server.requests) == 1


def test_server_errors_are_retried(server: FakeServer) -> None:
    server.replies += [(500, {"error": "busy"}), (429, {"error": "slow down"}), (200, completion("ok"))]
    assert chat(OpenAICompatBackend(f"m@{server.url}", retries=2, backoff_s=0.01)).text == "ok"
    assert len(server.requests) == 3


def test_spent_retries_and_a_closed_port_fail_clearly(server: FakeServer) -> None:
    server.replies += [(503, {"error": "down"})] * 2
    with pytest.raises(BackendError, match="failed after 2 attempt"):
        chat(OpenAICompatBackend(f"m@{server.url}", retries=1, backoff_s=0.01))
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(BackendError, match="server is running"):
        chat(OpenAICompatBackend(f"m@http://127.0.0.1:{port}/v1", retries=0))


@pytest.mark.parametrize("body, match", [
    (completion(""), "empty reply"),
    ({"choices": []}, "not a chat completion"),
    ("<html>proxy error</html>", "not a chat completion"),
])
def test_malformed_or_empty_replies(server: FakeServer, body: Any, match: str) -> None:
    server.replies.append((200, body))
    with pytest.raises(BackendError, match=match):
        chat(OpenAICompatBackend(f"m@{server.url}"))


def test_names(monkeypatch) -> None:
    assert split_name("qwen2.5:7b@http://gpu01:8000/v1/") == ("qwen2.5:7b", "http://gpu01:8000/v1")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(BackendError, match="OPENAI_BASE_URL"):
        split_name("gpt-4o-mini")
    monkeypatch.setenv("OPENAI_BASE_URL", "https://api.example.org/v1")
    assert split_name("gpt-4o-mini") == ("gpt-4o-mini", "https://api.example.org/v1")
    with pytest.raises(BackendError, match="http://"):
        split_name("m@localhost:8000")
    assert agent_id("agent_1", "openai:meta-llama/Llama-3.1-8B@http://h:8000/v1") == "agent_1_Llama-3.1-8B"
