import copy

import pytest

from codedebate.repo.patches import Edit, PatchError, apply_edits, apply_patch, parse_edits, render_edits

from .fixture_repo import FILES

FIX = """FILE: shop/prices.py
<<<<<<< SEARCH
    return unit_price(sku) * qty
=======
    return unit_price(sku) * max(qty, 0)
>>>>>>> REPLACE
"""


def test_a_valid_patch_returns_only_the_changed_files_and_leaves_the_input_alone():
    files = copy.deepcopy(FILES)
    changed = apply_patch(files, "Here is the fix:\n```\n" + FIX + "```\n")
    assert list(changed) == ["shop/prices.py"]
    assert "max(qty, 0)" in changed["shop/prices.py"]
    assert files == FILES


def test_edits_apply_in_order_on_top_of_each_other():
    text = FIX + FIX.replace("* qty", "* max(qty, 0)").replace("* max(qty, 0)\n>>>", "* abs(qty)\n>>>")
    changed = apply_patch(FILES, text)
    assert "return unit_price(sku) * abs(qty)" in changed["shop/prices.py"]


def test_trailing_spaces_do_not_prevent_a_match():
    changed = apply_patch(FILES, FIX.replace("* qty\n", "* qty   \n", 1))
    assert "max(qty, 0)" in changed["shop/prices.py"]


@pytest.mark.parametrize("text, reason", [
    ("no edits at all", "no edits found"),
    ("<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE", "edit 1: no 'FILE: path' line"),
    ("FILE: shop/prices.py\n<<<<<<< SEARCH\nx\ny\n>>>>>>> REPLACE", "edit 1 (shop/prices.py): no '=======' line"),
    ("FILE: shop/prices.py\n<<<<<<< SEARCH\nx\n=======\ny\n", "no '>>>>>>> REPLACE' line"),
])
def test_malformed_patches_are_rejected_with_a_reason(text, reason):
    with pytest.raises(PatchError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_edits(text)


@pytest.mark.parametrize("edit, reason", [
    (Edit("shop/prices.py", "    return sku * 2", "x"), "the SEARCH text is not in the file"),
    (Edit("shop/missing.py", "a", "b"), "no such file"),
    (Edit("shop/prices.py", "  \n", "b"), "the SEARCH part is empty"),
    (Edit("shop/cart.py", "self", "this"), "occurs 7 times"),
    (Edit("tests/test_checkout.py", "== 7", "== 8"), "tests may not be edited"),
    (Edit("shop/prices.py", "    return unit_price(sku) * qty", "    return (unit_price(sku) * qty"),
     "the patched file does not parse"),
])
def test_non_matching_or_harmful_edits_are_rejected_and_files_untouched(edit, reason):
    files = copy.deepcopy(FILES)
    with pytest.raises(PatchError, match=reason):
        apply_edits(files, [edit], protected={"tests/test_checkout.py"})
    assert files == FILES


def test_a_later_bad_edit_rejects_the_whole_patch():
    bad = FIX + "FILE: shop/cart.py\n<<<<<<< SEARCH\nnot here\n=======\nx\n>>>>>>> REPLACE\n"
    with pytest.raises(PatchError, match=r"edit 2 \(shop/cart.py\)"):
        apply_patch(FILES, bad)


def test_render_round_trips():
    edits = parse_edits(FIX)
    assert parse_edits(render_edits(edits)) == edits
