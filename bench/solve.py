"""Speed of the perfect-play solver (issue 26 item 6), side by side in one run.  Run by hand,
not in the test suite:

    python bench/solve.py                    # every game: check, endings, whole hands, analyse
    python bench/solve.py --games asszorti --tricks 3 4 --seeds 10 --no-analyse

Printed, per game (wall clock, one process, the machine as it is):

- ``check``: the time of ``referee check`` (a whole process) on a log of ``--check-hands``
  simulated hands (1,000): the yardstick of the issue's target for a whole hand;
- endings: for each ``k`` of ``--tricks``, in each of ``--seeds`` simulated matches, the position
  before the lead of the trick that leaves ``k`` tricks to play, solved (``Table.solve``)
  (Sixty-Six: with the talon closed or drawn, where the cards held are the tricks left);
- ``whole``: each simulated hand solved from its first card (the moment before it);
- ``analyse``: ``referee analyse`` (in process) of a ``--match-hands``-hand match at each
  ``--depths`` (``all``: every card), its count of records in the nodes column.

For each it prints the count of positions, the median and the largest time and the median count
of positions searched (nodes).  A solve is given up after ``--limit`` seconds (counted at the limit
and marked ``>``).
"""
from __future__ import annotations

import argparse
import io
import signal
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import referee
from referee.analysis import analyse
from referee.simulate import simulate

GAMES = ("thirty-three", "asszorti", "sixty-six", "eighty-three")


def positions(game: str, seed: int, k: int, hands: int = 2) -> list[referee.Table]:
    """The tables of the simulated hands of ``seed`` before the lead with ``k`` tricks left
    (``k`` 0: before each hand's first card)."""
    out = []
    table = referee.Table()
    claimed = False
    first = False
    for e in simulate(game, seed, hands):
        h = table.hand
        if e["event"] == "deal":
            claimed, first = False, True
        if e["event"] in ("claim", "dispute"):
            claimed = True
        if e["event"] == "play" and first:
            first = False
            if k == 0:
                out.append(table.copy())
        elif (k and e["event"] == "play" and h is not None and h.status is None and not claimed
                and h.tricks and
                max(len(x.cards) for x in table.holdings.values()) == k and
                all(len(x.cards) == k for x in table.holdings.values()) and
                not talon_open(table)):
            out.append(table.copy())
        table.apply(e)
    return out


def talon_open(table: referee.Table) -> bool:
    """A Sixty-Six deal whose talon is still drawn from: the cards held are not the tricks left
    (the public table does not show the talon, so the engine is asked)."""
    eng = table._engine
    h = eng.hand if eng is not None else None
    return bool(getattr(h, "talon_open", False))


def log_of(game: str, seed: int, hands: int) -> bytes:
    """A simulated log of ``hands`` hands, as JSON Lines."""
    return b"".join(json.dumps(e).encode() + b"\n" for e in simulate(game, seed, hands))


class Limit(Exception):
    """A solve ran past ``--limit``."""


def alarm(signum: int, frame: Any) -> None:
    raise Limit()


def row(game: str, what: str, times: list[float], nodes: list[int], over: int = 0) -> None:
    if times:
        med = statistics.median(nodes) if nodes else 0
        mark = f"  ({over} given up at the limit)" if over else ""
        print(f"{game:13} {what:11} {len(times):9} {statistics.median(times):10.1f} "
              f"{'>' if over else ' '}{max(times):9.1f} {med:12.0f}{mark}", flush=True)


def timed(f: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    r = f()
    return (time.perf_counter() - t0) * 1000, r


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--tricks", nargs="+", type=int, default=[2, 4, 6])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--check-hands", type=int, default=1000)
    ap.add_argument("--match-hands", type=int, default=10)
    ap.add_argument("--depths", nargs="+", type=int, default=[4, 0],
                    help="analyse --depth values to time (0: every card)")
    ap.add_argument("--no-whole", action="store_true", help="leave out whole hands")
    ap.add_argument("--no-analyse", action="store_true", help="leave out analyse")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds a solve may take")
    a = ap.parse_args()
    signal.signal(signal.SIGALRM, alarm)
    print("game          what        positions  median ms     max ms  median nodes")
    with tempfile.TemporaryDirectory() as tmp:
        for game in a.games:
            log = Path(tmp) / f"{game}.jsonl"
            log.write_bytes(log_of(game, 1, a.check_hands))
            ms, _ = timed(lambda: subprocess.run([sys.executable, "-m", "referee", "check",
                                                  str(log)], capture_output=True))
            row(game, f"check {a.check_hands}", [ms], [])
            for k in a.tricks + ([] if a.no_whole else [0]):
                times, nodes, over = [], [], 0
                for seed in range(a.seeds):
                    for t in positions(game, seed, k)[:1 if k else 2]:
                        signal.setitimer(signal.ITIMER_REAL, a.limit)
                        try:
                            ms, s = timed(t.solve)
                            nodes.append(s.nodes)
                        except Limit:
                            ms, over = a.limit * 1000, over + 1
                        finally:
                            signal.setitimer(signal.ITIMER_REAL, 0)
                        times.append(ms)
                row(game, f"{k} left" if k else "whole", times, nodes, over)
            if not a.no_analyse:
                data = log_of(game, 2, a.match_hands)
                for depth in a.depths:
                    signal.setitimer(signal.ITIMER_REAL, a.limit * 10)
                    try:
                        ms, found = timed(lambda: list(analyse(io.BytesIO(data), "match",
                                                               depth=depth or None)))
                        row(game, f"analyse d{depth or 'all'}", [ms], [len(found)])
                    except Limit:
                        row(game, f"analyse d{depth or 'all'}", [a.limit * 10000], [], 1)
                    finally:
                        signal.setitimer(signal.ITIMER_REAL, 0)


if __name__ == "__main__":
    main()
