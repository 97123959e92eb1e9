import pytest

from mdtoc.cli import main
from mdtoc.markers import MarkerError, current_toc, replace_toc

DOC = "# Guide\n\n<!-- toc -->\nold\n<!-- tocstop -->\n\n## Setup\n\n## Usage\n"


def test_replace_keeps_markers_and_is_idempotent():
    once = replace_toc(DOC, "- [Setup](#setup)")
    assert current_toc(once) == "- [Setup](#setup)"
    assert replace_toc(once, "- [Setup](#setup)") == once
    assert once.endswith("## Usage\n")


def test_marker_errors_say_what_is_wrong():
    with pytest.raises(MarkerError, match="no '<!-- toc -->'"):
        replace_toc("# Plain\n", "x")
    with pytest.raises(MarkerError, match="has no '<!-- tocstop -->'"):
        replace_toc("<!-- tocstop -->\n<!-- toc -->\n", "x")


def test_write_then_check(tmp_path):
    path = tmp_path / "README.md"
    path.write_text(DOC)
    out: list[str] = []
    assert main([str(path), "--check"], out) == 1
    assert "out of date" in out[0]
    assert main([str(path), "--write", "--min-level", "2"], []) == 0
    assert current_toc(path.read_text()) == "- [Setup](#setup)\n- [Usage](#usage)"
    assert main([str(path), "--check", "--min-level", "2"], out := []) == 0, out


def test_bad_levels():
    out: list[str] = []
    assert main(["x.md", "--min-level", "4", "--max-level", "2"], out) == 2
    assert "min_level" in out[0]
