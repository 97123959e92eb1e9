"""bankkit: accounts for a credit union: current and savings accounts, month-end, statements."""
