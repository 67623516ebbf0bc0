"""The ``referee`` command (click).  Thin: options, inputs, the replay, a renderer.

Exit status (referee-log(5)): 0 no errors found; 1 the logs were read but hold rule violations or
other errors; 2 a file could not be opened or decoded at all, or the command line is wrong; 70 an
internal error (a bug; :func:`run`).
"""
from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator

import click
import msgspec

from . import __version__
from .build import build
from . import events as ev
from .batch import (Job, expand_names, inputs, live_inputs, run_files, run_job, stdin_stream,
                    worker_count)
from .dask import TIMEOUT
from .inputs import STDIN_NAME, corruption
from .render import Style, json_writer, to_ascii
from .text import json_safe, visible
from .render.history import HistoryPrinter
from .replay import FileStats, Listener, not_a_log_words, unheld_words
from .schema import OUTPUT_ALIASES, OUTPUT_RECORDS

if TYPE_CHECKING:
    from .selection import Selection


def _style(ascii_: bool) -> Style:
    """Symbols unless --ascii or the output cannot show them; colour only on a terminal and
    never with NO_COLOR set."""
    tty = sys.stdout.isatty()
    return Style(symbols=not ascii_ and _can_show_symbols(sys.stdout),
                 colour=tty and not os.environ.get("NO_COLOR"))


def _can_show_symbols(stream: IO[str]) -> bool:
    try:
        "♠♥♦♣→-§".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                      show_default=True, help="Text for people, JSON Lines for scripts.")
# readable=False: a file that cannot be read is reported like a missing one ("cannot open FILE:
# Permission denied", exit 2) and the other files are still read (issue 20 item 7)
FILES = click.argument("files", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True,
                                                          readable=False))
ASCII = click.option("--ascii", "ascii_", is_flag=True, help="Letters for suits (10H), not ♥.")
STRICT = click.option("--strict", is_flag=True,
                      help="Also warn of unknown fields and keys given twice.")


