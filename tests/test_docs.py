"""Man pages render without warnings, are installed with the package, and the rulings page is
generated from docs/rulings.md."""
from __future__ import annotations

import os
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


def _commands():
    from referee.cli import main
    return main.commands


_NO_MAN = shutil.which("man") is None
if _NO_MAN and os.environ.get("CI", "").lower() == "true":
    raise RuntimeError("the man page tests must run in CI: man is not installed (.ci/run "
                       "installs man-db)")
needs_man = pytest.mark.skipif(_NO_MAN, reason="man is not installed")


def _render(page):
    """The page as ``man`` shows it, 80 columns wide; the warnings of ``man --warnings``."""
    p = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True, text=True,
                       env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    assert p.returncode == 0, p.stderr
    return p.stdout, p.stderr


@needs_man
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_renders_without_warnings(page):
    assert _render(page)[1] == ""


def _tags(text):
    """Section heading → the options named by the paragraph tags in it, as rendered: a tagged
    paragraph (``.TP``) puts its tag at the section's indent (7 columns) and its body deeper,
    so an option that lost its ``.TP`` is found in a body instead."""
    import re
    sections, heading = {}, None
    for line in text.splitlines():
        if line[:1].isalpha():
            heading = line.strip()
            sections.setdefault(heading, set())
        elif heading and re.match(r" {7}-", line):
            sections[heading].update(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", line))
    return sections


@needs_man
@pytest.mark.parametrize("name", sorted(_commands()) + [""])
def test_every_option_has_its_paragraph_under_options(name):
    """Each option of a command heads a paragraph of its own under OPTIONS, and no option's
    paragraph is in another section (issue 29 item 15: in referee-score(1) ``-f, --follow``
    ran on in the ``--dask`` paragraph, a ``.TP`` missing; referee-check(1) printed
    ``--follow`` and ``--until-end`` under FINDING CODES; referee-legal(1) had no paragraph for
    ``--ascii``).  ``man --warnings -l man/referee-score.1`` is clean either way: the page
    must be read as rendered."""
    from referee.cli import main
    command = _commands()[name] if name else main
    page = ROOT / "man" / (f"referee-{name}.1" if name else "referee.1")
    sections = _tags(_render(page)[0])
    opts = {o for p in command.params for o in p.opts + p.secondary_opts if o.startswith("-")}
    if not name:
        opts.add("--help")
    tagged = sections.get("OPTIONS", set())
    assert opts <= tagged, f"{sorted(opts - tagged)} have no paragraph under OPTIONS"
    for heading, names in sections.items():
        if heading != "OPTIONS":
            assert not names & opts, f"{sorted(names & opts)} head a paragraph under {heading}"


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


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_option_is_on_the_command_page(name):
    """Each option of a command is in its man page and in its synopsis (issue 13 item 16:
    --jobs was in neither)."""
    page = (ROOT / "man" / f"referee-{name}.1").read_text().replace("\\-", "-")
    synopsis = page.split(".SH DESCRIPTION")[0]
    for param in _commands()[name].params:
        for opt in param.opts:
            if opt.startswith("--") and opt != "--help":
                assert opt in page, f"{opt} of `referee {name}` is not in its man page"
                assert opt in synopsis, f"{opt} of `referee {name}` is not in its synopsis"


def test_readme_offers_only_options_a_command_has():
    """The README's table of commands names, for each command, only options it takes (issue 13
    item 16: it once offered --jobs beside every command)."""
    import re
    commands = _commands()
    rows = [line for line in (ROOT / "README.md").read_text().splitlines()
            if line.startswith("| `referee ")]
    assert len(rows) == len(commands)
    for row in rows:
        name = row.split()[2].strip("`")
        opts = {o for p in commands[name].params for o in p.opts}
        for opt in re.findall(r"(?<![\w-])--?[a-z][a-z-]*", row.split("|")[2]):
            assert opt in opts, f"README offers {opt} for `referee {name}`"


def test_no_page_points_at_files_that_are_not_installed():
    """The pages stand on their own: docs/*.md are in the source tree only (issue 13 item 16)."""
    import re
    for page in PAGES:
        text = page.read_text().replace("\\-", "-")
        assert not re.search(r"docs/|\w\.md\b", text), page.name


def test_ci_runs_the_readme_test_command():
    """CI (``.ci/run``) runs the README's test command as its last step, and that command
    checks the types before the tests (issue 14 item 6)."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("to install the test tools, check the types and run the tests:")[1]
    command = block.split("```sh\n")[1].split("\n")[0]
    assert command == "pip install '.[test]' && mypy && pytest"
    assert (ROOT / ".ci" / "run").read_text().rstrip("\n").splitlines()[-1] == command
