"""Shared pieces of the topology protocols (``star``: judge-mediated; ``mesh``: every peer sees
every peer): kind-generic answers, prompts, judge parsing, final-answer rules, record columns."""
