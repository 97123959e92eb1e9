#!/usr/bin/env python3
"""Test double of the `ollama` binary for unit tests of the Ollama wrapper (never used elsewhere).

`fake_ollama.py serve` listens on OLLAMA_HOST and answers /api/version, /api/tags, /api/pull
(NDJSON, ends with status success) and /api/chat (the text of the file FAKE_OLLAMA_REPLY, for
pulled models only; 404 otherwise, like Ollama). Models it has: FAKE_OLLAMA_MODELS
(comma-separated). Every start and request is appended to FAKE_OLLAMA_LOG. FAKE_OLLAMA_FAIL=1
exits at once.
"""

import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODELS = {m for m in os.environ.get("FAKE_OLLAMA_MODELS", "").split(",") if m}
LOG = os.environ.get("FAKE_OLLAMA_LOG", os.devnull)


def note(line: str) -> None:
    with open(LOG, "a") as fh:
        fh.write(line + "\n")


class Handler(BaseHTTPRequestHandler):
    def _json(self, data: object) -> None:
        body = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802
        note(f"GET {self.path}")
        if self.path == "/api/version":
            self._json({"version": "0.0.0-fake"})
        elif self.path == "/api/tags":
            self._json({"models": [{"name": m, "model": m, "size": 1, "digest": "sha256:0"} for m in sorted(MODELS)]})
        else:
            self.send_error(404)

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        name = body.get("model") or body.get("name")
        note(f"POST {self.path} {name}")
        if self.path == "/api/chat":
            self._chat(name)
            return
        if self.path != "/api/pull":
            self.send_error(404)
            return
        MODELS.add(name if ":" in name else f"{name}:latest")
        lines = b"".join(json.dumps(p).encode() + b"\n" for p in ({"status": "pulling manifest"}, {"status": "success"}))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Content-Length", str(len(lines)))
        self.end_headers()
        self.wfile.write(lines)

    def _chat(self, name: str) -> None:
        if name not in MODELS:
            body = json.dumps({"error": f"model '{name}' not found"}).encode()
            self.send_response(404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        with open(os.environ["FAKE_OLLAMA_REPLY"]) as fh:
            text = fh.read()
        self._json({"model": name, "created_at": "2026-01-01T00:00:00Z", "done": True, "done_reason": "stop",
                    "message": {"role": "assistant", "content": text},
                    "prompt_eval_count": 10, "eval_count": len(text.split())})

    def log_message(self, *args: object) -> None:
        pass


if __name__ == "__main__":
    if sys.argv[1:] != ["serve"]:
        sys.exit(f"fake ollama: only 'serve' is supported, got {sys.argv[1:]}")
    if os.environ.get("FAKE_OLLAMA_FAIL"):
        sys.exit(7)
    host, _, port = os.environ["OLLAMA_HOST"].rpartition(":")
    note(f"serve {os.environ['OLLAMA_HOST']} pid={os.getpid()} t={time.time():.1f}")
    ThreadingHTTPServer((host.split("//")[-1] or "127.0.0.1", int(port)), Handler).serve_forever()
