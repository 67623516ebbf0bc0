"""``referee history --format html --analyse`` (issue 28 item 7): each card's cost marked, the
best line at each move valued, an Asszorti claim's verdict, and a hand not analysed says why;
without ``--analyse`` nothing changes.  The browser side is in tests/test_viewer_browser.py."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.analysis import Move, cost_mark
from referee.cli import main
from referee.render.html_assets import SCRIPT, page_script
from tests.test_html import EXAMPLES, hand_data, parse, text_of

ROOT = Path(__file__).resolve().parent.parent
MATCH33 = "examples/thirty-three/match.jsonl"
DISPUTED_ASSZORTI = "examples/asszorti/disputed.jsonl"


def page(*args: str) -> tuple[int, str]:
    """(exit status, the page) of ``referee history --format html --analyse ARGS``."""
    r = CliRunner().invoke(main, ["history", "--format", "html", "--analyse", *args])
    return r.exit_code, r.stdout


def by_id(doc, ident: str):
    return next(e for e in doc.iter() if e.get("id") == ident)


def test_the_mark_rule():
    """R36, on values made by hand: a move that cost nothing has no mark; one that cost
    points but left the mover's side above zero is ``?``; one that took it from above zero to
    zero or below is ``??``; for a defender the side's value is the declarer's negated."""
    def mv(player: str, before: float, after: float, cost: float) -> Move:
        return Move(1, 1, 1, player, None, before, after, cost, None, ("Ann",), None)  # type: ignore[arg-type]
    assert cost_mark(mv("Ann", 83, 83, 0)) == ""
    assert cost_mark(mv("Ann", 83, 78, 5)) == "?"        # still +78: a mistake
    assert cost_mark(mv("Ann", 63, -63, 126)) == "??"    # +63 to -63: the contract lost
    assert cost_mark(mv("Ann", 4, 0, 4)) == "??"         # to zero: nothing left
    assert cost_mark(mv("Ann", -10, -20, 10)) == "?"     # it was lost already
    assert cost_mark(mv("Bob", -4, 4, 8)) == "??"        # a defender: +4 for them to -4
    assert cost_mark(mv("Bob", -30, -20, 10)) == "?"     # a defender still ahead


def test_the_thrown_contract_is_marked_at_its_card():
    """examples/thirty-three/match.jsonl hand 4 (``referee history --hand 4``): Bela plays No
    Trump 20 (CV 42), Anna's Kontra.  Before trick 8 (line 135) Bela has 18 card points (the
    boat's A♣ A♥ A♦ laid away, 6, and tricks 1, 2, 4, 5, 6, 7: 1 + 5 + 1 + 0 + 3 + 2) and holds
    Q♠ J♦ 9♦; nobody else holds a diamond (Anna K♠ J♥ J♠, Cili 8♠ 8♥ K♥).  A diamond lead
    wins tricks 8 and 9 and at least 1 + 0 + 4 more points from the discards: made, +42 and
    Anna pays half the CV, 21: +63.  Q♠ loses to Anna's K♠ and Bela, with diamonds only, never
    has the lead again: 18 points, failed, -42 - 21 = -63 (Anna took a trick).  So Q♠ cost
    63 - (-63) = 126 and threw the contract away: ``??``.  Before it (trick 7, lines
    132-134) Bela's K♣ is the last club and his diamonds are the last diamonds: he wins what
    he leads, so +63 whatever anyone plays; after it -63 whatever anyone plays: every other
    move of the last four tricks cost nothing."""
    status, html = page("--hand", "4", MATCH33)
    assert status == 0
    doc = parse(html)
    hid = "f1-m1-h4"
    data = hand_data(html, hid)
    valued = {s["l"]: s["a"] for s in data["steps"] if "a" in s}
    assert sorted(valued) == list(range(132, 144))  # tricks 7-10: 4 tricks left
    assert valued[135]["m"] == "??" and valued[135]["x"] == "126"
    assert valued[135]["v"] == ["+63", "-63"]
    assert all(a["m"] == "" and a["x"] == "0" for ln, a in valued.items() if ln != 135)
    assert all(a["v"] == ["+63", "+63"] for ln, a in valued.items() if ln < 135)
    assert all(a["v"] == ["-63", "-63"] for ln, a in valued.items() if ln > 135)
    # the best line from before Q♠ starts with a diamond of Bela's (the only way to make it)
    first = valued[135]["b"][0]
    assert first[0] == "Bela" and first[1] in ("JD", "9D") and first[2] == 1
    assert data["side"] == ["Bela"]
    # the mark after the card in the tricks table: Bela Q♠ at line 135, and no other mark
    cell = by_id(doc, f"{hid}-L135")
    assert "?? −126" in text_of(cell) and "Q♠" in text_of(cell)
    assert len(re.findall(r'class="cost m\d"', html)) == 2  # the tricks table, the moves table
    # the hand says which moves were valued
    note = next(e for e in doc.iter("p") if e.get("class") == "analysis-note")
    assert "12 moves valued, lines 132-143, from trick 7" in text_of(note)
    assert "1 move cost points" in text_of(note)


def test_the_claim_verdict_and_its_defence():
    """examples/asszorti/disputed.jsonl hand 1 (tests/test_analyse.py derives it): Berta's
    claim at line 30 is not sound, the defenders win trick 10, the defence ends with Anna's
    K♥; hand 2: Anna's claim at line 71 is not sound either (trick 7)."""
    status, html = page(DISPUTED_ASSZORTI)
    assert status == 1  # the log's own findings
    doc = parse(html)
    cl = next(s["cl"] for s in hand_data(html, "f1-m1-h1")["steps"] if "cl" in s)
    assert (cl["p"], cl["s"], cl["k"]) == ("Berta", False, 10)
    assert cl["d"][-1] == ["Anna", "KH", 1]
    verdicts = [text_of(e) for e in doc.iter("p") if "claim-verdict" in (e.get("class") or "")]
    assert len(verdicts) == 2
    assert "Berta's claim is NOT sound: the defenders win trick 10" in verdicts[0]
    assert verdicts[0].rstrip().endswith("Anna K♥king of hearts (A10).")
    assert "Anna's claim is NOT sound: the defenders win trick 7" in verdicts[1]
    notes = [text_of(e) for e in doc.iter("p") if e.get("class") == "analysis-note"]
    assert notes[0] == ("Analysed with perfect play: the claim at line 30 ends the play: it is "
                        "checked against every defence instead (A10).")


