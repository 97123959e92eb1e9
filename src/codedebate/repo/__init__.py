"""Repository-level bug fixing: dependency graph, fault chains, search/replace patches, fix plans,
and the test-scored patch search. Knows nothing of debates; the swe_debate protocols use it."""
