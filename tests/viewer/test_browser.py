"""The viewer site in a real headless Chromium: the pages show the records' values, filtering and
sorting work, the side-by-side page loads two runs, and the console stays free of errors."""

from __future__ import annotations

import json

import pytest

from codedebate.viewer.load import load_results


def console_errors(browser) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def texts(browser, css: str) -> list[str]:
    return [e.text for e in browser.find_elements("css selector", css)]


@pytest.fixture(scope="module")
def loaded(results):
    return load_results(results)


def run_id(loaded, experiment: str, seed: int) -> str:
    s = loaded.summary
    return s[(s["experiment"] == experiment) & (s["seed"] == seed)]["debate_id"].iloc[0]


def test_overview_lists_runs_and_filters_and_sorts(browser, site, loaded, tmp_path):
    browser.get((site / "index.html").as_uri())
    assert browser.find_element("id", "grid-count").text == "2 of 2 rows"
    assert browser.find_element("id", "runs-count").text == "3 of 3 rows"
    rows = browser.find_elements("css selector", "#runs tbody tr")
    ids = {r.find_elements("tag name", "td")[-1].text for r in rows}
    assert ids == set(loaded.summary["debate_id"])
    solo = loaded.summary[loaded.summary["experiment"] == "solo"].iloc[0]
    browser.find_element("css selector", "#experiment-filter option[value='solo']").click()
    assert browser.find_element("id", "runs-count").text == "1 of 3 rows"
    cells = texts(browser, "#runs tbody tr td")
    assert cells[0] == "solo" and f"{100 * solo['final_pass_rate']:.0f}%" in cells
    browser.find_element("css selector", "#experiment-filter option[value='']").click()
    box = browser.find_element("id", "text-filter")
    box.send_keys("consensus")
    want = int((loaded.summary["status"] == "consensus").sum())
    assert browser.find_element("id", "runs-count").text == f"{want} of 3 rows"
    box.clear()
    box.send_keys(" ")  # an 'input' event with no words: everything again
    assert browser.find_element("id", "runs-count").text == "3 of 3 rows"
    header = browser.find_element("css selector", "#runs th[data-col='4']")  # seed
    header.click()
    header.click()
    seeds = [r.find_elements("tag name", "td")[4].text for r in browser.find_elements("css selector", "#runs tbody tr")]
    assert seeds == sorted(seeds, reverse=True) and header.get_attribute("aria-sort") == "descending"
    browser.save_screenshot(str(tmp_path / "overview.png"))
    assert console_errors(browser) == []


def test_run_page_shows_rounds_test_matrix_and_votes_from_the_records(browser, site, loaded, tmp_path):
    debate_id = run_id(loaded, "debate3", 1)
    summary, rounds, calls = loaded.run(debate_id)
    browser.get((site / "runs" / f"{debate_id}.html").as_uri())
    assert browser.find_element("css selector", "#summary [data-field=status]").text == summary["status"]
    shown = browser.find_elements("css selector", "#rounds-table tbody tr")
    assert len(shown) == len(rounds)
    for tr, rec in zip(shown, rounds):
        assert tr.get_attribute("data-agent") == rec["agent_id"] and tr.get_attribute("data-round") == str(rec["round_num"])
        assert tr.find_element("class name", "pass-rate").text.startswith(f"{rec['tests_passed']}/{rec['tests_total']} ")
        assert tr.find_element("class name", "temperature").text == f"{rec['temperature']:.2f}"
    for rec, column in zip(rounds, range(len(rounds))):
        outcomes = json.loads(rec["test_outcomes"])
        for kind in ("visible", "hidden"):
            for test, outcome in outcomes.get(kind, {}).items():
                row = browser.find_element("css selector", f"#matrix-table tr.{kind}-test[data-test='{test}']")
                assert row.find_elements("tag name", "td")[column].text == outcome.upper()
    assert browser.find_elements("css selector", "tr.hidden-test .hidden-tag")
    edges = {(g.get_attribute("data-voter"), g.get_attribute("data-target"))
             for g in browser.find_elements("css selector", "svg.votes g.vote")}
    recorded = {(v["voter"], rec["agent_id"]) for rec in rounds
                for v in json.loads(rec["votes_received"])}
    assert edges == recorded and len(edges) == 3
    assert "c=0.60" in browser.find_element("css selector", "svg.votes").text
    assert len(browser.find_elements("css selector", "details.call")) == len(calls)
    assert "subtracts instead of adding" in browser.find_element("id", "critiques").find_element(
        "xpath", "following-sibling::div").text
    browser.save_screenshot(str(tmp_path / "run.png"))
    assert console_errors(browser) == []


def test_compare_page_shows_two_runs_of_one_task(browser, site, loaded, tmp_path):
    a, b = run_id(loaded, "debate3", 1), run_id(loaded, "solo", 1)
    browser.get((site / "compare.html").as_uri() + f"#a={a}&b={b}")
    left, right = browser.find_element("id", "frame-left"), browser.find_element("id", "frame-right")
    assert left.get_attribute("src").endswith(f"runs/{a}.html")
    assert right.get_attribute("src").endswith(f"runs/{b}.html")
    browser.switch_to.frame(right)
    assert "solo" in browser.find_element("tag name", "h1").text
    browser.switch_to.default_content()
    browser.find_element("css selector", f"#right option[value='{run_id(loaded, 'debate3', 2)}']").click()
    assert browser.current_url.endswith(f"#a={a}&b={run_id(loaded, 'debate3', 2)}")
    browser.save_screenshot(str(tmp_path / "compare.png"))
    assert console_errors(browser) == []
