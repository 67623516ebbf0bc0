"""Bytecodes executed per event, by function, while `referee` replays a log.  Run by hand:

    python bench/opcount.py LOG [--top 25] [--read-only]

Wall-clock time on a shared machine wanders by a third from run to run; the number of bytecodes
the interpreter executes does not, so it shows whether a change to the hot path made it shorter.
Each figure is a function's *own* bytecodes per event (not those of the functions it calls);
functions are named ``package/module.py:first line name`` (``jsonlines/jsonlines.py`` is the
library's).  The count is taken with ``sys.settrace`` (opcode events), which makes the replay
some hundred times slower: use a log of a few thousand lines, e.g.
``referee simulate sixty-six --seed 1 --hands 150 > /tmp/s.jsonl``.
Time per bytecode differs (a call costs more than a load), so confirm a change with
``bench/bench.py``, or count machine instructions with ``valgrind --tool=callgrind``.
"""
from __future__ import annotations

import argparse
import collections
import signal
import sys
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", type=Path)
    ap.add_argument("--top", type=int, default=25, help="functions to list")
    ap.add_argument("--read-only", action="store_true", help="only read the events")
    args = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly

    from referee import events as ev
    from referee.games import ENGINES
    from referee.replay import Listener, replay
    for name in ENGINES:  # import every game first: imports are not part of the count
        ENGINES[name]

    counts: collections.Counter[str] = collections.Counter()

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        code = frame.f_code
        path = Path(code.co_filename)
        key = f"{path.parent.name}/{path.name}:{code.co_firstlineno} {code.co_name}"

        def local(frame, event, arg):  # type: ignore[no-untyped-def]
            if event == "opcode":
                counts[key] += 1
            return local
        return local

    with open(args.log, "rb") as f:
        events = sum(1 for line in f if line.strip())
    with open(args.log, "rb") as f:
        sys.settrace(tracer)
        try:
            if args.read_only:
                for _ in ev.read_events(f):
                    pass
            else:
                replay(f, str(args.log), Listener())
        finally:
            sys.settrace(None)
    total = sum(counts.values())
    print(f"{total / events:.1f} bytecodes per event ({events} events of {args.log})")
    print(f"{'own/event':>9}  function")
    for key, n in counts.most_common(args.top):
        print(f"{n / events:9.2f}  {key}")


if __name__ == "__main__":
    main()