class _Referee(click.Group):
    """The command group.  Its help names the registered games where its text says
    ``{games}`` (the four of this package and any an installed package adds); before a command
    runs, what could not be registered (an outside game that fails to load, a bad
    declaration: :func:`referee.games.problems`) is said on standard error, each naming the
    package, and the command runs on with the other games."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .games import SPECS
        text = self.help
        self.help = (text or "").replace("{games}", ", ".join(s.title for s in SPECS.values()))
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = text

    def invoke(self, ctx: click.Context) -> Any:
        import gc

        from .games import problems
        said = problems()
        for problem in said:
            click.echo(visible(f"referee: warning: {problem}"), err=True)
        # What start-up made (modules, the registry and importlib.metadata, which reading the
        # entry points imports) lives as long as the process: out of the cycle collector's
        # way, a full collection no longer walks it (with it, ``check`` of a long log paid
        # about a tenth more CPU time)
        gc.freeze()
        try:
            return super().invoke(ctx)
        finally:  # a game whose rules failed to load when a log named it
            for problem in problems()[len(said):]:
                click.echo(visible(f"referee: warning: {problem}"), err=True)


class _GameChoice(click.Choice[str]):
    """A registered game's log name (``simulate``'s GAME): the choices are read from the
    registry when first needed, not when the command line tool is imported."""

    def __init__(self) -> None:
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(ev.GAMES)

    @choices.setter
    def choices(self, value: Any) -> None:
        pass  # the registry's, always


@click.group(cls=_Referee, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="referee",
                      message=f"%(prog)s, version %(version)s ({build()} build)")
def main() -> None:
    """Referee and replay logs of trick-taking card games ({games}).  Reads JSON Lines logs
    (FILES, or standard input when none or '-')."""


FOLLOW = click.option("-f", "--follow", is_flag=True,
                      help="Keep reading FILE as it grows; each finding as soon as it is "
                      "final. Ctrl-C ends it.")
UNTIL_END = click.option("--until-end", is_flag=True,
                         help="With --follow: stop once the last match read has ended.")


def _followed(files: tuple[str, ...], follow: bool, until_end: bool) -> str | None:
    """The one file ``--follow`` reads (None without it); a usage error for none, several or
    standard input (which is read as it comes anyway: ``tail -f LOG | referee check -``)."""
    if not follow:
        if until_end:
            raise click.UsageError("--until-end goes with --follow")
        return None
    if not files:
        raise click.UsageError("--follow needs the one file to follow: --follow FILE "
                               "(standard input is read as it comes without it: "
                               "tail -f LOG | referee check -)")
    if len(files) > 1:
        raise click.UsageError(f"--follow follows one file, {len(files)} were named: "
                               "run one --follow per file")
    if files[0] == "-":
        raise click.UsageError("--follow follows a named file; standard input is read as "
                               "it comes without it (tail -f LOG | referee check -)")
    from .inputs import sniff
    try:
        with open(files[0], "rb") as f:
            kind = sniff(f.read(8))
    except OSError:  # not there yet (it is waited for), or said when it is opened
        kind = None
    if kind is not None:
        raise click.UsageError(visible(f"--follow reads a log as it is written, as text; "
                                       f"{files[0]} is {kind} data: read it without --follow "
                                       "(R29)"))
    return files[0]


def _follow(path: str, listener: Listener, strict: bool, until_end: bool,
            selection: "Selection | None" = None) -> int:
    """Run ``--follow`` (referee.follow); file names said on standard error are escaped."""
    from .follow import POLL, follow

    def say(msg: str) -> None:
        click.echo(visible(msg), err=True)
    return follow(path, listener, strict, until_end, say, POLL, selection)


_MATCH_OPTIONS = [
    click.option("--match", "sel_match", multiple=True, metavar="ID",
                 help="Only the match of this id (or, without one, this number in its file); "
                      "may be given more than once."),
    click.option("--player", "sel_player", multiple=True, metavar="NAME",
                 help="Only matches where NAME sits; may be given more than once."),
    click.option("--game", "sel_game", multiple=True, metavar="GAME",
                 help="Only matches of GAME (its log name); may be given more than once.")]
_CODE_OPTIONS = [
    click.option("--select", "sel_codes", multiple=True, metavar="CODE,…",
                 help="Only findings of these codes."),
    click.option("--ignore", "sel_ignore", multiple=True, metavar="CODE,…",
                 help="No findings of these codes.")]


def _select_options(f: Any) -> Any:
    """``--match``, ``--player``, ``--game``, ``--select``, ``--ignore`` (ruling R30), for
    every command that reads logs into output (check, score, history)."""
    for option in reversed(_MATCH_OPTIONS + _CODE_OPTIONS):
        f = option(f)
    return f


def _match_options(f: Any) -> Any:
    """``--match``, ``--player``, ``--game`` alone (ruling R30), for a command that shows no
    findings (standings)."""
    for option in reversed(_MATCH_OPTIONS):
        f = option(f)
    return f


def _selection(kw: dict[str, Any]) -> "Selection | None":
    """The :class:`~referee.selection.Selection` of the options :func:`_select_options` added
    (taken out of ``kw``); None when none was given.  A code or game that is none: a usage
    error."""
    from .selection import Selection, SelectionError
    given = {k: kw.pop(k, ()) for k in ("sel_match", "sel_player", "sel_game", "sel_codes",
                                        "sel_ignore")}
    if not any(given.values()):
        return None
    try:
        return Selection.of(given["sel_match"], given["sel_player"], given["sel_game"],
                            given["sel_codes"], given["sel_ignore"])
    except SelectionError as exc:
        raise click.UsageError(visible(str(exc))) from None


JOBS = click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                    help="Worker processes for many files; output stays in file order.")
DASK = click.option("--dask", metavar="ADDRESS", default=None,
                    help="Run on the Dask cluster whose scheduler is at ADDRESS, or on one "
                         "started here for 'local' (--jobs workers); needs referee[dask].")
DASK_TIMEOUT = click.option(
    "--dask-timeout", type=click.FloatRange(min=0, min_open=True), default=TIMEOUT,
    show_default=True, metavar="SECONDS",
    help="With --dask: give up (exit 2, said) on a scheduler not reached, no worker joined, "
         "or no worker left for this long, and at once when the scheduler is gone.")


NONE_SELECTED = "referee: no match read is selected by --match, --player, --game"
"""Said on standard error when the match options select no match of the logs read."""


def _say_none_selected(chosen: "Selection | None", done: list[tuple[str, FileStats]]) -> None:
    """Say :data:`NONE_SELECTED` when ``--match``, ``--player`` or ``--game`` was given, a log
    was read (an event or more) and not one of its matches is selected: the empty output is
    then the selection's, not the logs' (R30)."""
    if chosen is None or not chosen.by_match:
        return
    if any(st.events for _, st in done) and not any(st.matches for _, st in done):
        click.echo(NONE_SELECTED, err=True)


def _dask_timeout(dask: str | None, dask_timeout: float) -> float:
    """``--dask-timeout``, a usage error without ``--dask``."""
    ctx = click.get_current_context(silent=True)
    if dask is None and ctx is not None and ctx.get_parameter_source("dask_timeout") not in (
            None, click.core.ParameterSource.DEFAULT):
        raise click.UsageError("--dask-timeout goes with --dask")
    return dask_timeout


@main.command(short_help="Replay logs and print every finding.")
@FILES
@FORMAT
@ASCII
@STRICT
@JOBS
@DASK
@DASK_TIMEOUT
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
@click.option("--summary", is_flag=True,
              help="One line per file: errors, warnings and problems (findings that follow "
                   "from no earlier one).")
@FOLLOW
@UNTIL_END
@_select_options
def check(files: tuple[str, ...], fmt: str, ascii_: bool, strict: bool, jobs: int,
          dask: str | None, dask_timeout: float, quiet: bool, summary: bool, follow: bool,
          until_end: bool, **selection: Any) -> None:
    """Replay the logs against the rules and print every finding.

    Text: FILE:LINE: error[code]: message.  JSON: one finding object per line.
    Exit 0 clean (warnings allowed), 1 errors found, 2 a file could not be read.
    With --match, --player, --game, --select, --ignore: only those findings, and the exit
    status follows them.
    """
    chosen = _selection(selection)
    job = Job("check", fmt, _style(ascii_), strict, counting=quiet or summary,
               progress=not quiet, selection=chosen)
    dask_timeout = _dask_timeout(dask, dask_timeout)
    path = _followed(files, follow, until_end)
    if path is not None:
        if dask is not None:
            raise click.UsageError("--follow reads one file here, as it grows; not with --dask")
        if summary:
            raise click.UsageError("--summary is for files read to their end, not --follow")
        from .follow import line_flush
        sys.exit(_follow(path, job.listener(line_flush(sys.stdout), sys.stderr)[0], strict,
                         until_end, chosen))
    status, done, _ = run_job(job, expand_names(files), jobs, dask, dask_timeout)
    if not quiet:
        _say_none_selected(chosen, done)
    if summary and not quiet:
        writer = json_writer(sys.stdout) if fmt == "json" else None
        for name, st in done:
            verdict = "clean" if not st.errors else "errors"
            if writer is not None:
                writer.write({"file": name, "verdict": verdict, "errors": st.errors,
                              "warnings": st.warnings, "problems": st.problems,
                              "matches": st.matches, "empty": st.empty})
                continue
            click.echo(f"{visible(name)}: {verdict}: {st.errors} error{'s' * (st.errors != 1)}, "
                       f"{st.warnings} warning{'s' * (st.warnings != 1)}, "
                       f"{st.problems} problem{'s' * (st.problems != 1)}, "
                       f"{st.matches} match{'es' * (st.matches != 1)}"
                       + (" (the file is empty)" if st.empty else ""))
    sys.exit(status)


@main.command(short_help="Print hands, totals and winners of each match.")
@FILES
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
              show_default=True, help="Text for people, JSON Lines for scripts, CSV (a score "
              "sheet, one row per hand) for spreadsheets.")
@ASCII
@STRICT
@JOBS
@DASK
@DASK_TIMEOUT
@click.option("--standings", is_flag=True, help="Also sum up all matches read, per player.")
@FOLLOW
@UNTIL_END
@_select_options
def score(files: tuple[str, ...], fmt: str, ascii_: bool, strict: bool, jobs: int,
          dask: str | None, dask_timeout: float, standings: bool, follow: bool,
          until_end: bool, **selection: Any) -> None:
    """Print each match's hands, totals and winners.

    Findings go to standard error, as text or (--format json) as the JSON Lines of check.  JSON
    output is one object per match.  CSV (RFC 4180): a header, then one row per hand: file,
    match, hand, line, dealer, declarer, contract, status, each seat's delta and total, then
    game and each seat's player; a text cell that starts with = + - @ (a formula) gets a
    leading '.  With --standings, a last table (JSON: a last object with
    "kind": "standings") sums up every match read: per player, matches played, finished, won,
    and points.
    """
    chosen = _selection(selection)
    if fmt == "csv":
        if standings:
            raise click.UsageError("--standings is written as text or JSON, not in the CSV "
                                   "score sheet")
        from .render.report import csv_header
        import csv
        csv.writer(sys.stdout, lineterminator="\r\n").writerow(csv_header())
    job = Job("score", fmt, Style(symbols=not ascii_ and _can_show_symbols(sys.stderr)), strict,
               standings=standings, selection=chosen)
    dask_timeout = _dask_timeout(dask, dask_timeout)
    path = _followed(files, follow, until_end)
    if path is not None:
        if dask is not None:
            raise click.UsageError("--follow reads one file here, as it grows; not with --dask")
        from .follow import line_flush
        listener, collector = job.listener(line_flush(sys.stdout), line_flush(sys.stderr))
        status = _follow(path, listener, strict, until_end, chosen)
    else:
        status, done, collector = run_job(job, expand_names(files), jobs, dask, dask_timeout)
        _say_none_selected(chosen, done)
    if standings and collector is not None:
        collector.standings()
    sys.exit(status)


def _hand_numbers(ctx: click.Context, param: click.Parameter,
                  value: tuple[str, ...]) -> set[int] | None:
    """``--hand 3``, ``--hand 3-5``, given once or more: the hand numbers asked for (None: all)."""
    if not value:
        return None
    out: set[int] = set()
    for text in value:
        for part in text.split(","):
            lo, dash, hi = part.strip().partition("-")
            try:
                a = int(lo)
                b = int(hi) if dash else a
            except ValueError:
                raise click.BadParameter(f"{part.strip()!r} is not a hand number or a range "
                                         "such as 3-5") from None
            if a < 1 or b < a:
                raise click.BadParameter(f"{part.strip()!r}: hands are numbered from 1, a "
                                         "range runs from low to high (3-5)")
            if b - a > 100_000:
                raise click.BadParameter(f"{part.strip()!r}: a range of at most 100000 hands")
            out.update(range(a, b + 1))
    return out


@main.command(short_help="Standings, statistics and crosstable of an archive.")
@click.argument("files", nargs=-1,
                type=click.Path(dir_okay=True, allow_dash=True, readable=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "html"]),
              default="text", show_default=True,
              help="Text tables, JSON Lines, CSV (one row per player and game) or one HTML page.")
@JOBS
@DASK
@DASK_TIMEOUT
@_match_options
def standings(files: tuple[str, ...], fmt: str, jobs: int, dask: str | None,
              dask_timeout: float, **kw: Any) -> None:
    """Sum up every match of the logs (FILES, or standard input when none or '-'; a
    directory: the logs under it, compressed or not, as check reads them; --match, --player,
    --game: only those matches): per game and player the matches played and won (ties
    share), hands and points; per game its contracts declared and made by kind, revokes,
    kontras called and won where the game has kontra (Thirty-Three, Asszorti), Sixty-Six's
    game points, closings and marriages, Eighty-Three's bids by partnership; a crosstable of
    every two players who met.  The same output with --jobs or --dask.  Exit 0, or 2 when a
    file could not be opened, or read whole as a log (said on standard error, as check says
    it; the others are still counted).
    """
    from .archive import Unreadable
    from .archive import standings as archive_standings
    from .render.standings import write_csv, write_html, write_text
    from .inputs import directory_problem, expand
    chosen = _selection(kw)
    dask_timeout = _dask_timeout(dask, dask_timeout)
    names = expand(files or ("-",))
    errors: list[tuple[str, OSError]] = []
    if dask is None or dask == "local":  # worker processes started here: capped, said so
        jobs = worker_count(jobs, len(names))
    if "-" in names:
        stdin_stream()  # on a terminal: say that a log is awaited there
    if dask is None:
        result = archive_standings(names, jobs=jobs, errors=errors, selection=chosen)
    else:
        from .dask import WorkerLost, cli_cluster
        with cli_cluster(dask, jobs, dask_timeout) as client:
            result = archive_standings(names, errors=errors, selection=chosen, dask=client,
                                       timeout=dask_timeout)
    for name, exc in errors:
        shown = STDIN_NAME if name == "-" else name
        if isinstance(exc, Unreadable):
            said = exc.words()
        elif dask is not None and isinstance(exc, WorkerLost):
            said = f"cannot read {shown}: {exc.strerror or exc}"
        else:
            why = directory_problem(name) if os.path.isdir(name) else exc.strerror or exc
            said = f"cannot open {shown}: {why}"
        click.echo(visible(f"referee: {said}"), err=True)
    records = list(result.records())
    if chosen is not None and not result.games:
        click.echo(NONE_SELECTED, err=True)
    if fmt == "json":
        writer = json_writer(sys.stdout)
        for r in records:
            writer.write(r)
    elif fmt == "csv":
        write_csv(sys.stdout, records)
    elif fmt == "html":
        write_html(sys.stdout, records)
    else:
        write_text(sys.stdout, records)
    sys.exit(2 if errors else 0)


@main.command(short_help="Print each hand readably, findings in place.")
@FILES
@click.option("--format", "fmt", type=click.Choice(["text", "html"]), default="text",
              show_default=True, help="Text, or one self-contained HTML page with a table "
              "diagram that replays each hand.")
@click.option("--hand", "hands", multiple=True, callback=_hand_numbers, metavar="N|N-M",
              help="Only hand N of each match (or hands N to M); may be given more than once.")
@click.option("--split", "split", metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help="With --format html (implied): write DIR/index.html, the index of every "
              "match, and one page per match, instead of one page on standard output (for an "
              "archive).")
@click.option("--analyse", "analyse_", is_flag=True,
              help="Mark each card's cost under perfect play (? and ??; the moves of each "
              "hand's last 4 tricks, as referee analyse values them); with --format html also "
              "the best line at each card valued and each Asszorti claim's verdict.")
@ASCII
@STRICT
@FOLLOW
@UNTIL_END
@_select_options
@click.pass_context
def history(ctx: click.Context, /, files: tuple[str, ...], fmt: str, hands: set[int] | None,
            split: Path | None, analyse_: bool, ascii_: bool, strict: bool, follow: bool,
            until_end: bool, **selection: Any) -> None:
    """Print each hand readably: deal, auction, tricks, result, and the findings in place, each
    event and trick led by its log line.  --hand picks hands (the exit status still tells of
    the whole file).

    With --format html: one HTML page (CSS and script inline, no network) to save and open in
    a browser: an index of the matches and hands and their findings, then each hand on a table
    diagram that steps card by card and trick by trick, with the auction, the events, the
    tricks, the findings and the scores as tables.  With --split DIR: DIR/index.html and one
    such page per match.  With --analyse: each card of a hand's last 4 tricks valued under
    perfect play (its cost marked ? or ??; on the page also the best line at it) and each
    Asszorti claim checked (sound, or the defence that beats it); the log is read a second
    time for it.

    With --match, --player, --game: only those matches; --select, --ignore: only those
    findings; the exit status follows what is shown.
    """
    chosen = _selection(selection)
    if analyse_ and fmt != "html" and split is None and (
            follow or not files or "-" in files or live_inputs(files)):
        raise click.UsageError("--analyse reads each log twice: it is for files, or for "
                               "--format html (which copies standard input)")
    if split is not None:
        if fmt == "text" and ctx.get_parameter_source("fmt") != click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--split writes HTML pages: it is for --format html")
        fmt = "html"
    path = _followed(files, follow, until_end)
    if path is None:
        files = expand_names(files)
    if fmt == "html":
        if path is not None:
            raise click.UsageError("--follow is for text; the HTML page is written whole")
        sys.exit(_history_html(files, hands, strict, split, chosen, analyse_))
    if path is not None:
        from .follow import line_flush
        printer = HistoryPrinter(line_flush(sys.stdout), _style(ascii_), hands, live=True)
        status = _follow(path, printer, strict, until_end, chosen)
    elif live_inputs(files):
        from .follow import line_flush
        printer = HistoryPrinter(line_flush(sys.stdout), _style(ascii_), hands, live=True)
        status, _ = run_files(files, printer, strict, selection=chosen)
    else:
        with contextlib.ExitStack() as stack:
            analyses = _analyses_of(stack, hands) if analyse_ else None
            printer = HistoryPrinter(sys.stdout, _style(ascii_), hands, analyses=analyses)
            status, _ = run_files(files, printer, strict, selection=chosen)
    printer.close()
    if _no_such_hand(hands, printer.picked, printer.most):
        status = 2
    sys.exit(status)


def _no_such_hand(hands: set[int] | None, picked: int, most: int) -> bool:
    """After ``history --hand``: when no match read had any of the hands asked for, say so on
    standard error (``referee: no match read has hand 9; the longest has 3 hands``) and return
    True (exit status 2: nothing asked for was there to print).  A match without them is left
    out quietly as long as another match has one."""
    if hands is None or picked:
        return False
    asked = _ranges(sorted(hands))
    longest = f"the longest has {most} hand{'s' * (most != 1)}" if most else "no hand was dealt"
    click.echo(f"referee: no match read has hand{'s' * (len(hands) > 1)} {asked}; {longest}",
               err=True)
    return True


def _ranges(numbers: list[int]) -> str:
    """Sorted whole numbers as runs: ``[2, 5, 6, 7]`` → ``2, 5-7``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def _history_html(files: tuple[str, ...], hands: set[int] | None, strict: bool,
                  split: Path | None = None, selection: "Selection | None" = None,
                  analyse: bool = False) -> int:
    """Write the HTML page of ``history --format html`` (with ``split``: the index page and
    one page per match in that directory); returns the exit status.  The pages are written as
    each log is read (:class:`referee.render.html.HtmlPage`).  A directory that cannot be
    made or written to is said on standard error, status 2."""
    from .render.html import HtmlPage, PageWriteError
    page = HtmlPage(sys.stdout, [STDIN_NAME if f == "-" else f for f in files] or
                    [STDIN_NAME], hands, split)
    try:
        return _write_html(page, files, hands, strict, selection, analyse)
    except PageWriteError as exc:
        click.echo(visible(f"referee: cannot write {exc.path}: {exc.why}"), err=True)
        return 2


