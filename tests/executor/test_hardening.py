"""Attacks of issue #14 (items 1, 2, 4 and 5): each one got a false pass, a leak or a false
failure from the executor before the hardening; each must now fail to do so."""

from __future__ import annotations

import ctypes
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings

from .conftest import make_task
from .test_hostile import needs, outcomes


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Executor]:
    ex = Executor(ExecutorSettings(timeout_s=5.0, metrics=False, memory_mb=512, max_processes=24))
    yield ex
    ex.close()


def unique(code: str) -> str:
    """The same code under a fresh comment, so no run is a cache hit."""
    return f"# {uuid.uuid4()}\n{code}"


# --------------------------------------------------------------------------- item 1: names


def test_candidate_pytest_class_cannot_replace_pytest(sandbox):
    task = make_task([
        "def test_rejects_negative():\n    with pytest.raises(ValueError):\n        root(-1)\n",
        "def test_close():\n    assert root(2) == pytest.approx(1.41421, abs=1e-4)\n",
    ])
    code = (
        "import contextlib\n"
        "class _Any:\n    def __eq__(self, other):\n        return True\n"
        "class pytest:\n"
        "    raises = staticmethod(lambda *a, **k: contextlib.nullcontext())\n"
        "    approx = staticmethod(lambda *a, **k: _Any())\n"
        "def root(x):\n    return 0\n"
    )
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert outcomes(result) == {"failed"}


def test_candidate_isinstance_cannot_replace_the_builtin(sandbox):
    task = make_task(["def test_type():\n    assert isinstance(f(), int)\n"])
    code = "def isinstance(obj, cls):\n    return True\ndef f():\n    return 'not an int'\n"
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert outcomes(result) == {"failed"}


def test_builtins_exported_through_all_do_not_reach_the_tests(sandbox):
    task = make_task(["def test_len():\n    assert len(f()) == 3\n"])
    code = (
        "import builtins\n"
        "__builtins__ = dict(vars(builtins), len=lambda obj: 3)\n"
        "__all__ = ['f', '__builtins__']\n"
        "def f():\n    return []\n"
    )
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert outcomes(result) == {"failed"}


def test_innocent_helper_named_like_a_builtin_does_not_change_the_test(sandbox):
    task = make_task(["def test_sorted_output():\n    assert dedupe([3, 1, 3]) == sorted([1, 3])\n"])
    code = "def sorted(items):\n    return list(items)[::-1]\ndef dedupe(xs):\n    return [1, 3]\n"
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert result.all_passed, result.tests


def test_all_does_not_hide_the_names_the_tests_call(sandbox):
    task = make_task(["def test_main():\n    assert main_fn(2) == 4\n"], signature="def main_fn(x): ...")
    code = "__all__ = ['helper']\ndef helper():\n    return 1\ndef main_fn(x):\n    return x * 2\n"
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert result.all_passed, result.tests


def test_relative_imports_between_candidate_modules(sandbox):
    task = make_task(
        ["def test_role():\n    assert Policy().allows(Role.ADMIN)\n    assert isinstance(Policy().default, Role)\n"],
        required_files=["acl_types.py", "acl.py"],
        test_imports=["from acl_types import Role", "from acl import Policy"],
    )
    types_py = "import enum\nclass Role(enum.Enum):\n    ADMIN = 1\n    GUEST = 2\n"
    relative = (
        "from .acl_types import Role\nfrom . import acl_types\n"
        "class Policy:\n    default = acl_types.Role.GUEST\n"
        "    def allows(self, role):\n        return role is Role.ADMIN\n"
    )
    absolute = relative.replace("from .acl_types", "from acl_types").replace("from . import", "import")
    results = [sandbox.run(task, {"acl_types.py": unique(types_py), "acl.py": src}) for src in (relative, absolute)]
    assert [r.all_passed for r in results] == [True, True], results[0].tests


# --------------------------------------------------------------------------- item 2: verdicts

REWRITE_TESTS = (
    "import sys\n"
    "def _nop():\n    pass\n"
    "def _tracer(frame, event, arg):\n"
    "    mod = sys.modules.get('test_candidate')\n"
    "    if mod is not None:\n"
    "        for name, obj in list(vars(mod).items()):\n"
    "            if name.startswith('test') and callable(obj) and obj.__code__.co_name != '_nop':\n"
    "                obj.__code__ = compile('def _nop():\\n    pass\\n', obj.__code__.co_filename, 'exec')"
    ".co_consts[0].replace(co_name=name, co_firstlineno=obj.__code__.co_firstlineno)\n"
    "    return None\n"
    "sys.setprofile(_tracer)\n"
)


