"""The tiny repository task of these tests, shared by their modules."""

from .test_swe_debate import repo_task  # noqa: F401  (fixture)
