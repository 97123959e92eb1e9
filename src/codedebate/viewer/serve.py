"""Serve a built site on localhost (the site also opens from disk; this is for convenience)."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


def make_server(site: Path | str, host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """An HTTP server for ``site`` (port 0 picks a free one); call ``serve_forever`` to run it."""
    handler = functools.partial(_Quiet, directory=str(site))
    return ThreadingHTTPServer((host, port), handler)
