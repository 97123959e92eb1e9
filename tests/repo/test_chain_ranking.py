"""Evidence in fault chains: branch order, chain ranking, issue words, traceback entries, and the
hierarchy edges (special methods, state reads) that make class bugs reachable."""

from codedebate.repo.chains import (Entry, confidence, fault_chains, issue_entries, node_evidence, stem,
                                    traceback_entries, word_overlap, words)
from codedebate.repo.graph import build_graph

HUB = {"m.py": "def hub():\n" + "".join(f"    leaf{i}()\n" for i in range(5)) + "\n\n"
       + "".join(f"def leaf{i}():\n    return {i}\n\n\n" for i in range(5))}


def test_branches_with_evidence_are_followed_before_the_branch_limit():
    g = build_graph(HUB)
    plain = fault_chains(g, [Entry("m.hub", "frame", 0)], top_k=50)
    assert {c.root for c in plain} == {"m.hub", "m.leaf0", "m.leaf1", "m.leaf2"}  # by name without evidence
    hint = Entry("m.leaf4", "the issue describes leaf4", 50, 1, weight=0.5, start=False)
    ranked = fault_chains(g, [Entry("m.hub", "frame", 0), hint], top_k=50)
    assert {c.root for c in ranked} == {"m.hub", "m.leaf4", "m.leaf0", "m.leaf1"}
    assert all(c.path[0] == "m.hub" for c in ranked)  # evidence-only entries start no walk


def test_evidence_on_the_path_outranks_a_shorter_path_without_it():
    files = {"m.py": "def top():\n    near()\n    mid()\n\n\ndef near():\n    return 0\n\n\n"
                     "def mid():\n    return deep()\n\n\ndef deep():\n    return 1\n"}
    g = build_graph(files)
    chains = fault_chains(g, [Entry("m.top", "failing test", 0)], top_k=50)
    assert [c.root for c in chains] == ["m.top", "m.near", "m.deep"]  # no evidence: length alone
    assert [c.confidence for c in chains] == [confidence(0), confidence(1), confidence(2)]
    hint = Entry("m.deep", "the issue's words occur in deep", 50, 1, weight=1.0, start=False)
    chains = fault_chains(g, [Entry("m.top", "failing test", 0), hint], top_k=50)
    assert chains[0].path == ("m.top", "m.mid", "m.deep")
    assert chains[0].confidence == confidence(2)  # the best-supported chain keeps its length term
    assert chains[1].confidence == round(confidence(0) * 2 / 3, 4)  # (1 + 1) / (1 + 2): the entry's weight is 1


def test_stems_join_plurals_and_verb_endings():
    assert stem("pages") == stem("page") == "page"
    assert stem("expired") == stem("expiry") == "expir"
    assert stem("opening") == stem("open") and stem("categories") == stem("category")
    assert words("parseDate and the_due_dates") == {"parse", "date", "due"}


DOCS = {
    "lib/__init__.py": "",
    "lib/calendar.py": ('def is_open(day):\n    """True on opening days: not Sunday, not a holiday."""\n'
                        '    return day.weekday() != 6\n\n\n'
                        'def add_days(start, n):\n    """The date n days after start."""\n    return start\n'),
    "lib/report.py": 'def render(rows):\n    """A table of rows."""\n    return "opening hours"\n',
    "tests/test_x.py": 'def test_opening_days():\n    """Opening days of the holiday week."""\n',
}


def test_issue_words_match_docstrings_and_literals_weighted_by_rarity():
    g = build_graph(DOCS)
    hits = {node: (weight, shared) for node, weight, shared in
            word_overlap(g, "Loans are due on a holiday: we are not open on holidays.", {"tests/test_x.py"})}
    assert set(hits) == {"lib.calendar.is_open", "lib.report.render"}  # tests are skipped
    assert hits["lib.calendar.is_open"] == (1.0, ["holiday", "open"])  # rarest first, as the issue spells them
    assert 0 < hits["lib.report.render"][0] < 1  # "open" alone, a word two functions share


