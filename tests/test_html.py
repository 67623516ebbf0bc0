"""``history --format html``: valid HTML5 for every example, everything from a log escaped,
``--hand``, and the data the page replays (the API's steps), checked against the logs by hand.

The browser tests (the page stepped in headless Chromium) are in test_viewer_browser.py.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import html5lib
import pytest
from click.testing import CliRunner

import referee
from referee.cli import main
from referee.render.html import clean, script_json

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*/*.jsonl"))


def page(*args: str) -> tuple[int, str]:
    """(exit status, the page) of ``referee history --format html ARGS``."""
    r = CliRunner().invoke(main, ["history", "--format", "html", *args])
    return r.exit_code, r.stdout


def parse(text: str):
    """The page parsed by html5lib's strict parser: any parse error raises."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(text)


def text_of(node) -> str:
    return "".join(node.itertext())


@pytest.mark.parametrize("log", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_is_valid_html5(log):
    status, html = page(str(log.relative_to(ROOT)))
    assert status in (0, 1)  # 1: the disputed examples hold errors, as check says
    doc = parse(html)
    ids = [e.get("id") for e in doc.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "an id is used twice"
    for a in doc.iter("a"):  # every in-page link has its target
        href = a.get("href", "")
        assert not href.startswith("#") or href[1:] in ids, href
    # self-contained: no URL to fetch (stylesheet, script, image, font)
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert "@import" not in html and "url(" not in html
    # one data block per hand shown, each valid JSON
    m = referee.read_file(log)
    blocks = [e for e in doc.iter("script") if e.get("type") == "application/json"]
    assert len(blocks) == sum(len(x.hands) for x in m.matches)
    for b in blocks:
        json.loads(b.text)


def test_disputed_thirty_three_shows_the_revoke_on_its_trick():
    """Hand 2: Cili's 8♠ (line 58) to Bela's A♥ while holding 8♥ is a revoke in trick 6
    (docs/api.md works it out); its finding stands in the trick table right under trick 6."""
    _, html = page("examples/thirty-three/disputed.jsonl")
    doc = parse(html)
    hand = next(e for e in doc.iter("section") if e.get("id") == "f1-m1-h2")
    tricks = next(t for t in hand.iter("table") if t.get("class") == "tricks")
    rows = list(tricks.find("tbody"))
    six = next(i for i, r in enumerate(rows) if text_of(r.find("th")) == "6")
    after = rows[six + 1]
    assert after.get("class") == "finding-row"
    assert "error[revoke]" in text_of(after)
    assert "examples/thirty-three/disputed.jsonl:58" in text_of(after)
    assert "not finished" in text_of(rows[six])  # the hand ended in trick 6
    # the score: Cili −26, nobody else scores (contract value of Nines 18 is 26)
    score = next(t for t in hand.iter("table") if t.get("class") == "score")
    assert [text_of(td) for td in score.iter("td")][-6:] == ["0", "0", "-26", "33", "0", "-26"]



def facts_of(doc, line: int) -> dict[str, str]:
    """The facts list (``dt`` → ``dd`` text) of the first finding at log line ``line``."""
    for div in doc.iter("div"):
        if "finding" not in (div.get("class") or "").split():
            continue
        link = next((a for a in div.iter("a") if a.get("data-line") == str(line)), None)
        dl = div.find("dl")
        if link is not None and dl is not None:
            return {text_of(dt): text_of(dd) for dt, dd in zip(dl.iter("dt"), dl.iter("dd"))}
    raise AssertionError(f"no finding at line {line}")


def test_the_revoke_facts_read_as_a_director_reads_them():
    """Issue 28 item 6: the revoke of examples/thirty-three/disputed.jsonl (line 58): Cili
    played 8♠ to Bela's lead of A♥ holding 8♥; Anna's card at 59 established it; the round
    ends, Cili -26 (CV of Nines 18 is 26), paid by nobody.  Cards are drawn as cards, lines are
    links, the player and the trick are said once, null never shows (``repaired at`` none, the
    payment has no ``by``)."""
    _, html = page("examples/thirty-three/disputed.jsonl")
    doc = parse(html)
    facts = facts_of(doc, 58)
    assert list(facts).count("player") == 1 and list(facts).count("trick") == 1
    assert facts["player"] == "Cili" and facts["trick"] == "6"
    assert facts["consequence"] == "ends round, pays Cili -26"
    assert facts["repaired at"] == "none"
    assert facts["established at"] == "line 59"
    assert facts["penalty"] == "Anna 0, Bela 0, Cili -26"
    hand = next(e for e in doc.iter("section") if e.get("id") == "f1-m1-h2")
    div = next(e for e in hand.iter("div") if e.get("class") == "finding error")
    dds = {text_of(dt): dd for dt, dd in zip(div.iter("dt"), div.iter("dd"))}
    card = dds["card"].find("span")
    assert "card" in card.get("class").split() and "s-s" in card.get("class").split()
    assert text_of(card) == "8♠8 of spades"  # shown 8♠, spoken "8 of spades"
    assert dds["established at"].find("a").get("href") == "#f1-m1-h2-L59"
    body = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    assert "None" not in body and "null" not in body


def test_a_proof_by_a_later_card_names_it_once():
    """examples/thirty-three/play-alone.jsonl: Cili's 8♠ (line 23) is proved a revoke by the
    8♥ she plays at line 26 (G14); its ``proved_by`` reads card, line, how, the line a link."""
    _, html = page("examples/thirty-three/play-alone.jsonl")
    facts = facts_of(parse(html), 23)
    assert facts["proved by"] == "card 8♥8 of hearts, line 26, how played"


HOSTILE = {"Anna": "<script>alert(1)</script>",
           "Bela": "Bela \"the <b>bold</b>\" O'Neil & co",
           "Cili": "Cili\u001b[31m\u0007\u0085\u202e"}


def hostile_log(tmp_path: Path) -> Path:
    """The disputed Thirty-Three log with hostile names, id and note."""
    out = []
    for i, line in enumerate((ROOT / "examples/thirty-three/disputed.jsonl").read_text()
                             .splitlines()):
        for k, v in HOSTILE.items():
            line = line.replace(json.dumps(k), json.dumps(v))
        o = json.loads(line)
        if i == 0:
            o["id"] = "</script><!-- <script>alert(2)</script>"
        if i == 5:
            o["note"] = "</script><script>alert(3)</script>\u0000\u001b]0;x\u0007"
        out.append(json.dumps(o))
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join(out) + "\n")
    return path


def test_everything_from_the_log_is_escaped(tmp_path):
    status, html = page(str(hostile_log(tmp_path)))
    assert status == 1
    doc = parse(html)  # no parse error: control characters never reach the page raw
    # the page's only scripts are the viewer and the hands' JSON: nothing from the log ran
    scripts = list(doc.iter("script"))
    assert [s.get("type") for s in scripts] == [None] + ["application/json"] * 3
    assert not any(e.tag in ("b", "iframe") for e in doc.iter())
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", html)
    body = text_of(doc.find("body"))
    assert "<script>alert(1)</script>" in body  # shown as text
    assert "Bela \"the <b>bold</b>\" O'Neil & co" in body
    assert "Cili\\x1b[31m\\x07\\x85\\u202e" in body  # shown escaped, as in text output
    assert "</script><!-- <script>alert(2)</script>" in body
    assert "</script><script>alert(3)</script>\\x00\\x1b]0;x\\x07" in body
    data = json.loads(scripts[1].text)
    assert data["players"] == [HOSTILE["Anna"], HOSTILE["Bela"],
                               "Cili\\x1b[31m\\x07\\x85\\u202e"]


def test_script_json_and_clean():
    text = script_json({"a": "</script><!--x-->&", "b": "\ud800"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script><!--x-->&", "b": "\ud800"}
    # as text output shows them (referee.text.visible); noncharacters and surrogates too, which
    # HTML does not allow raw
    assert clean("a\x1bb\x00\ud800\ufffe\u202ec") == "a\\x1bb\\x00\\ud800\\ufffe\\u202ec"
    assert clean("Ünïcödé ♥") == "Ünïcödé ♥"


def hands_shown(html: str) -> list[str]:
    return re.findall(r'<section class="hand" id="([^"]+)"', html)


def test_hand_picks_hands_and_ranges():
    log = "examples/thirty-three/disputed.jsonl"
    assert hands_shown(page(log)[1]) == ["f1-m1-h1", "f1-m1-h2", "f1-m1-h3"]
    assert hands_shown(page("--hand", "2", log)[1]) == ["f1-m1-h2"]
    assert hands_shown(page("--hand", "2-3", log)[1]) == ["f1-m1-h2", "f1-m1-h3"]
    assert hands_shown(page("--hand", "1", "--hand", "3", log)[1]) == ["f1-m1-h1", "f1-m1-h3"]
    status, html = page("--hand", "9", log)
    assert hands_shown(html) == [] and "No hand to show" in html
    parse(html)
    # the match's score table still lists every hand
    doc = parse(page("--hand", "2", log)[1])
    score = next(t for t in doc.iter("table") if t.get("class") == "match-score")
    assert [text_of(r.find("th")) for r in score.find("tbody")] == ["1", "2", "3"]


@pytest.mark.parametrize("bad", ["0", "x", "3-1", "2-", "-2"])
def test_hand_rejects_what_is_no_hand(bad):
    r = CliRunner().invoke(main, ["history", "--format", "html", "--hand", bad,
                                  "examples/thirty-three/disputed.jsonl"])
    assert r.exit_code == 2
    assert "--hand" in r.output and "Traceback" not in r.output


def test_a_file_that_cannot_be_read_is_said(tmp_path):
    status, html = page(str(tmp_path / "missing.jsonl"), "examples/sixty-six/timeout.jsonl")
    assert status == 2
    doc = parse(html)
    assert "cannot be read" in text_of(doc.find("body"))
    assert hands_shown(html) == ["f1-m1-h1", "f1-m1-h2"]  # the other file is still shown


# --- the API's steps (what the page replays), worked out from the log by hand --------------

def test_steps_of_the_revoke_hand():
    [m] = referee.read_log("examples/thirty-three/disputed.jsonl", steps=True)
    h = m.hands[1]
    steps = {s.line: s for s in h.steps}
    # one step per line of the hand: the deal (37), 3 calls, the discard, 18 cards (42-59)
    assert [s.line for s in h.steps] == list(range(37, 60))
    assert steps[37].event == "deal" and steps[37].held["Cili"] == (
        "QD", "7D", "AS", "KS", "8S", "10H", "8H", "KC", "JC", "7C")  # §2 order D S H C
    assert steps[38].text == "Bela bids 18 nines" and steps[38].player == "Bela"
    assert steps[41].cards == ("8C", "AC", "AD")  # the discard (canonical text)
    # Bela took the boat 8♣ Q♠ A♣ into 13 cards and laid away 8♣ A♣ A♦: he keeps Q♠
    assert "QS" in steps[41].held["Bela"] and len(steps[41].held["Bela"]) == 10
    # trick 5 (lines 54-56): Bug, Q♦, J♥: Bela's Bug, the only trump of Nines in it, wins
    assert steps[56].winner == "Bela" and steps[56].trick == 5
    assert [p.card for p in steps[56].table] == ["JK", "QD", "JH"]
    # Cili had Q♦ 7♦ A♠ K♠ 8♠ 10♥ 8♥ K♣ J♣ 7♣ and played 7♣ 7♦ 10♥ J♣ Q♦, then 8♠ at 58
    assert steps[58].held["Cili"] == ("AS", "KS", "8H", "KC")
    assert [(p.player, p.card) for p in steps[58].table] == [("Bela", "AH"), ("Cili", "8S")]
    assert steps[58].note == "played quickly"
    # Anna's K♥ at 59 establishes the revoke and is not played: she still holds it
    assert steps[59].cards == ("KH",) and "KH" in steps[59].held["Anna"]
    assert [p.line for p in steps[59].table] == [57, 58]
    assert steps[59].contract == "Nines 18 (CV 26)" and steps[59].declarer == "Bela"


def test_trick_points():
    """Thirty-Three §2: A, 8, Bug 2; K, Q, J 1; 10, 9, 7 nothing.  Sixty-Six: A 11, 10 10,
    K 4, Q 3, J 2, 9 0.  A misère counts tricks (no card points)."""
    [m] = referee.read_log("examples/thirty-three/disputed.jsonl")
    t = m.hands[1].tricks
    assert [x.points for x in t] == [
        0,      # 9♦ 7♣ 7♥
        0,      # 9♠ 7♦ 7♠
        0,      # 9♥ 10♥ 10♠
        2,      # 9♣ J♣ J♦: 1 + 1
        4,      # Bug Q♦ J♥: 2 + 1 + 1
        4]      # A♥ 8♠ (the trick the hand ended in): 2 + 2
    assert all(x.points is None for x in m.hands[2].tricks)  # 18 misère (Low)
    [m] = referee.read_log("examples/sixty-six/match.jsonl")
    assert [x.points for x in m.hands[0].tricks][:3] == [
        2,      # 9♣ J♦: 0 + 2
        3,      # 9♦ Q♣: 0 + 3
        10]     # 10♥ 9♥: 10 + 0


def test_card_name():
    assert referee.api.card_name("thirty-three", "JK") == "Bug"
    assert referee.api.card_name("eighty-three", "JK") == "Joker"
    assert referee.api.card_name("sixty-six", "10H") == "10♥"
    assert referee.api.card_name("sixty-six", "10H", symbols=False) == "10H"
    with pytest.raises(ValueError):
        referee.api.card_name("sixty-six", "7H")  # no seven in Sixty-Six's deck
    with pytest.raises(ValueError):
        referee.api.card_name("chess", "7H")


def test_steps_are_off_by_default():
    [m] = referee.read_log("examples/thirty-three/disputed.jsonl")
    assert all(h.steps == () for h in m.hands)


def test_a_hand_of_many_findings_shows_the_first_and_says_how_many_more(tmp_path, monkeypatch):
    # issue 29 item 9: the page keeps at most FINDINGS findings and STEPS events of a hand.
    # Thirty-Three, A wins the auction (lines 1-5: match, deal, bid, pass, pass); then A, the
    # declarer, calls Kontra n = 30 times (lines 6-35), each an illegal-kontra, not applied
    # (T12); the log ends there: incomplete-hand at line 35 (G5).  Hand 1: 31 findings, steps
    # deal + bid + 2 passes + 30 kontras = 34 events.  With FINDINGS = 5, STEPS = 10: 26 more
    # findings, 24 more events.
    from referee.render.html import HtmlPage
    from tools.thirty_three_logs import MATCH, bid, deal, pas
    monkeypatch.setattr(HtmlPage, "FINDINGS", 5)
    monkeypatch.setattr(HtmlPage, "STEPS", 10)
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C")] + \
        [{"event": "kontra", "player": "A"}] * 30
    log = tmp_path / "kontra.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    status, html = page(str(log))
    assert status == 1
    doc = parse(html)
    text = text_of(doc)
    assert "Findings (31, the first 5 shown)" in text
    assert "… and 26 more findings of this hand, not shown here: see referee check" in text
    assert "… and 24 more events of this hand" in text
    hand = next(e for e in doc.iter("section") if e.get("class") == "hand")
    items = [li for li in hand.iter("li")]
    assert len(items) == 5
    block = next(e for e in doc.iter("script") if e.get("type") == "application/json")
    data = json.loads(block.text)
    assert len(data["steps"]) == 10 and len(data["findings"]) == 5
    # the score table still has the hand, unscored (the findings left out change nothing)
    assert "unscored" in text_of(next(e for e in doc.iter("table")
                                      if e.get("class") == "match-score"))


def test_findings_outside_hands_are_capped_and_counted(tmp_path, monkeypatch):
    # lines 1-5 as above, then 12 bad lines: line 6 voids hand 1 (its one finding), lines 7-17
    # come after its end: 11 findings of the match outside its hands; 4 shown, 7 more.
    from referee.render.html import HtmlPage
    from tools.thirty_three_logs import MATCH, bid, deal, pas
    monkeypatch.setattr(HtmlPage, "FINDINGS", 4)
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C")]
    log = tmp_path / "junk.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events) + "x\n" * 12)
    status, html = page(str(log), str(log))  # the same file twice: ids stay unique
    assert status == 1
    doc = parse(html)
    ids = [e.get("id") for e in doc.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    text = text_of(doc)
    assert text.count("… and 7 more findings of the match outside its hands") == 2
    # the index's summary: each file has 12 findings (hand 1's, then 11 outside the hands),
    # 24 in all, of which the first FINDINGS = 4 are listed
    nav = next(e for e in doc.iter("nav") if e.get("class") == "index")
    assert "Findings (24, the first 4 listed)" in text_of(nav)
    assert "… and 20 more findings, not listed here" in text_of(nav)
    assert len(list(next(e for e in nav.iter("ul") if e.get("class") == "summary"))) == 4


# --- issue 28: the index, the data of the table, --split -----------------------------------

def hand_data(html: str, hid: str) -> dict:
    m = re.search(r'<script type="application/json" class="hand-data" data-for="%s">(.*?)'
                  r"</script>" % re.escape(hid), html, re.S)
    assert m, hid
    return json.loads(m.group(1))


def test_the_index_lists_each_hand_and_each_finding():
    """examples/thirty-three/disputed.jsonl (referee score): hand 1 Cili deals, 20 hearts,
    scored, Anna +33; hand 2 Anna deals, 18 nines, penalty, Cili -26 (the revoke at line 58,
    the file's one finding); hand 3 Bela deals, 18 misère, scored, +3 +7 +17.  Running
    totals, each with the hand's change: 33 0 0, then 33 0 -26, then 36 7 -9 (33+3, 0+7,
    -26+17)."""
    _, html = page("examples/thirty-three/disputed.jsonl")
    doc = parse(html)
    nav = next(e for e in doc.iter("nav") if e.get("class") == "index")
    assert html.index("<nav class=\"index\"") < html.index("<section class=\"hand\"")
    table = next(t for t in nav.iter("table") if t.get("class") == "match-index")
    rows = [[text_of(c) for c in r] for r in table.find("tbody")]
    assert rows == [
        ["1", "Cili", "20 hearts", "scored", "", "33 (+33)", "0 (0)", "0 (0)"],
        ["2", "Anna", "18 nines", "penalty", "1 (1 error)", "33 (0)", "0 (0)", "-26 (-26)"],
        ["3", "Bela", "18 misere", "scored", "", "36 (+3)", "7 (+7)", "-9 (+17)"]]
    assert [a.get("href") for a in table.iter("a")] == ["#f1-m1-h1", "#f1-m1-h2", "#f1-m1-h3"]
    assert [text_of(c) for c in table.find("tfoot").find("tr")][-3:] == ["36", "7", "-9"]
    summary = next(e for e in nav.iter("ul") if e.get("class") == "summary")
    [item] = list(summary)
    assert text_of(item).startswith("examples/thirty-three/disputed.jsonl:58 error[revoke] "
                                    "hand 2: trick 6: Cili played 8♠")
    assert item.find("a").get("href") == "#f1-m1-h2-L58"  # the moment (the script's too)


def test_the_table_data_has_the_tricks_won_and_the_result():
    """Hand 2 of the disputed Thirty-Three log: Bela wins tricks 1 to 5 (card points 0, 0, 0,
    2, 4: 6 in all); trick 6 is not finished.  The last step carries the result: penalty,
    Cili -26, totals 33 0 -26.  Each step names only the holdings it changed: a bid (line 38)
    changes none, Bela's lead at 42 only his."""
    _, html = page("examples/thirty-three/disputed.jsonl")
    d = hand_data(html, "f1-m1-h2")
    steps = {s["l"]: s for s in d["steps"]}
    assert steps[37]["n"] == [0, 0, 0] and set(steps[37]["h"]) == {"Anna", "Bela", "Cili"}
    assert steps[38]["h"] == {} and list(steps[42]["h"]) == ["Bela"]
    assert steps[44]["n"] == [0, 1, 0] and steps[44]["w"] == "Bela"
    assert d["steps"][-1]["n"] == [0, 5, 0] and d["steps"][-1]["q"] == [0, 6, 0]
    assert d["end"] == {"status": "penalty", "change": ["0", "0", "-26"],
                        "total": ["33", "0", "-26"], "summary": d["end"]["summary"]}
    assert "Cili -26" in d["end"]["summary"]
    # Eighty-Three: the sides (Ann & Cat, Bob & Dan: seats 0 and 2, 1 and 3)
    _, html = page("examples/eighty-three/disputed.jsonl")
    assert hand_data(html, "f1-m1-h1")["teams"] == [[0, 2], [1, 3]]


def test_a_record_of_the_play_alone_shows_the_cards_seen_later():
    """examples/thirty-three/play-alone.jsonl: no hand is recorded.  Anna plays 7♥ 7♠ 10♠ J♦
    J♥ K♥ (lines 9-24): at the deal those 6 of her 10 cards are known, 4 never seen.  Cili
    plays 7♣ 7♦ 10♥ J♣ Q♦ 8♠ 8♥ (8-26): 7 known, 3 not.  Bela takes the boat (not recorded)
    and lays away A♦ A♣ 8♣ at line 6: what he plays later may have come from the boat, so
    at the deal none of his 10 is known; from line 6 on, his 9♦ 9♠ 9♥ 9♣ Bug A♥ Q♥
    (7-25) are, 3 not."""
    _, html = page("examples/thirty-three/play-alone.jsonl")
    steps = {s["l"]: s for s in hand_data(html, "f1-m1-h1")["steps"]}
    assert steps[2]["s"] == {"Anna": ["7H", "7S", "10S", "JD", "JH", "KH"],
                             "Cili": ["7C", "7D", "10H", "JC", "QD", "8S", "8H"]}
    assert steps[2]["u"] == {"Anna": 4, "Bela": 10, "Cili": 3}
    assert steps[6]["s"]["Bela"] == ["9D", "9S", "9H", "9C", "JK", "AH", "QH"]
    assert steps[6]["u"]["Bela"] == 3
    assert "Bela" not in steps[5].get("s", {})
    assert steps[7]["s"]["Bela"][0] == "9S"  # the 9♦ is on the table now
    assert "s" not in steps[26]  # every card seen is played: 4, 3 and 3 never seen
    assert steps[26]["u"] == {"Anna": 4, "Bela": 3, "Cili": 3}
    # on the page as written (before the script runs): Anna's 6 later cards, then ? × 4
    doc = parse(html)
    seat = next(e for e in doc.iter("section") if e.get("data-player") == "Anna")
    later = [c for c in seat.iter("span") if "later" in (c.get("class") or "").split()]
    assert len(later) == 6 and "? × 4" in text_of(seat)


def test_split_writes_an_index_and_a_page_per_match(tmp_path):
    """--split DIR: nothing on standard output; DIR/index.html indexes both files' matches
    (links into their pages), and each match page is valid, with its own index, its link up,
    and every in-page link's target."""
    out = tmp_path / "pages"
    r = CliRunner().invoke(main, ["history", "--split", str(out),
                                  "examples/thirty-three/disputed.jsonl",
                                  "examples/sixty-six/timeout.jsonl"])
    assert r.exit_code == 1 and r.stdout == ""
    assert sorted(p.name for p in out.iterdir()) == ["f1-m1.html", "f2-m1.html", "index.html"]
    index = (out / "index.html").read_text()
    doc = parse(index)
    hrefs = [a.get("href") for a in doc.iter("a")]
    assert "f1-m1.html#f1-m1-h2" in hrefs and "f2-m1.html#f2-m1-h1" in hrefs
    assert "f1-m1.html#f1-m1-h2-L58" in hrefs  # the revoke in the findings summary
    assert hands_shown(index) == []
    for name in ("f1-m1.html", "f2-m1.html"):
        text = (out / name).read_text()
        doc = parse(text)
        ids = {e.get("id") for e in doc.iter() if e.get("id")}
        for a in doc.iter("a"):
            href = a.get("href", "")
            assert not href.startswith("#") or href[1:] in ids, (name, href)
        assert "index.html" in [a.get("href") for a in doc.iter("a")]
        assert any(e.get("class") == "index" for e in doc.iter("nav"))
    assert hands_shown((out / "f1-m1.html").read_text()) == ["f1-m1-h1", "f1-m1-h2", "f1-m1-h3"]


def test_split_bounds_the_pages_and_says_what_it_cannot_write(tmp_path, monkeypatch):
    from referee.render.html import HtmlPage
    monkeypatch.setattr(HtmlPage, "PAGES", 1)
    out = tmp_path / "pages"
    r = CliRunner().invoke(main, ["history", "--split", str(out),
                                  "examples/thirty-three/disputed.jsonl",
                                  "examples/sixty-six/timeout.jsonl"])
    assert r.exit_code == 1
    assert sorted(p.name for p in out.iterdir()) == ["f1-m1.html", "index.html"]
    assert hands_shown((out / "index.html").read_text()) == ["f2-m1-h1", "f2-m1-h2"]
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = CliRunner().invoke(main, ["history", "--split", str(blocker / "pages"),
                                  "examples/thirty-three/disputed.jsonl"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"referee: cannot write {blocker / 'pages'}" in r.stderr
    r = CliRunner().invoke(main, ["history", "--format", "text", "--split", str(out),
                                  "examples/thirty-three/disputed.jsonl"])
    assert r.exit_code == 2 and "--split" in r.output


def test_split_pages_escape_everything_from_the_log(tmp_path):
    """The hostile names, id and note of :func:`hostile_log` on the index page and the match
    page of --split: valid HTML5, nothing from the log as markup, the names in the index as
    text, the page names made of numbers only."""
    out = tmp_path / "pages"
    r = CliRunner().invoke(main, ["history", "--split", str(out), str(hostile_log(tmp_path))])
    assert r.exit_code == 1
    assert sorted(p.name for p in out.iterdir()) == ["f1-m1.html", "index.html"]
    for name in ("index.html", "f1-m1.html"):
        text = (out / name).read_text()
        doc = parse(text)
        assert not any(e.tag in ("b", "iframe") for e in doc.iter())
        assert [s.get("type") for s in doc.iter("script")][0] is None
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", text)
        body = text_of(doc.find("body"))
        assert "<script>alert(1)</script>" in body and "</script><!-- <script>alert(2)" in body
