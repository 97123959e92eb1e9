from mdtoc.inline import plain_text
from mdtoc.links import broken_links


def test_plain_text():
    assert plain_text("**Install** the [CLI](#cli)") == "Install the CLI"
    assert plain_text("The `--max-level` *option*") == "The --max-level option"
    assert plain_text("![logo](logo.png) Project <sup>beta</sup>") == "logo Project beta"
    assert plain_text(r"snake\_case and 2 * 3") == "snake_case and 2 * 3"
    assert plain_text("`**not bold**` in code") == "**not bold** in code"


def test_broken_links_are_reported_with_their_line():
    doc = "# Setup\n\nSee [setup](#setup) and [usage](#usage).\n\n## Usage\n\n[gone](#removed)\n"
    assert [(b.line, b.anchor) for b in broken_links(doc)] == [(7, "removed")]
