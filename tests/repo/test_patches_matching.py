"""Lenient but unambiguous edit matching (repo/matching.py through repo/patches.py), on replies
shaped like the small embedded model's real failures: other indentation, blank lines around the
SEARCH text, odd FILE paths, whole files or functions in a ```python block, replies cut off by the
token limit, copied placeholders. Every relaxation is recorded in ``Patched.matches``."""

import copy

import pytest

from codedebate.repo.matching import clean_path, loosest, resolve_path
from codedebate.repo.patches import PatchError, apply_patch

from .fixture_repo import FILES

PROTECTED = {"tests/test_checkout.py"}


def patch(text: str, files=FILES):
    before = copy.deepcopy(files)
    out = apply_patch(files, text, PROTECTED)
    assert files == before  # the input is never modified
    return out


def rejected(text: str, reason: str, files=FILES):
    before = copy.deepcopy(files)
    with pytest.raises(PatchError, match=reason):
        apply_patch(files, text, PROTECTED)
    assert files == before


def sr(file: str, search: str, replace: str) -> str:
    return f"FILE: {file}\n<<<<<<< SEARCH\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n"


# ---- exact and whitespace --------------------------------------------------------------------

def test_an_exact_match_is_recorded_as_exact():
    out = patch(sr("shop/prices.py", "    return unit_price(sku) * qty", "    return unit_price(sku) * max(qty, 0)"))
    assert [m.kind for m in out.matches] == ["exact"] and out.loosest == "exact"
    assert not out.matches[0].path_fixed


def test_search_text_without_its_indentation_matches_and_the_replacement_is_reindented():
    # the model dropped the method's indentation in both parts
    out = patch(sr("shop/cart.py", "def add(self, sku, qty=1):\n    self.lines.append((sku, qty))",
                   "def add(self, sku, qty=1):\n    self.lines.append((sku, max(qty, 0)))"))
    assert "    def add(self, sku, qty=1):\n        self.lines.append((sku, max(qty, 0)))\n        return self" \
        in out["shop/cart.py"]
    assert out.loosest == "whitespace"


def test_search_text_indented_too_deep_matches_by_the_same_offset():
    out = patch(sr("shop/prices.py", "        return unit_price(sku) * qty", "        return unit_price(sku) * abs(qty)"))
    assert "\n    return unit_price(sku) * abs(qty)\n" in out["shop/prices.py"]
    assert out.loosest == "whitespace"


def test_blank_lines_and_trailing_spaces_around_the_search_text_are_ignored():
    out = patch(sr("shop/prices.py", "\n\ndef line_total(sku, qty):   \n    return unit_price(sku) * qty\n",
                   "def line_total(sku, qty):\n    return unit_price(sku) * qty * 1"))
    assert out["shop/prices.py"].endswith("def line_total(sku, qty):\n    return unit_price(sku) * qty * 1\n")
    assert out.loosest == "whitespace"


def test_a_whitespace_match_in_two_places_is_rejected_as_ambiguous():
    files = dict(FILES, **{"shop/twice.py": "def a():\n    x = 1\n    return x\n\n\ndef b():\n    x = 1\n    return x\n"})
    rejected(sr("shop/twice.py", "x = 1\nreturn x", "x = 2\nreturn x"), "occurs 2 times", files)


def test_indentation_must_be_consistent_across_the_search_lines():
    # first line dedented by 4, second by 8: no single offset fits
    rejected(sr("shop/cart.py", "def add(self, sku, qty=1):\nself.lines.append((sku, qty))", "x"),
             "the SEARCH text is not in the file")


def test_a_copied_placeholder_is_rejected_with_its_own_reason():
    rejected(sr("shop/prices.py", "<lines to find>", "<lines to put instead>"), "the format's placeholder")


# ---- paths -------------------------------------------------------------------------------------

@pytest.mark.parametrize("given", ["./shop/prices.py", "repo/shop/prices.py", "`shop/prices.py`",
                                   "/home/me/project/shop/prices.py", "prices.py"])