def _write_html(page: Any, files: tuple[str, ...], hands: set[int] | None,
                strict: bool, selection: "Selection | None" = None,
                analyse: bool = False) -> int:
    """Feed every file to ``page`` and end it; returns the exit status.  With ``analyse``:
    each file is read a second time, alongside, for the analysis of its hands
    (:func:`_analysed`)."""
    page.begin()
    status = 0
    for name, stream, error in inputs(files):
        if stream is None:
            click.echo(visible(f"referee: cannot open {name}: {error}"), err=True)
            page.file_problem(name, error or "")
            status = 2
            continue
        try:
            if analyse:
                with _analysed(name, stream, hands) as (main, analysis):
                    stats = page.log(main, name, strict, selection, analysis)
            else:
                stats = page.log(stream, name, strict, selection)
        except OSError as exc:
            why = exc.strerror or str(exc)
            click.echo(visible(f"referee: cannot read {name}: {why}"), err=True)
            page.file_problem(name, why)
            status = 2
            continue
        unheld = unheld_words(name, stats)
        if unheld is not None:  # the findings shown are right, but not all of them
            click.echo(visible(unheld), err=True)
            status = 2
        broken = corruption(stream)
        if broken is not None:
            click.echo(visible(f"referee: cannot read all of {name}: {broken.words()}"),
                       err=True)
            status = 2
        elif stats.undecodable:
            click.echo(visible(f"referee: {not_a_log_words(name)}"), err=True)
            status = 2
        elif stats.errors and status == 0:
            status = 1
    page.end()
    return 2 if _no_such_hand(hands, page.shown, page.most) else status


