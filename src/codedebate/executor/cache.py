"""Result cache keyed by sha256 of (files, test module, settings): in memory and optionally on disk.

Disk entries are JSON files written atomically; an unreadable or corrupt entry is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from .results import ExecutionResult

#: Bump when a change to the executor can change verdicts, so old disk entries stop matching.
CACHE_VERSION = 2  # 2: plain-data checks judged outside the sandbox, public names only


def cache_key(files: dict[str, str], test_module: str, settings: dict[str, Any], task_files: tuple[str, ...]) -> str:
    """Stable hex digest of everything that decides a verdict."""
    payload = json.dumps(
        {"v": CACHE_VERSION, "files": files, "tests": test_module, "settings": settings, "names": list(task_files)},
        sort_keys=True, ensure_ascii=True,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


class ResultCache:
    """Thread-safe map from cache key to :class:`ExecutionResult`."""

    def __init__(self, cache_dir: Path | str | None = None) -> None:
        self._mem: dict[str, ExecutionResult] = {}
        self._lock = threading.Lock()
        self.dir = Path(cache_dir) if cache_dir is not None else None

    def _path(self, key: str) -> Path:
        assert self.dir is not None
        return self.dir / key[:2] / f"{key}.json"

    def get(self, key: str) -> ExecutionResult | None:
        with self._lock:
            hit = self._mem.get(key)
        if hit is not None or self.dir is None:
            return hit
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            result = ExecutionResult.from_dict(data)
        except (OSError, ValueError, TypeError, KeyError):
            return None  # missing or corrupt: treat as a miss, the run overwrites it
        with self._lock:
            self._mem[key] = result
        return result

    def put(self, key: str, result: ExecutionResult) -> None:
        with self._lock:
            self._mem[key] = result
        if self.dir is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(result.to_dict(), fh, sort_keys=True)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def __len__(self) -> int:
        with self._lock:
            return len(self._mem)