def test_file_paths_are_normalised_and_the_fix_is_recorded(given):
    out = patch(sr(given, "    return unit_price(sku) * qty", "    return unit_price(sku) * max(qty, 0)"))
    assert list(out) == ["shop/prices.py"] and out.matches[0].path_fixed


def test_the_file_line_may_look_like_the_prompts_code_headers():
    text = "FILE shop/prices.py:\n" + sr("", "    return unit_price(sku) * qty", "    return 0").split("\n", 1)[1]
    assert list(patch(text)) == ["shop/prices.py"]


def test_an_ambiguous_or_unknown_path_is_rejected():
    files = dict(FILES, **{"other/prices.py": FILES["shop/prices.py"]})
    rejected(sr("prices.py", "    return unit_price(sku) * qty", "    return 0"), "no such file", files)
    rejected(sr("path/in/repo.py", "    return unit_price(sku) * qty", "    return 0"), "no such file")


def test_normalising_a_path_does_not_open_the_tests():
    rejected(sr("./tests/test_checkout.py", "== 7", "== 8"), "tests may not be edited")
    rejected(sr("repo/tests/test_checkout.py", "== 7", "== 8"), "tests may not be edited")


def test_path_helpers():
    assert clean_path("**`./shop/cart.py`:**") == "shop/cart.py"
    assert resolve_path("shop/cart.py", FILES) == "shop/cart.py"
    assert resolve_path("nothing.py", FILES) is None
    assert loosest(["exact", "function", "whitespace"]) == "function" and loosest([]) is None


# ---- whole functions ---------------------------------------------------------------------------

WHOLE_FILE_FIXED = "FILE shop/prices.py:\n```python\n" + FILES["shop/prices.py"].replace("* qty", "* max(qty, 0)") + "```\n"


def test_a_whole_file_in_a_code_block_replaces_only_the_functions_it_changes():
    out = patch(WHOLE_FILE_FIXED)
    assert out["shop/prices.py"] == FILES["shop/prices.py"].replace("* qty", "* max(qty, 0)")
    assert [m.kind for m in out.matches] == ["function"]


def test_a_whole_file_echoed_unchanged_applies_but_changes_nothing():
    out = patch("```python\n" + FILES["shop/cart.py"] + "```")
    assert out == {} and out.loosest == "function"


def test_without_a_file_line_the_one_file_defining_the_function_is_used():
    out = patch("Here is the fixed function:\n```python\ndef line_total(sku, qty):\n    return unit_price(sku) * abs(qty)\n```")
    assert "abs(qty)" in out["shop/prices.py"] and out.matches[0].given_path == ""


def test_the_file_line_may_open_the_code_block():
    out = patch("```\nFILE: shop/prices.py\ndef line_total(sku, qty):\n    return unit_price(sku) * abs(qty)\n```")
    assert "abs(qty)" in out["shop/prices.py"] and out.matches[0].given_path == "shop/prices.py"


def test_a_stray_fence_before_the_python_block_does_not_swallow_it():
    # seen: "```" then "FILE: path" then "```python" then the code, cut off by the token limit
    out = patch("```\nFILE: shop/prices.py\n```python\ndef line_total(sku, qty):\n    return unit_price(sku) * abs(qty)\n\n\ndef la")
    assert "abs(qty)" in out["shop/prices.py"] and out.matches[0].given_path == "shop/prices.py"


def test_a_function_defined_in_two_files_needs_a_file_line():
    files = dict(FILES, **{"shop/other.py": FILES["shop/prices.py"]})
    reply = "```python\ndef line_total(sku, qty):\n    return 0\n```"
    rejected(reply, "defined in 2 files", files)
    assert "return 0" in patch("FILE: shop/other.py\n" + reply, files)["shop/other.py"]