@pytest.mark.parametrize("log, why", [
    ("examples/thirty-three/play-alone.jsonl",
     "Not analysed: a holding is not recorded (G14): perfect play needs every card."),
    ("examples/sixty-six/disputed.jsonl",
     "Not analysed: line 7 (revoke) is the hand's first irregularity"),
])
def test_a_hand_not_analysed_says_why(log, why):
    """A record of the play alone leaves a holding out (G14); the disputed Sixty-Six hand's
    revoke is at line 7, its first trick (referee check): no mark in either."""
    status, html = page("--hand", "1", log)
    doc = parse(html)
    notes = [text_of(e) for e in doc.iter("p") if e.get("class") == "analysis-note"]
    assert len(notes) == 1 and notes[0].startswith(why)
    data = hand_data(html, "f1-m1-h1")
    assert not any("a" in s for s in data["steps"])
    assert 'class="cost' not in html.split("<main", 1)[1]


def test_the_revoke_hand_stops_at_its_first_irregularity():
    """examples/thirty-three/disputed.jsonl hand 2: the revoke at line 58 (trick 6, before
    the last four tricks) is its first irregularity: nothing of it is valued."""
    status, html = page("--hand", "2", "examples/thirty-three/disputed.jsonl")
    data = hand_data(html, "f1-m1-h2")
    assert not any("a" in s for s in data["steps"])
    assert "line 58 (revoke) is the hand&#x27;s first irregularity" in html


