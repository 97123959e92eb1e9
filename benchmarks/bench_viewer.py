"""Viewer site for 1,200 runs: build time, size and page load time in headless Chromium.

Two record sets of 1,200 runs each:
  thesis     the thesis's 1,200 runs (`codedebate import-thesis`; summary + per_round, no transcript)
  synthetic  one recorded 3-agent, 2-round scripted debate copied to 1,200 runs (20 experiments x
             20 tasks x 3 seeds) with its full transcript, test outcomes, votes and critiques

    .venv/bin/python benchmarks/bench_viewer.py [--thesis-dir ../shared/thesis-results]
        [--screenshots docs/screenshots]

Prints one table; nothing is asserted (tests never time things). --screenshots also saves a
screenshot of the overview, a run page and the side-by-side page of the synthetic site.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TASK = REPO / "tests" / "protocol" / "data" / "add_easy.json"
RULES = [
    {"when": {"phase": "propose", "agent": "agent_1"},
     "reply": "```python\ndef add(a, b):\n    return a + b if (a >= 0 or b >= 0) else 0\n```"},
    {"when": {"phase": "propose"}, "reply": "```python\ndef add(a, b):\n    return a - b\n```"},
    {"when": {"phase": "critique"}, "reply": "### Agent 1\nBUGS:\n- add(-1, -2) returns 0 instead of -3\n"
                                             "### Agent 2\nBUGS:\n- subtracts instead of adding\n"
                                             "### Agent 3\nBUGS:\n- subtracts instead of adding"},
    {"when": {"phase": "revise"}, "reply": "```python\ndef add(a, b):\n    # fixed\n    return a + b\n```"},
    {"when": {"phase": "vote", "agent": "agent_1"}, "reply": "VOTE: Agent 2\nCONFIDENCE: 0.6"},
    {"when": {"phase": "vote"}, "reply": "VOTE: Agent 1\nCONFIDENCE: 0.8"},
]


def synthetic(workdir: Path, runs: int = 1200) -> Path:
    """One scripted debate recorded, then copied to ``runs`` runs as one merged folder."""
    script = workdir / "script.json"
    script.write_text(json.dumps({"rules": RULES}))
    model = f"scripted:{script}"
    one = workdir / "one"
    subprocess.run([str(BIN / "codedebate"), "run", "--task", str(TASK), "--agents", model, model, model,
                    "--max-rounds", "2", "--seed", "1", "--output", str(one)], check=True, capture_output=True)
    tables = {t: pd.read_parquet(one / f"{t}.parquet") for t in ("summary", "per_round", "transcript")}
    out = {t: [] for t in tables}
    for i in range(runs):
        exp, task, seed = f"config_{i // 60:02d}", f"task_{(i // 3) % 20:02d}", i % 3
        ident = {"debate_id": f"{i:016x}", "experiment": exp, "task_id": task}
        for t, df in tables.items():
            df = df.copy()
            for k, v in ident.items():
                if k in df.columns:
                    df[k] = v
            if t == "summary":
                df["seed"] = seed
            out[t].append(df)
    merged = workdir / "synthetic"
    merged.mkdir()
    for t, frames in out.items():
        pd.concat(frames, ignore_index=True).to_parquet(merged / f"{t}.parquet", index=False)
    return merged


def folder_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1300,1500"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def load_ms(drv, url: str, repeats: int = 3) -> float:
    """Median ms from navigation start to the end of the load event (scripts run, tables drawn)."""
    times = []
    for _ in range(repeats):
        drv.get(url)
        times.append(drv.execute_script(
            "const t = performance.getEntriesByType('navigation')[0]; return t.loadEventEnd - t.startTime;"))
    return statistics.median(times)


def sort_filter_ms(drv) -> tuple[float, float]:
    """ms to sort the runs table by seed (interleaved, so the sort has work to do), and to filter it by a word."""
    sort = drv.execute_script(
        "const t0 = performance.now(); document.querySelector('#runs th[data-col=\"4\"]').click();"
        "return performance.now() - t0;")
    filt = drv.execute_script(
        "const box = document.getElementById('text-filter'); const t0 = performance.now();"
        "box.value = 'task_07'; box.dispatchEvent(new Event('input')); return performance.now() - t0;")
    return sort, filt


def measure(name: str, records: Path, site: Path, drv) -> dict:
    start = time.perf_counter()
    subprocess.run([str(BIN / "codedebate"), "view", str(records), "-o", str(site)], check=True, capture_output=True)
    build_s = time.perf_counter() - start
    pages = sorted((site / "runs").glob("*.html"))
    sizes = [p.stat().st_size for p in pages]
    row = {"records": name, "runs": len(pages), "build_s": round(build_s, 1),
           "site_MB": round(folder_bytes(site) / 1e6, 1),
           "overview_KB": round(((site / "index.html").stat().st_size + (site / "data" / "overview.js").stat().st_size) / 1e3, 1),
           "run_page_KB_median": round(statistics.median(sizes) / 1e3, 1)}
    if drv is not None:
        row["overview_load_ms"] = round(load_ms(drv, (site / "index.html").as_uri()))
        row["sort_ms"], row["filter_ms"] = (round(x) for x in sort_filter_ms(drv))
        row["run_page_load_ms"] = round(load_ms(drv, pages[len(pages) // 2].as_uri()))
    return row


def screenshots(site: Path, drv, outdir: Path) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    drv.get((site / "index.html").as_uri())
    drv.execute_script("document.getElementById('text-filter').value='task_03';"
                       "document.getElementById('text-filter').dispatchEvent(new Event('input'));")
    drv.save_screenshot(str(outdir / "overview.png"))
    drv.get((site / "runs" / f"{0:016x}.html").as_uri())
    drv.save_screenshot(str(outdir / "run.png"))
    drv.execute_script("document.getElementById('votes').scrollIntoView();")
    drv.save_screenshot(str(outdir / "run_votes_critiques.png"))
    drv.execute_script("document.querySelectorAll('details.solution')[3].open = true;"
                       "document.querySelectorAll('details.solution')[3].scrollIntoView();")
    drv.save_screenshot(str(outdir / "run_code_diff.png"))
    drv.execute_script("document.querySelectorAll('details.call')[0].open = true;"
                       "document.getElementById('timeline').scrollIntoView();")
    drv.save_screenshot(str(outdir / "run_timeline.png"))
    drv.get((site / "compare.html").as_uri() + f"#a={0:016x}&b={60:016x}")
    time.sleep(1)
    drv.save_screenshot(str(outdir / "compare.png"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--thesis-dir", type=Path, default=REPO.parent / "shared" / "thesis-results")
    ap.add_argument("--screenshots", type=Path, help="save page screenshots of the synthetic site here")
    args = ap.parse_args()
    try:
        drv = browser()
    except Exception as exc:  # noqa: BLE001 - no browser: sizes and build times only
        print(f"(no headless chromium: {exc.__class__.__name__}; load times skipped)")
        drv = None
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.thesis_dir.is_dir():
            subprocess.run([str(BIN / "codedebate"), "import-thesis", str(args.thesis_dir), "--output",
                            str(tmp / "thesis")], check=True, capture_output=True)
            rows.append(measure("thesis (no transcript)", tmp / "thesis", tmp / "site_thesis", drv))
        rows.append(measure("synthetic (full transcript)", synthetic(tmp), tmp / "site_synthetic", drv))
        if args.screenshots and drv is not None:
            screenshots(tmp / "site_synthetic", drv, args.screenshots)
    if drv is not None:
        drv.quit()
    print(pd.DataFrame(rows).to_string(index=False))


if __name__ == "__main__":
    main()
