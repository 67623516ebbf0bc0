"""The HTML hand viewer in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by Selenium opens each example's page from disk, steps through a
hand with the buttons and the arrow keys, and checks what the table shows, with no JavaScript
error in the console.  One browser for the whole module.

Locally the tests are skipped when the browser is not installed; in CI (``CI=true``) they
fail instead (``.ci/run`` installs it).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from tools import browser

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*/*.jsonl"))

_missing = browser.missing()
if _missing and os.environ.get("CI", "").lower() == "true":
    raise RuntimeError(f"the browser tests must run in CI: {_missing}")
pytestmark = pytest.mark.skipif(_missing is not None, reason=f"no browser: {_missing}")

if _missing is None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    d = browser.start(str(tmp_path_factory.mktemp("chromium-profile")))
    yield d
    d.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Each example's page, written once: {example path relative to the root: file URL}."""
    out = tmp_path_factory.mktemp("pages")
    made = {}
    for log in EXAMPLES:
        rel = log.relative_to(ROOT)
        html = out / f"{log.parent.name}-{log.stem}.html"
        with open(html, "wb") as f:
            subprocess.run([sys.executable, "-m", "referee", "history", "--format", "html",
                            str(rel)], stdout=f, cwd=ROOT, check=False)
        made[str(rel)] = html.as_uri()
    return made


def errors(driver) -> list[dict]:
    """The browser console's errors since the last call (a JavaScript error is SEVERE)."""
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def open_page(driver, url: str) -> None:
    browser.set_width(driver, 1280)
    driver.get(url)
    assert errors(driver) == []


def hand(driver, hid: str):
    return driver.find_element(By.ID, hid)


def held(h, player: str) -> list[str]:
    """The cards the diagram shows in ``player``'s hand (their shown names)."""
    seat = h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{player}"]')
    return [c.get_attribute("textContent") for c in
            seat.find_elements(By.CSS_SELECTOR, ".held .card:not(.back) > span[aria-hidden]")]


def backs(h, player: str) -> list[str]:
    """The face-down chip of cards not recorded (format 1.1, G14) in ``player``'s hand."""
    seat = h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{player}"]')
    return [c.get_attribute("textContent") for c in
            seat.find_elements(By.CSS_SELECTOR, ".held .card.back > span[aria-hidden]")]


def hidden(step, player: str) -> list[str]:
    """What :func:`backs` must show at ``step``: one chip with the count, or nothing."""
    n = (step.hidden or {}).get(player, 0)
    return [f"? × {n}"] if n else []


def on_table(h) -> list[tuple[str, str, bool]]:
    """The trick on the table: (player, card shown, whether it is marked as the winner)."""
    out = []
    for p in h.find_elements(By.CSS_SELECTOR, ".centre .play"):
        card = p.find_element(By.CSS_SELECTOR, ".card > span[aria-hidden]")
        out.append((p.get_attribute("data-player"), card.get_attribute("textContent"),
                    "won" in p.get_attribute("class").split()))
    return out


def caption(h) -> str:
    return h.find_element(By.CSS_SELECTOR, ".centre .caption").text


def press(h, *keys: str) -> None:
    table = h.find_element(By.CSS_SELECTOR, ".table")
    for k in keys:
        table.send_keys(k)


def click(h, go: str, times: int = 1) -> None:
    b = h.find_element(By.CSS_SELECTOR, f'[data-go="{go}"]')
    for _ in range(times):
        b.click()


