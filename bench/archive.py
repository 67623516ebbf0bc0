"""Archive input benchmark (issue 27 items 3, 4, 6).  Run by hand, not in the test suite:

    python bench/archive.py                          # Thirty-Three, 100,000 hands
    python bench/archive.py --game sixty-six --hands 10000 --repeat 1

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
"""
from __future__ import annotations

import argparse
import bz2
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


def measure(cmd: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MiB) of one process.  CPU time (user and
    system) wanders less than wall time on a machine others share."""
    t = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        p = subprocess.Popen(cmd, stdout=devnull, stderr=devnull)
        _, status, ru = os.wait4(p.pid, 0)
    return time.perf_counter() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="thirty-three")
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    log = make_log(args.game, args.hands)
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
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _ in cases}
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