def test_tests_recompiled_as_no_ops_do_not_pass(sandbox):
    task = make_task(["def test_small():\n    assert add(1, 2) == 3\n",
                      "def test_type():\n    assert isinstance(add(1, 2), int)\n"],
                     hidden=["def test_zero():\n    assert add(0, 0) == 0\n"])
    code = unique(REWRITE_TESTS + "def add(a, b):\n    return 'wrong'\n")
    for hidden in (False, True):
        result = sandbox.run(task, {"solution.py": code}, hidden=hidden)
        assert "passed" not in outcomes(result), result.tests


def test_always_equal_object_does_not_pass_plain_data_expectations(sandbox):
    task = make_task([
        "def test_number():\n    assert add(1, 2) == 3\n",
        "def test_list():\n    assert listing() == [1, 2, 3]\n",
        "def test_dict():\n    assert {'a': 1} == mapping()\n",
    ])
    code = (
        "class _Any(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__\n"
        "class _AnyList(list):\n    def __eq__(self, other):\n        return True\n"
        "class _AnyDict(dict):\n    def __eq__(self, other):\n        return True\n"
        "def add(a, b):\n    return _Any(0)\n"
        "def listing():\n    return _AnyList()\n"
        "def mapping():\n    return _AnyDict()\n"
    )
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert outcomes(result) == {"failed"}, result.tests
    assert "assert 0 == 3" in result.tests[0].message


def test_reading_the_expected_value_from_the_callers_frame_does_not_pass(sandbox):
    task = make_task(["def test_square():\n    assert square(12) == 144\n"],
                     hidden=["def test_square_hidden():\n    assert square(13) == 169\n"])
    code = (
        "import sys\n"
        "def square(x):\n"
        "    frame = sys._getframe(1)\n"
        "    numbers = [c for c in frame.f_code.co_consts if isinstance(c, int) and c not in (None, x)]\n"
        "    text = open(frame.f_code.co_filename).read()\n"
        "    import re\n"
        "    numbers += [int(n) for n in re.findall(r'== (\\d+)', text)]\n"
        "    return numbers[-1] if numbers else -1\n"
    )
    for hidden in (False, True):
        result = sandbox.run(task, {"solution.py": unique(code)}, hidden=hidden)
        assert outcomes(result) == {"failed"}, result.tests


def test_honest_plain_data_lookalikes_still_pass(sandbox):
    task = make_task([
        "def test_tuple():\n    assert pair() == (1, 2)\n",
        "def test_counter():\n    assert counts('aab') == {'a': 2, 'b': 1}\n",
        "def test_float():\n    assert half(3) == 1.5\n",
        "def test_int_float():\n    assert half(4) == 2\n",
        "def test_loop():\n    for i in range(3):\n        assert half(2 * i) == i\n",
    ])
    code = (
        "import collections\n"
        "Pair = collections.namedtuple('Pair', 'a b')\n"
        "def pair():\n    return Pair(1, 2)\n"
        "def counts(s):\n    return collections.Counter(s)\n"
        "def half(x):\n    return x / 2\n"
    )
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert result.all_passed, result.tests


def test_failed_check_inside_a_loop_fails_the_test(sandbox):
    task = make_task(["def test_loop():\n    for i in range(3):\n        assert double(i) == 2\n"])
    result = sandbox.run(task, {"solution.py": unique("def double(x):\n    return 2\n")})
    assert result.all_passed
    result = sandbox.run(task, {"solution.py": unique("def double(x):\n    return 2 * x\n")})
    assert outcomes(result) == {"failed"}


# --------------------------------------------------------------------------- item 4: channels


def _sysv_keys(kind: str) -> set[int]:
    path = Path(f"/proc/sysvipc/{kind}")
    lines = path.read_text().splitlines()[1:] if path.exists() else []
    return {int(line.split()[0]) for line in lines if line.split()}


def test_sysv_ipc_objects_do_not_outlive_a_run_or_cross_runs(sandbox):
    needs(sandbox, "privilege_drop")
    key = int.from_bytes(os.urandom(3), "big") + 0x1000
    task = make_task(["def test_ipc():\n    assert probe() == 'ok'\n"])
    writer = (
        "import ctypes\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        f"KEY = {key}\n"
        "def probe():\n"
        "    shm = libc.shmget(KEY, 1 << 20, 0o1666)\n"
        "    msg = libc.msgget(KEY, 0o1666)\n"
        "    sem = libc.semget(KEY, 1, 0o1666)\n"
        "    return 'ok' if min(shm, msg, sem) >= 0 else 'refused'\n"
    )
    sandbox.run(task, {"solution.py": unique(writer)})
    assert key not in _sysv_keys("shm") | _sysv_keys("msg") | _sysv_keys("sem")
    reader = (
        "import ctypes\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "def probe():\n"
        f"    return 'ok' if libc.shmget({key}, 0, 0o666) < 0 else 'found the segment of another run'\n"
    )
    assert sandbox.run(task, {"solution.py": unique(reader)}).all_passed


