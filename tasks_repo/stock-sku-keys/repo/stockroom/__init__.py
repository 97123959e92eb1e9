"""stockroom: a small warehouse: catalogue, stock levels, orders and restocking."""
