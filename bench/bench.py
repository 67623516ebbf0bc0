"""Throughput and memory benchmark of `referee` (issue 9).  Run by hand, not in the test suite:

    python bench/bench.py                     # every game, 10k and 100k hands
    python bench/bench.py --games sixty-six --sizes 10000

For each game it makes a log of N hands (random legal play from `referee simulate`, a base of
BASE hands repeated as whole matches until N hands), then times, as whole processes:

- `referee check FILE` and `referee score --format json FILE > /dev/null`;
- the floor (``decode``): a process that only decodes every line of the same file with msgspec
  into the event types, nothing else; and ``read``: the same lines read through jsonlines, as
  `referee` reads them.

It also measures a hostile case (issue 20): one hand of one match followed by ``--bad-mb``
megabytes of bad lines (``x``), through `check`, `score` and `history`: their peak memory must
stay that of a clean log (flat), whatever the count of bad lines.

It prints events/s, hands/s, the ratio of each process's time to each floor's (``x decode``,
``x read``), and the peak
resident memory (RSS) of each process, for each size; then, per game and command, the peak
memory at the largest size over that at the smallest.  Each figure is the best of ``--repeat``
runs (wall-clock time on a shared machine wanders; the best run is the one least disturbed).
Logs are kept in bench/out/ (git-ignored) and reused when present.

Before timing, the ``referee`` package is byte-compiled (``compileall``), as ``pip install``
does for an installed copy: an editable install, or a shell with PYTHONDONTWRITEBYTECODE set,
would otherwise compile the sources again in every measured process.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
GAMES = ["thirty-three", "asszorti", "sixty-six", "eighty-three"]
BASE = 200

DECODE = r"""
import sys, msgspec
from referee.events import Event
decode = msgspec.json.Decoder(Event).decode
n = 0
with open(sys.argv[1], "rb") as f:
    for line in f:
        if line.strip():
            decode(line)
            n += 1
print(n)
"""
"""The floor: msgspec decodes every line into the event types, and nothing else."""

READ = r"""
import sys, jsonlines, msgspec
from referee.events import Event
decode = msgspec.json.Decoder(Event).decode
n = 0
with open(sys.argv[1], "rb") as f:
    for _ in jsonlines.Reader(f, loads=decode):
        n += 1
print(n)
"""
"""The same through jsonlines, as `referee` reads: the floor of any reader built on it."""


def make_log(game: str, hands: int) -> Path:
    """The log of ``hands`` hands of ``game`` (made once, then reused)."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"{game}-{hands}.jsonl"
    if path.exists():
        return path
    base = OUT / f"{game}-base{BASE}.jsonl"
    if not base.exists():
        with open(base, "wb") as f:
            subprocess.run([sys.executable, "-m", "referee", "simulate", game, "--seed", "1",
                            "--hands", str(BASE)], stdout=f, check=True)
    data = base.read_bytes()
    copies = -(-hands // BASE)
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(data)
    return path


def make_bad_hand(mb: int) -> Path:
    """A log of one match and one deal of Sixty-Six, then ``mb`` MiB of lines ``x`` (bad-json,
    the hand skipped): a million findings in one hand per 2 MiB (made once, then reused)."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"bad-hand-{mb}mb.jsonl"
    if path.exists():
        return path
    head = subprocess.run([sys.executable, "-m", "referee", "simulate", "sixty-six", "--seed",
                           "1", "--hands", "1"], capture_output=True, check=True).stdout
    with open(path, "wb") as f:
        f.writelines(head.splitlines(keepends=True)[:2])  # the match and the deal
        f.write(b"x\n" * (mb * 1024 * 1024 // 2))
    return path


def measure(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, peak RSS in MiB) of one process."""
    t = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        p = subprocess.Popen(cmd, stdout=devnull, stderr=devnull)
        _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    return wall, ru.ru_maxrss / 1024


def count(path: Path) -> tuple[int, int]:
    events = hands = 0
    with open(path, "rb") as f:
        for line in f:
            if line.strip():
                events += 1
                if b'"deal"' in line[:30]:
                    hands += 1
    return events, hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=GAMES)
    ap.add_argument("--sizes", nargs="*", type=int, default=[10_000, 100_000])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measure (best is kept)")
    ap.add_argument("--bad-mb", nargs="*", type=int, default=[2, 8],
                    help="MiB of bad lines in one hand, for the memory case (none: skip it)")
    args = ap.parse_args()
    py = sys.executable
    import referee
    subprocess.run([py, "-m", "compileall", "-q", str(Path(referee.__file__).parent)],
                   check=True)
    print(f"# referee benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores")
    head = (f"{'game':<13} {'hands':>7} {'events':>9} {'what':<6} {'seconds':>8} "
            f"{'events/s':>10} {'hands/s':>8} {'x decode':>8} {'x read':>6} {'RSS MiB':>8}")
    print(head)
    peaks: dict[tuple[str, str], list[float]] = {}
    for game in args.games:
        for size in args.sizes:
            path = make_log(game, size)
            events, hands = count(path)
            runs = {
                "decode": [py, "-c", DECODE, str(path)],
                "read": [py, "-c", READ, str(path)],
                "check": [py, "-m", "referee", "check", "-q", str(path)],
                "score": [py, "-m", "referee", "score", "--format", "json", str(path)],
            }
            floors: dict[str, float] = {}
            for what, cmd in runs.items():
                best = min((measure(cmd) for _ in range(args.repeat)), key=lambda x: x[0])
                wall, rss = best
                peaks.setdefault((game, what), []).append(rss)
                if what in ("decode", "read"):
                    floors[what] = wall
                x_read = f"{wall / floors['read']:>6.2f}" if "read" in floors else f"{'-':>6}"
                print(f"{game:<13} {hands:>7} {events:>9} {what:<6} {wall:>8.2f} "
                      f"{events / wall:>10,.0f} {hands / wall:>8,.0f} "
                      f"{wall / floors['decode']:>8.2f} {x_read} {rss:>8.1f}", flush=True)
    if args.bad_mb:
        print("# bad lines in one hand: peak RSS (MiB) and seconds, one run each")
        print(f"{'MiB of x':>8} {'lines':>9} {'what':<8} {'seconds':>8} {'RSS MiB':>8}")
        for mb in args.bad_mb:
            path = make_bad_hand(mb)
            lines = mb * 1024 * 1024 // 2 + 2
            for what in ("check", "score", "history"):
                wall, rss = measure([py, "-m", "referee", what, str(path)])
                print(f"{mb:>8} {lines:>9} {what:<8} {wall:>8.2f} {rss:>8.1f}", flush=True)
    if len(args.sizes) > 1:
        print(f"# peak RSS at {args.sizes[-1]} hands over that at {args.sizes[0]} hands:")
        for (game, what), rss in peaks.items():
            if what in ("check", "score"):
                print(f"{game:<13} {what:<6} {rss[-1] / rss[0]:.2f}")


if __name__ == "__main__":
    main()
