"""Headless Chromium for the HTML hand viewer: the browser tests and the README's screenshots.

Uses Debian's ``chromium`` and ``chromium-driver`` packages (``/usr/bin/chromium``,
``/usr/bin/chromedriver``) through Selenium, with no network and a fresh profile.  Run as a
script it writes the README's screenshots::

    python tools/browser.py docs/img

(a Thirty-Three and an Eighty-Three hand, each at 390 and 1280 pixels wide).
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


def step_of(driver: Any, hand_id: str, line: int) -> int:
    """The index of the step of log line ``line`` in hand ``hand_id``'s replay data."""
    return driver.execute_script(
        "var line = arguments[1]; var d = JSON.parse(document.querySelector("
        "'script[data-for=\"' + arguments[0] + '\"]').textContent);"
        "return d.steps.findIndex(function (s) { return s.l === line; });", hand_id, line)


def screenshot(driver: Any, url: str, hand_id: str, width: int, line: int, out: Path) -> None:
    """Open ``url`` at ``width`` pixels, step hand ``hand_id`` forward to log line ``line``
    with the Forward button and save a PNG of the screen, the hand at its top, to ``out``."""
    from selenium.webdriver.common.by import By

    set_width(driver, width, 844 if width < 800 else 760)
    driver.get(url)
    hand = driver.find_element(By.ID, hand_id)
    forward = hand.find_element(By.CSS_SELECTOR, "[data-go=forward]")
    for _ in range(step_of(driver, hand_id, line)):
        forward.click()
    driver.execute_script("arguments[0].scrollIntoView(true); window.scrollBy(0, -8);", hand)
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
            for game, log, hand_id, steps in shots:
                html = page(Path(log), Path(tmp) / f"{game}.html")
                for width in (390, 1280):
                    out = dest / f"viewer-{game}-{width}.png"
                    screenshot(driver, html.as_uri(), hand_id, width, steps, out)
                    print(out)
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
