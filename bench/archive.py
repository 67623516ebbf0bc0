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
- the plain log split into a directory of 20 files, read as the directory.

It prints, per case, the seconds (the best of ``--repeat`` runs), events per second, the time
over the plain log's, and the peak resident memory (RSS).
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
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import OUT, count, make_log, measure  # noqa: E402


def compressed(path: Path, kind: str) -> Path:
    """``path`` compressed with ``kind`` (made once, then reused), streaming."""
    opener = {"gz": gzip.open, "bz2": bz2.open, "xz": lzma.open}[kind]
    out = path.with_name(path.name + "." + kind)
    if not out.exists():
        with open(path, "rb") as src, opener(out, "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
    return out


def split(path: Path, parts: int) -> Path:
    """A directory of ``parts`` logs holding the matches of ``path`` (made once)."""
    folder = path.with_name(path.stem + f"-dir{parts}")
    if folder.exists():
        return folder
    folder.mkdir()
    lines = path.read_bytes().splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines)
              if b'"event":"match"' in line[:40].replace(b" ", b"")]
    starts.append(len(lines))
    per = -(-(len(starts) - 1) // parts)
    assert len(starts) > 1, "the log holds matches"
    for k in range(parts):
        a, b = starts[min(k * per, len(starts) - 1)], starts[min((k + 1) * per, len(starts) - 1)]
        (folder / f"part-{k:02d}.jsonl").write_bytes(b"".join(lines[a:b]))
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
          f"{os.cpu_count()} CPUs; best of {args.repeat}")
    print("| input | seconds | events/s | × plain | RSS MiB |")
    print("|---|---|---|---|---|")
    base = None
    for name, extra in cases:
        runs = [measure(referee + extra) for _ in range(args.repeat)]
        wall = min(r[0] for r in runs)
        rss = max(r[1] for r in runs)
        base = base or wall
        print(f"| {name} | {wall:.1f} | {events / wall / 1000:.0f}k | {wall / base:.2f} | "
              f"{rss:.0f} |", flush=True)
    p = subprocess.run(referee + [str(compressed(log, "gz"))])
    assert p.returncode in (0, 1), "the compressed log reads as a log"


if __name__ == "__main__":
    main()