def _analyses_of(stack: contextlib.ExitStack, hands: set[int] | None
                 ) -> Callable[[str], Iterator[Any]]:
    """For text ``history --analyse``: the analyses of a file's hands
    (:func:`referee.analysis.appraise`), read from the file opened a second time (closed by
    ``stack``); none for a file that cannot be opened again (its reading says why)."""
    from .analysis import appraise

    def of(name: str) -> Iterator[Any]:
        opened_again = inputs((name,))
        stack.callback(getattr(opened_again, "close"))  # a generator: closes the file
        _, again, _ = next(opened_again)
        return appraise(again, name, hands) if again is not None else iter(())
    return of


@contextlib.contextmanager
def _analysed(name: str, stream: IO[bytes], hands: set[int] | None
              ) -> Iterator[tuple[IO[bytes], Iterator[Any]]]:
    """For ``history --analyse``: (the stream to read the log from, the analysis of its hands
    (:func:`referee.analysis.appraise`) read from a second stream of the same log, which the
    page draws on as it writes each hand: memory holds a hand).  A file is opened again;
    standard input (or a URL) is copied to a temporary file first (on disk past a megabyte)
    and read twice from it (the copy is read decompressed: as the page reads it)."""
    from .analysis import appraise
    with contextlib.ExitStack() as stack:
        again = None
        if name != STDIN_NAME and os.path.isfile(name):
            opened_again = inputs((name,))
            stack.callback(getattr(opened_again, "close"))  # a generator: closes the file
            _, again, _ = next(opened_again)
        if again is None:
            import shutil
            import tempfile
            copy = stack.enter_context(tempfile.NamedTemporaryFile(prefix="referee-"))
            shutil.copyfileobj(stream, copy, 1 << 16)
            copy.flush()
            stream = stack.enter_context(open(copy.name, "rb"))
            again = stack.enter_context(open(copy.name, "rb"))
        yield stream, appraise(again, name, hands)


