"""Coverage-guided fuzzing of the whole replay (reader, every game engine, renderers) with atheris.

Not part of the test suite (the suite has a bounded hypothesis fuzz test); run by hand for long
runs.  Any exception escaping the replay or a renderer is a bug and stops the run with the input
saved by libFuzzer.

    pip install atheris
    python fuzz/fuzz_referee.py -runs=200000 fuzz/corpus      # or -max_total_time=600

The seed corpus is every log in examples/ and tests/ (copied into fuzz/corpus on first run).
"""
from __future__ import annotations

import io
import shutil
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from referee.games import ENGINES
    from referee.render.history import HistoryPrinter
    from referee.render.report import FindingPrinter, ScoreCollector, Tee
    from referee.replay import replay
    for _game in ENGINES:  # game modules load on first use: load them here, instrumented
        ENGINES[_game]

ROOT = Path(__file__).resolve().parent.parent


def TestOneInput(data: bytes) -> None:
    out = io.StringIO()
    listener = Tee(FindingPrinter(out, "json"), ScoreCollector(out, "json"), HistoryPrinter(out))
    replay(io.BytesIO(data), "fuzz.jsonl", listener)


def seed_corpus(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.iterdir()):
        return
    for i, p in enumerate(sorted(ROOT.glob("examples/**/*.jsonl")) +
                          sorted(ROOT.glob("tests/**/*.jsonl"))):
        if p.stat().st_size < 200_000:
            shutil.copy(p, folder / f"seed{i:04d}.jsonl")


if __name__ == "__main__":
    dirs = [a for a in sys.argv[1:] if not a.startswith("-")]
    if dirs:
        seed_corpus(Path(dirs[0]))
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
