"""How fast the HTML hand viewer opens (issue 28 item 1).  Run by hand, not in the test suite:

    python bench/viewer.py                      # 200 and 2,000 hands of Thirty-Three
    python bench/viewer.py --sizes 2000 --game sixty-six
    python bench/viewer.py --sizes 200 --analyse    # the pages with the analysis (issue 28 item 7)

For each size it makes a log of N hands (``referee simulate GAME --seed 1 --hands N``, kept in
bench/out/), then measures:

- ``page``: ``referee history --format html`` (one page): seconds and peak RSS of the
  process writing it, its size, and in headless Chromium (tools/browser.py, the tests'
  browser) the time to first render (first contentful paint) and the time until the page is
  loaded and its script has run (the end of the ``load`` event);
- ``split``: ``referee history --split DIR``: the same for the process, the size of
  ``index.html``, of the largest match page and of the average one, and in Chromium the
  index's times and those of the largest match page;
- ``one hand``: the page of one hand (the first match's longest, alone in a log): its size
  and times.

Each browser figure is one run in a fresh tab (the machine is shared; run it twice to see the
spread).  Nothing here is a pass/fail threshold: the targets (issue 28) are under 3 s to open
2,000 hands and under 100 kB for the page of one hand.
"""
from __future__ import annotations

import argparse
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
ROOT = HERE.parent
OUT = HERE / "out"
sys.path.insert(0, str(ROOT))

from tools import browser  # noqa: E402


def make_log(game: str, hands: int) -> Path:
    """The log of ``hands`` hands of random legal play of ``game`` (made once, then reused)."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"viewer-{game}-{hands}.jsonl"
    if not path.exists():
        with open(path, "wb") as f:
            subprocess.run([sys.executable, "-m", "referee", "simulate", game, "--seed", "1",
                            "--hands", str(hands)], stdout=f, check=True, cwd=ROOT)
    return path


def longest_hand(log: Path, out: Path) -> Path:
    """A log of one hand: the ``match`` line of ``log``'s first match and its longest hand (the
    most lines, so the most tricks and steps), written to ``out``."""
    match, best, cur = b"", [], []
    with open(log, "rb") as f:
        for line in f:
            head = line[:40]
            if b'"match"' in head:
                if not match:
                    match = line
                elif match:
                    break
            elif b'"deal"' in head:
                best = max(best, cur, key=len)
                cur = [line]
            elif cur:
                cur.append(line)
    best = max(best, cur, key=len)
    out.write_bytes(match + b"".join(best))
    return out


def run(cmd: list[str], stdout: Path | None, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, peak RSS in MiB) of one process, its output to ``stdout``."""
    t = time.perf_counter()
    with open(stdout or os.devnull, "wb") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, cwd=env["PYTHONPATH"],
                             env=env)
        _, _, ru = os.wait4(p.pid, 0)
    return time.perf_counter() - t, ru.ru_maxrss / 1024


TIMES = """var done = arguments[arguments.length - 1], tries = 0;
(function look() {
  var t = performance.timing, n = t.navigationStart;
  var paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (!paint && tries++ < 40) { setTimeout(look, 50); return; }
  done([paint ? paint.startTime / 1000 : -1, (t.loadEventEnd - n) / 1000]);
})();"""
"""The first contentful paint (waited for up to 2 s: it can come after the load event) and the
end of the load event, in seconds from the start of the navigation."""


def open_in(driver: object, path: Path) -> tuple[float, float]:
    """(first render s, loaded s) of ``path`` opened in ``driver`` (a new document)."""
    from selenium.common.exceptions import TimeoutException
    driver.get("about:blank")  # type: ignore[attr-defined]
    try:
        driver.get(path.as_uri())  # type: ignore[attr-defined]
    except TimeoutException:  # not loaded in the page load timeout
        return -1, float("inf")
    first, loaded = driver.execute_async_script(TIMES)  # type: ignore[attr-defined]
    return first, loaded


def row(what: str, hands: int, secs: float, rss: float, size: int,
        times: tuple[float, float], note: str = "") -> None:
    first, loaded = times
    print(f"{what:<12} {hands:>6} {secs:>7.2f} {rss:>7.1f} {size / 1024:>9,.0f} "
          f"{first:>7.2f} {loaded:>7.2f}  {note}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="thirty-three")
    ap.add_argument("--sizes", nargs="*", type=int, default=[200, 2000])
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="the source tree whose referee writes the pages (another worktree: "
                    "before and after side by side); --split is skipped where it has none")
    ap.add_argument("--analyse", action="store_true",
                    help="make every page with history --analyse (compare a run without)")
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(args.root.resolve()))
    why = browser.missing()
    if why:
        print(f"viewer.py: {why}", file=sys.stderr)
        return 2
    py = sys.executable
    extra = ["--analyse"] if args.analyse else []
    print(f"# referee viewer benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores, {args.game}, the pages of "
          f"{args.root.resolve()}{', with --analyse' if args.analyse else ''}")
    print(f"{'what':<12} {'hands':>6} {'write s':>7} {'RSS MiB':>7} {'size kB':>9} "
          f"{'first s':>7} {'ready s':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        driver = browser.start(os.path.join(tmp, "profile"))
        driver.set_page_load_timeout(120)
        driver.set_script_timeout(10)
        try:
            for size in args.sizes:
                log = make_log(args.game, size)
                page = Path(tmp) / "page.html"
                secs, rss = run([py, "-m", "referee", "history", "--format", "html",
                                 *extra, str(log)], page, env)
                row("page", size, secs, rss, page.stat().st_size, open_in(driver, page))
                split = Path(tmp) / "split"
                shutil.rmtree(split, ignore_errors=True)
                secs, rss = run([py, "-m", "referee", "history", "--split", str(split),
                                 *extra, str(log)], None, env)
                if not (split / "index.html").exists():
                    print(f"{'split':<12} {size:>6}  (no --split in {args.root})")
                    pages = []
                pages = sorted(split.glob("f*-m*.html"), key=lambda p: p.stat().st_size)
                if pages:
                    index = split / "index.html"
                    mean = sum(p.stat().st_size for p in pages) / len(pages)
                    row("split index", size, secs, rss, index.stat().st_size,
                        open_in(driver, index), f"{len(pages)} match pages, "
                        f"{mean / 1024:,.0f} kB each on average")
                    big = pages[-1]
                    row("split match", size, 0, 0, big.stat().st_size, open_in(driver, big),
                        f"the largest match page, {big.name}")
                one = Path(tmp) / "hand.html"
                small = longest_hand(log, Path(tmp) / "hand.jsonl")
                secs, rss = run([py, "-m", "referee", "history", "--format", "html",
                                 *extra, str(small)], one, env)
                row("one hand", 1, secs, rss, one.stat().st_size, open_in(driver, one),
                    "the longest hand of the first match, alone")
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
