"""Permissions with wildcards, and roles with inheritance."""

from __future__ import annotations


def _valid_name(name: str) -> bool:
    return bool(name) and not any(c in name for c in ":.*") and not any(c.isspace() for c in name)


def parse_permission(text: str, pattern: bool = False) -> tuple[str, str]:
    if text.count(":") != 1:
        raise ValueError(f"permission {text!r} must look like resource:action")
    resource, action = text.split(":")
    if not (_valid_name(action) or (pattern and action == "*")):
        raise ValueError(f"bad action in {text!r}")
    if pattern and resource == "*":
        return resource, action
    parts = resource.split(".")
    if pattern and len(parts) > 1 and parts[-1] == "*":
        parts = parts[:-1]
    if not all(_valid_name(p) for p in parts):
        raise ValueError(f"bad resource in {text!r}")
    return resource, action


def matches(pattern: str, permission: str) -> bool:
    p_res, p_act = parse_permission(pattern, pattern=True)
    res, act = parse_permission(permission, pattern=True)
    if p_act != "*" and p_act != act:
        return False
    if p_res == "*":
        return True
    if p_res.endswith(".*"):
        return res.startswith(p_res[:-1])
    return p_res == res


class RoleRegistry:
    """Roles by name: their own patterns and their parent roles."""

    def __init__(self) -> None:
        self._perms: dict[str, set[str]] = {}
        self._parents: dict[str, list[str]] = {}

    def has_role(self, name: str) -> bool:
        return name in self._perms

    def _need(self, name: str) -> None:
        if name not in self._perms:
            raise KeyError(name)

    def add_role(self, name: str, permissions: tuple[str, ...] = (), parents: tuple[str, ...] = ()) -> None:
        if name in self._perms:
            raise ValueError(f"role {name!r} exists")
        for perm in permissions:
            parse_permission(perm, pattern=True)
        for parent in parents:
            self._need(parent)
        self._perms[name] = set(permissions)
        self._parents[name] = list(parents)

    def _ancestors(self, name: str) -> set[str]:
        seen: set[str] = set()
        stack = [name]
        while stack:
            for parent in self._parents[stack.pop()]:
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        return seen

    def add_parent(self, name: str, parent: str) -> None:
        self._need(name)
        self._need(parent)
        if parent == name or name in self._ancestors(parent):
            raise ValueError(f"{parent} -> {name} would create a cycle")
        self._parents[name].append(parent)

    def effective_permissions(self, name: str) -> set[str]:
        self._need(name)
        perms = set(self._perms[name])
        for ancestor in self._ancestors(name):
            perms |= self._perms[ancestor]
        return perms
