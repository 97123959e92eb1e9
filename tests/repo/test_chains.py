from codedebate.repo.chains import (Chain, Entry, confidence, dedupe, fault_chains, gold_node, issue_entries,
                                    traceback_entries)
from codedebate.repo.graph import build_graph

from .fixture_repo import FILES


def _line_repo(n: int) -> dict[str, str]:
    """f0 calls f1 calls ... f(n-1); hub calls five leaves."""
    body = "".join(f"def f{i}():\n    return f{i + 1}()\n\n\n" for i in range(n - 1)) + f"def f{n - 1}():\n    return 0\n\n\n"
    body += "def hub():\n" + "".join(f"    leaf{i}()\n" for i in range(5)) + "\n\n"
    body += "".join(f"def leaf{i}():\n    return {i}\n\n\n" for i in range(5))
    return {"m.py": body}


def test_confidence_decreases_with_length_and_stays_at_or_above_zero():
    assert [confidence(n) for n in (0, 1, 5, 10, 12)] == [1.0, 0.9, 0.5, 0.0, 0.0]


def test_forward_walk_stops_at_max_depth():
    g = build_graph(_line_repo(9))
    chains = fault_chains(g, [Entry("m.f0", "test", 0)], top_k=50, maximal=False)
    assert max(c.length for c in chains) == 5
    assert {c.root for c in chains} == {f"m.f{i}" for i in range(6)}
    shallow = fault_chains(g, [Entry("m.f0", "test", 0)], max_depth=2, top_k=50, maximal=False)
    assert {c.root for c in shallow} == {"m.f0", "m.f1", "m.f2"}


def test_maximal_chains_are_whole_walks_to_the_depth_limit_or_a_dead_end():
    g = build_graph(_line_repo(9))
    chains = fault_chains(g, [Entry("m.f0", "test", 0)], top_k=50)
    assert [(c.root, c.path) for c in chains] == [("m.f0", ("m.f0",)), ("m.f5", tuple(f"m.f{i}" for i in range(6)))]
    short = fault_chains(g, [Entry("m.f6", "frame", 0)], top_k=50)
    forward = next(c for c in short if c.direction == "forward")
    assert forward.path == ("m.f6", "m.f7", "m.f8") and forward.confidence == 0.8  # ends at a leaf


def test_backward_walk_follows_callers():
    g = build_graph(_line_repo(9))
    chains = fault_chains(g, [Entry("m.f8", "frame", 0)], top_k=50, maximal=False)
    back = {c.root: c for c in chains if c.direction == "backward"}
    assert set(back) == {"m.f3", "m.f4", "m.f5", "m.f6", "m.f7"}
    assert back["m.f7"].path == ("m.f8", "m.f7")


def test_at_most_max_branches_neighbours_per_node():
    g = build_graph(_line_repo(3))
    chains = fault_chains(g, [Entry("m.hub", "frame", 0)], top_k=50)
    assert {c.root for c in chains} == {"m.hub", "m.leaf0", "m.leaf1", "m.leaf2"}
    one = fault_chains(g, [Entry("m.hub", "frame", 0)], max_branches=1, top_k=50)
    assert {c.root for c in one} == {"m.hub", "m.leaf0"}


def test_ordering_by_confidence_then_entry_strength_and_top_k():
    g = build_graph(_line_repo(9))
    chains = fault_chains(g, [Entry("m.f4", "weak", 7), Entry("m.f0", "strong", 0)], top_k=4, maximal=False)
    assert [c.confidence for c in chains] == sorted((c.confidence for c in chains), reverse=True)
    assert [c.root for c in chains[:2]] == ["m.f0", "m.f4"]  # both length 0; the stronger entry first
    assert len(chains) == 4


def test_near_duplicates_with_the_same_root_keep_the_best_chain():
    a = Chain("m.x", ("m.a", "m.x"), "forward", ("e",), 0.9)
    b = Chain("m.x", ("m.b", "m.c", "m.x"), "forward", ("e",), 0.8)
    c = Chain("m.y", ("m.y",), "entry", ("e",), 1.0)
    assert dedupe([a, b, c]) == [a, c]


