"""The worker announces which isolation layers work; each missing one is warned about once."""

from __future__ import annotations

import logging

from codedebate.executor import client


def test_missing_layer_warned_once(caplog):
    client._warned.discard("network_namespace")
    with caplog.at_level(logging.WARNING, logger="codedebate.executor"):
        client.warn_missing({"network_namespace": False, "cgroups": True})
        client.warn_missing({"network_namespace": False, "cgroups": True})
    messages = [r.getMessage() for r in caplog.records]
    assert len([m for m in messages if "network isolation is unavailable" in m]) == 1
    assert not any("cgroups" in m for m in messages)


def test_worker_environment_has_no_secrets(monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_fake")
    env = client._worker_env()
    assert "GITHUB_TOKEN" not in env
    assert env["PYTHONHASHSEED"] == "0" and env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] == "1"
