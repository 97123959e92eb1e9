"""orderflow: the life of a web-shop order: states, payments, shipping, returns."""
