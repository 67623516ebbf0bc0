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
    """The cards the diagram shows in ``player``'s hand (their shown names), not those marked
    as seen later in the hand."""
    seat = h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{player}"]')
    return [c.get_attribute("textContent") for c in seat.find_elements(
        By.CSS_SELECTOR, ".held .card:not(.back):not(.later) > span[aria-hidden]")]


def later(h, player: str) -> list[str]:
    """The cards of a holding not recorded (G14) shown as seen later in the hand."""
    seat = h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{player}"]')
    return [c.get_attribute("textContent") for c in
            seat.find_elements(By.CSS_SELECTOR, ".held .card.later > span[aria-hidden]")]


def tally(h, player: str) -> str:
    return h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{player}"] .tally').text


def backs(h, player: str) -> list[str]:
    """The face-down chip of cards not recorded (format 1.1, G14) in ``player``'s hand."""
    seat = h.find_element(By.CSS_SELECTOR, f'.seat[data-player="{player}"]')
    return [c.get_attribute("textContent") for c in
            seat.find_elements(By.CSS_SELECTOR, ".held .card.back > span[aria-hidden]")]


def unseen(h, player: str) -> int:
    """How many cards not seen yet :func:`backs` and :func:`later` show together."""
    n = sum(int(b.rsplit(" ", 1)[1]) for b in backs(h, player))
    return n + len(later(h, player))


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
        assert unseen(h, p) == (h0.steps[0].hidden or {}).get(p, 0)
    click(h, "end")
    last = h0.steps[-1]
    for p in m.players:
        assert held(h, p) == [name(c) for c in last.held.get(p, ())]
        assert unseen(h, p) == (last.hidden or {}).get(p, 0)
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


def fragment(driver) -> str:
    return driver.execute_script("return location.hash")


FILE = "examples/thirty-three/disputed.jsonl"


def until(driver, ok, seconds: float = 5) -> None:
    """Wait until ``ok()`` holds (an event the browser delivers later, such as popstate)."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, seconds).until(lambda _: ok())


def test_a_moment_by_address_and_back(driver, pages):
    """Issue 28 item 3: ``#hand-2-line-58`` opens hand 2 of the disputed Thirty-Three log at
    Cili's 8♠ (A♥ led by Bela, the revoke shown); each step and each line link sets the
    address, and the browser's Back and Forward step back and on."""
    url = pages["examples/thirty-three/disputed.jsonl"]
    open_page(driver, url + "#hand-2-line-58")
    h = hand(driver, "f1-m1-h2")
    assert on_table(h) == [("Bela", "A♥", False), ("Cili", "8♠", False)]
    assert "error[revoke]" in h.find_element(By.CSS_SELECTOR, ".step-findings").text
    click(h, "forward")  # Anna's K♥ at 59
    assert fragment(driver) == "#hand-2-line-59"
    h.find_element(By.CSS_SELECTOR, '.tricks a.ln[data-line="44"]').click()  # end of trick 1
    assert fragment(driver) == "#hand-2-line-44"
    assert on_table(h) == [("Bela", "9♦", True), ("Cili", "7♣", False), ("Anna", "7♥", False)]
    press(h, Keys.ARROW_LEFT)  # Cili's 7♣ at 43
    assert fragment(driver) == "#hand-2-line-43"
    # (the browser moves through its history, then tells the page: wait for the page)
    driver.back()
    until(driver, lambda: caption(h).startswith(f"{FILE}:44: "))
    assert fragment(driver) == "#hand-2-line-44" and len(on_table(h)) == 3
    driver.back()
    until(driver, lambda: caption(h).startswith(f"{FILE}:59: "))
    assert fragment(driver) == "#hand-2-line-59" and "not played" in caption(h)
    driver.forward()
    until(driver, lambda: caption(h).startswith(f"{FILE}:44: "))
    assert fragment(driver) == "#hand-2-line-44" and "Bela wins trick 1" in caption(h)
    # a moment of another hand, and the form of the page's line anchors
    driver.get(url + "#f1-m1-h3-L62")
    assert caption(hand(driver, "f1-m1-h3")).startswith(
        "examples/thirty-three/disputed.jsonl:62: ")
    assert errors(driver) == []


HOSTILE_FRAGMENTS = ['#hand-2-line-58"><img src=x onerror="document.title=1">',
                     "#hand-2-line-58%3Cscript%3Edocument.title=2%3C/script%3E",
                     "#<script>document.title=3</script>", "#hand-99-line-1",
                     "#hand-2-line-999999999999999999999", "#hand-0x2", "#hand--2",
                     "#f9-m9-h9-L9", "#__proto__", "#hand-2-line-58\u202e"]


