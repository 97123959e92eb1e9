import pytest

from mdtoc.slugs import Slugger, slugify
from mdtoc.toc import Options, entries


@pytest.mark.parametrize("text, slug", [
    ("Getting Started", "getting-started"),
    ("Getting Started: v2.0!", "getting-started-v20"),
    ("snake_case names", "snake_case-names"),
    ("Ünïcode Straße", "ünïcode-straße"),
    ("a - b", "a---b"),
])
def test_slugify(text, slug):
    assert slugify(text) == slug


def test_repeated_titles_are_numbered():
    slugger = Slugger()
    assert [slugger.slug(t) for t in ["Usage", "Usage", "Usage 1", "Usage"]] == [
        "usage", "usage-1", "usage-1-1", "usage-2"]
    slugger.reset()
    assert slugger.slug("Usage") == "usage"


def test_numbering_counts_headings_left_out_of_the_toc():
    doc = "# Usage\n## Options\n### Usage\n## Usage\n"
    got = [(e.title, e.anchor) for e in entries(doc, Options(max_level=2))]
    assert got == [("Usage", "usage"), ("Options", "options"), ("Usage", "usage-2")]