@main.command(short_help="Print the JSON Schema of the log format or of the output.")
@click.option("--output", "records", metavar="RECORDS",
              type=click.Choice([*OUTPUT_RECORDS, *OUTPUT_ALIASES, "all"]),
              help="Instead of a log line: the output records, format 1.2 (findings: a line of "
                   "check --format json, its evidence by code; score: a record of score "
                   "--format json; standings: a record of standings --format json; solve: "
                   "the object of solve --format json; analysis, or analyse: a record of "
                   "analyse --format json; all: any).")
def schema(records: str | None) -> None:
    """Print the JSON Schema of one log line, format 1.1 (version 1 with the 1.1 additions:
    deals that leave out hands), generated from the event types, with card strings, suits and
    every enumerated field narrowed to what the format allows.  With --output, the JSON Schema
    of the output records instead (format 1.2: every evidence value a card, player, suit, line,
    number, bool, null or a member of its code's closed set)."""
    from .schema import log_schema, output_schema
    if records is not None:
        records = OUTPUT_ALIASES.get(records, records)
    body = log_schema() if records is None else output_schema(records)
    click.echo(json_safe(msgspec.json.format(msgspec.json.encode(body), indent=2).decode()))


def run() -> None:
    """Console entry point: like :func:`main`, plus the manners of a pipeline tool.

    A closed output pipe (``referee history big | head``) ends the command quietly with status
    141, as a process stopped by SIGPIPE; Ctrl-C ends it with status 130 and SIGTERM with 143
    (128 + the signal), each after ending the ``--jobs`` workers.  A write to standard output
    that fails (a full disk, a closed descriptor) ends it with "referee: cannot write standard
    output: REASON" and status 2; standard error that cannot be written (closed, full) is
    given up quietly and the run goes on.  Output in an encoding that has no suit symbols
    (``PYTHONIOENCODING=ascii``, cp1252) falls back to letters, and any other character it
    cannot show is replaced rather than raising.  Any other exception is a bug in referee: it
    is said to be one, with its traceback (escaped), and ends the command with status
    :data:`INTERNAL_ERROR`, never 1 (which says the logs hold errors).
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    sys.stdout = _Output(sys.stdout)
    sys.stderr = _Diagnostics(sys.stderr)
    signal.signal(signal.SIGTERM, _terminated)
    sys.exit(_main())


def _main() -> int:
    """:func:`main` as :func:`run` ends it: the exit status."""
    try:
        try:
            rv = main.main(standalone_mode=False)
            status = rv if isinstance(rv, int) else 0
        except SystemExit as exc:  # the commands end with sys.exit(status)
            status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        except click.exceptions.Exit as exc:
            status = exc.exit_code
        except click.ClickException as exc:
            exc.show()
            status = 2 if exc.exit_code == 2 else exc.exit_code
        sys.stdout.flush()  # what is still buffered may fail too
        return status
    except (click.Abort, KeyboardInterrupt):
        click.echo("referee: interrupted", err=True)
        return 130
    except _Terminated:
        click.echo("referee: terminated", err=True)
        return 143
    except _PipeClosed:
        _quiet_stdout()
        return 141
    except _WriteFailed as exc:
        _quiet_stdout()
        click.echo(f"referee: cannot write standard output: {exc}", err=True)
        return 2
    except Exception as exc:  # the last resort: a bug is said as one, never status 1
        _internal_error(exc)
        return INTERNAL_ERROR


INTERNAL_ERROR = 70
"""The exit status of an internal error, a bug in referee (EX_SOFTWARE of sysexits.h): never 1,
which says the logs hold errors, nor 2, which says a file or the command line is at fault."""


def _internal_error(exc: BaseException) -> None:
    """Say on standard error that ``exc`` is a bug in referee, with its traceback for the bug
    report; every line escaped (:func:`~referee.text.visible`), as the exception's message may
    quote a log."""
    import traceback
    click.echo(visible(f"referee: internal error, a bug in referee ({type(exc).__name__}: "
                       f"{exc}); please report it with the command and the log, and what "
                       "follows:"), err=True)
    text = "".join(traceback.format_exception(exc)).rstrip("\n")
    click.echo("\n".join(visible(line) for line in text.split("\n")), err=True)


class _Terminated(Exception):
    """SIGTERM came (raised by the handler :func:`run` installs, so that cleanup runs)."""


def _terminated(signum: int, frame: object) -> None:
    raise _Terminated


class _PipeClosed(Exception):
    """The reader of standard output went away (not an OSError, so click lets it through)."""


class _WriteFailed(Exception):
    """Standard output could not be written (its reason as the message).  Not an OSError, so
    that no reader of a log takes it for a read error of its file."""


class _Output(io.TextIOBase):
    """Standard output that turns a broken pipe into :class:`_PipeClosed` and any other failed
    write into :class:`_WriteFailed` (``inner`` is None when the descriptor was closed)."""

    def __init__(self, inner: IO[str] | None) -> None:
        self._inner = inner

    def _fail(self, exc: OSError | None) -> Exception:
        if isinstance(exc, BrokenPipeError):
            return _PipeClosed()
        return _WriteFailed(exc.strerror or str(exc) if exc is not None else
                            os.strerror(errno.EBADF))

    def write(self, s: str) -> int:
        if self._inner is None:
            raise self._fail(None)
        try:
            return self._inner.write(s)
        except OSError as exc:
            raise self._fail(exc) from None

    def flush(self) -> None:
        if self._inner is None:
            return
        try:
            self._inner.flush()
        except OSError as exc:
            raise self._fail(exc) from None

    def isatty(self) -> bool:
        return self._inner is not None and self._inner.isatty()

    def fileno(self) -> int:
        if self._inner is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self._inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def buffer(self) -> IO[bytes]:  # click writes bytes here at times
        if self._inner is None:
            raise AttributeError("buffer")  # as before: no buffer on a closed descriptor
        buf: IO[bytes] = getattr(self._inner, "buffer")
        return buf



class _Diagnostics(_Output):
    """Standard error: what cannot be written there (closed, full) is dropped and the run goes
    on, as with other command-line tools; its output and exit status are not affected."""

    def write(self, s: str) -> int:
        try:
            super().write(s)
        except (_PipeClosed, _WriteFailed):
            pass
        return len(s)

    def flush(self) -> None:
        try:
            super().flush()
        except (_PipeClosed, _WriteFailed):
            pass


def _quiet_stdout() -> None:
    """Point the descriptor of standard output at /dev/null, so that what is left in its buffer
    goes nowhere at exit instead of failing again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        if sys.__stdout__ is not None:
            os.dup2(devnull, sys.__stdout__.fileno())
    except (OSError, ValueError):
        pass
    sys.stdout = sys.__stdout__


