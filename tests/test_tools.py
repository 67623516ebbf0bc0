"""tools/ stands on its own: its scripts and builders never import the test suite (the builders the
tests share live in tools/, and the tests import them from there)."""
from __future__ import annotations

import ast

from .conftest import ROOT


def test_tools_do_not_import_tests():
    offenders = []
    for path in sorted((ROOT / "tools").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "tests"]
    assert offenders == []