def test_vsock_netlink_and_keyrings_are_refused(sandbox):
    needs(sandbox, "privilege_drop")
    task = make_task(["def test_refused():\n    assert attempts() == []\n"])
    code = (
        "import ctypes, socket\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "def attempts():\n"
        "    got = []\n"
        "    for family, kind in ((40, socket.SOCK_STREAM), (16, socket.SOCK_RAW), (17, socket.SOCK_RAW)):\n"
        "        try:\n"
        "            socket.socket(family, kind).close()\n"
        "            got.append(family)\n"
        "        except OSError:\n"
        "            pass\n"
        "    if libc.syscall(248, b'user', b'codedebate-leak', b'secret', 6, -4) >= 0:\n"
        "        got.append('add_key')\n"
        "    if libc.syscall(425, 4, ctypes.create_string_buffer(120)) >= 0:\n"
        "        got.append('io_uring')\n"
        "    return got\n"
    )
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert result.all_passed, result.tests
    honest = make_task(["def test_pair():\n    assert pair() == b'x'\n"])
    pair = "import socket\ndef pair():\n    a, b = socket.socketpair()\n    a.send(b'x')\n    return b.recv(1)\n"
    assert sandbox.run(honest, {"solution.py": unique(pair)}).all_passed


# --------------------------------------------------------------------------- item 5: output


def test_honest_code_printing_twenty_megabytes_passes(sandbox):
    task = make_task(["def test_echo():\n    assert echo(3) == 3\n"])
    code = "def echo(x):\n    for _ in range(20):\n        print('x' * (1024 * 1024))\n    return x\n"
    result = sandbox.run(task, {"solution.py": unique(code)})
    assert result.all_passed, result.tests


def test_capsys_still_sees_what_the_candidate_prints(sandbox):
    task = make_task(["def test_says(capsys):\n    hello()\n    assert capsys.readouterr().out == 'hello\\n'\n"])
    result = sandbox.run(task, {"solution.py": unique("def hello():\n    print('hello')\n")})
    assert result.all_passed, result.tests


def test_fixtures_helpers_and_decorated_functions_in_tests_are_not_tampering(sandbox):
    task = make_task([
        "def test_global_counter():\n    global COUNT\n    COUNT = total([1])\n    assert COUNT == 1\n",
        "@pytest.fixture\ndef data():\n    return [1, 2]\n\n\ndef test_fixture(data):\n    assert total(data) == 3\n",
        "import functools\n\n@functools.lru_cache\ndef expected():\n    return 6\n\n\n"
        "def _helper(xs):\n    return total(xs)\n\n\ndef test_helper():\n    assert _helper([1, 2, 3]) == expected()\n",
        "class Box:\n    pass\n\n\ndef test_box():\n    assert isinstance(Box(), Box) and total([2]) == 2\n",
    ])
    result = sandbox.run(task, {"solution.py": unique("def total(xs):\n    return sum(xs)\n")})
    assert result.all_passed, result.tests
    result = sandbox.run(task, {"solution.py": unique("def total(xs):\n    return 0\n")})
    assert outcomes(result) == {"failed"}, result.tests


def test_objects_that_are_not_plain_data_are_probed_then_compared(sandbox):
    task = make_task(["def test_zero():\n    assert poly(0) == 0\n", "def test_one():\n    assert poly(1) == 1\n"])
    honest = (
        "class Poly:\n    def __init__(self, c):\n        self.c = c\n"
        "    def __eq__(self, other):\n        return isinstance(other, int) and self.c == other\n"
        "def poly(c):\n    return Poly(c)\n"
    )
    assert sandbox.run(task, {"solution.py": unique(honest)}).all_passed
    cheat = (
        "class Any:\n    def __eq__(self, other):\n        return True\n"
        "class AnyInt:\n    def __eq__(self, other):\n        return isinstance(other, int)\n"
        "def poly(c):\n    return Any() if c else AnyInt()\n"
    )
    result = sandbox.run(task, {"solution.py": unique(cheat)})
    assert outcomes(result) == {"failed"}, result.tests
    assert all("equal anything" in t.message for t in result.tests), result.tests


def test_containers_of_always_equal_items_are_caught(sandbox):
    task = make_task(["def test_pair():\n    assert pair() == [0, 1]\n"])
    cheat = "class Any:\n    def __eq__(self, other):\n        return True\ndef pair():\n    return [Any(), Any()]\n"
    result = sandbox.run(task, {"solution.py": unique(cheat)})
    assert outcomes(result) == {"failed"}, result.tests
