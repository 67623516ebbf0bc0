"""Speed of the perfect-play solver (issue 26 item 6).  Run by hand, not in the test suite:

    python bench/solve.py                    # every game, endings of 2..5 tricks
    python bench/solve.py --games asszorti --tricks 3 4 --seeds 10

For each game it plays ``--seeds`` simulated hands (``referee simulate``) and, in each, solves
the position before the first card of the trick that leaves ``k`` tricks to play, for each
``k`` of ``--tricks``; it prints the median and the largest time (wall clock, one process, the
machine as it is) and the median count of positions searched.  Also the time of each claim
check of the simulated Asszorti hands.
"""
from __future__ import annotations

import argparse
import statistics
import time

import referee
from referee.simulate import simulate

GAMES = ("thirty-three", "asszorti", "sixty-six", "eighty-three")


def positions(game: str, seed: int, k: int) -> list[referee.Table]:
    """The tables of the simulated hands of ``seed`` before the lead with ``k`` tricks left."""
    out = []
    table = referee.Table()
    claimed = False
    for e in simulate(game, seed, 2):
        h = table.hand
        if e["event"] == "deal":
            claimed = False
        if e["event"] in ("claim", "dispute"):
            claimed = True
        if (e["event"] == "play" and h is not None and h.status is None and not claimed
                and h.tricks and not h.tricks[-1].plays[-1:] == [] and
                max(len(x.cards) for x in table.holdings.values()) == k and
                all(len(x.cards) == k for x in table.holdings.values())):
            out.append(table.copy())
        table.apply(e)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--tricks", nargs="+", type=int, default=[2, 3, 4, 5])
    ap.add_argument("--seeds", type=int, default=5)
    a = ap.parse_args()
    print("game            tricks  positions  median ms  max ms  median nodes")
    for game in a.games:
        for k in a.tricks:
            times, nodes = [], []
            for seed in range(a.seeds):
                for t in positions(game, seed, k)[:1]:
                    t0 = time.perf_counter()
                    s = t.solve()
                    times.append((time.perf_counter() - t0) * 1000)
                    nodes.append(s.nodes)
            if times:
                print(f"{game:15} {k:6} {len(times):10} {statistics.median(times):10.1f} "
                      f"{max(times):7.1f} {statistics.median(nodes):13.0f}")


if __name__ == "__main__":
    main()
