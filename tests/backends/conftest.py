"""A local stand-in for an Ollama server on 127.0.0.1 speaking the documented HTTP API.

Replies follow ollama/docs/api.md: non-streaming ``POST /api/chat`` objects, ``GET /api/tags``
listings and ``POST /api/pull`` NDJSON status streams. Tests queue what the next chat calls get.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from codedebate.backends import clear_backend_cache


def chat_reply(model: str, content: str, *, done_reason: str = "stop", prompt_eval_count: int = 26,
               eval_count: int = 298) -> dict[str, Any]:
    """A non-streaming /api/chat reply with the documented fields."""
    return {
        "model": model,
        "created_at": "2023-12-12T14:13:43.416799Z",
        "message": {"role": "assistant", "content": content},
        "done_reason": done_reason,
        "done": True,
        "total_duration": 5191566416,
        "load_duration": 2154458,
        "prompt_eval_count": prompt_eval_count,
        "prompt_eval_duration": 383809000,
        "eval_count": eval_count,
        "eval_duration": 4799921000,
    }


def tag_entry(name: str) -> dict[str, Any]:
    return {
        "name": name, "model": name, "modified_at": "2023-11-04T14:56:49.277302595-07:00",
        "size": 7365960935, "digest": "9f438cb9cd581fc025612d27f7c1a6669ff83a8bb0ed86c94fcf4c5440555697",
        "details": {"format": "gguf", "family": "llama", "families": None,
                    "parameter_size": "13B", "quantization_level": "Q4_0"},
    }


class FakeOllama:
    """State of the fake server: models it has, queued chat actions, requests received."""

    def __init__(self) -> None:
        self.models: list[str] = []
        self.pullable: set[str] = set()
        self.chat_actions: list[tuple[str, Any]] = []  # ("json", (status, body)) | ("sleep", s) | ("raw", bytes)
        self.requests: list[tuple[str, str, Any]] = []
        self.host = ""

    def chat_bodies(self) -> list[dict[str, Any]]:
        return [body for method, path, body in self.requests if path == "/api/chat"]

    def queue_json(self, body: Any, status: int = 200) -> None:
        self.chat_actions.append(("json", (status, body)))


def _handler(state: FakeOllama) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def _send(self, status: int, payload: bytes, ctype: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def _json(self, status: int, body: Any) -> None:
            self._send(status, json.dumps(body).encode())

        def _body(self) -> Any:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            return json.loads(raw) if raw else None

        def do_GET(self) -> None:
            state.requests.append(("GET", self.path, None))
            if self.path == "/api/tags":
                self._json(200, {"models": [tag_entry(m) for m in state.models]})
            else:
                self._json(404, {"error": "not found"})

        def do_POST(self) -> None:
            body = self._body()
            state.requests.append(("POST", self.path, body))
            if self.path == "/api/chat":
                self._chat(body)
            elif self.path == "/api/pull":
                self._pull(body)
            else:
                self._json(404, {"error": "not found"})

        def _chat(self, body: dict[str, Any]) -> None:
            model = body["model"]
            if model not in state.models:
                self._json(404, {"error": f'model "{model}" not found, try pulling it first'})
                return
            if not state.chat_actions:
                self._json(200, chat_reply(model, "Hello! How are you today?"))
                return
            kind, arg = state.chat_actions.pop(0)
            if kind == "sleep":
                time.sleep(arg)
                self._json(200, chat_reply(model, "too late"))
            elif kind == "raw":
                self._send(200, arg)
            else:
                status, reply = arg
                self._json(status, reply)

        def _pull(self, body: dict[str, Any]) -> None:
            model = body["model"]
            self.send_response(200)
            self.send_header("Content-Type", "application/x-ndjson")
            self.send_header("Connection", "close")
            self.end_headers()
            lines: list[dict[str, Any]] = [{"status": "pulling manifest"}]
            if model in state.pullable:
                digest = "sha256:29fdb92e57cf0827ded04ae6461b5931d01fa595843f55d36f5b275a52087dd2"
                for done in (0, 1_000_000, 2_000_000):
                    lines.append({"status": f"pulling {digest[7:19]}", "digest": digest,
                                  "total": 2_000_000, "completed": done})
                lines += [{"status": "verifying sha256 digest"}, {"status": "writing manifest"},
                          {"status": "removing any unused layers"}, {"status": "success"}]
                state.models.append(model if ":" in model else f"{model}:latest")
            else:
                lines.append({"error": "pull model manifest: file does not exist"})
            for line in lines:
                self.wfile.write((json.dumps(line) + "\n").encode())
                self.wfile.flush()
            self.close_connection = True

    return Handler


@pytest.fixture
def fake_ollama() -> Iterator[FakeOllama]:
    state = FakeOllama()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    state.host = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def ollama_reply():
    """The chat_reply builder, for tests that queue their own replies."""
    return chat_reply


@pytest.fixture
def closed_port_host() -> str:
    """An address on 127.0.0.1 where nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture(autouse=True)
def _fresh_backend_cache() -> Iterator[None]:
    clear_backend_cache()
    yield
    clear_backend_cache()