@main.command(short_help="List who is to act at a line and every legal action.")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, readable=False))
@click.option("--line", "line_no", type=click.IntRange(min=1), required=True,
              help="The physical line whose moment to examine.")
@FORMAT
@ASCII
def legal(file: str, line_no: int, fmt: str, ascii_: bool) -> None:
    """Replay FILE up to LINE and list who is to act and every legal action there; the event
    actually at LINE is judged legal or not, and why."""
    from .position import examine
    from .render.legal import legal_json, legal_text
    def examined(stream: IO[bytes], name: str) -> Any:
        seen = examine(stream, name, line_no)
        if not seen.reached:
            _broken_before(stream, name)
        return seen

    name, seen = _read_one(file, examined)
    if seen.not_a_log:
        click.echo(visible(f"referee: {not_a_log_words(name)}"), err=True)
        sys.exit(2)
    if not seen.reached:
        click.echo(f"referee: {visible(name)} has no line {line_no} holding an event (it ends "
                   "before)", err=True)
        sys.exit(2)
    if fmt == "json":
        from .render import json_writer
        json_writer(sys.stdout).write(legal_json(name, line_no, seen.position, seen.at,
                                                 seen.verdict, seen.dealt))
    else:
        style = _style(ascii_)
        text = legal_text(name, line_no, seen.position, seen.at, seen.verdict, style,
                          seen.dealt, seen.proven)
        click.echo(text if style.symbols else to_ascii(text), nl=False)
    sys.exit(0 if seen.legal else 1)


