"""Every conformance case in tests/cases must pass, judged by tests/conformance_tool.py (the
shared checker, ../shared/tools/conformance.py, kept here unchanged) through the installed
command, exactly as the shared tool runs it.

The cases run once, one test each, on the copies in tests/ so that the suite needs nothing
outside the project.  When ../shared is beside the project, one more test checks that the
copies (cases and checker) are still byte for byte the shared ones: with that, running the
shared tool as well would only repeat these same checks.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CASES = sorted((HERE / "cases").rglob("*.jsonl"))
SHARED = HERE.parent.parent / "shared"


def _load_tool():
    """The conformance checker, the copy kept in tests/."""
    spec = importlib.util.spec_from_file_location("conformance_tool", HERE / "conformance_tool.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


TOOL = _load_tool()


@pytest.mark.parametrize("log", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case(log):
    expect = json.loads(log.with_suffix(".expect.json").read_text())
    problems = TOOL.check_case([sys.executable, "-m", "referee"], log, expect)
    assert problems == []


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside the project")
def test_copies_are_the_shared_cases_and_checker():
    assert _files(HERE / "cases") == _files(SHARED / "cases")
    assert (HERE / "conformance_tool.py").read_bytes() == \
        (SHARED / "tools" / "conformance.py").read_bytes()
