from codedebate.repo.graph import EDGE_KINDS, build_graph, graph_for, module_name

from .fixture_repo import FILES


def test_nodes_for_modules_classes_functions_and_methods():
    g = build_graph(FILES)
    kinds = {n: g.nodes[n].kind for n in ("shop", "shop.cart", "shop.cart.Cart", "shop.cart.Cart.add",
                                          "shop.prices.unit_price", "tests.test_checkout.test_checkout")}
    assert kinds == {"shop": "module", "shop.cart": "module", "shop.cart.Cart": "class",
                     "shop.cart.Cart.add": "function", "shop.prices.unit_price": "function",
                     "tests.test_checkout.test_checkout": "function"}
    assert g.nodes["shop.cart.Cart.total"].qualname == "Cart.total"
    assert (g.nodes["shop.prices.line_total"].lineno, g.nodes["shop.prices.line_total"].end_lineno) == (5, 6)


def test_contains_edges():
    g = build_graph(FILES)
    assert g.out("shop.cart", "contains") == ["shop.cart.Cart"]
    assert set(g.out("shop.cart.Cart", "contains")) == {"shop.cart.Cart.add", "shop.cart.Cart.total",
                                                         "shop.cart.Cart.describe"}


def test_imports_edges_join_modules_relative_and_absolute():
    g = build_graph(FILES)
    assert g.out("shop.cart", "imports") == ["shop.base", "shop.prices"]  # from . import / from .x import
    assert g.out("shop.checkout", "imports") == ["shop.cart"]  # absolute from-import
    assert g.out("shop", "imports") == ["shop.cart"]
    assert g.out("tests.test_checkout", "imports") == ["shop.checkout"]


def test_inherits_edges():
    g = build_graph(FILES)
    assert g.out("shop.cart.Cart", "inherits") == ["shop.base.Container"]
    assert g.into("shop.base.Container", "inherits") == ["shop.cart.Cart"]


def test_invokes_edges_direct_imported_module_attribute_self_inherited_constructor_and_property():
    g = build_graph(FILES)
    assert g.callees("shop.prices.line_total") == ["shop.prices.unit_price"]  # same module
    assert "shop.prices.line_total" in g.callees("shop.cart.Cart.total")  # from-import
    describe = g.callees("shop.cart.Cart.describe")
    assert "shop.base.Container.size" in describe  # self.size() found on the base class
    assert "shop.prices.unit_price" in describe  # prices.unit_price via the imported module
    checkout = g.callees("shop.checkout.checkout")
    assert {"shop.cart.Cart", "shop.base.Container.__init__", "shop.cart.Cart.add",
            "shop.cart.Cart.total"} <= set(checkout)  # constructor, inherited __init__, method, property
    assert g.callers("shop.prices.unit_price") == ["shop.cart.Cart.describe", "shop.prices.line_total"]


def test_every_edge_kind_occurs_and_edges_join_known_nodes():
    g = build_graph(FILES)
    assert {k for _, k, _ in g.edges} == set(EDGE_KINDS)
    assert all(s in g.nodes and d in g.nodes for s, _, d in g.edges)


def test_unparseable_files_are_skipped_and_graph_is_cached_by_content():
    files = dict(FILES, **{"shop/broken.py": "def (:\n"})
    g = build_graph(files)
    assert "shop.broken" not in g.nodes
    assert graph_for(FILES) is graph_for(dict(FILES))
    assert graph_for(FILES) is not graph_for(files)


def test_module_name():
    assert module_name("pkg/__init__.py") == "pkg"
    assert module_name("pkg/sub/mod.py") == "pkg.sub.mod"


def test_self_calls_also_reach_overrides_in_subclasses():
    files = {"p/__init__.py": "", "p/base.py": "class Base:\n    def run(self):\n        return self.step()\n\n"
             "    def step(self):\n        return 0\n",
             "p/child.py": "from p.base import Base\n\n\nclass Child(Base):\n    def step(self):\n        return 1\n"}
    g = build_graph(files)
    assert g.callees("p.base.Base.run") == ["p.base.Base.step", "p.child.Child.step"]


def test_names_re_exported_by_a_package_resolve_to_their_definition():
    files = {"p/__init__.py": "from .core import work\n", "p/core.py": "def work():\n    return 1\n",
             "app.py": "from p import work\nimport p\n\n\ndef main():\n    return work() + p.work()\n"}
    assert build_graph(files).callees("app.main") == ["p.core.work"]
