"""The viewer site from records (no browser): pages written, values taken from the records."""

from __future__ import annotations

import json
import re


from codedebate.cli import main
from codedebate.records import read_table
from codedebate.viewer import build_site
from codedebate.viewer.load import load_results
from codedebate.viewer.run_view import outcome_matrix, run_view, votes


def overview(site) -> dict:
    text = (site / "data" / "overview.js").read_text()
    return json.loads(text.removeprefix("window.CD_OVERVIEW=").rstrip().rstrip(";"))


def test_site_has_an_overview_a_page_per_run_and_a_compare_page(site, results):
    summary = read_table(sorted(results.rglob("summary.parquet")), "summary")
    data = overview(site)
    assert len(data["runs"]["rows"]) == 3 and (site / "index.html").is_file() and (site / "compare.html").is_file()
    for debate_id in summary["debate_id"]:
        assert (site / "runs" / f"{debate_id}.html").is_file()
    grid = {(r[0], r[1]): r for r in data["grid"]["rows"]}
    assert set(grid) == {("debate3", "tiny_add"), ("solo", "tiny_add")}
    cols = data["grid"]["columns"]
    debate = summary[summary["experiment"] == "debate3"]
    assert grid[("debate3", "tiny_add")][cols.index("runs")] == 2
    assert grid[("debate3", "tiny_add")][cols.index("final_pass_rate")] == debate["final_pass_rate"].mean()
    assert (site / "static" / "overview.js").is_file() and (site / "static" / "viewer.css").is_file()


def test_a_run_seen_in_a_cell_and_a_merged_file_counts_once(results, tmp_path):
    cells = sorted(p.parent for p in results.rglob("summary.parquet"))
    assert main(["merge-runs", "--output", str(results / "merged" / "all"), *map(str, cells)]) == 0
    try:
        loaded = load_results(results)
        assert len(loaded.summary) == 3 and loaded.summary["debate_id"].is_unique
        assert len(loaded.per_round) == len(read_table([c / "per_round.parquet" for c in cells], "per_round"))
        assert build_site(results, tmp_path / "site").runs == 3
    finally:
        import shutil

        shutil.rmtree(results / "merged")


def test_matrix_and_votes_come_from_the_records(results):
    loaded = load_results(results)
    debate_id = loaded.summary[(loaded.summary["experiment"] == "debate3") & (loaded.summary["seed"] == 1)]["debate_id"].iloc[0]
    summary, rounds, calls = loaded.run(debate_id)
    matrix = outcome_matrix(rounds)
    assert [(c["short"], c["round"]) for c in matrix["columns"]] == [
        (f"agent_{a}", r) for r in (1, 2) for a in (1, 2, 3)]
    row = next(r for r in matrix["rows"] if r["test"] == "test_add_negative" and not r["hidden"])
    assert row["cells"] == ["failed", "failed", "failed", "passed", "passed", "passed"]
    assert any(r["hidden"] for r in matrix["rows"])
    edges = {(e["voter"].split("_")[1], e["target"].split("_")[1], e["confidence"]) for e in votes(rounds)[0]["edges"]}
    assert edges == {("1", "2", 0.6), ("2", "1", 0.8), ("3", "1", 0.8)}
    view = run_view(summary, rounds, calls)
    assert [p["phase"] for p in view["timeline"][1]["phases"]] == ["critique", "revise", "vote"]
    assert sum(len(p["calls"]) for r in view["timeline"] for p in r["phases"]) == len(calls)
    revised = view["rounds"][1]["solutions"][0]
    assert ("add", "+    # fixed") in revised["diff"] and view["rounds"][0]["solutions"][0]["diff"] is None
    assert {c["critic"] for c in view["critiques"] if c["target"].startswith("agent_1")} >= {
        r["agent_id"] for r in rounds if not r["agent_id"].startswith("agent_1")}


def test_run_page_html_holds_the_recorded_values(site, results):
    loaded = load_results(results)
    solo = loaded.summary[loaded.summary["experiment"] == "solo"].iloc[0]
    html = (site / "runs" / f"{solo['debate_id']}.html").read_text()
    assert f"{100 * solo['final_pass_rate']:.0f}%" in html
    assert "No votes in this run." in html and "No critiques in this run." in html
    assert len(re.findall(r'<details class="call"', html)) == len(loaded.run(solo["debate_id"])[2])


def test_thesis_style_records_without_transcript_render(tmp_path, results):
    summary = read_table(sorted(results.rglob("summary.parquet"))[0], "summary").assign(source="thesis")
    folder = tmp_path / "records"
    folder.mkdir()
    summary.to_parquet(folder / "summary.parquet")
    site = build_site(folder, tmp_path / "site")
    html = (site.root / "runs" / f"{summary['debate_id'].iloc[0]}.html").read_text()
    assert "These records hold no transcript." in html and "no per-test outcomes" in html


def test_a_folder_without_records_is_named(tmp_path, capsys):
    assert main(["view", str(tmp_path), "-o", str(tmp_path / "site")]) == 2
    assert f"{tmp_path}: holds no summary.parquet" in capsys.readouterr().err


def test_serve_answers_the_site_on_localhost(site):
    import threading
    import urllib.request

    from codedebate.viewer.serve import make_server

    server = make_server(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with urllib.request.urlopen(base + "index.html", timeout=10) as reply:
            assert reply.status == 200 and b'id="runs"' in reply.read()
        with urllib.request.urlopen(base + "data/overview.js", timeout=10) as reply:
            assert reply.read().startswith(b"window.CD_OVERVIEW=")
    finally:
        server.shutdown()
        server.server_close()
