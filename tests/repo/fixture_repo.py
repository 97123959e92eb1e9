"""A tiny repository (as a dict of files) with every edge kind, for the repo unit's tests."""

FILES = {
    "shop/__init__.py": "from .cart import Cart\n",
    "shop/prices.py": (
        "def unit_price(sku):\n"
        "    return {'apple': 3, 'pear': 4}[sku]\n"
        "\n"
        "\n"
        "def line_total(sku, qty):\n"
        "    return unit_price(sku) * qty\n"
    ),
    "shop/base.py": (
        "class Container:\n"
        "    def __init__(self):\n"
        "        self.lines = []\n"
        "\n"
        "    def size(self):\n"
        "        return len(self.lines)\n"
    ),
    "shop/cart.py": (
        "from . import prices\n"
        "from .base import Container\n"
        "from .prices import line_total\n"
        "\n"
        "\n"
        "class Cart(Container):\n"
        "    def add(self, sku, qty=1):\n"
        "        self.lines.append((sku, qty))\n"
        "        return self\n"
        "\n"
        "    @property\n"
        "    def total(self):\n"
        "        return sum(line_total(s, q) for s, q in self.lines)\n"
        "\n"
        "    def describe(self):\n"
        "        return f'{self.size()} lines, {prices.unit_price(\"apple\")} per apple'\n"
    ),
    "shop/checkout.py": (
        "from shop.cart import Cart\n"
        "\n"
        "\n"
        "def checkout(items):\n"
        "    cart = Cart()\n"
        "    for sku in items:\n"
        "        cart.add(sku)\n"
        "    return cart.total\n"
    ),
    "tests/test_checkout.py": (
        "from shop.checkout import checkout\n"
        "\n"
        "\n"
        "def test_checkout():\n"
        "    assert checkout(['apple', 'pear']) == 7\n"
    ),
}
