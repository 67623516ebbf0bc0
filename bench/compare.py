"""`referee check` before and after a change, side by side in one run.

Run by hand, not in the test suite:

    python bench/compare.py 13a5e27 .                      # a git revision against this tree
    python bench/compare.py ../old-tree . --instructions   # also count machine instructions

BEFORE and AFTER are source trees (a directory holding ``referee/``) or git revisions of this
repository (exported to a temporary directory with ``git archive``).  For each game it times
``referee check -q`` on the same log (bench/out/GAME-HANDS.jsonl, made as `bench/bench.py` makes
it) through both trees, alternating, and keeps each tree's best CPU time (user + system) of
``--repeat`` runs: events per second of the whole process, start-up included, and the change.

CPU time on a shared machine still wanders by a tenth or more between identical runs.  With
``--instructions`` it also counts the machine instructions each tree executes per event under
``valgrind --tool=callgrind`` (the ``--small`` log, start-up subtracted by also running a
three-line log): a count that does not wander, the figure to compare small changes by.  It
needs valgrind and takes about a minute per game and tree.

Both trees run with PYTHONHASHSEED=0 and byte-compiled sources, from a neutral directory, so
that neither picks up the other's ``referee``.  A run that fails (an exit status other than 0
or 1, or anything on standard error) stops the comparison.  A log missing from bench/out is
made first, by `referee simulate` of the ``referee`` this interpreter imports.
"""
from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAMES = ["thirty-three", "asszorti", "sixty-six", "eighty-three"]


def tree(spec: str, scratch: Path) -> Path:
    """The source tree ``spec`` names: a directory with ``referee/``, or a git revision of this
    repository exported under ``scratch``."""
    p = Path(spec)
    if (p / "referee").is_dir():
        return p.resolve()
    out = scratch / re.sub(r"[^A-Za-z0-9._-]", "_", spec)
    if out.is_dir():
        return out  # the same revision named twice
    out.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", spec, "referee"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def log_of(game: str, hands: int) -> Path:
    """bench/out/GAME-HANDS.jsonl, made by bench/bench.py's recipe when missing."""
    sys.path.insert(0, str(HERE))
    from bench import make_log  # type: ignore[import-not-found]
    return Path(make_log(game, hands))


def env_for(src: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")


def cpu_run(src: Path, log: Path) -> float:
    """CPU seconds (user + system) of one ``referee check -q LOG`` through tree ``src``."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run([sys.executable, "-m", "referee", "check", "-q", str(log)],
                         env=env_for(src), cwd=tempfile.gettempdir(),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    failed(run, src)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def failed(run: subprocess.CompletedProcess[Any], src: Path) -> None:
    """Stop when a run of ``check -q`` failed: status 0 (clean) and 1 (findings) are results,
    anything else, or a word on standard error, is a broken tree or log."""
    err = run.stderr.decode(errors="replace") if isinstance(run.stderr, bytes) else run.stderr
    if run.returncode not in (0, 1) or err.strip():
        raise SystemExit(f"`referee check -q` through {src} failed (status {run.returncode}):\n"
                         f"{err[-2000:]}")


def instructions(src: Path, log: Path) -> int:
    """Machine instructions of ``referee check -q LOG`` through ``src`` (callgrind's Ir)."""
    with tempfile.TemporaryDirectory() as d:
        run = subprocess.run(["valgrind", "--tool=callgrind", "--log-file=" + f"{d}/vg",
                              f"--callgrind-out-file={d}/cg",
                              sys.executable, "-m", "referee", "check", "-q", str(log)],
                             env=env_for(src), cwd=d, capture_output=True, text=True)
        failed(run, src)
        out = Path(d, "vg").read_text()
    m = re.search(r"Collected : (\d+)", out)
    if m is None:
        raise SystemExit(f"valgrind gave no count:\n{out[-2000:]}")
    return int(m.group(1))


def events_in(log: Path) -> int:
    with open(log, "rb") as f:
        return sum(1 for line in f if line.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", help="source tree or git revision")
    ap.add_argument("after", help="source tree or git revision")
    ap.add_argument("--games", nargs="+", default=GAMES, choices=GAMES)
    ap.add_argument("--hands", type=int, default=10_000, help="hands in the timed log")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per tree (best kept)")
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions per event under valgrind")
    ap.add_argument("--small", type=int, default=600, help="hands in the valgrind log")
    args = ap.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        ap.error("--instructions needs valgrind")

    with tempfile.TemporaryDirectory() as scratch:
        before, after = tree(args.before, Path(scratch)), tree(args.after, Path(scratch))
        for src in (before, after):
            compileall.compile_dir(str(src / "referee"), quiet=1)
        print(f"before: {args.before} ({before})\nafter:  {args.after} ({after})")
        print(f"{'game':14} {'events':>9} {'before ev/s':>12} {'after ev/s':>12} {'change':>8}"
              + (f" {'before instr/ev':>16} {'after instr/ev':>15} {'change':>8}"
                 if args.instructions else ""))
        for game in args.games:
            log = log_of(game, args.hands)
            n = events_in(log)
            best = [float("inf"), float("inf")]  # before, after (the same tree twice allowed)
            for _ in range(args.repeat):
                for i, src in enumerate((before, after)):
                    best[i] = min(best[i], cpu_run(src, log))
            b, a = n / best[0], n / best[1]
            row = f"{game:14} {n:>9,} {b:>12,.0f} {a:>12,.0f} {100 * (a - b) / b:>+7.1f}%"
            if args.instructions:
                small = log_of(game, args.small)
                tiny = Path(scratch) / f"{game}-tiny.jsonl"
                with open(small, "rb") as f:
                    tiny.write_bytes(b"".join(f.readline() for _ in range(3)))
                m = events_in(small)
                ib, ia = ((instructions(src, small) - instructions(src, tiny)) / m
                          for src in (before, after))
                row += f" {ib:>16,.0f} {ia:>15,.0f} {100 * (ia - ib) / ib:>+7.1f}%"
            print(row, flush=True)


if __name__ == "__main__":
    main()