@pytest.mark.parametrize("log", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_analysed_example_is_valid_html5_and_small(log):
    """Each example's analysed page parses strictly, and one hand's page stays under 100 kB
    (issue 28 item 1)."""
    status, html = page(str(log.relative_to(ROOT)))
    assert status in (0, 1)
    parse(html)
    status, one = page("--hand", "1", str(log.relative_to(ROOT)))
    assert len(one.encode()) < 100_000


def test_without_analyse_nothing_changes():
    """The page's style and script gain the analysis's parts only with --analyse: without it,
    the script is the one it was, and no hand carries an analysis."""
    assert page_script(False) is SCRIPT
    assert page_script(True).startswith(SCRIPT.split("    if (last) { v.stop(); }\n")[0])
    assert page_script(True).count("v.analysis") > 0 and SCRIPT.count("v.analysis") == 0
    r = CliRunner().invoke(main, ["history", "--format", "html", MATCH33])
    assert "analysis-note" not in r.stdout and "ANALYSIS" not in r.stdout
    assert '"a":' not in r.stdout and "cost m" not in r.stdout


def test_analyse_reads_standard_input_and_split(tmp_path):
    """Standard input is copied and read twice: the same page as from the file (but for its
    name); --split with --analyse analyses each match page."""
    with open(ROOT / MATCH33, "rb") as f:
        p = subprocess.run([sys.executable, "-m", "referee", "history", "--format", "html",
                            "--analyse", "--hand", "4", "-"], stdin=f, capture_output=True,
                           cwd=ROOT)
    assert p.returncode == 0, p.stderr
    data = hand_data(p.stdout.decode(), "f1-m1-h4")
    assert [s["a"]["m"] for s in data["steps"] if "a" in s].count("??") == 1
    r = CliRunner().invoke(main, ["history", "--split", str(tmp_path), "--analyse",
                                  DISPUTED_ASSZORTI])
    assert r.exit_code == 1
    text = (tmp_path / "f1-m1.html").read_text(encoding="utf-8")
    assert "Berta's claim is NOT sound" in text and "analysis-note" in text
    assert "analysis-note" not in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_text_history_marks_the_card_in_its_trick():
    """The text form of the same hand (see the thrown contract above): the analysis line
    under the deal and the mark after Bela's Q♠ in trick 8, nothing after any other card;
    without --analyse the trick is as before."""
    r = CliRunner().invoke(main, ["history", "--analyse", "--hand", "4", MATCH33])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert "135-137  trick  8: Bela Q♠?? (cost 126), Cili 8♠, Anna K♠*  → Anna" in lines
    assert sum("?" in x for x in lines if ": trick " in x or "  trick " in x) == 1
    assert any(x.strip().startswith("analysis   Analysed with perfect play by everyone: 12 "
                                    "moves valued, lines 132-143") for x in lines)
    plain = CliRunner().invoke(main, ["history", "--hand", "4", MATCH33]).stdout.splitlines()
    assert "135-137  trick  8: Bela Q♠, Cili 8♠, Anna K♠*  → Anna" in plain
    assert [x for x in lines if "analysis" not in x and "?" not in x] == \
        [x for x in plain if "trick  8" not in x]
    r = CliRunner().invoke(main, ["history", "--analyse", "--ascii", "--hand", "1",
                                  "examples/thirty-three/play-alone.jsonl"])
    assert "analysis   Not analysed: a holding is not recorded (G14)" in r.stdout


def test_text_analyse_needs_files():
    r = CliRunner().invoke(main, ["history", "--analyse", "-"], input="")
    assert r.exit_code == 2 and "--analyse reads each log twice" in r.output
    r = CliRunner().invoke(main, ["history", "--analyse", "--follow", MATCH33])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_the_analysis_escapes_what_comes_from_the_log(tmp_path):
    """The disputed Thirty-Three log with hostile names (tests/test_html.py): the analysis's
    words, best lines and sentence name the players, and nothing of them becomes markup."""
    from tests.test_html import HOSTILE, hostile_log
    status, html = page(str(hostile_log(tmp_path)))
    assert status == 1
    doc = parse(html)
    scripts = list(doc.iter("script"))
    assert [s.get("type") for s in scripts] == [None] + ["application/json"] * 3
    assert not any(e.tag in ("b", "iframe") for e in doc.iter())
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", html)
    data = hand_data(html, "f1-m1-h1")
    valued = [s["a"] for s in data["steps"] if "a" in s]
    assert valued and data["side"] == [HOSTILE["Anna"]]
    assert valued[0]["b"][0][0] == HOSTILE["Anna"]  # her lead, named as the log names her
    table = next(e for e in doc.iter("table") if e.get("class") == "analysed")
    assert HOSTILE["Anna"] in text_of(table)


def test_an_irregularity_before_the_last_tricks_stops_the_hand(tmp_path):
    """tests/repros/66-retract-full.jsonl: A closes the talon (line 3); B's 9♠ to A's A♥
    (line 5) revokes, holding K♥ Q♥, and is taken back (line 6).  That is the hand's first
    irregularity, in trick 1, before the last four tricks: nothing is valued.  The same hand
    without lines 5 and 6 is regular and is valued from trick 3: A then holds A♠ 10♠ A♣ 10♣,
    B K♠ 9♠ K♣ Q♣, and with the talon closed B must follow under A's aces and tens, so B takes
    no trick and A's declaring out is worth 3 game points (S5): +3 before and after every
    move, cost 0."""
    repro = ROOT / "tests/repros/66-retract-full.jsonl"
    status, html = page(str(repro))
    notes = [text_of(e) for e in parse(html).iter("p") if e.get("class") == "analysis-note"]
    assert notes == ["Not analysed: line 5 (revoke) is the hand's first irregularity: the "
                     "hand is not analysed from there (issue 26)."]
    lines = repro.read_text().splitlines()
    clean = tmp_path / "clean.jsonl"
    clean.write_text("\n".join(lines[:4] + lines[6:]) + "\n")
    status, html = page(str(clean))
    valued = [s["a"] for s in hand_data(html, "f1-m1-h1")["steps"] if "a" in s]
    assert len(valued) == 7  # tricks 3, 4, 5 (two cards each) and the declaring out
    assert all(a["v"] == ["+3", "+3"] and a["x"] == "0" and a["m"] == "" for a in valued)
