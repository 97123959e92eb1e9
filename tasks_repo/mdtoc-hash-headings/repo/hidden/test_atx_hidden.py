import pytest

from mdtoc.headings import parse_atx
from mdtoc.links import broken_links
from mdtoc.scanner import scan
from mdtoc.toc import generate


@pytest.mark.parametrize("line, parsed", [
    ("## Install ##", (2, "Install")),
    ("### Issue #42", (3, "Issue #42")),
    ("# #1 priority", (1, "#1 priority")),
    ("## C# and F#", (2, "C# and F#")),
    ("###### Six ######", (6, "Six")),
    ("## Ends with hash#", (2, "Ends with hash#")),
    ("# ###", (1, "")),
    ("#", (1, "")),
])
def test_hashes_inside_headings(line, parsed):
    assert parse_atx(line) == parsed


@pytest.mark.parametrize("line", ["#hashtag", "####### seven", "##no space", "    # indented code"])
def test_not_headings(line):
    assert parse_atx(line) is None


def test_levels_of_headings_with_hashes():
    doc = "# Guide #\n## Step #1\n### Notes on C#\n## Step #2 ##\n"
    assert [(h.level, h.text) for h in scan(doc)] == [
        (1, "Guide"), (2, "Step #1"), (3, "Notes on C#"), (2, "Step #2")]
    assert generate(doc).splitlines()[1:3] == ["  - [Step #1](#step-1)", "    - [Notes on C#](#notes-on-c)"]


def test_links_to_headings_with_hashes_resolve():
    doc = "# F# tips\n\nSee [tips](#f-tips).\n"
    assert broken_links(doc) == []