def _broken_before(stream: IO[bytes], name: str) -> None:
    """When the compressed data of ``stream`` broke off before the line asked for (R29), say
    so on standard error and exit 2 (legal, solve)."""
    broken = corruption(stream)
    if broken is not None:
        click.echo(visible(f"referee: cannot read all of {name}: {broken.words()}"), err=True)
        sys.exit(2)


def _read_one(file: str, read: Any) -> tuple[str, Any]:
    """Open the one log ``file`` (``-``: standard input; compressed or not) and return (its
    name, ``read(stream, name)``); a file that cannot be opened or read is said on standard
    error and exits 2 (legal, solve)."""
    for name, stream, error in inputs((file,)):
        if stream is None:
            click.echo(visible(f"referee: cannot open {name}: {error}"), err=True)
            sys.exit(2)
        try:
            return name, read(stream, name)
        except OSError as exc:
            click.echo(visible(f"referee: cannot read {name}: {exc.strerror or exc}"), err=True)
            sys.exit(2)
    raise AssertionError("inputs() gives one item per name")


@main.command(short_help="Value a moment of the play under perfect play by everyone.")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, readable=False))
@click.option("--line", "line_no", type=click.IntRange(min=1), required=True,
              help="The physical line whose moment (before it) to solve.")
@FORMAT
@ASCII
def solve(file: str, line_no: int, fmt: str, ascii_: bool) -> None:
    """Replay FILE up to LINE and solve the position there: who is to act, its value under
    perfect play by everyone, each legal move with its value, and a best line to the end of
    the hand (RULINGS R34)."""
    from .render.solve import solve_json, solve_text
    from .analysis import solve_at
    from .search import NotSolvable

    def solved(stream: IO[bytes], name: str) -> Any:
        try:
            return solve_at(stream, name, line_no)
        except NotSolvable as exc:
            _broken_before(stream, name)
            said = not_a_log_words(name) if exc.not_a_log else f"{name}:{line_no}: cannot " \
                f"solve: {exc}"
            click.echo(visible(f"referee: {said}"), err=True)
            sys.exit(2)

    report = _read_one(file, solved)[1]
    if fmt == "json":
        json_writer(sys.stdout).write(solve_json(report))
    else:
        style = _style(ascii_)
        text = solve_text(report, style)
        click.echo(text if style.symbols else to_ascii(text), nl=False)


@main.command(short_help="Value every card of the play and check claims.")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, readable=False))
@click.option("--hand", "hands", multiple=True, callback=_hand_numbers, metavar="N|N-M",
              help="Only hand N of each match (or hands N to M); may be given more than once.")
@click.option("--depth", type=click.IntRange(min=1), default=4, show_default=True,
              help="Value the moves once this many tricks or fewer are left in the hand "
                   "(11 or more: every move).")
@FORMAT
@ASCII
def analyse(file: str, hands: set[int] | None, depth: int, fmt: str, ascii_: bool) -> None:
    """Value each move of the play of FILE's hands under perfect play (the value before and
    after it, what it cost the side that made it) and check each Asszorti claim (A10).

    What could not be analysed is said on standard error: hands whose holdings the log does
    not all give (a record of the play alone), a --hand that no match has, a file that cannot
    be read whole or is not a log.  Exit 0 when some hand asked for was analysed, 2 when
    none could be (or the file could not be read whole).
    """
    from .analysis import Coverage
    from .analysis import analyse as analyse_log
    from .render.solve import analysis_json, analysis_text
    style = _style(ascii_)
    for name, stream, error in inputs((file,)):
        if stream is None:
            click.echo(visible(f"referee: cannot open {name}: {error}"), err=True)
            sys.exit(2)
        out = json_writer(sys.stdout) if fmt == "json" else None
        seen = Coverage()
        try:
            for r in analyse_log(stream, name, hands, depth, seen):
                if out is not None:
                    out.write(analysis_json(name, r))
                else:
                    text = analysis_text(name, r, style)
                    click.echo(text if style.symbols else to_ascii(text), nl=False)
        except OSError as exc:
            click.echo(visible(f"referee: cannot read {name}: {exc.strerror or exc}"), err=True)
            sys.exit(2)
        sys.stdout.flush()
        sys.exit(_not_analysed(name, stream, hands, seen))


def _not_analysed(name: str, stream: IO[bytes], hands: set[int] | None, seen: Any) -> int:
    """Say on standard error what ``analyse`` of ``name`` could not analyse (``seen``, its
    :class:`~referee.analysis.Coverage`) and return the exit status: 2 when the file could not
    be read whole (R29) or is not a log (R7), when no match has a hand asked for, when no
    hand was dealt or none asked for could be analysed; else 0 (hands of the play alone among
    others are said, not failed)."""
    broken = corruption(stream)
    if broken is not None:
        click.echo(visible(f"referee: cannot read all of {name}: {broken.words()}"), err=True)
        return 2
    if seen.stats is not None and seen.stats.undecodable:
        click.echo(visible(f"referee: {not_a_log_words(name)}"), err=True)
        return 2
    if hands is not None and _no_such_hand(hands, seen.picked, seen.most):
        return 2
    if not seen.picked:
        click.echo(visible(f"referee: {name}: no hand was dealt: nothing to analyse"), err=True)
        return 2
    if seen.unknown:
        n = len(seen.unknown)
        numbers = _ranges(sorted(set(seen.unknown)))
        each = "each is" if n > 1 else "it is"
        click.echo(visible(f"referee: {name}: {n} hand{'s' * (n != 1)} not analysed (hand"
                           f"{'s' * (len(set(seen.unknown)) != 1)} {numbers}): {each} a "
                           "record of the play alone, a holding is unknown"), err=True)
    return 2 if len(seen.unknown) == seen.picked else 0


