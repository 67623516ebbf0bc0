"""Headless Chromium for the HTML hand viewer: the browser tests and the README's screenshots.

Uses Debian's ``chromium`` and ``chromium-driver`` packages (``/usr/bin/chromium``,
``/usr/bin/chromedriver``) through Selenium, with no network and a fresh profile.  Run as a
script it writes the README's screenshots::

    python tools/browser.py docs/img

(a Thirty-Three and an Eighty-Three hand, each at 390 and 1280 pixels wide, each opened at
its revoke by the address; with ``--analyse``, a Thirty-Three hand at the card that threw the
contract away, at 390 and 1280, and the disputed Asszorti claim at 1280; and the index of a
match of 16 hands at 1280).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", "--disable-extensions", "--hide-scrollbars", "--lang=en-GB")
ROOT = Path(__file__).resolve().parent.parent


def missing() -> str | None:
    """Why the browser cannot run here (None: it can)."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    return None


def start(profile: str, width: int = 1280, height: int = 900) -> Any:
    """A headless Chromium driven by Selenium, with the browser console log kept
    (``driver.get_log("browser")``) and ``profile`` as its fresh user-data directory."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={profile}")
    opts.add_argument(f"--window-size={width},{height}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)


def page(log: Path, out: Path, *args: str) -> Path:
    """Write ``referee history --format html LOG`` (with ``args``) to ``out``; returns it."""
    with open(out, "wb") as f:
        subprocess.run([sys.executable, "-m", "referee", "history", "--format", "html",
                        *args, str(log)], stdout=f, check=False, cwd=ROOT)
    return out


def set_width(driver: Any, width: int, height: int = 900) -> None:
    """Lay pages out ``width`` CSS pixels wide, as a phone (under 500) or a desktop would (a
    desktop window cannot be made that narrow, so the device metrics are emulated)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})


def screenshot(driver: Any, url: str, hand_id: str, width: int, line: int | None,
               out: Path) -> None:
    """Open ``url`` at ``width`` pixels at the moment of log line ``line`` of hand ``hand_id``
    (its address, ``#hand-2-line-58``; None: the top of the page, its index) and save a PNG of
    the screen, the hand at its top, to ``out``."""
    from selenium.webdriver.common.by import By

    set_width(driver, width, 844 if width < 800 else 760)
    driver.get("about:blank")
    if line is None:
        driver.get(url)
    else:
        number = hand_id.rsplit("-h", 1)[1]
        driver.get(f"{url}#hand-{number}-line-{line}")
        hand = driver.find_element(By.ID, hand_id)
        driver.execute_script("arguments[0].scrollIntoView(true); window.scrollBy(0, -8);",
                              hand)
    driver.save_screenshot(str(out))


def main(argv: list[str]) -> int:
    why = missing()
    if why:
        print(f"browser.py: {why}", file=sys.stderr)
        return 2
    dest = Path(argv[0] if argv else "docs/img")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        shots = [("thirty-three", "examples/thirty-three/disputed.jsonl", "f1-m1-h2", 58),
                 ("eighty-three", "examples/eighty-three/disputed.jsonl", "f1-m1-h1", 27)]
        driver = start(os.path.join(tmp, "profile"))
        try:
            for game, log, hand_id, line in shots:
                html = page(Path(log), Path(tmp) / f"{game}.html")
                for width in (390, 1280):
                    out = dest / f"viewer-{game}-{width}.png"
                    screenshot(driver, html.as_uri(), hand_id, width, line, out)
                    print(out)
            # the analysis (--analyse): a costly card, and an unsound claim, at their moments
            for name, log, hand_id, line, widths in (
                    ("analysis-thirty-three", "examples/thirty-three/match.jsonl", "f1-m1-h4",
                     135, (390, 1280)),
                    ("claim-asszorti", "examples/asszorti/disputed.jsonl", "f1-m1-h1", 30,
                     (1280,))):
                html = page(Path(log), Path(tmp) / f"{name}.html", "--analyse")
                for width in widths:
                    out = dest / f"viewer-{name}-{width}.png"
                    screenshot(driver, html.as_uri(), hand_id, width, line, out)
                    print(out)
            # the index at the top of the page of a match of 16 hands
            html = page(Path("examples/thirty-three/match.jsonl"), Path(tmp) / "match.html")
            out = dest / "viewer-index-1280.png"
            screenshot(driver, html.as_uri(), "", 1280, None, out)
            print(out)
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