def test_a_method_at_column_zero_or_inside_its_class_replaces_only_that_method():
    out = patch("FILE: shop/cart.py\n```python\ndef add(self, sku, qty=1):\n    self.lines.append((sku, abs(qty)))\n"
                "    return self\n```")
    assert "\n    def add(self, sku, qty=1):\n        self.lines.append((sku, abs(qty)))\n        return self\n" \
        in out["shop/cart.py"]  # the one method named add, re-indented
    assert out.loosest == "function"
    out = patch("FILE: shop/cart.py\n```python\nclass Cart(Container):\n    def add(self, sku, qty=1):\n"
                "        self.lines.append((sku, abs(qty)))\n        return self\n```")
    text = out["shop/cart.py"]
    assert "        self.lines.append((sku, abs(qty)))" in text and "def describe(self):" in text  # others kept
    assert "    @property\n    def total(self):" in text


def test_a_class_with_every_method_replaces_the_whole_class():
    new = FILES["shop/base.py"].replace("class Container:\n", "class Container:\n    kind = 'box'\n\n")
    out = patch("FILE: shop/base.py\n```python\n" + new + "```")
    assert out["shop/base.py"] == new


def test_a_reply_cut_off_by_the_token_limit_keeps_its_complete_definitions():
    cut = ("FILE: shop/cart.py\n```python\nfrom . import prices\n\n\nclass Cart(Container):\n"
           "    def add(self, sku, qty=1):\n        self.lines.append((sku, abs(qty)))\n        return self\n\n"
           "    @property\n    def total(self):\n        return sum(line_total(s, q) for s, q in")
    out = patch(cut)
    assert "abs(qty)" in out["shop/cart.py"]
    assert "return sum(line_total(s, q) for s, q in self.lines)" in out["shop/cart.py"]  # the cut method is kept as it was


def test_a_cut_off_class_never_replaces_the_whole_class():
    # every method is there but the reply is cut before the class attribute that follows them:
    # replacing the whole class would drop `kind`; only the changed method is replaced
    files = dict(FILES, **{"shop/base.py": FILES["shop/base.py"] + "\n    kind = 'box'\n"})
    cut = ("FILE: shop/base.py\n```python\nclass Container:\n    def __init__(self):\n        self.lines = []\n\n"
           "    def size(self):\n        return len(self.lines) + 0\n\n    def empty(self):\n        return not")
    out = patch(cut, files)
    assert out["shop/base.py"] == files["shop/base.py"].replace("len(self.lines)", "len(self.lines) + 0")


def test_a_cut_off_function_is_never_applied_half_written():
    cut = "FILE: shop/prices.py\n```python\ndef line_total(sku, qty):\n    total = unit_price(sku)\n    total *= qty"
    rejected(cut, "no edits found")


def test_a_block_indented_inside_a_numbered_list_is_read():
    out = patch("1. In `shop/prices.py`:\n   ```python\n   def line_total(sku, qty):\n       return unit_price(sku) * abs(qty)\n   ```\n")
    assert "\n    return unit_price(sku) * abs(qty)\n" in out["shop/prices.py"]


def test_prose_with_a_signature_only_block_is_no_edit():
    rejected("1. **File `shop/prices.py`:** line 5\n   Corrected:\n   ```python\n   def line_total(sku, qty) -> int:\n   ```",
             "no edits found")


def test_a_bare_method_name_shared_by_two_classes_is_not_guessed():
    files = dict(FILES, **{"shop/two.py": "class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 2\n"})
    rejected("FILE: shop/two.py\n```python\ndef run(self):\n    return 3\n```", "defines none of run", files)


def test_a_named_file_that_defines_none_of_the_functions_is_rejected():
    rejected("FILE: shop/base.py\n```python\ndef line_total(sku, qty):\n    return 0\n```", "defines none of line_total")


def test_a_function_reply_for_a_test_file_is_rejected():
    rejected("FILE: tests/test_checkout.py\n```python\ndef test_checkout():\n    assert True\n```", "tests may not be edited")
