"""The sandbox worker starts as `python -m codedebate.executor.worker` without runpy's
RuntimeWarning ("found in sys.modules"): importing the executor package must not import it."""

from __future__ import annotations

import subprocess
import sys


def test_executor_package_does_not_import_the_worker_module():
    code = "import sys, codedebate.executor; print('codedebate.executor.worker' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_worker_module_runs_without_runtime_warning():
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-P", "-m", "codedebate.executor.worker"],
                         capture_output=True, text=True, timeout=60)
    assert "RuntimeWarning" not in out.stderr
