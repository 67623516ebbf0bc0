"""Every conformance case in tests/cases (copied unchanged from ../shared/cases) must pass, run
through the installed command the way ../shared/tools/conformance.py runs it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CASES = sorted((HERE / "cases").rglob("*.jsonl"))
SHARED_TOOL = HERE.parent.parent / "shared" / "tools" / "conformance.py"


def _load_tool():
    """The conformance checker: ../shared's if present, else a copy kept in tests/."""
    import importlib.util
    path = SHARED_TOOL if SHARED_TOOL.exists() else HERE / "conformance_tool.py"
    spec = importlib.util.spec_from_file_location("conformance_tool", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


TOOL = _load_tool()


@pytest.mark.parametrize("log", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case(log):
    expect = json.loads(log.with_suffix(".expect.json").read_text())
    problems = TOOL.check_case([sys.executable, "-m", "referee"], log, expect)
    assert problems == []


@pytest.mark.skipif(not SHARED_TOOL.exists(), reason="../shared is not beside the project")
def test_shared_conformance_tool_passes():
    env = dict(os.environ, REFEREE=f"{sys.executable} -m referee")
    p = subprocess.run([sys.executable, str(SHARED_TOOL), str(HERE / "cases")], env=env,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
