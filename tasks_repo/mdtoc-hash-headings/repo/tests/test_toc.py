from mdtoc.toc import Options, generate

README = """# Bindings

Intro text.

## Installing

## Calling it from C#

### Events

## Calling it from Python
"""


def test_every_section_is_listed():
    assert generate(README, Options(min_level=2)).splitlines() == [
        "- [Installing](#installing)",
        "- [Calling it from C#](#calling-it-from-c)",
        "  - [Events](#events)",
        "- [Calling it from Python](#calling-it-from-python)",
    ]


def test_nesting_follows_heading_levels():
    doc = "# A\n## B\n### C\n## D\n# E\n"
    assert generate(doc) == "\n".join([
        "- [A](#a)", "  - [B](#b)", "    - [C](#c)", "  - [D](#d)", "- [E](#e)"])
