"""Code extraction from replies and the truncation / skeleton / syntax checks."""

from __future__ import annotations

from codedebate.tasks.codeblocks import extract_code, has_unclosed_fence, is_skeleton, is_truncated, syntax_error


def test_extract_single_fence():
    assert extract_code("Sure:\n```python\ndef f():\n    return 1\n```\nDone.") == "def f():\n    return 1\n"


def test_extract_prefers_the_defining_block_over_usage():
    reply = "```python\ndef f(x):\n    return x * 2\n\n\ndef g():\n    return 0\n```\nUsage:\n```python\nprint(f(2))\n```"
    assert "def g" in extract_code(reply) and "print" not in extract_code(reply)


def test_extract_ignores_non_python_fences_when_python_exists():
    reply = "```bash\npip install x\n```\n```py\ndef f():\n    pass\n```"
    assert extract_code(reply) == "def f():\n    pass\n"


def test_extract_unfenced_code_after_prose():
    assert extract_code("Here it is.\nimport math\n\ndef f():\n    return math.pi\n").startswith("import math")


def test_extract_unclosed_fence_takes_the_rest():
    reply = "```python\ndef f():\n    return (1 +\n"
    assert extract_code(reply) == "def f():\n    return (1 +\n"
    assert has_unclosed_fence(reply)


def test_truncation_signals():
    whole = "```python\ndef f():\n    return 1\n```"
    assert not is_truncated(whole, extract_code(whole), "stop")
    assert not is_truncated(whole + "\nThis is", extract_code(whole), "length")  # fence closed in time
    assert is_truncated("def f():\n    return 1\n", "def f():\n    return 1\n", "length")  # no fence
    assert is_truncated("```python\ndef f():\n", "def f():\n", "stop")  # open fence
    assert is_truncated("x", "def f():\n    return [1, 2,\n", "stop")  # unbalanced
    assert is_truncated("x", 'def f():\n    """doc\n', "stop")  # open triple quote
    assert not is_truncated("x", "def f()\n    return 1\n", "stop")  # broken, not cut off


def test_syntax_error_description():
    assert syntax_error("def f():\n    return 1\n") is None
    assert "line 1" in syntax_error("def f(:\n    pass\n")


def test_skeleton_detection():
    assert is_skeleton("def f(x):\n    pass\n")
    assert is_skeleton('def f(x):\n    """Doc."""\n    ...\n')
    assert is_skeleton("class A:\n    def f(self):\n        raise NotImplementedError('todo')\n")
    assert is_skeleton("")
    assert not is_skeleton("def f(x):\n    return x\n")
    assert not is_skeleton("def f(x):\n    pass\n\ndef g(x):\n    return x\n")
    assert not is_skeleton("X = 1\n")
