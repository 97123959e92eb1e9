"""shelfwise: a small lending library: catalogue, members, loans, due dates and fines."""
