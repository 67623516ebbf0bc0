"""The ``referee`` command (click).  Thin: options, inputs, the replay, a renderer.

Exit status (FORMAT.md): 0 no errors found; 1 the logs were read but hold rule violations or
other errors; 2 a file could not be opened or decoded at all, or the command line is wrong.
"""
from __future__ import annotations

import os
import sys
from typing import IO, Iterator

import click
import msgspec

from . import __version__
from . import events as ev
from .render import Style
from .render.history import HistoryPrinter
from .render.report import FindingCounter, FindingPrinter, ScoreCollector, Tee
from .replay import FileStats, Listener, replay

STDIN_NAME = "<stdin>"


def _inputs(files: tuple[str, ...]) -> Iterator[tuple[str, IO[bytes] | None, str | None]]:
    """(name, binary stream or None, error) for each named file; standard input for none/``-``."""
    for name in files or ("-",):
        if name == "-":
            yield STDIN_NAME, sys.stdin.buffer, None
            continue
        try:
            if os.path.isdir(name):
                raise IsADirectoryError(21, "is a directory")
            f = open(name, "rb")
        except OSError as exc:
            yield name, None, exc.strerror or str(exc)
            continue
        with f:
            yield name, f, None


def _run(files: tuple[str, ...], listener: Listener) -> tuple[int, list[tuple[str, FileStats]]]:
    """Replay every input through ``listener``; returns (exit status, per-file stats)."""
    status = 0
    done = []
    for name, stream, error in _inputs(files):
        if stream is None:
            click.echo(f"referee: cannot open {name}: {error}", err=True)
            status = 2
            continue
        try:
            stats = replay(stream, name, listener)
        except OSError as exc:
            click.echo(f"referee: cannot read {name}: {exc.strerror or exc}", err=True)
            status = 2
            continue
        done.append((name, stats))
        if stats.undecodable:
            click.echo(f"referee: {name}: no line of it could be decoded as JSON", err=True)
            status = 2
        elif stats.errors and status == 0:
            status = 1
    return status, done


def _style(ascii_: bool) -> Style:
    tty = sys.stdout.isatty()
    return Style(symbols=not ascii_, colour=tty and not os.environ.get("NO_COLOR"))


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                      show_default=True, help="Text for people, JSON Lines for scripts.")
FILES = click.argument("files", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True))
ASCII = click.option("--ascii", "ascii_", is_flag=True, help="Letters for suits (10H), not ♥.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="referee")
def main() -> None:
    """Referee and replay logs of trick-taking card games (Thirty-Three, Asszorti, Sixty-Six,
    Eighty-Three).  Reads JSON Lines logs (FILES, or standard input when none or '-')."""


@main.command()
@FILES
@FORMAT
@ASCII
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
@click.option("--summary", is_flag=True, help="One line per file: errors and warnings.")
def check(files: tuple[str, ...], fmt: str, ascii_: bool, quiet: bool, summary: bool) -> None:
    """Replay the logs against the rules and print every finding.

    Text: FILE:LINE: error[code]: message.  JSON: one finding object per line.
    Exit 0 clean (warnings allowed), 1 errors found, 2 a file could not be read.
    """
    if quiet or summary:
        counter = FindingCounter()
        status, done = _run(files, counter)
        if summary and not quiet:
            for name, st in done:
                verdict = "clean" if not st.errors else "errors"
                click.echo(f"{name}: {verdict}: {st.errors} error{'s' * (st.errors != 1)}, "
                           f"{st.warnings} warning{'s' * (st.warnings != 1)}, "
                           f"{st.matches} match{'es' * (st.matches != 1)}")
    else:
        status, _ = _run(files, FindingPrinter(sys.stdout, fmt, _style(ascii_)))
    sys.exit(status)


@main.command()
@FILES
@FORMAT
@ASCII
def score(files: tuple[str, ...], fmt: str, ascii_: bool) -> None:
    """Print each match's hands, totals and winners.

    Findings go to standard error (text); JSON output is one object per match.
    """
    collector = ScoreCollector(sys.stdout, fmt)
    errs = FindingPrinter(sys.stderr, "text", Style(symbols=not ascii_))
    status, _ = _run(files, Tee(collector, errs))
    sys.exit(status)


@main.command()
@FILES
@ASCII
def history(files: tuple[str, ...], ascii_: bool) -> None:
    """Print each hand readably: deal, auction, tricks, result, and the findings in place."""
    printer = HistoryPrinter(sys.stdout, _style(ascii_))
    status, _ = _run(files, printer)
    printer.close()
    sys.exit(status)


@main.command()
def schema() -> None:
    """Print the JSON Schema of the log format (version 1), generated from the event types."""
    body = msgspec.json.schema(ev.Event)
    body["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    body["title"] = "referee log event, format version 1"
    click.echo(msgspec.json.format(msgspec.json.encode(body), indent=2).decode())


def run() -> None:
    """Console entry point: like :func:`main`, but quiet when the output pipe closes."""
    try:
        main()
    except BrokenPipeError:
        _quiet_pipe()
        sys.exit(0)


def _quiet_pipe() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
