"""Check a lock file against a manifest and plan upgrades."""

from __future__ import annotations

from ranges import max_satisfying, satisfies
from semver import Version


def check_lock(manifest: dict[str, str], lock: dict[str, str]) -> list[tuple[str, str]]:
    problems = []
    for package, wanted in manifest.items():
        if package not in lock:
            problems.append((package, "missing"))
            continue
        try:
            version = Version.parse(lock[package])
        except ValueError:
            problems.append((package, "invalid"))
            continue
        if not satisfies(version, wanted):
            problems.append((package, "unsatisfied"))
    problems.extend((package, "extra") for package in lock if package not in manifest)
    return sorted(problems)


def upgrade_plan(manifest: dict[str, str], lock: dict[str, str], available: dict[str, list[str]]) -> dict[str, tuple[str, str]]:
    plan = {}
    for package, wanted in manifest.items():
        try:
            locked = Version.parse(lock[package])
        except (KeyError, ValueError):
            continue
        best = max_satisfying(available.get(package, []), wanted)
        if best is not None and Version.parse(best) > locked:
            plan[package] = (lock[package], best)
    return plan
