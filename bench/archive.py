"""Archive input benchmark (issue 27 items 3, 4, 6).  Run by hand, not in the test suite:

    python bench/archive.py                          # Thirty-Three, 100,000 hands
    python bench/archive.py --game sixty-six --hands 10000 --repeat 1
    python bench/archive.py --suite standings --hands 10000 100000 --repeat 1

It makes one log of N hands as bench/bench.py does (a base of 200 simulated hands repeated
as whole matches; kept in bench/out/, git-ignored), and copies of it compressed with gzip,
bzip2 and xz (the standard library's default levels), then times ``referee check -q`` as whole
processes on:

- the plain log, and each compressed copy (decompressed as it is read, R29);
- the plain log with a selection (R30) that keeps every match (``--player`` of a player who
  sits in all), one that keeps none (``--game`` of another game: every match is still
  replayed, nothing is shown), and a selection of findings (``--select revoke``);
- the plain log's matches dealt in turn into a directory of 20 files, read as the directory.

It prints, per case, the CPU seconds (user and system, the best of ``--repeat`` runs, the
cases taken in turn), events per CPU second, the CPU time over the plain log's, the wall
seconds, and the peak resident memory (RSS).

``--suite standings`` times instead, for each size given to ``--hands``, ``check -q`` of the
plain log (the reference), ``referee standings`` of the plain log and of the directory of 20
files serially, with ``--jobs 2`` and with ``--dask local --jobs 2``, and ``score --format csv``
of the plain log and of the directory with ``--jobs 2``; the output of each standings run and
of each score sheet run is compared with the serial one's (sha256, byte for byte).  CPU time
there is the command's and its worker processes' (Dask's workers are the nannies' children: a
local cluster's own start is in the figure).  Peak RSS is the largest one process reached (the
command or a worker), so memory flat in the hands shows as the same figure at every size.
"""
from __future__ import annotations

import argparse
import bz2
import hashlib
import gzip
import lzma
import os
import platform
import shutil
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import OUT, count, make_log  # noqa: E402


def measure(cmd: list[str], digest: bool = False) -> tuple[float, float, float, str]:
    """(wall seconds, CPU seconds, peak RSS in MiB, sha256 of standard output if ``digest``
    else "") of one process.  CPU time (user and system) wanders less than wall time on a
    machine others share; both count the worker processes the command waited for, and the
    RSS is the largest of the command's and theirs."""
    t = time.perf_counter()
    h = hashlib.sha256()
    with open(os.devnull, "wb") as devnull:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE if digest else devnull, stderr=devnull)
        if digest:
            assert p.stdout is not None
            while chunk := p.stdout.read(1 << 16):
                h.update(chunk)
        _, status, ru = os.wait4(p.pid, 0)
    return (time.perf_counter() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024,
            h.hexdigest() if digest else "")