@main.command(short_help="Write a log of random legal play.")
@click.argument("game", type=_GameChoice(), metavar="GAME")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--hands", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many hands (deals) to play in all.")
@click.option("--players", default=None, help="Comma-separated names in seating order.")
@click.option("--hide-hands", "hide", is_flag=False, flag_value="", default=None,
              metavar="[=NAMES]",
              help="A record of the play alone (format 1.1): deals without the hands and the "
              "pile; =NAMES (comma-separated players, or the pile: boat, talon, stock, kitty) "
              "hides only those.")
def simulate(game: str, seed: int, hands: int, players: str | None, hide: str | None) -> None:
    """Write a log of random legal play of GAME (JSON Lines on standard output); the same seed
    gives the same log.  With --hide-hands the deals leave out what was dealt (ruling G14 in
    referee-rules(7))."""
    from .games import SPECS
    from .render import json_writer
    from .simulate import default_players, play_alone, unplayable
    from .simulate import simulate as sim
    problem = unplayable(game)
    if problem is not None:
        raise click.UsageError(visible(f"the game {game!r} cannot be played: {problem}"))
    names = [p.strip() for p in players.split(",")] if players else None
    hidden: list[str] | None = None
    if hide:
        hidden = [p.strip() for p in hide.split(",")]
        known = set(names or default_players(game)) | {SPECS[game].pile or ""}
        unknown = [p for p in hidden if p not in known]
        if unknown:
            raise click.UsageError(visible(
                f"--hide-hands: {unknown[0]!r} is neither a player nor the "
                f"{SPECS[game].pile} (write --hide-hands=NAMES, with the =)"))
    try:
        events = sim(game, seed, hands, names)
        if hide is not None:
            events = play_alone(events, hidden)
        writer = json_writer(sys.stdout)
        for e in events:
            writer.write(e)
    except ValueError as exc:
        raise click.UsageError(str(exc))


@main.command(short_help="Compare two records of the same matches.")
@click.argument("a", type=click.Path(allow_dash=True, readable=False), metavar="A")
@click.argument("b", type=click.Path(allow_dash=True, readable=False), metavar="B")
@FORMAT
@ASCII
@click.option("--strict", is_flag=True,
              help="Also count what does not change the game: ts, note, key order, spelling.")
@click.option("--rename", "renames", multiple=True, metavar="OLD=NEW",
              help="A's player OLD is B's NEW: rename OLD in A before comparing (repeatable).")
def diff(a: str, b: str, fmt: str, ascii_: bool, strict: bool, renames: tuple[str, ...]) -> None:
    """Compare two logs of the same matches and print, in log order, where they part: a match
    or hand in one record only, a player renamed throughout, each event one record lacks, two
    events swapped, events changed, a different deal, the tricks, results and totals that
    differ once both are refereed, and the findings one record has and the other does not.
    Exit 0 the records agree, 1 they differ, 2 a file cannot be read or is not a log."""
    from .diff import NotALog, RenameError, diff_logs, unused_renames
    from .render.diff import DiffPrinter
    if a == "-" and b == "-":
        raise click.UsageError("only one of A and B can be standard input")
    names: dict[str, str] = {}
    for given in renames:
        old, eq, new = given.partition("=")
        if not eq or not old or not new:
            raise click.UsageError(visible(f"--rename {given!r}: write --rename OLD=NEW"))
        if names.get(old, new) != new:
            raise click.UsageError(visible(f"--rename: {old!r} is renamed twice"))
        names[old] = new
    sources: list[str | IO[bytes]] = []
    for name in (a, b):
        if name == "-":
            stdin, error = stdin_stream()
            if stdin is None:
                click.echo(f"referee: cannot open {STDIN_NAME}: {error}", err=True)
                sys.exit(2)
            sources.append(stdin)
            continue
        try:
            if os.path.isdir(name):
                raise IsADirectoryError(21, "is a directory")
            with open(name, "rb"):
                pass
        except OSError as exc:
            click.echo(visible(f"referee: cannot open {name}: {exc.strerror or exc}"), err=True)
            sys.exit(2)
        sources.append(name)
    files = [STDIN_NAME if n == "-" else n for n in (a, b)]
    if names and a != "-":
        try:
            unused = unused_renames(a, names) or []
        except RenameError as exc:
            raise click.UsageError(visible(str(exc)))
        except OSError as exc:
            click.echo(visible(f"referee: cannot read {a}: {exc.strerror or exc}"), err=True)
            sys.exit(2)
        for old in unused:
            click.echo(visible(f"referee: warning: --rename {old}={names[old]}: A ({a}) names "
                               f"no player {old}; that rename does nothing"), err=True)
    printer = DiffPrinter(sys.stdout, files[0], files[1], fmt, _style(ascii_))
    status = 0
    broken: list[tuple[str, str]] = []
    try:
        for d in diff_logs(sources[0], sources[1], strict=strict, renames=names,
                           broken=broken):
            if isinstance(d, NotALog):
                click.echo(visible(f"referee: {not_a_log_words(d.file)}"), err=True)
                if fmt == "json":
                    printer.write(d)
                status = 2
                continue
            printer.write(d)
            status = max(status, 1)
    except RenameError as exc:  # A from standard input: found as it is read
        sys.stdout.flush()
        click.echo(visible(f"referee: {exc}"), err=True)
        sys.exit(2)
    except OSError as exc:
        click.echo(visible(f"referee: cannot read: {exc.strerror or exc}"), err=True)
        sys.exit(2)
    for name, why in broken:  # compared up to the break; the rest cannot be read (R29)
        click.echo(visible(f"referee: cannot read all of {name}: {why}"), err=True)
        status = 2
    sys.exit(status)
