"""Man pages render without warnings, are installed with the package, and the rulings page is
generated from docs/rulings.md."""
from __future__ import annotations

import os
import re
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
    sections, heading = {}, None
    lines = text.splitlines()
    for line, after in zip(lines, lines[1:] + [""]):
        if line[:1].isalpha():
            heading = line.strip()
            sections.setdefault(heading, set())
        elif heading and re.match(r" {7}-", line) and re.match(r" {8}", after):
            # a tag: its body, deeper, follows (a line of running text that merely begins
            # with an option is followed by more text at the same indent, or by nothing)
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
    """CI (``.ci/run``) runs the README's test command, and that command checks the types
    before the tests (issue 14 item 6); what follows it is the second pass on the pure build
    (issue 30), which runs pytest again and nothing that installs."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("to install the test tools, check the types and run the tests:")[1]
    command = block.split("```sh\n")[1].split("\n")[0]
    assert command == "pip install '.[test]' && mypy && pytest"
    lines = (ROOT / ".ci" / "run").read_text().rstrip("\n").splitlines()
    assert command in lines
    after = [t for t in lines[lines.index(command) + 1:] if t.strip() and not t.startswith("#")]
    assert after and after[0].startswith("REFEREE_TEST_SOURCE=1 ") and " pytest " in after[0]
    assert not any("pip" in t for t in after)


_CITED = re.compile(r"(?<![\w:/.<>*-])((?:\.\./|[\w<>*.-]+/)*[\w<>*-]*\.(?:md|py|jsonl|[157]))"
                    r"(?![\w.])")
"""A file name as the docs cite one: ``docs/rulings.md``, ``referee-log.5``,
``referee/games/<game>.py``, ``../shared/RULINGS.md`` (not a URL's path: ``s3://b/a.jsonl``)."""


def _missing_citations(path):
    """The files ``path`` (a page of README.md, docs/ or man/) cites that the repository does
    not hold: a name with a folder that no file of the repository matches (``<game>`` and ``*``
    standing for any part), a ``.md`` or ``.py`` without a folder that is in no folder, a
    manual page not in man/, and anything outside the repository (``../``).  A log named
    without a folder (``match.jsonl``, ``table3.jsonl``) is the reader's own file, and so is one
    in a folder the repository does not have (``season/*.jsonl``); ``no-such-file`` is an
    example of a missing file; a listing headed by the file it is to go into (``# referee/games/
    whist.py: the rules core`` in docs/engine.md, a game to write) names a file to come."""
    import glob
    text = path.read_text().replace("\\-", "-")
    text = re.sub(r"(?m)^# [\w/.-]+\.py: .*$", "", text)
    missing = []
    for name in sorted(set(_CITED.findall(text))):
        pattern = re.sub(r"<[^>]*>", "*", name)
        if name.startswith("../"):
            missing.append(name)
        elif re.fullmatch(r"referee[\w-]*\.[157]", name):
            if not (ROOT / "man" / name).is_file():
                missing.append(name)
        elif "/" in name:
            top = name.split("/")[0]
            if (ROOT / top).is_dir() and "no-such-file" not in name \
                    and not glob.glob(str(ROOT / pattern)):
                missing.append(name)
        elif not name.endswith((".jsonl", ".1", ".5", ".7")) \
                and not any(p for p in ROOT.rglob(pattern) if ".git" not in p.parts):
            missing.append(name)
    return missing


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *PAGES]


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_docs_cite_only_files_in_the_repository(doc):
    """Issue 29 item 21: docs/api.md and docs/engine.md cited ``FORMAT.md`` and
    docs/asszorti.md ``../shared/RULINGS.md``, neither of them in the repository; they cite the
    man pages (``referee-log.5``) and ``docs/rulings.md`` instead."""
    assert _missing_citations(doc) == []


def test_the_citation_check_finds_a_missing_file(tmp_path):
    """The check above can fail: a page citing the shared format text, a folder outside the
    repository, a module or a man page that does not exist."""
    page = tmp_path / "page.md"
    page.write_text("See FORMAT.md, `../shared/RULINGS.md`, `referee/nothing.py`, "
                    "referee-nothing.5; but match.jsonl, s3://bucket/a.jsonl and "
                    "docs/rulings.md are fine.\n")
    assert _missing_citations(page) == ["../shared/RULINGS.md", "FORMAT.md",
                                        "referee-nothing.5", "referee/nothing.py"]


def test_schema_help_and_page_name_one_format_version():
    """Issue 29 item 21: the schema's title said format 1.1 while ``referee schema --help``
    and referee-schema(1) said version 1.  All three name the version the log format has
    reached as referee-log(5) documents it: version 1 with additions marked "since format
    1.1" (a deal that leaves out hands), so format 1.1.  Format 1.2 adds to the output only
    (evidence is data, issue 25): ``--output`` and its part of the page name 1.2, the log line's
    schema still 1.1."""
    from click.testing import CliRunner

    from referee.cli import main
    from referee.schema import FORMAT_VERSION, OUTPUT_FORMAT, log_schema, output_schema
    log_page = (ROOT / "man" / "referee-log.5").read_text()
    newest = max(re.findall(r"[Ss]ince format (\d+\.\d+)", log_page), key=lambda v: tuple(
        map(int, v.split("."))))
    assert (FORMAT_VERSION, OUTPUT_FORMAT, newest) == ("1.1", "1.2", "1.2")
    said = re.compile(r"format (?:version )?(\d+(?:\.\d+)*)")
    title = log_schema()["title"]
    help_text = " ".join(CliRunner().invoke(main, ["schema", "--help"]).output.split())
    page = " ".join((ROOT / "man" / "referee-schema.1").read_text().replace("\\-", "-").split())
    description = page.split(".SH DESCRIPTION")[1].split(".SH")[0]
    options = page.split(".SH OPTIONS")[1].split(".SH")[0]
    log_help, option_help = help_text.split("With --output", 1)
    for where, text, version in (
            ("title", title, FORMAT_VERSION), ("--help", log_help, FORMAT_VERSION),
            ("referee-schema(1)", description, FORMAT_VERSION),
            ("output title", output_schema("all")["title"], OUTPUT_FORMAT),
            ("--help --output", option_help, OUTPUT_FORMAT),
            ("referee-schema(1) --output", options, OUTPUT_FORMAT)):
        versions = set(said.findall(text))
        assert versions == {version}, f"{where} names format {versions}: {text[:200]}"
    assert "version 1 " in title and "version 1 " in log_help and "version 1 " in description