def test_plain_prose_words_are_evidence_but_names_written_as_code_start_walks():
    g = build_graph(DOCS)
    prose = issue_entries(g, "render shows the wrong opening days", {"tests/test_x.py"})
    assert not [e for e in prose if e.start]  # "render" as a plain word names nothing
    assert {e.node for e in prose if not e.start} == {"lib.calendar.is_open", "lib.report.render",
                                                       "lib.calendar.add_days"}  # "days" in its docstring
    code = issue_entries(g, "`render` shows it, and add_days() too; is_open is fine", {"tests/test_x.py"})
    assert {e.node for e in code if e.start} == {"lib.report.render", "lib.calendar.add_days", "lib.calendar.is_open"}


SHOP = {
    "shop/__init__.py": "",
    "shop/prices.py": "def unit_price(sku):\n    return {'apple': 3}[sku]\n\n\ndef line_total(sku, qty):\n"
                      "    return unit_price(sku) * qty\n",
    "shop/cart.py": "from .prices import line_total\n\n\ndef total(lines):\n"
                    "    return sum(line_total(s, q) for s, q in lines)\n",
    "tests/test_cart.py": "from shop.cart import total\n\n\ndef test_total():\n    assert total([('kiwi', 1)]) == 0\n",
}


def test_every_package_frame_of_a_traceback_is_an_entry_and_failing_lines_add_evidence_only():
    g = build_graph(SHOP)
    message = ("tests/test_cart.py:5: in test_total\n    assert total([('kiwi', 1)]) == 0\n"
               "shop/cart.py:5: in total\n    return sum(line_total(s, q) for s, q in lines)\n"
               "shop/prices.py:6: in line_total\n    return unit_price(sku) * qty\n"
               "shop/prices.py:2: in unit_price\n    return {'apple': 3}[sku]\nE   KeyError: 'kiwi'")
    entries = traceback_entries(g, [("tests/test_cart.py::test_total", message)], {})
    starts = [(e.node, e.rank) for e in entries if e.start]
    assert starts[:3] == [("shop.prices.unit_price", 0), ("shop.prices.line_total", 1), ("shop.cart.total", 2)]
    assert starts[3:] == [("tests.test_cart.test_total", 3), ("tests.test_cart.test_total", 6)]  # frame, test
    named = {e.node for e in entries if not e.start}
    assert {"shop.cart.total", "shop.prices.line_total", "shop.prices.unit_price"} <= named
    weight = node_evidence(e for e in entries if "names share" not in e.evidence)  # frames and failing lines
    assert (weight["shop.prices.unit_price"], weight["shop.prices.line_total"]) == (1.0, 0.5)  # frame 0; frame 1
    by_name = {e.node: e.weight for e in entries if "names share" in e.evidence}  # "total" in test_total
    assert by_name == {"shop.cart.total": 1.0, "shop.prices.line_total": 1.0}
    chains = fault_chains(g, entries, exclude_files={"tests/test_cart.py"})
    assert set(chains[0].path) == {"shop.prices.unit_price", "shop.prices.line_total", "shop.cart.total"}
    assert "shop.prices.unit_price" in {c.root for c in chains[:2]}  # the deepest frame as a root cause


HIERARCHY = {
    "geo/__init__.py": "",
    "geo/shape.py": ("class Shape:\n    def key(self):\n        return ()\n\n"
                     "    def __eq__(self, other):\n        return self.key() == other.key()\n\n"
                     "    def __hash__(self):\n        return hash(self.key())\n"),
    "geo/polygon.py": ("from .shape import Shape\n\n\nclass Polygon(Shape):\n"
                       "    def __eq__(self, other):\n        return sorted(self.key()) == sorted(other.key())\n\n\n"
                       "class Square(Polygon):\n    pass\n"),
    "geo/handlers.py": ("class Handler:\n    events = []\n\n    @classmethod\n    def listens_to(cls, *names):\n"
                        "        cls.events.extend(names)\n\n    @classmethod\n    def wants(cls, name):\n"
                        "        return name in cls.events\n\n    def describe(self):\n        return self.wants('x')\n\n\n"
                        "class Mail(Handler):\n    def reset(self):\n        self.events = []\n"),
}