def test_a_bad_or_hostile_address_does_nothing(driver, pages):
    """A fragment the viewer does not read (markup, script, no such hand, too long a
    number) leaves every hand as dealt, runs nothing and puts nothing on the page."""
    url = pages["examples/thirty-three/disputed.jsonl"]
    for bad in HOSTILE_FRAGMENTS:
        driver.get("about:blank")  # a new document each time, not a move within the page
        open_page(driver, url + bad)
        title = driver.title
        assert title.startswith("Hands: "), (bad, title)
        assert driver.find_elements(By.CSS_SELECTOR, "img") == []
        for hid in ("f1-m1-h1", "f1-m1-h2", "f1-m1-h3"):
            assert hand(driver, hid).find_element(By.CSS_SELECTOR, ".viewer") \
                .get_attribute("data-step") is None, bad  # never set up: as dealt
        assert errors(driver) == []


def test_the_end_of_a_hand_and_the_trick_count(driver, pages):
    """Issue 28 item 4, hand 2 of the disputed Thirty-Three log: Bela wins tricks 1 to 5
    (card points 0 + 0 + 0 + 2 + 4 = 6); the hand ends at the revoke: penalty, Cili -26,
    totals Anna 33 (hand 1), Bela 0, Cili -26."""
    open_page(driver, pages["examples/thirty-three/disputed.jsonl"])
    h = hand(driver, "f1-m1-h2")
    # as written, before the script sets the hand up, in its words
    assert tally(h, "Bela") == "0 tricks, 0 card points"
    click(h, "forward", 5)
    click(h, "trick-forward")  # the end of trick 1
    assert tally(h, "Bela") == "1 trick, 0 card points"
    assert tally(h, "Cili") == "0 tricks, 0 card points"
    assert not h.find_element(By.CSS_SELECTOR, ".centre .end").is_displayed()
    click(h, "end")
    end = h.find_element(By.CSS_SELECTOR, ".centre .end")
    assert end.is_displayed() and end.text.startswith("Result (penalty): revoke by Cili")
    assert tally(h, "Bela") == "5 tricks, 6 card points; score 0, total 0"
    assert tally(h, "Cili") == "0 tricks, 0 card points; score -26, total -26"
    assert tally(h, "Anna") == "0 tricks, 0 card points; score 0, total 33"
    click(h, "back")
    assert not end.is_displayed()
    # Eighty-Three counts each side's tricks too: Ann wins tricks 1-3, Bob trick 4 (line 27)
    open_page(driver, pages["examples/eighty-three/disputed.jsonl"] + "#hand-1-line-27")
    h = hand(driver, "f1-m1-h1")
    assert tally(h, "Cat").startswith("0 tricks") and "side 3 tricks" in tally(h, "Cat")
    assert tally(h, "Dan").startswith("0 tricks") and "side 1 trick" in tally(h, "Dan")
    assert tally(h, "Ann").startswith("3 tricks")
    assert errors(driver) == []


def test_seat_view_autoplay_and_the_keys(driver, pages):
    """Issue 28 item 5: in Cili's seat view only her cards are face up (the others one
    face-down chip with their count: at line 58 Anna holds K♦ 8♦ J♠ K♥ Q♣, Bela Q♥ 10♦ Q♠
    10♣ and A♥ on the table); autoplay steps by itself until stopped (P), with no entry in
    the browser's history for each step; ? shows the keys, Esc hides them."""
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait
    open_page(driver, pages["examples/thirty-three/disputed.jsonl"] + "#hand-2-line-58")
    h = hand(driver, "f1-m1-h2")
    Select(h.find_element(By.CSS_SELECTOR, "select[data-view]")).select_by_value("Cili")
    assert held(h, "Cili") == ["A♠", "K♠", "8♥", "K♣"]
    assert held(h, "Anna") == [] and backs(h, "Anna") == ["× 5"]
    assert held(h, "Bela") == [] and backs(h, "Bela") == ["× 4"]
    assert [x[1] for x in on_table(h)] == ["A♥", "8♠"]  # the table is seen by all
    Select(h.find_element(By.CSS_SELECTOR, "select[data-view]")).select_by_value("")
    assert len(held(h, "Anna")) == 5 and backs(h, "Anna") == []
    # autoplay, fast (0.4 s a step), from the deal
    Select(h.find_element(By.CSS_SELECTOR, "select[data-speed]")).select_by_value("400")
    click(h, "start")
    length = driver.execute_script("return history.length")
    viewer = h.find_element(By.CSS_SELECTOR, ".viewer")
    play = h.find_element(By.CSS_SELECTOR, '[data-go="play"]')
    play.click()
    assert play.get_attribute("aria-pressed") == "true" and play.text.endswith("Pause")
    WebDriverWait(driver, 10).until(lambda d: int(viewer.get_attribute("data-step")) >= 2)
    press(h, "p")
    stopped = viewer.get_attribute("data-step")
    assert play.get_attribute("aria-pressed") == "false"
    driver.execute_script("return new Promise(function (r) { setTimeout(r, 900); })")
    assert viewer.get_attribute("data-step") == stopped
    assert driver.execute_script("return history.length") == length
    assert fragment(driver) == "#hand-2-line-%d" % (37 + int(stopped))  # lines 37-59, one each
    # the keys
    keys = driver.find_element(By.ID, "keys")
    assert not keys.is_displayed()
    press(h, "?")
    assert keys.is_displayed() and "play the hand by itself" in keys.text
    keys.send_keys(Keys.ESCAPE)
    assert not keys.is_displayed()
    assert errors(driver) == []