def test_test_files_are_walked_through_but_never_roots():
    g = build_graph(FILES)
    chains = fault_chains(g, [Entry("tests.test_checkout.test_checkout", "failing test", 3)],
                          exclude_files={"tests/test_checkout.py"}, max_branches=5, top_k=50, maximal=False)
    roots = {c.root for c in chains}
    assert "tests.test_checkout.test_checkout" not in roots
    assert {"shop.checkout.checkout", "shop.prices.unit_price"} <= roots
    unit = next(c for c in chains if c.root == "shop.prices.unit_price")
    assert unit.path[0] == "tests.test_checkout.test_checkout" and unit.confidence == confidence(unit.length)


def test_traceback_entries_map_frames_to_functions_innermost_first():
    g = build_graph(FILES)
    message = ("../tests/test_candidate.py:6: in test_checkout\n    assert checkout(['apple', 'pear']) == 7\n"
               "shop/checkout.py:8: in checkout\n    return cart.total\n"
               "shop/cart.py:13: in total\n    return sum(line_total(s, q) for s, q in self.lines)\n"
               "shop/prices.py:2: in unit_price\n    return {'apple': 3, 'pear': 4}[sku]\nE   KeyError: 'kiwi'")
    entries = traceback_entries(g, [("tests/test_checkout.py::test_checkout", message)], {})
    frames = [e for e in entries if e.evidence.startswith("frame")]
    assert [e.node for e in frames] == ["shop.prices.unit_price", "shop.cart.Cart.total", "shop.checkout.checkout"]
    assert [e.rank for e in frames] == [0, 1, 2]
    assert any(e.node == "tests.test_checkout.test_checkout" for e in entries)


def test_issue_entries_find_named_functions_and_skip_tests():
    g = build_graph(FILES)
    hits = {e.node for e in issue_entries(g, "Cart.total is wrong after checkout() of pears",
                                          {"tests/test_checkout.py"}) if e.start}  # walk starts only
    assert hits == {"shop.cart.Cart.total", "shop.checkout.checkout"}


def test_gold_node():
    g = build_graph(FILES)
    assert gold_node(g, {"file": "shop/cart.py", "function": "Cart.total"}) == "shop.cart.Cart.total"
    assert gold_node(g, {"file": "shop/cart.py", "function": "nope"}) is None
    assert gold_node(g, {}) is None


def test_maximal_chains_from_a_failing_test_reach_the_leaf_and_never_walk_into_tests():
    g = build_graph(FILES)
    chains = fault_chains(g, [Entry("tests.test_checkout.test_checkout", "failing test", 3)],
                          exclude_files={"tests/test_checkout.py"}, top_k=50)
    unit = next(c for c in chains if c.root == "shop.prices.unit_price")
    assert unit.path == ("tests.test_checkout.test_checkout", "shop.checkout.checkout", "shop.cart.Cart.total",
                         "shop.prices.line_total", "shop.prices.unit_price")
    back = fault_chains(g, [Entry("shop.prices.line_total", "frame", 0)], exclude_files={"tests/test_checkout.py"},
                        top_k=50)
    assert all(not n.startswith("tests.") for c in back for n in c.path)
    assert ("shop.prices.line_total", "shop.cart.Cart.total", "shop.checkout.checkout") in [c.path for c in back]


def test_at_equal_confidence_callees_of_a_frame_come_before_its_callers():
    files = {"m.py": "def low():\n    return 1\n\n\ndef mid():\n    return low()\n\n\ndef zcaller():\n    return mid()\n"}
    g = build_graph(files)
    chains = fault_chains(g, [Entry("m.mid", "frame", 0)], top_k=50)
    assert [(c.direction, c.root) for c in chains] == [("entry", "m.mid"), ("forward", "m.low"),
                                                        ("backward", "m.zcaller")]
