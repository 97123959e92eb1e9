"""Candidates scored per second: the sandboxed executor vs a plain fresh `python -m pytest`.

Candidates are each benchmark task's reference solution and its mutations (references/), so
verdicts mix passes and failures. Every way runs every candidate, interleaved candidate by
candidate so that load on a shared machine hits all alike; the script then checks the verdicts
are identical. ``--before SRC`` also times the executor of another checkout (its ``src`` folder,
e.g. from ``git worktree add /tmp/before HEAD``) in a helper process, side by side with this one.

    .venv/bin/python benchmarks/bench_executor.py [--tasks tasks tasks2] [--limit N] [--metrics]
                                                  [--before /tmp/before/src] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks import Task, load_tasks

REPO = Path(__file__).resolve().parents[1]


def candidates(task: Task, refs: Path) -> list[tuple[str, dict[str, str]]]:
    """(label, files) for the reference and each of its mutations."""
    folder = refs / task.id
    if not all((folder / n).is_file() for n in task.file_names):
        return []
    ref = {n: (folder / n).read_text(encoding="utf-8") for n in task.file_names}
    out = [("reference", ref)]
    mutations = folder / "mutations.json"
    if mutations.is_file():
        for i, m in enumerate(json.loads(mutations.read_text(encoding="utf-8"))):
            name = m.get("file", "solution.py")
            if name in ref and ref[name].count(m["find"]) == 1:
                out.append((f"mutation{i}", {**ref, name: ref[name].replace(m["find"], m["replace"])}))
    return out


def plain_pytest(task: Task, files: dict[str, str], timeout_s: float) -> dict[str, str]:
    """Outcome per expected test from one fresh pytest subprocess and its JUnit XML."""
    with tempfile.TemporaryDirectory(prefix="bench-plain-") as tmp:
        for name, src in files.items():
            Path(tmp, name).write_text(src, encoding="utf-8")
        Path(tmp, "test_task.py").write_text(task.test_module(), encoding="utf-8")
        xml = Path(tmp, "report.xml")
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={xml}", "test_task.py"]
        try:
            subprocess.run(cmd, cwd=tmp, capture_output=True, timeout=timeout_s,
                           env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        except subprocess.TimeoutExpired:
            return {n: "timeout" for n in task.test_names}
        return _junit_outcomes(xml, task.test_names)


def _junit_outcomes(xml: Path, expected: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, list[str]] = {}
    if xml.is_file():
        for case in ET.parse(xml).getroot().iter("testcase"):
            base = case.get("name", "").split("[", 1)[0]
            tags = {child.tag for child in case}
            outcome = "failed" if tags & {"failure", "skipped"} else "error" if "error" in tags else "passed"
            found.setdefault(base, []).append(outcome)
    out = {}
    for name in expected:
        seen = found.get(name)
        out[name] = "error" if not seen else "failed" if "failed" in seen else "error" if "error" in seen else "passed"
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", nargs="+", default=["tasks", "tasks2"], help="task folders")
    ap.add_argument("--references", default="references")
    ap.add_argument("--limit", type=int, default=0, help="use only the first N tasks (0: all)")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--metrics", action="store_true", help="also time the sandbox with Pylint/Radon on")
    ap.add_argument("--jobs", type=int, default=0, help="also time the sandbox with N runs in parallel")
    ap.add_argument("--before", metavar="SRC", help="also time the executor of this src folder (another checkout)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the --before helper
    args = ap.parse_args()
    if args.serve:
        return _serve(args)

    tasks: dict[str, Task] = {}
    for folder in args.tasks:
        if (REPO / folder).is_dir():
            for t in load_tasks(REPO / folder):
                tasks.setdefault(t.id, t)
    work = [(t, label, files) for t in tasks.values() for label, files in candidates(t, REPO / args.references)]
    if args.limit:
        keep = list(tasks)[: args.limit]
        work = [w for w in work if w[0].id in keep]
    if not work:
        print("no tasks with references found", file=sys.stderr)
        return 2

    settings = ExecutorSettings(timeout_s=args.timeout, metrics=False)
    sandbox = Executor(settings)
    metric_box = Executor(ExecutorSettings(timeout_s=args.timeout, metrics=True)) if args.metrics else None
    sandbox.run(*_warm())  # start the worker outside the timed region (a one-off ~1 s)
    if metric_box:
        metric_box.run(*_warm())
    before = _Before(args) if args.before else None
    t_plain = t_box = t_metrics = t_before = 0.0
    mismatches = []
    passed = 0
    for task, label, files in work:
        t0 = time.perf_counter()
        plain = plain_pytest(task, files, args.timeout)
        t1 = time.perf_counter()
        result = sandbox.run(task, files)
        t2 = time.perf_counter()
        t_plain += t1 - t0
        t_box += t2 - t1
        if metric_box:
            metric_box.run(task, files)
            t_metrics += time.perf_counter() - t2
        if before is not None:
            seconds, old = before.run(task.id, files)
            t_before += seconds
            if old != plain:
                mismatches.append((task.id, f"{label} (before)", plain, old))
        boxed = {r.name: r.outcome.value for r in result.tests}
        _reference_verdicts[(task.id, label)] = plain
        passed += result.all_passed
        if boxed != plain or result.cached:
            mismatches.append((task.id, label, plain, boxed))
    sandbox.close()
    if metric_box:
        metric_box.close()

    t_jobs = _parallel(work, settings, args.jobs, mismatches) if args.jobs > 1 else 0.0

    n = len(work)
    print(f"candidates: {n} ({len({w[0].id for w in work})} tasks; {passed} pass every visible test)")
    print(f"capabilities: {json.dumps(sandbox.capabilities)}")
    print(f"{'plain fresh pytest subprocess':<36}{n / t_plain:8.2f} candidates/s  ({t_plain / n * 1000:6.0f} ms each)")
    if before is not None:
        before.close()
        line = f"{n / t_before:8.2f} candidates/s  ({t_before / n * 1000:6.0f} ms each)"
        print(f"{'sandboxed executor BEFORE (--before)':<36}{line}")
    print(f"{'sandboxed executor (worker+fork)':<36}{n / t_box:8.2f} candidates/s  ({t_box / n * 1000:6.0f} ms each)")
    if metric_box:
        line = f"{n / t_metrics:8.2f} candidates/s  ({t_metrics / n * 1000:6.0f} ms each)"
        print(f"{'sandboxed executor + Pylint/Radon':<36}{line}")
    if t_jobs:
        line = f"{n / t_jobs:8.2f} candidates/s  ({t_jobs / n * 1000:6.0f} ms each)"
        print(f"{f'sandboxed executor, {args.jobs} in parallel':<36}{line}")
    print(f"speed-up: {t_plain / t_box:.1f}x" + (f"; now vs before: {t_before / t_box:.2f}x" if before else ""))
    print(f"verdicts identical: {not mismatches} ({len(mismatches)} differ)")
    for task_id, label, plain, boxed in mismatches[:10]:
        print(f"  {task_id} {label}: plain={plain} sandboxed={boxed}")
    return 1 if mismatches else 0


def _parallel(work: list, settings: ExecutorSettings, jobs: int, mismatches: list) -> float:
    """Score everything again on a fresh executor, ``jobs`` at a time; returns the seconds taken."""
    from concurrent.futures import ThreadPoolExecutor

    box = Executor(settings)
    box.run(*_warm())
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda w: box.run(w[0], w[2]), work))
    took = time.perf_counter() - start
    box.close()
    for (task, label, _files), result in zip(work, results):
        got = {r.name: r.outcome.value for r in result.tests}
        want = _reference_verdicts[(task.id, label)]
        if result.cached or got != want:
            mismatches.append((task.id, f"{label} (parallel)", want, got))
    return took


#: (task id, candidate label) -> the plain subprocess's verdicts, filled by the serial pass
_reference_verdicts: dict[tuple[str, str], dict[str, str]] = {}


class _Before:
    """The executor of another checkout, in a helper process that times each run itself."""

    def __init__(self, args: argparse.Namespace) -> None:
        env = {**os.environ, "PYTHONPATH": args.before}
        cmd = [sys.executable, __file__, "--serve", "--timeout", str(args.timeout), "--references", args.references,
               "--tasks", *args.tasks]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, cwd=REPO)
        if self.proc.stdout.readline().strip() != "ready":
            raise SystemExit("the --before helper did not start (see its stderr)")

    def run(self, task_id: str, files: dict[str, str]) -> tuple[float, dict[str, str]]:
        self.proc.stdin.write(json.dumps({"task": task_id, "files": files}) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        return reply["seconds"], reply["verdicts"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def _serve(args: argparse.Namespace) -> int:
    """Helper for --before: score candidates sent as JSON lines with this interpreter's codedebate."""
    import codedebate

    tasks = {t.id: t for folder in args.tasks if (REPO / folder).is_dir() for t in load_tasks(REPO / folder)}
    box = Executor(ExecutorSettings(timeout_s=args.timeout, metrics=False))
    box.run(*_warm())
    print("ready", flush=True)
    print(f"--before helper: codedebate from {Path(codedebate.__file__).parent}", file=sys.stderr)
    for line in sys.stdin:
        req = json.loads(line)
        t0 = time.perf_counter()
        result = box.run(tasks[req["task"]], req["files"])
        took = time.perf_counter() - t0
        verdicts = {r.name: r.outcome.value for r in result.tests}
        print(json.dumps({"seconds": took, "verdicts": verdicts}), flush=True)
    box.close()
    return 0


def _warm():
    from codedebate.tasks import parse_task

    task = parse_task({"id": "warm", "name": "w", "difficulty": "easy", "description": "", "signature": "",
                       "tests": ["def test_w():\n    assert f() == 1\n"]})
    return task, {"solution.py": f"def f():\n    return 1  # {time.time()}\n"}


if __name__ == "__main__":
    sys.exit(main())