def test_the_index_and_the_record_of_the_play_alone(driver, pages):
    """Issue 28 items 2 and 6: the index's finding link opens its moment (the revoke, line
    58); in the record of the play alone (no hand recorded), Cili's cards seen later are
    drawn at the deal: 7♣ 7♦ 10♥ J♣ Q♦ 8♠ 8♥ (played at 8-26), and ? × 3 for the rest."""
    open_page(driver, pages["examples/thirty-three/disputed.jsonl"])
    driver.find_element(By.CSS_SELECTOR, 'nav.index ul.summary a[href="#f1-m1-h2-L58"]').click()
    h = hand(driver, "f1-m1-h2")
    assert [x[1] for x in on_table(h)] == ["A♥", "8♠"]
    assert fragment(driver) == "#hand-2-line-58"
    driver.find_element(By.CSS_SELECTOR, 'nav.index a[href="#f1-m1-h3"]').click()
    assert caption(hand(driver, "f1-m1-h3")).endswith("as dealt")
    open_page(driver, pages["examples/thirty-three/play-alone.jsonl"])
    h = hand(driver, "f1-m1-h1")
    later_cards = ["7♣", "7♦", "10♥", "J♣", "Q♦", "8♠", "8♥"]
    assert later(h, "Cili") == later_cards and backs(h, "Cili") == ["? × 3"]
    click(h, "forward")  # the script's own drawing of the deal says the same
    click(h, "start")
    assert later(h, "Cili") == later_cards and backs(h, "Cili") == ["? × 3"]
    assert errors(driver) == []


def test_split_pages_open_and_link(driver, tmp_path):
    """--split: the index page links to each match page, at the hand, and a moment of a
    match page is named as in a page of one match (``#hand-2-line-58``)."""
    out = tmp_path / "split"
    subprocess.run([sys.executable, "-m", "referee", "history", "--split", str(out),
                    "examples/thirty-three/disputed.jsonl", "examples/sixty-six/match.jsonl"],
                   cwd=ROOT, check=False)
    open_page(driver, (out / "index.html").as_uri())
    driver.find_element(By.CSS_SELECTOR, 'a[href="f1-m1.html#f1-m1-h2-L58"]').click()
    until(driver, lambda: driver.current_url.endswith("/f1-m1.html#f1-m1-h2-L58")
          and driver.find_elements(By.ID, "f1-m1-h2"))
    h = hand(driver, "f1-m1-h2")
    until(driver, lambda: [x[1] for x in on_table(h)] == ["A♥", "8♠"])
    click(h, "forward")
    assert fragment(driver) == "#hand-2-line-59"
    driver.find_element(By.CSS_SELECTOR, 'p.up a[href="index.html"]').click()
    until(driver, lambda: driver.current_url.endswith("/index.html"))
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


# --- the analysis (issue 28 item 7: history --format html --analyse) -----------------------

@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    """The analysed pages of the examples the tests below read: {log: file URL}."""
    out = tmp_path_factory.mktemp("analysed")
    made = {}
    for log in ("examples/thirty-three/match.jsonl", "examples/asszorti/disputed.jsonl",
                "examples/thirty-three/play-alone.jsonl"):
        html = out / (log.replace("/", "-") + ".html")
        with open(html, "wb") as f:
            subprocess.run([sys.executable, "-m", "referee", "history", "--format", "html",
                            "--analyse", log], stdout=f, cwd=ROOT, check=False)
        made[log] = html.as_uri()
    return made


