"""The examples of docs/api.md run as doctests, from the repository's root (their paths are
relative to it).  Their expected values were worked out by hand; the notes in the page say how."""
from __future__ import annotations

import doctest

from .conftest import ROOT


def test_api_page_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 30  # the page's examples were found
    assert result.failed == 0
