"""The compiled and the pure build side by side in one run, against a raw msgspec decode.

Run by hand, not in the test suite:

    python bench/builds.py                      # 10,000 hands per game, best of 5
    python bench/builds.py --hands 2000 --repeat 3 --games asszorti

It installs this tree twice into temporary directories (``pip install --no-deps --target``):
compiled with mypyc (setup.py), and pure (``REFEREE_PURE=1``), and checks that each is the build
it should be (``referee --version``).  For each game it then times, alternating, on the same log
(bench/out/GAME-HANDS.jsonl, as bench/bench.py makes it):

- ``referee check -q LOG`` through each build: the best CPU time (user + system) of ``--repeat``
  runs, less the best CPU time of the same command on a log of one line (start-up);
- a raw decode of the same file: every line read and decoded with ``msgspec.json.decode``
  in a fresh interpreter, start-up subtracted the same way;

and prints events per second of each, the compiled build's speed-up over the pure one, and
each build's time as a multiple of the raw decode (issue 30's goal: within 4x).  It also checks
that both builds print the same findings for the log (``check --format json``).

Then the solver (issue 26): the endings bench/solve.py takes before the lead of the trick that
leaves ``--solve-tricks`` tricks (6; Eighty-Three 4, its six being the whole hand) in its first
three simulated matches, each solved (``Table.solve``) through each build: the best CPU time of
``--repeat`` runs (in process, the positions made before the clock starts), the speed-up, and a
check that both builds find the same values and count the same positions searched.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAMES = ["thirty-three", "asszorti", "sixty-six", "eighty-three"]
DECODE = ("import sys, msgspec\n"
          "d = msgspec.json.decode\n"
          "with open(sys.argv[1], 'rb') as f:\n"
          "    for line in f:\n"
          "        if line.strip(): d(line)\n")
SOLVE = ("import json, sys, time\n"
         "sys.path.append(sys.argv[1])\n"
         "from solve import positions\n"
         "game, k = sys.argv[2], int(sys.argv[3])\n"
         "tables = [t for seed in range(3) for t in positions(game, seed, k)]\n"
         "t0 = time.process_time()\n"
         "found = [(s.value, s.nodes) for s in (t.solve() for t in tables)]\n"
         "print(json.dumps([time.process_time() - t0, found]))\n")


def install(target: Path, pure: bool) -> None:
    env = dict(os.environ)
    env.pop("REFEREE_PURE", None)
    if pure:
        env["REFEREE_PURE"] = "1"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "--target", str(target), str(ROOT)],
                   check=True, env=env)


def env_for(target: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(target), PYTHONHASHSEED="0", PYTHONSAFEPATH="1")


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode not in (0, 1) or run.stderr.strip():
        raise SystemExit(f"{' '.join(cmd)} failed ({run.returncode}): {run.stderr[-2000:]!r}")
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="+", default=GAMES, choices=GAMES)
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--solve-tricks", type=int, default=6)
    args = ap.parse_args()
    sys.path.insert(0, str(HERE))
    from bench import make_log  # type: ignore[import-not-found]

    with tempfile.TemporaryDirectory() as scratch:
        builds = {"compiled": Path(scratch, "compiled"), "pure": Path(scratch, "pure")}
        for name, target in builds.items():
            install(target, pure=name == "pure")
            v = subprocess.run([sys.executable, "-m", "referee", "--version"], env=env_for(target),
                               cwd=scratch, capture_output=True, text=True).stdout.strip()
            if not v.endswith(f"({name} build)"):
                raise SystemExit(f"the {name} install says {v!r}")
        one = Path(scratch, "one.jsonl")
        print(f"{'game':<13} {'events':>8} {'decode ev/s':>12} {'pure ev/s':>10} "
              f"{'compiled ev/s':>13} {'speed-up':>8} {'pure/dec':>8} {'comp/dec':>8}")
        for game in args.games:
            log = Path(make_log(game, args.hands))
            with open(log, "rb") as f:
                first = f.readline()
                events = 1 + sum(1 for line in f if line.strip())
            one.write_bytes(first)
            outs = {n: subprocess.run([sys.executable, "-m", "referee", "check", "--format",
                                       "json", str(log)], env=env_for(t), cwd=scratch,
                                      capture_output=True).stdout for n, t in builds.items()}
            if outs["compiled"] != outs["pure"]:
                raise SystemExit(f"{game}: the two builds' findings differ")
            best: dict[str, float] = {}
            base: dict[str, float] = {}
            runs = {n: ([sys.executable, "-m", "referee", "check", "-q"], env_for(t))
                    for n, t in builds.items()}
            runs["decode"] = ([sys.executable, "-c", DECODE], dict(os.environ))
            for _ in range(args.repeat):
                for n, (cmd, env) in runs.items():
                    best[n] = min(best.get(n, 1e9), cpu(cmd + [str(log)], env))
                    base[n] = min(base.get(n, 1e9), cpu(cmd + [str(one)], env))
            net = {n: max(best[n] - base[n], 1e-6) for n in runs}
            rate = {n: events / net[n] for n in runs}
            print(f"{game:<13} {events:>8} {rate['decode']:>12,.0f} {rate['pure']:>10,.0f} "
                  f"{rate['compiled']:>13,.0f} {net['pure'] / net['compiled']:>7.2f}x "
                  f"{net['pure'] / net['decode']:>7.1f}x {net['compiled'] / net['decode']:>7.1f}x")
        print(f"\n{'game':<13} {'tricks':>6} {'positions':>9} {'nodes':>9} {'pure s':>8} "
              f"{'compiled s':>10} {'speed-up':>8}")
        for game in args.games:
            k = min(args.solve_tricks, 4) if game == "eighty-three" else args.solve_tricks
            times: dict[str, float] = {}
            found: dict[str, list[Any]] = {}
            for _ in range(args.repeat):
                for n, t in builds.items():
                    run = subprocess.run([sys.executable, "-c", SOLVE, str(HERE), game, str(k)],
                                         env=env_for(t), cwd=scratch, capture_output=True,
                                         text=True, check=True)
                    dt, got = json.loads(run.stdout)
                    times[n] = min(times.get(n, 1e9), dt)
                    found[n] = got
            if found["compiled"] != found["pure"]:
                raise SystemExit(f"{game}: the two builds' solutions differ")
            nodes = sum(x[1] for x in found["pure"])
            print(f"{game:<13} {k:>6} {len(found['pure']):>9} {nodes:>9} {times['pure']:>8.2f} "
                  f"{times['compiled']:>10.2f} {times['pure'] / times['compiled']:>7.2f}x")


if __name__ == "__main__":
    main()
