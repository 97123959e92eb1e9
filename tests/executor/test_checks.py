"""The pieces behind the hardened verdicts, without a sandbox: plain-data checks taken out of a
test module and judged in the parent, plain-data encoding, relative imports, public names, the
typed request."""

from __future__ import annotations

import collections
import json
from decimal import Decimal
from fractions import Fraction

import pytest

from codedebate.executor import checks, plain
from codedebate.executor.relative_imports import absolutize
from codedebate.executor.request import RunRequest, from_wire
from codedebate.tasks.test_module import public_names

MODULE = '''import pytest
def test_a():
    assert f(1) == 3
    x = 2; assert f(
        x) == [1,
     2]
    for i in range(3):
        assert g(i) == {'a': (1, 2)}
    with pytest.raises(AssertionError):
        assert f(1) == 99
    assert 7 == f(2), "msg"
    assert f(x) == y
'''


def test_split_takes_literals_out_on_the_same_lines():
    source, found = checks.split(MODULE)
    assert len(source.splitlines()) == len(MODULE.splitlines()) + 1  # only the import line at the end
    assert source.splitlines()[-1].startswith("from codedebate.executor.harness import check")
    assert "== 3" not in source and "[1," not in source and "(1, 2)" not in source and "7 ==" not in source
    assert "assert f(1) == 99" in source and "assert f(x) == y" in source  # inside `with`; not a literal
    assert {n: (c.expected, c.mandatory, c.line) for n, c in found.items()} == {
        0: (3, True, 3), 1: ([1, 2], True, 4), 2: ({"a": (1, 2)}, False, 8), 3: (7, True, 11)}
    compile(source, "t.py", "exec")
    assert source.splitlines()[10].startswith("    __codedebate_check__(3, (f(2)")  # line 11 stays line 11


def tagged(value) -> list[str]:
    return [json.dumps(plain.encode(value))]


def test_judge_compares_in_the_parent_with_python_equality():
    _, found = checks.split(MODULE)
    ok = {"0": [1, tagged(3.0), False], "1": [1, tagged((1, 2)), False], "3": [1, tagged(True or 7), False]}
    assert "assert (1, 2) == [1, 2]" in checks.judge("test_a", ok, found, passed=True)
    ok["1"] = [1, tagged([1, 2]), False]
    ok["3"] = [1, tagged(7), False]
    assert checks.judge("test_a", ok, found, passed=True) is None
    missing = {k: v for k, v in ok.items() if k != "1"}
    assert "never reported" in checks.judge("test_a", missing, found, passed=True)
    two_values = dict(ok, **{"2": [3, tagged({"a": (1, 2)}) + tagged({}), False]})
    assert "AssertionError" in checks.judge("test_a", two_values, found, passed=True)
    error = dict(ok, **{"0": [1, [json.dumps({"error": "NotPlain: a X object is not plain data"})], False]})
    assert "not plain data" in checks.judge("test_a", error, found, passed=True)


@pytest.mark.parametrize("value", [
    None, True, 3, -2**200, 1.5, float("inf"), 2j, "é", b"\x00", bytearray(b"ab"), [1, (2, {3})],
    {"a": [1], (1, 2): frozenset({4})}, Decimal("1.10"), Fraction(1, 3),
])
def test_plain_round_trip(value):
    assert plain.decode(json.loads(json.dumps(plain.encode(value)))) == value


def test_plain_reads_contents_not_claims():
    class Sneaky(list):
        def __eq__(self, other):
            return True

        def __iter__(self):
            return iter([42])

    assert plain.decode(plain.encode(Sneaky([1, 2]))) == [1, 2]
    point = collections.namedtuple("Point", "x y")(1, 2)
    assert plain.decode(plain.encode(point)) == (1, 2)
    assert plain.decode(plain.encode(collections.Counter("aab"))) == {"a": 2, "b": 1}
    with pytest.raises(plain.NotPlain, match="not plain data"):
        plain.encode(object())
    deep: list = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(plain.NotPlain):
        plain.encode(deep)


def test_relative_imports_of_candidate_modules_become_absolute():
    src = "from .acl_types import Role\nfrom . import acl_types, b as c\nfrom .other import x\nfrom . import (b)\n"
    out = absolutize(src, {"acl_types", "b"})
    assert out.splitlines() == ["from  acl_types import Role", "import acl_types, b as c",
                                "from .other import x", "from . import (b)"]


def test_public_names_are_what_the_tests_use_and_the_signature_defines():
    tests = "import math\ndef test_a(tmp_path):\n    r = solve(math.pi)\n    assert sorted(r) == helper()\n"
    assert public_names("def solve(x): ...\nclass Extra: ...", tests) == ["Extra", "helper", "solve"]
    assert public_names("def solve(x: int) -> int", "") == ["solve"]  # a signature that does not parse


def test_request_from_wire_is_typed_and_strict():
    req = RunRequest("w", "t", "t/f.py", "t/i", "n", ("test_a",), 1.0, 1, 1, 1, 1, 1)
    back = from_wire(json.loads(json.dumps(req.to_wire())))
    assert back == req and isinstance(back.expected, tuple)
    with pytest.raises(ValueError, match="expected fields"):
        from_wire({**req.to_wire(), "extra": 1})
    with pytest.raises(ValueError, match="unknown request"):
        from_wire({"op": "rm -rf"})


def test_probes_are_shaped_like_the_expected_value_and_equal_nothing_honest():
    expected = {"a": [1, 2.5, "x"], "b": (None, True), "c": {1, 2}}
    shape, *others = plain.probes(expected)
    assert set(shape) == {"a", "b", "c"} and len(shape["a"]) == 3 and isinstance(shape["b"], tuple)
    assert shape != expected and all(o != expected for o in others)

    class AnyItem:
        def __eq__(self, other):
            return True

    assert [AnyItem(), AnyItem()] == plain.probes([0, 1])[0]  # a list of always-equal items is caught