@pytest.mark.parametrize("log", [str(p.relative_to(ROOT)) for p in EXAMPLES])
def test_every_example_steps_through_its_first_hand(driver, pages, log):
    """Every example: the controls appear, the first hand starts as dealt and its last step
    shows what the hand ended with, by the buttons and by the keys, with no console error.
    What each step must show is the API's data (the page's source), read independently."""
    open_page(driver, pages[log])
    [m, *_] = referee.read_file(ROOT / log, name=log, steps=True).matches
    h0 = m.hands[0]
    h = hand(driver, "f1-m1-h1")
    assert h.find_element(By.CSS_SELECTOR, ".controls").is_displayed()
    name = lambda c: referee.api.card_name(m.game, c)  # noqa: E731
    for p in m.players:
        assert held(h, p) == [name(c) for c in h0.steps[0].held.get(p, ())]
        assert backs(h, p) == hidden(h0.steps[0], p)
    click(h, "end")
    last = h0.steps[-1]
    for p in m.players:
        assert held(h, p) == [name(c) for c in last.held.get(p, ())]
        assert backs(h, p) == hidden(last, p)
    assert [(x[0], x[1]) for x in on_table(h)] == [(p.player, name(p.card)) for p in last.table]
    assert caption(h).startswith(f"{m.file}:{last.line}: ")
    press(h, Keys.HOME)
    assert caption(h).startswith(f"{m.file}:{h0.steps[0].line}: as dealt")
    press(h, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert caption(h).startswith(f"{m.file}:{h0.steps[1].line}: ")
    assert errors(driver) == []


def test_thirty_three_revoke_hand(driver, pages):
    """examples/thirty-three/disputed.jsonl hand 2 (lines 37-59), worked out from the log:
    Bela plays 18 Nines (the nines and the Bug are trumps, the Bug lowest)."""
    open_page(driver, pages["examples/thirty-three/disputed.jsonl"])
    h = hand(driver, "f1-m1-h2")
    # as dealt: Cili holds Q♦ 7♦ A♠ K♠ 8♠ 10♥ 8♥ K♣ J♣ 7♣ (sorted ♦ ♠ ♥ ♣, A 10 K Q J 9 8 7)
    assert held(h, "Cili") == ["Q♦", "7♦", "A♠", "K♠", "8♠", "10♥", "8♥", "K♣", "J♣", "7♣"]
    assert on_table(h) == []
    # the dealer (Anna) and the declarer (Bela) are marked, in words too
    assert "dealer" in h.find_element(By.CSS_SELECTOR, '.seat[data-player="Anna"] .name') \
        .get_attribute("textContent")
    assert "declarer" in h.find_element(By.CSS_SELECTOR, '.seat[data-player="Bela"] .name') \
        .get_attribute("textContent")
    # 3 calls (38-40) and the discard (41), then Bela leads 9♦ (42): forward 5 times
    click(h, "forward", 5)
    assert on_table(h) == [("Bela", "9♦", False)]
    assert "9♦" not in held(h, "Bela")
    # trick by trick: the end of trick 1 (44): 9♦ 7♣ 7♥, Bela's nine of trumps wins
    click(h, "trick-forward")
    assert on_table(h) == [("Bela", "9♦", True), ("Cili", "7♣", False), ("Anna", "7♥", False)]
    assert "Bela wins trick 1" in caption(h)
    # arrow down: to the end of trick 2 (47), then 3, 4, 5; trick 5 is Bug Q♦ J♥: the Bug,
    # the only trump in it, wins
    press(h, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert on_table(h) == [("Bela", "Bug", True), ("Cili", "Q♦", False), ("Anna", "J♥", False)]
    # Bela leads A♥ (57); Cili plays 8♠ (58) though she holds 8♥: the revoke is shown
    press(h, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert on_table(h) == [("Bela", "A♥", False), ("Cili", "8♠", False)]
    assert held(h, "Cili") == ["A♠", "K♠", "8♥", "K♣"]
    shown = h.find_element(By.CSS_SELECTOR, ".step-findings").text
    assert "error[revoke]" in shown and "disputed.jsonl:58" in shown and "8♥" in shown
    # Anna's K♥ (59) establishes it and is not played: she keeps it, the trick stays
    press(h, Keys.ARROW_RIGHT)
    assert "not played" in caption(h)
    assert "K♥" in held(h, "Anna")
    assert [x[1] for x in on_table(h)] == ["A♥", "8♠"]
    assert h.find_element(By.CSS_SELECTOR, '[data-go="forward"]').get_attribute("disabled")
    # back by trick to the end of trick 5, back to the start
    press(h, Keys.ARROW_UP)
    assert [x[1] for x in on_table(h)] == ["Bug", "Q♦", "J♥"]
    click(h, "start")
    assert len(held(h, "Bela")) == 10 and on_table(h) == []
    # a FILE:LINE link puts the table at its line: Cili's 8♠ in the trick table
    h.find_element(By.CSS_SELECTOR, '.tricks a.ln[data-line="58"]').click()
    assert [x[1] for x in on_table(h)] == ["A♥", "8♠"]
    assert errors(driver) == []


def test_eighty_three_partners_and_revoke(driver, pages):
    """examples/eighty-three/disputed.jsonl hand 1: Ann (declarer, 60 in hearts) and Cat sit
    opposite, Bob and Dan opposite; in trick 4 (lines 24-27) Bob's 5♦, the off-five (a trump
    with hearts trumps), wins the club lead, and Dan's A♦ while holding 2♣ is a revoke."""
    open_page(driver, pages["examples/eighty-three/disputed.jsonl"])
    h = hand(driver, "f1-m1-h1")
    place = {p: h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{p}"]')
             .get_attribute("class").split()[1] for p in ("Ann", "Bob", "Cat", "Dan")}
    assert place == {"Ann": "south", "Bob": "west", "Cat": "north", "Dan": "east"}
    for _ in range(40):  # forward to Dan's card of line 27
        if caption(h).startswith("examples/eighty-three/disputed.jsonl:27:"):
            break
        click(h, "forward")
    assert on_table(h) == [("Ann", "A♣", False), ("Bob", "5♦", True), ("Cat", "K♣", False),
                           ("Dan", "A♦", False)]
    assert "Bob wins trick 4" in caption(h)
    assert "error[revoke]" in h.find_element(By.CSS_SELECTOR, ".step-findings").text
    assert "2♣" in held(h, "Dan")
    assert errors(driver) == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_page_fits_phone_and_desktop(driver, pages, width, tmp_path):
    """No sideways scrolling of the page at a phone's and a desktop's width (wide tables
    scroll in their own box), and a screenshot can be taken of both games."""
    for log in ("examples/thirty-three/disputed.jsonl", "examples/eighty-three/disputed.jsonl"):
        browser.set_width(driver, width)
        driver.get(pages[log])
        inner = driver.execute_script("return document.documentElement.clientWidth")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= inner, (log, width, scroll, inner)
        shot = tmp_path / f"{width}.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 1000
    browser.set_width(driver, 1280)
    assert errors(driver) == []


def test_without_javascript_the_tables_are_there(driver, pages):
    """The controls are hidden until the script runs; the static tables need no script."""
    import html5lib
    from urllib.request import url2pathname
    path = url2pathname(pages["examples/sixty-six/match.jsonl"][len("file://"):])
    doc = html5lib.parse(Path(path).read_text(), namespaceHTMLElements=False)
    controls = [e for e in doc.iter("div") if e.get("class") == "controls"]
    assert controls and all(e.get("hidden") is not None for e in controls)
    classes = {e.get("class") for e in doc.iter("table")}
    assert {"tricks", "pile", "events", "score", "match-score"} <= classes


def test_a_javascript_error_would_be_seen(driver, tmp_path):
    """The console check can fail: a page whose script throws shows up in errors()."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><title>x</title><script>null.x();</script>")
    driver.get(bad.as_uri())
    found = errors(driver)
    assert found and "TypeError" in found[0]["message"]
