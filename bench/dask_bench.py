"""Serial, ``--jobs 2`` and Dask with two workers on the same files, side by side (issue 19).
Run by hand, not in the test suite (it needs ``pip install '.[dask]'``):

    python bench/dask_bench.py                       # 200 files of 200 hands
    python bench/dask_bench.py --files 200 --hands 400 --repeat 3

It makes FILES logs (the four games in turn, each file a log of HANDS hands from
``bench/bench.py``'s simulated base, kept in bench/out/dask/), starts a Dask cluster the way one
is started on real machines (``dask scheduler`` and ``dask worker --nworkers 2 --nthreads 1``,
both on 127.0.0.1 only), then times as whole processes, for ``referee check`` and ``referee
score --format json``:

- ``serial``: one process;
- ``jobs 2``: ``--jobs 2``, two worker processes;
- ``dask``: ``--dask ADDRESS`` on that running cluster (two workers);
- ``dask local``: ``--dask local --jobs 2``, which starts and closes a cluster of its own.

Each figure is the best of ``--repeat`` runs; every run's standard output and error are compared
with the serial run's (they must be byte for byte the same).  RSS is the peak resident memory of
the ``referee`` process alone (the workers are other processes).  The cluster is stopped at the
end.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import GAMES, OUT, count, make_log  # noqa: E402


def make_files(n: int, hands: int) -> list[Path]:
    """``n`` logs of ``hands`` hands, the four games in turn (made once, then reused)."""
    folder = OUT / "dask" / f"{n}x{hands}"
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{i:04}-{GAMES[i % 4]}.jsonl" for i in range(n)]
    for i, p in enumerate(paths):
        if not p.exists():
            shutil.copyfile(make_log(GAMES[i % 4], hands), p)
    return paths


def run(cmd: list[str]) -> tuple[float, float, str, int]:
    """(wall seconds, peak RSS in MiB, digest of standard output and error, exit status)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        digest = hashlib.sha256()
        for f in (out, err):
            f.seek(0)
            digest.update(f.read())
            digest.update(b"\0")
    return wall, ru.ru_maxrss / 1024, digest.hexdigest(), os.waitstatus_to_exitcode(status)


def start_cluster(folder: Path) -> tuple[str, list[subprocess.Popen], float]:
    """``dask scheduler`` and ``dask worker`` (two single-thread worker processes) on
    127.0.0.1; returns the scheduler's address, the processes and the seconds it took."""
    from distributed import Client
    info = folder / "scheduler.json"
    info.unlink(missing_ok=True)
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    worker = [sys.executable, "-m", "distributed.cli.dask_worker"]
    log = open(folder / "cluster.log", "wb")
    t = time.perf_counter()
    procs = [subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", "0",
                               "--dashboard-address", "127.0.0.1:0",
                               "--scheduler-file", str(info)], stdout=log, stderr=log)]
    while not info.exists():
        time.sleep(0.1)
    procs.append(subprocess.Popen([*worker, "--scheduler-file", str(info), "--nworkers", "2",
                                   "--nthreads", "1", "--host", "127.0.0.1",
                                   "--dashboard-address", "127.0.0.1:0"],
                                  stdout=log, stderr=log))
    with Client(scheduler_file=str(info)) as c:
        c.wait_for_workers(2, timeout=120)
        address = c.scheduler.address
    return address, procs, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=200)
    ap.add_argument("--hands", type=int, default=200,
                    help="hands per file (rounded up to a multiple of 200)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measure (best is kept)")
    args = ap.parse_args()
    py = sys.executable
    import referee
    subprocess.run([py, "-m", "compileall", "-q", str(Path(referee.__file__).parent)],
                   check=True)
    paths = make_files(args.files, args.hands)
    events = sum(count(p)[0] for p in paths)
    size = sum(p.stat().st_size for p in paths) / 2**20
    address, procs, started = start_cluster(paths[0].parent)
    try:
        print(f"# referee on Dask, {date.today()}, Python {platform.python_version()}, "
              f"{platform.machine()}, {os.cpu_count()} cores; {len(paths)} files of "
              f"{args.hands} hands, {events:,} events, {size:.0f} MiB; a running cluster of 2 "
              f"workers started in {started:.1f} s")
        print(f"{'command':<19} {'how':<11} {'seconds':>8} {'files/s':>8} {'events/s':>10} "
              f"{'speed-up':>8} {'RSS MiB':>8}  output")
        files = [str(p) for p in paths]
        for command in (["check"], ["score", "--format", "json"]):
            ways = {"serial": [], "jobs 2": ["--jobs", "2"], "dask": ["--dask", address],
                    "dask local": ["--dask", "local", "--jobs", "2"]}
            base = None
            want = None
            for how, extra in ways.items():
                runs = [run([py, "-m", "referee", *command, *extra, *files])
                        for _ in range(args.repeat)]
                wall, rss = min(r[0] for r in runs), max(r[1] for r in runs)
                if want is None:
                    want, base = runs[0][2:], wall
                same = all(r[2:] == want for r in runs)
                print(f"{' '.join(command):<19} {how:<11} {wall:>8.2f} "
                      f"{len(files) / wall:>8.1f} {events / wall:>10,.0f} "
                      f"{base / wall:>8.2f} {rss:>8.1f}  "
                      f"{'identical' if same else 'DIFFERENT'}", flush=True)
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(30)


if __name__ == "__main__":
    main()