def compressed(path: Path, kind: str) -> Path:
    """``path`` compressed with ``kind`` (made once, then reused), streaming."""
    opener = {"gz": gzip.open, "bz2": bz2.open, "xz": lzma.open}[kind]
    out = path.with_name(path.name + "." + kind)
    if not out.exists():
        with open(path, "rb") as src, opener(out, "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
    return out


def split(path: Path, parts: int) -> Path:
    """A directory of ``parts`` logs holding the matches of ``path`` in turn, a match at a time
    (made once, streaming: the measuring process stays small, for a child forked from it
    starts with its memory counted)."""
    folder = path.with_name(path.stem + f"-dir{parts}")
    if folder.exists():
        return folder
    folder.mkdir()
    outs = [open(folder / f"part-{k:02d}.jsonl", "wb") for k in range(parts)]
    k = -1
    try:
        with open(path, "rb") as f:
            for line in f:
                if b'"event":"match"' in line[:40].replace(b" ", b""):
                    k = (k + 1) % parts
                assert k >= 0, "the log starts with a match"
                outs[k].write(line)
    finally:
        for o in outs:
            o.close()
    return folder


def standings_suite(game: str, sizes: list[int], repeat: int) -> None:
    """``--suite standings`` (module docstring): one table, a row per case and size."""
    referee = [sys.executable, "-m", "referee"]
    print(f"# referee standings and score --format csv, {game}; {date.today()}, "
          f"{platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} CPUs; "
          f"best of {repeat}, the cases taken in turn")
    print("| hands | case | CPU s | events/s (CPU) | × check -q (CPU) | wall s | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|")
    for hands in sizes:
        log = make_log(game, hands)
        events, n = count(log)
        folder = split(log, 20)
        cases = [("check -q (reference)", ["check", "-q", str(log)], ""),
                 ("standings", ["standings", str(log)], "standings"),
                 ("standings, directory of 20", ["standings", str(folder)], "standings dir"),
                 ("standings --jobs 2", ["standings", "--jobs", "2", str(folder)],
                  "standings dir"),
                 ("standings --dask local --jobs 2",
                  ["standings", "--dask", "local", "--jobs", "2", str(folder)], "standings dir"),
                 ("score --format csv", ["score", "--format", "csv", str(log)], ""),
                 ("score --format csv, directory of 20",
                  ["score", "--format", "csv", str(folder)], "csv dir"),
                 ("score --format csv --jobs 2",
                  ["score", "--format", "csv", "--jobs", "2", str(folder)], "csv dir"),
                 ("score --format csv --dask local --jobs 2",
                  ["score", "--format", "csv", "--dask", "local", "--jobs", "2", str(folder)],
                  "csv dir")]
        runs: dict[str, list[tuple[float, float, float, str]]] = {c: [] for c, _, _ in cases}
        for _ in range(repeat):
            for name, args, same in cases:
                runs[name].append(measure(referee + args, digest=bool(same)))
        firsts: dict[str, str] = {}
        for name, _, same in cases:
            if same:  # the same output as the first run of its group, byte for byte
                for r in runs[name]:
                    assert firsts.setdefault(same, r[3]) == r[3], f"{name}: other output"
        base = min(r[1] for r in runs[cases[0][0]])
        for name, _, _ in cases:
            wall = min(r[0] for r in runs[name])
            cpu = min(r[1] for r in runs[name])
            rss = max(r[2] for r in runs[name])
            print(f"| {n} | {name} | {cpu:.1f} | {events / cpu / 1000:.0f}k | "
                  f"{cpu / base:.2f} | {wall:.1f} | {rss:.0f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="thirty-three")
    ap.add_argument("--hands", type=int, nargs="+", default=[100_000])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--suite", choices=["check", "standings"], default="check")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    if args.suite == "standings":
        standings_suite(args.game, args.hands, args.repeat)
        return
    log = make_log(args.game, args.hands[0])
    events, hands = count(log)
    from referee.simulate import default_players
    player = default_players(args.game)[0]
    other = "sixty-six" if args.game != "sixty-six" else "thirty-three"
    referee = [sys.executable, "-m", "referee", "check", "-q"]
    cases = [("plain", [str(log)]),
             ("gzip", [str(compressed(log, "gz"))]),
             ("bzip2", [str(compressed(log, "bz2"))]),
             ("xz", [str(compressed(log, "xz"))]),
             (f"--player {player} (all)", ["--player", player, str(log)]),
             (f"--game {other} (none)", ["--game", other, str(log)]),
             ("--select revoke", ["--select", "revoke", str(log)]),
             ("gzip --player (all)", ["--player", player, str(compressed(log, "gz"))]),
             ("directory of 20", [str(split(log, 20))])]
    print(f"# referee check -q, {args.game}, {hands} hands, {events} events; "
          f"{date.today()}, {platform.machine()}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs; best of {args.repeat}, the cases taken in turn")
    runs: dict[str, list[tuple[float, float, float, str]]] = {name: [] for name, _ in cases}
    for _ in range(args.repeat):  # in turn, so that a busy spell falls on every case
        for name, extra in cases:
            runs[name].append(measure(referee + extra))
    print("| input | CPU s | events/s (CPU) | × plain (CPU) | wall s | RSS MiB |")
    print("|---|---|---|---|---|---|")
    base = min(r[1] for r in runs["plain"])
    for name, _ in cases:
        wall = min(r[0] for r in runs[name])
        cpu = min(r[1] for r in runs[name])
        rss = max(r[2] for r in runs[name])
        print(f"| {name} | {cpu:.1f} | {events / cpu / 1000:.0f}k | {cpu / base:.2f} | "
              f"{wall:.1f} | {rss:.0f} |", flush=True)
    p = subprocess.run(referee + [str(compressed(log, "gz"))])
    assert p.returncode in (0, 1), "the compressed log reads as a log"


if __name__ == "__main__":
    main()