def marks(h) -> list[tuple[str, str]]:
    """The trick on the table: (player, its mark and cost as shown) for each card marked."""
    return [(p.get_attribute("data-player"),
             p.find_element(By.CSS_SELECTOR, ".cost > span[aria-hidden]")
             .get_attribute("textContent"))
            for p in h.find_elements(By.CSS_SELECTOR, ".centre .play") if
            p.find_elements(By.CSS_SELECTOR, ".cost")]


def shown(e) -> str:
    """What ``e`` shows on the screen: its text without the words for screen readers."""
    return e.parent.execute_script(
        "var c = arguments[0].cloneNode(true);"
        "c.querySelectorAll('.sr').forEach(function (s) { s.remove(); });"
        "return c.textContent;", e)


def analysis_box(h):
    return h.find_element(By.CSS_SELECTOR, ".centre .analysis")


def test_the_costly_card_is_marked_at_its_moment(driver, analysed):
    """examples/thirty-three/match.jsonl hand 4 (tests/test_html_analysis.py works it out):
    Bela's Q♠ at line 135 threw away No Trump 20 with Kontra, +63 to -63: ``??`` and 126;
    the best line from before it leads a diamond.  Every other card of tricks 7-10 cost
    nothing."""
    open_page(driver, analysed["examples/thirty-three/match.jsonl"] + "#hand-4-line-135")
    h = hand(driver, "f1-m1-h4")
    assert marks(h) == [("Bela", "?? \u2212126")]
    box = analysis_box(h)
    assert box.is_displayed()
    assert box.text.startswith("?? cost 126: value for Bela +63 → -63")
    best = box.find_elements(By.CSS_SELECTOR, ".best-line .act")
    assert shown(best[0]) in ("Bela J♦", "Bela 9♦")
    assert len(best) == 9  # tricks 8, 9 and 10: three cards each, to the hand's end
    press(h, Keys.ARROW_RIGHT)  # Cili's 8♠ (136): no cost; Q♠ keeps its mark on the table
    assert marks(h) == [("Bela", "?? \u2212126")]
    assert analysis_box(h).text.startswith("no cost: value for Bela -63 → -63")
    press(h, Keys.ARROW_LEFT, Keys.ARROW_LEFT)  # the end of trick 7 (134): nothing marked
    assert marks(h) == [] and analysis_box(h).text.startswith("no cost: value for Bela +63")
    press(h, Keys.HOME)  # the deal: no move valued, no box
    assert not analysis_box(h).is_displayed()
    assert errors(driver) == []


def test_the_claim_verdict_shows_at_the_claim(driver, analysed):
    """examples/asszorti/disputed.jsonl hand 1: Berta's claim at line 30 is not sound; the
    defence that beats it (tests/test_analyse.py) ends with Anna's K♥ taking trick 10."""
    open_page(driver, analysed["examples/asszorti/disputed.jsonl"] + "#hand-1-line-30")
    h = hand(driver, "f1-m1-h1")
    box = analysis_box(h)
    assert box.is_displayed()
    verdict = box.find_element(By.CSS_SELECTOR, ".verdict")
    assert "unsound" in verdict.get_attribute("class").split()
    assert verdict.text.startswith("Claim check: Berta's claim is NOT sound: the defenders "
                                   "win trick 10 against this play:")
    acts = [shown(a) for a in verdict.find_elements(By.CSS_SELECTOR, ".act")]
    assert acts[0].startswith("Berta ") and acts[-1] == "Anna K♥"
    assert len(acts) == 9  # tricks 8, 9, 10
    press(h, Keys.ARROW_LEFT)  # the step before the claim: nothing to say
    assert not analysis_box(h).is_displayed()
    assert errors(driver) == []


def test_a_hand_not_analysed_has_no_marks(driver, analysed):
    """A record of the play alone (G14): the page says why, and no card is marked."""
    open_page(driver, analysed["examples/thirty-three/play-alone.jsonl"])
    h = hand(driver, "f1-m1-h1")
    assert h.find_element(By.CSS_SELECTOR, ".analysis-note").text.startswith(
        "Not analysed: a holding is not recorded (G14)")
    click(h, "end")
    for _ in range(5):
        assert marks(h) == [] and not analysis_box(h).is_displayed()
        click(h, "back")
    assert errors(driver) == []
