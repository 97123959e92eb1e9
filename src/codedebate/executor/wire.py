"""Length-prefixed JSON messages between the executor and its worker over a Unix socket."""

from __future__ import annotations

import json
import socket
import struct
from typing import Any

HEADER = struct.Struct("!I")
MAX_MESSAGE = 64 * 1024 * 1024


def send(sock: socket.socket, obj: Any) -> None:
    """Write one message: a 4-byte big-endian length, then the JSON."""
    data = json.dumps(obj).encode()
    sock.sendall(HEADER.pack(len(data)) + data)


def recv(sock: socket.socket) -> Any:
    """Read one message; ValueError if it announces more than MAX_MESSAGE bytes."""
    size = HEADER.unpack(_exact(sock, HEADER.size))[0]
    if size > MAX_MESSAGE:
        raise ValueError(f"message of {size} bytes is over the {MAX_MESSAGE} byte limit")
    return json.loads(_exact(sock, size))


def _exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("worker connection closed mid-message")
        buf += chunk
    return bytes(buf)
