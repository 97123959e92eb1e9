"""Pull the Ollama models a run needs that the server does not have yet, with progress shown."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import httpx
import ollama
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

from codedebate.backends.base import BackendError
from codedebate.backends.ollama import default_host


def _canonical(name: str) -> str:
    """Ollama's name for a tag: ``qwen2.5-coder`` means ``qwen2.5-coder:latest``."""
    name = name.removeprefix("ollama:")
    return name if ":" in name.rsplit("/", 1)[-1] else f"{name}:latest"


async def installed_models(host: str | None = None, timeout_s: float = 30.0) -> set[str]:
    """Canonical names of the models the server at host already has (GET /api/tags)."""
    host = default_host(host)
    try:
        async with ollama.AsyncClient(host=host, timeout=timeout_s) as client:
            listing = await client.list()
    except (ConnectionError, httpx.TransportError) as exc:
        raise BackendError(f"cannot reach Ollama at {host} ({exc}); start it with `ollama serve` "
                           "or pass --host / set OLLAMA_HOST") from None
    except ollama.ResponseError as exc:
        raise BackendError(f"Ollama at {host} could not list models: {exc.error}") from None
    return {_canonical(m.model) for m in listing.models if m.model}


async def apull_models(names: Iterable[str], host: str | None = None,
                       console: Console | None = None, timeout_s: float = 3600.0) -> list[str]:
    """Pull every model in names that the server lacks; return the names pulled."""
    host = default_host(host)
    console = console or Console(stderr=True)
    have = await installed_models(host)
    wanted = list(dict.fromkeys(n.removeprefix("ollama:") for n in names))
    missing = [n for n in wanted if _canonical(n) not in have]
    for name in wanted:
        if name not in missing:
            console.print(f"[green]present[/green] {name} on {host}")
    columns = (TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn())
    for name in missing:
        with Progress(*columns, console=console, transient=False) as progress:
            tasks: dict[str, int] = {}
            status = progress.add_task(f"{name}: starting", total=None)
            part = None
            try:
                async with ollama.AsyncClient(host=host, timeout=timeout_s) as client:
                    async for part in await client.pull(name, stream=True):
                        progress.update(status, description=f"{name}: {part.status}")
                        if part.digest and part.total:
                            if part.digest not in tasks:
                                tasks[part.digest] = progress.add_task(
                                    f"  {part.digest.removeprefix('sha256:')[:12]}", total=part.total)
                            progress.update(tasks[part.digest], completed=part.completed or 0)
            except ollama.ResponseError as exc:
                raise BackendError(f"pulling {name!r} on Ollama at {host} failed: {exc.error}") from None
            except (ConnectionError, httpx.TransportError) as exc:
                raise BackendError(f"pulling {name!r}: lost Ollama at {host} ({exc})") from None
            if part is None or part.status != "success":  # the stream's last line says success
                raise BackendError(f"pulling {name!r} on Ollama at {host} ended without success")
    if missing:
        have = await installed_models(host)
        still = [n for n in missing if _canonical(n) not in have]
        if still:
            raise BackendError(f"Ollama at {host} still lacks {still} after pulling")
    return missing


def pull_models(names: Iterable[str], host: str | None = None, console: Console | None = None) -> list[str]:
    """Blocking form of :func:`apull_models`."""
    return asyncio.run(apull_models(names, host, console))
