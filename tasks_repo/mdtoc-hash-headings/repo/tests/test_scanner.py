from mdtoc.headings import parse_atx, setext_level
from mdtoc.scanner import scan


def test_atx_levels_and_text():
    assert parse_atx("# Title") == (1, "Title")
    assert parse_atx("###   Spaced out  ") == (3, "Spaced out")
    assert parse_atx("   ## Indented") == (2, "Indented")
    assert parse_atx("    ## Code, not a heading") is None
    assert parse_atx("plain text") is None


def test_setext_underlines():
    assert setext_level("=====") == 1 and setext_level(" ---") == 2
    assert setext_level("-=-") is None and setext_level("") is None


def test_scan_skips_front_matter_and_code():
    doc = "\n".join([
        "---", "title: Notes", "---",
        "# Notes",
        "```bash", "# not a heading", "```",
        "~~~~", "## still code", "~~~", "## nor this", "~~~~",
        "Setext title", "------------",
        "",
        "---",
        "## Last **one**",
    ])
    assert [(h.level, h.text, h.line) for h in scan(doc)] == [
        (1, "Notes", 4), (2, "Setext title", 13), (2, "Last one", 17)]
