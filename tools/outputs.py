"""Every output a user sees, written to a folder, to compare a tree before and after a change
that must not change behaviour (issue 25 item 7).

    python tools/outputs.py logs LOGDIR          # the log set: examples, cases, corpus, repros,
                                                  # simulations (plain and play-alone), mutations
    python tools/outputs.py run LOGDIR OUTDIR     # check/score/history (text, json, html), legal,
                                                  # diff and simulate on that set, with this tree
    python tools/outputs.py compare OLD NEW       # text byte for byte; JSON with `evidence` set
                                                  # aside (format 1.2 changes only evidence)

Run ``logs`` once (with either tree), then ``run`` with each tree (``PYTHONPATH=TREE``), then
``compare``.  Exit status of ``compare``: 0 the same, 1 differences (listed).
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("thirty-three", "asszorti", "sixty-six", "eighty-three")


def mutated(events: list[dict], rng: random.Random) -> list[dict]:
    """``events`` with one to three drops, swaps, repeats or field changes (as test_fuzz), drawn
    by ``rng``: a log as a bad writer or a careless hand might leave it."""
    events = [dict(e) for e in events]
    values = [None, -1, 7, 30, "A", "Anna", "AS", "10H", "JK", "hearts", "none", "3", "hand",
              "slam", "", ["AS", "KH"], ["9D"]]
    for _ in range(rng.randint(1, 3)):
        if not events:
            break
        i = rng.randrange(len(events))
        how = rng.randrange(4)
        if how == 0:
            del events[i]
        elif how == 1:
            j = rng.randrange(len(events))
            events[i], events[j] = events[j], events[i]
        elif how == 2:
            key = rng.choice(sorted(events[i]) + ["player", "card", "to"])
            events[i][key] = rng.choice(values)
        else:
            events.insert(i, dict(events[i]))
    return events


def make_logs(out: Path) -> None:
    from click.testing import CliRunner

    from referee.cli import main
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(25)
    bases: list[tuple[str, list[dict]]] = []
    shared = ROOT.parent / "shared"
    paths = sorted((ROOT / "examples").glob("*/*.jsonl")) + sorted(
        (ROOT / "tests").rglob("*.jsonl")) + sorted((shared / "cases").rglob("*.jsonl")) + sorted(
        (shared / "repros").rglob("*.jsonl"))
    for i, p in enumerate(paths):
        data = p.read_bytes()
        if len(data) > 2_000_000:
            continue
        name = f"f{i:04d}-{p.parent.name}-{p.name}"
        (out / name).write_bytes(data)
        if p.parent.parent.name == "examples":
            try:
                bases.append((name, [json.loads(x) for x in data.splitlines() if x.strip()]))
            except ValueError:
                pass
    runner = CliRunner()
    for game in GAMES:
        for seed in range(6):
            for hide in ([], ["--hide-hands"]):
                r = runner.invoke(main, ["simulate", game, "--seed", str(seed), "--hands", "6",
                                         *hide])
                name = f"sim-{game}-{seed}{'-alone' if hide else ''}.jsonl"
                (out / name).write_text(r.output)
                if not hide:
                    bases.append((name, [json.loads(x) for x in r.output.splitlines()]))
    for name, events in bases:
        for k in range(8):
            log = mutated(events, rng)
            (out / f"mut-{k}-{name}").write_text("".join(json.dumps(e) + "\n" for e in log))


def run(logs: Path, out: Path) -> None:
    from click.testing import CliRunner

    from referee.cli import main
    out.mkdir(parents=True, exist_ok=True)
    runner = CliRunner()

    def save(name: str, args: list[str]) -> None:
        r = runner.invoke(main, args)
        (out / name).write_text(f"exit {r.exit_code}\n{r.output}")

    files = sorted(logs.glob("*.jsonl"))
    for p in files:
        s = str(p)
        n = p.name
        save(f"{n}.check.txt", ["check", s])
        save(f"{n}.check.json", ["check", "--format", "json", s])
        save(f"{n}.score.txt", ["score", s])
        save(f"{n}.score.json", ["score", "--format", "json", s])
        save(f"{n}.history.txt", ["history", s])
        if not n.startswith("mut-"):
            save(f"{n}.history.html", ["history", "--format", "html", s])
        lines = p.read_bytes().count(b"\n")
        for line in range(2, lines + 2, 9 if not n.startswith("mut-") else 23):
            save(f"{n}.legal{line}.txt", ["legal", s, "--line", str(line)])
        if n.startswith("mut-"):
            orig = logs / n.split("-", 2)[2]
            if orig.exists():
                save(f"{n}.diff.txt", ["diff", str(orig), s])
                save(f"{n}.diff.json", ["diff", "--format", "json", str(orig), s])
    for game in GAMES:
        save(f"simulate-{game}.txt", ["simulate", game, "--seed", "3", "--hands", "4"])
    save("all.check.txt", ["check", *map(str, files[:200])])
    save("all.score.txt", ["score", *map(str, files[:200])])


def _strip(text: str) -> str:
    out = []
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            out.append(line)
            continue
        out.append(json.dumps(_drop_evidence(obj), sort_keys=True))
    return "\n".join(out)


def _drop_evidence(obj: object) -> object:
    if isinstance(obj, dict):
        return {k: _drop_evidence(v) for k, v in obj.items() if k != "evidence"}
    if isinstance(obj, list):
        return [_drop_evidence(v) for v in obj]
    return obj


def compare(old: Path, new: Path) -> int:
    bad = 0
    names = sorted({p.name for p in old.iterdir()} | {p.name for p in new.iterdir()})
    for n in names:
        a, b = old / n, new / n
        if not a.exists() or not b.exists():
            print(f"only in {'new' if b.exists() else 'old'}: {n}")
            bad += 1
            continue
        ta, tb = a.read_text(), b.read_text()
        if n.endswith(".json"):
            same = _strip(ta) == _strip(tb)
        else:
            same = ta == tb
        if not same:
            bad += 1
            print(f"differs: {n}")
    print(f"{len(names)} outputs, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "logs":
        make_logs(Path(sys.argv[2]))
    elif cmd == "run":
        run(Path(sys.argv[2]), Path(sys.argv[3]))
    elif cmd == "compare":
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(f"unknown command {cmd}")