def test_classes_reach_the_special_methods_they_define_or_inherit():
    g = build_graph(HIERARCHY)
    assert g.callees("geo.polygon.Square") == ["geo.polygon.Polygon.__eq__", "geo.shape.Shape.__hash__"]
    chains = fault_chains(g, [Entry("geo.polygon.Square", "the issue names Square", 50, 1)], top_k=50)
    assert any(c.path[:2] == ("geo.polygon.Square", "geo.polygon.Polygon.__eq__") for c in chains)


def test_reads_edges_lead_from_a_reader_of_state_to_its_writers_in_the_class_family():
    g = build_graph(HIERARCHY)
    assert g.out("geo.handlers.Handler.wants", "reads") == ["geo.handlers.Handler.listens_to",
                                                            "geo.handlers.Mail.reset"]  # mutator call, subclass
    assert g.out("geo.handlers.Handler.describe", "reads") == []  # self.wants(...) is a call, not state
    assert "geo.handlers.Handler.listens_to" not in g.callees("geo.handlers.Handler.wants")  # invokes unchanged
    assert g.sources("geo.handlers.Handler.wants") == ["geo.handlers.Handler.listens_to", "geo.handlers.Mail.reset"]
    assert "geo.handlers.Handler.wants" in g.dependents("geo.handlers.Handler.listens_to")
    chains = fault_chains(g, [Entry("geo.handlers.Handler.describe", "frame", 0)], top_k=50, maximal=False)
    assert ("geo.handlers.Handler.describe", "geo.handlers.Handler.wants",
            "geo.handlers.Handler.listens_to") in [c.path for c in chains]
    assert g.out("geo.handlers.Handler.listens_to", "reads") == []  # extending a list is a write, not a read


def test_a_subclass_method_that_misses_the_hook_by_its_underscore_is_reachable_from_the_hook_call():
    files = {"p/__init__.py": "",
             "p/plans.py": ("class Plan:\n    def price(self, n):\n        return n - self._discount(n)\n\n"
                            "    def _discount(self, n):\n        return 0\n"),
             "p/annual.py": ("from .plans import Plan\n\n\nclass Annual(Plan):\n    def discount(self, n):\n"
                             "        return n // 6\n\n\nclass Student(Plan):\n    def _discount(self, n):\n"
                             "        return 1\n\n    def discount(self, n):\n        return 2\n")}
    g = build_graph(files)
    assert g.callees("p.plans.Plan.price") == ["p.annual.Annual.discount", "p.annual.Student._discount",
                                               "p.plans.Plan._discount"]  # Student overrides the hook itself
    chains = fault_chains(g, [Entry("p.plans.Plan.price", "frame", 0)], top_k=50)
    assert "p.annual.Annual.discount" in {c.root for c in chains}


def test_module_state_assigned_at_import_links_its_readers_to_the_functions_that_built_it():
    files = {"air/__init__.py": "", "air/offsets.py": "def parse(text):\n    return int(text)\n",
             "air/ports.py": ("from .offsets import parse\n\n\ndef load():\n    return {'YYT': parse('-3')}\n\n\n"
                              "PORTS = load()\n\n\ndef get(code):\n    return PORTS[code]\n\n\n"
                              "def shadow(code):\n    PORTS = {}\n    return PORTS.get(code)\n")}
    g = build_graph(files)
    assert g.out("air.ports.get", "reads") == ["air.ports.load"]
    assert g.out("air.ports.shadow", "reads") == []  # a local of the same name
    chains = fault_chains(g, [Entry("air.ports.get", "frame", 0)], top_k=50)
    assert ("air.ports.get", "air.ports.load", "air.offsets.parse") in [c.path for c in chains]


def test_the_failing_tests_names_are_evidence_like_the_issue_words():
    g = build_graph(DOCS)
    entries = traceback_entries(g, [("tests/test_x.py::test_opening_days", "line 2: assert False")], {})
    hints = {e.node: e.weight for e in entries if not e.start}
    assert set(hints) == {"lib.calendar.is_open", "lib.report.render", "lib.calendar.add_days"}
    assert hints["lib.calendar.is_open"] == 1.0  # "opening" and "days" in its docstring
    assert 0 < hints["lib.calendar.add_days"] < 1 and 0 < hints["lib.report.render"] < 1
    assert "tests.test_x.test_opening_days" not in hints  # the failing test's own file is skipped
