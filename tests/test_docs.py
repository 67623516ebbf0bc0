"""Man pages render without warnings, are installed with the package, and the rulings page is
generated from docs/rulings.md."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

PAGES = sorted((ROOT / "man").glob("referee*.[157]"))


def test_every_command_has_a_page():
    names = {p.name for p in PAGES}
    for cmd in ("check", "score", "history", "schema", "legal", "simulate"):
        assert f"referee-{cmd}.1" in names
    assert {"referee.1", "referee-log.5", "referee-rules.7"} <= names


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_renders_without_warnings(page):
    p = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True, text=True,
                       env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    assert p.returncode == 0
    assert p.stderr == ""


def test_pages_are_installed_with_the_package():
    text = (ROOT / "pyproject.toml").read_text()
    for page in PAGES:
        assert f"man/{page.name}" in text


def test_rulings_page_is_generated_from_docs():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import rulings_to_man
    finally:
        sys.path.pop(0)
    want = rulings_to_man.convert((ROOT / "docs" / "rulings.md").read_text())
    assert (ROOT / "man" / "referee-rules.7").read_text() == want, \
        "run: python tools/rulings_to_man.py"
