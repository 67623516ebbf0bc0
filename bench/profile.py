"""Where `referee check` spends its time, by part of the program (issue 30 item 4: where `check`
is not within 4x a raw decode, the profile says what is left).  Run by hand, not in the tests:

    python bench/profile.py                       # every game, 10,000 hands
    python bench/profile.py --games sixty-six --hands 2000

It runs ``referee check -q`` in this process on each game's log (bench/out/GAME-HANDS.jsonl, as
bench/bench.py makes it), with the program already imported (start-up is not counted), and
samples the stack every millisecond of CPU time, or every tick of the kernel where that is
longer (``SIGPROF``, the standard library's ``signal.setitimer``: no tracing, so the profile
does not slow calls down as cProfile does).
Each sample is charged to the innermost frame of referee's own code (with the time of the
libraries and C code it calls: msgspec's decode counts as reading), whose module names the
part (:data:`PARTS`): reading, the driver, dispatch, card play, deals, the game's own rules,
duplicates, the listener's values.  A function compiled by mypyc has no frame: its time is
charged to its caller, so the compiled trick machine counts as card play.  It prints each
part's share of the samples, and the functions that take the most.

Run it on the installed build you want to see (``python`` of a venv with ``pip install .`` for
the compiled build; ``REFEREE_PURE=1 pip install .`` or the sources for the pure one).
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

PARTS = [
    ("events.py", "reading"),
    ("inputs.py", "reading"),
    ("replay.py", "driver"),
    ("batch.py", "driver"),
    ("cli.py", "driver"),
    ("games/base.py", "dispatch and findings"),
    ("games/core.py", "dispatch and findings"),
    ("findings.py", "dispatch and findings"),
    ("facts.py", "dispatch and findings"),
    ("games/play.py", "card play (G4)"),
    ("games/tricks.py", "card play (G4)"),
    ("games/hand.py", "card play (G4)"),
    ("games/alone.py", "card play (G4)"),
    ("cards.py", "card play (G4)"),
    ("games/deals.py", "deals (G3)"),
    ("games/seating.py", "auction and turns"),
    ("games/auction.py", "auction and turns"),
    ("rules.py", "the game's own rules"),
    ("duplicates.py", "duplicates (R31, R32)"),
    ("selection.py", "listener values"),
    ("values.py", "listener values"),
    ("model.py", "listener values"),
]
"""(the end of a module's path, its part): the first that matches names a frame's part."""


def part_of(filename: str) -> str | None:
    """The part of referee a frame's file is in, or None outside referee."""
    f = filename.replace(os.sep, "/")
    if "/referee/" not in f:
        return None
    for end, part in PARTS:
        if f.endswith(end):
            return part
    return "other"


def main() -> None:
    import bench as make
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=make.GAMES)
    ap.add_argument("--hands", type=int, default=10_000)
    a = ap.parse_args()
    from referee import build
    from referee.cli import main as referee_main
    print(f"referee {build.build()} build")
    for game in a.games:
        log = make.make_log(game, a.hands)
        parts: collections.Counter[str] = collections.Counter()
        functions: collections.Counter[str] = collections.Counter()

        def sample(signum: int, frame: FrameType | None) -> None:
            f = frame
            while f is not None:
                part = part_of(f.f_code.co_filename)
                if part is not None:
                    parts[part] += 1
                    name = f.f_code.co_filename.replace(os.sep, "/").split("/referee/")[-1]
                    functions[f"{name}:{f.f_code.co_name}"] += 1
                    return
                f = f.f_back
            parts["outside referee (msgspec, the stdlib)"] += 1

        signal.signal(signal.SIGPROF, sample)
        cpu = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                try:
                    referee_main(["check", "-q", str(log)], standalone_mode=False)
                except SystemExit:
                    pass
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
        cpu = time.process_time() - cpu
        total = sum(parts.values()) or 1
        print(f"\n{game} ({a.hands:,} hands, {cpu:.2f} s CPU, {total:,} samples)")
        for part, n in parts.most_common():
            print(f"  {100 * n / total:5.1f} %  {part}")
        print("  functions:")
        for name, n in functions.most_common(8):
            print(f"  {100 * n / total:5.1f} %    {name}")


if __name__ == "__main__":
    main()
