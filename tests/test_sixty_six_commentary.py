"""Sixty-Six's commentary (issue 14): the rules core reports facts, ``sixty_six_commentary``
words them.  Every expected message below is written out by hand from the evidence next to it
(card names: ``K♥`` with symbols, ``KH`` without); the logs use deal A of test_sixty_six.py
(Bob deals, Ann leads; clubs are trumps under the turned 9♣; Ann holds A♠ 10♠ A♥ 10♥ K♥ Q♥).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.cards import ALL_CARDS
from referee.commentary import MESSAGES
from referee.games.commentary import commentary_for
from referee.games.sixty_six.rules import DECK, Closed, Drawn, Exchanged, Married, Shown, SixtySix
from referee.games.sixty_six.commentary import COMMENTARY, SAYERS
from tests.conftest import run_log
from tests.test_sixty_six import A, MATCH, close, deal, marriage

ROOT = Path(__file__).resolve().parent.parent
ENGINE = SixtySix(["Ann", "Bob"], None, None)  # wording needs no replay context


def _form(code, rule, evidence, words):
    return pytest.param(code, rule, evidence, words,
                        id=f"{code}:{rule}:{len(evidence)}:{words[:30]}")


FORMS = [
    _form("bad-card", "G7", {"text": "ZZ", "problem": "not-a-card", "game": "sixty-six",
                             "deck_size": 24, "field": "trump_card"},
          "trump_card: 'ZZ' is not a card: Sixty-Six uses 24 cards"),
    _form("bad-event", "G7", {"event": "marriage", "suit": "stars"},
          "marriage: 'stars' is not a suit (clubs, diamonds, hearts, spades)"),
    _form("illegal-lead", "S2", {"player": "Ann", "card": "AS", "suit": "hearts", "trick": 3,
                                 "marriage_line": 9},
          "trick 3: Ann showed the marriage in hearts and then led A♠; the lead after a marriage "
          "must be its king or queen (K♥ or Q♥) (S2); applied as recorded (G2)"),
    # the card of a retract is the log's text, as given (it may name no card of the deck)
    _form("illegal-retract", "SS-R6", {"player": "Bob", "card": "10h", "trick": 2},
          "Bob takes back 10h, the last card of trick 2, after the talon has changed since that "
          "trick (a draw, close or exchange); the deal cannot be followed (SS-R6)"),
    _form("illegal-draw", "SS-R2", {"closed_by": "Ann", "talon": 8, "tricks": 2},
          "a draw, but none is due: the talon is closed; nothing is drawn (SS-R2)"),
    _form("illegal-draw", "SS-R2", {"closed_by": None, "talon": 0, "tricks": 7},
          "a draw, but none is due: the talon is used up; nothing is drawn (SS-R2)"),
    _form("illegal-draw", "SS-R2", {"closed_by": None, "talon": 12, "tricks": 0},
          "a draw, but none is due: no trick has been played yet; nothing is drawn (SS-R2)"),
    _form("illegal-draw", "SS-R2", {"closed_by": None, "talon": 10, "tricks": 1},
          "a draw, but none is due: the draw after this trick has been made already; nothing is "
          "drawn (SS-R2)"),
    _form("illegal-close", "S4", {"player": "Bob", "closed_by": "Ann", "closed_at": 5,
                                  "applied": False},
          "Bob closes the talon, but Ann closed it already at line 5 (S4); ignored"),
    _form("illegal-close", "S4", {"player": "Bob", "talon": 0, "applied": False},
          "Bob closes the talon, but it is used up: there is nothing left to close (S4); ignored"),
    _form("illegal-close", "S4", {"player": "Bob", "on_lead": False, "applied": True,
                                  "trick": 1, "leader": "Ann"},
          "Bob closes the talon, but only the player on lead may close and Ann is on lead (S4); "
          "applied as recorded (G2)"),
    _form("illegal-close", "S4", {"player": "Bob", "on_lead": False, "applied": True,
                                  "trick": 4, "leader": None},
          "Bob closes the talon, but only the player on lead may close and trick 4 is in "
          "progress (S4); applied as recorded (G2)"),
    _form("illegal-exchange", "G3", {"player": "Ann", "card": "9C", "turned_up": None},
          "Ann exchanges the nine of trumps, but the trump card has been drawn; the deal cannot "
          "be followed (G3)"),
    _form("illegal-exchange", "G3", {"player": "Ann", "card": "9C", "turned_up": "9C"},
          "Ann exchanges the nine of trumps, but the nine of trumps is the face-up card already; "
          "the deal cannot be followed (G3)"),
    # closed by Bob: only Bob's opponent, Ann, could have exchanged, right after the close
    _form("illegal-exchange", "S3", {"player": "Bob", "card": "9H", "turned_up": "AH",
                                     "closed_by": "Bob", "on_lead": True, "tricks_won": 1},
          "Bob exchanges 9♥ for A♥: the talon is closed; only Ann could exchange, right after "
          "Bob's close (S3); applied as recorded (G2)"),
    _form("illegal-exchange", "S3", {"player": "Bob", "card": "9H", "turned_up": "AH",
                                     "closed_by": None, "on_lead": False, "tricks_won": 1,
                                     "trick": 2, "leader": "Ann"},
          "Bob exchanges 9♥ for A♥: only the player on lead may exchange, before leading, and "
          "Ann is on lead (S3); applied as recorded (G2)"),
    _form("illegal-exchange", "S3", {"player": "Ann", "card": "9H", "turned_up": "AH",
                                     "closed_by": None, "on_lead": True, "tricks_won": 0},
          "Ann exchanges 9♥ for A♥: Ann has not won a trick yet (S3); applied as recorded (G2)"),
    _form("illegal-marriage", "SS-R1", {"player": "Ann", "suit": "hearts", "closed_by": "Bob",
                                        "talon": 6, "on_lead": True, "shown": [],
                                        "closed_at": 11},
          "Ann shows the marriage in hearts: the talon was closed by Bob at line 11 (S2); it does "
          "not count and demands no lead (S11, SS-R1)"),
    _form("illegal-marriage", "SS-R1", {"player": "Ann", "suit": "hearts", "closed_by": None,
                                        "talon": 0, "on_lead": True, "shown": []},
          "Ann shows the marriage in hearts: the talon is used up (S2); it does not count and "
          "demands no lead (S11, SS-R1)"),
    _form("illegal-marriage", "SS-R1", {"player": "Ann", "suit": "hearts", "closed_by": None,
                                        "talon": 12, "on_lead": False, "shown": [],
                                        "trick": 1, "leader": "Bob"},
          "Ann shows the marriage in hearts: only the player on lead may show one, and Bob is on "
          "lead (S2); it does not count and demands no lead (S11, SS-R1)"),
    _form("illegal-marriage", "SS-R1", {"player": "Ann", "suit": "hearts", "closed_by": None,
                                        "talon": 10, "on_lead": True,
                                        "shown": [{"suit": "spades", "line": 7}],
                                        "pending": "spades"},
          "Ann shows the marriage in hearts: Ann has shown the marriage in spades for this lead "
          "already; one marriage per lead (S2); it does not count and demands no lead (S11, "
          "SS-R1)"),
    _form("illegal-marriage", "SS-R1", {"player": "Ann", "suit": "hearts", "closed_by": None,
                                        "talon": 8, "on_lead": True,
                                        "shown": [{"suit": "hearts", "line": 7}]},
          "Ann shows the marriage in hearts: Ann has shown this marriage already (S2); it does "
          "not count and demands no lead (S11, SS-R1)"),
    _form("illegal-declaration", "S5", {"player": "Bob", "may_declare": "Ann",
                                        "played_out": True},
          "Bob declares out, but a player may declare only right after winning a trick or "
          "showing a marriage, before the next card (the last trick went to Ann) (S5, S10); "
          "ignored"),
    _form("illegal-declaration", "S5", {"player": "Bob", "may_declare": "Ann",
                                        "played_out": False},
          "Bob declares out, but a player may declare only right after winning a trick or "
          "showing a marriage, before the next card (only Ann may declare now) (S5, S10); "
          "ignored"),
    _form("illegal-declaration", "S5", {"player": "Bob", "may_declare": None,
                                        "played_out": False},
          "Bob declares out, but a player may declare only right after winning a trick or "
          "showing a marriage, before the next card (a card has been played since) (S5, S10); "
          "ignored"),
    # shared codes the game reports, worded as every game words them
    _form("unknown-player", "G3", {"players": ["Zed"], "field": "player"},
          "'Zed' is not a player of this match"),
    _form("card-not-held", "G3", {"player": "Ann", "cards": ["9C"], "whereabouts": [
        {"card": "9C", "pile": "trump_card"}], "action": "exchange"},
          "Ann exchanges the nine of trumps (9♣) without holding it; it is the turned-up trump "
          "card"),
    _form("card-not-held", "G3", {"player": "Ann", "cards": ["QS"], "whereabouts": [
        {"card": "QS", "held_by": "Bob"}], "action": "marriage", "suit": "spades"},
          "Ann shows a marriage in spades without holding Q♠; Bob holds it"),
]


@pytest.mark.parametrize("code, rule, evidence, words", FORMS)
def test_each_form_of_each_finding_is_worded_from_its_evidence(code, rule, evidence, words):
    assert commentary_for(ENGINE) is COMMENTARY
    assert COMMENTARY.say(ENGINE, code, rule, evidence) == words


@pytest.mark.parametrize("code, rule, evidence, words", FORMS)
def test_the_words_name_the_cards_of_the_evidence(code, rule, evidence, words):
    # by name (9♥), but the log's own text for a retract (SS-R6), and "the nine of trumps"
    # (the card given, and the face-up card when it is that nine) for an exchange that cannot
    # be followed (G3)
    for key in ("card", "turned_up"):
        text = evidence.get(key)
        if text is None:
            continue
        if rule == "SS-R6":
            assert text in words
        elif (code, rule) == ("illegal-exchange", "G3"):
            assert "the nine of trumps" in words
        else:
            assert DECK.name(DECK.parse(text)) in words
    for text in evidence.get("cards", []):
        assert DECK.name(DECK.parse(text)) in words


def _reports() -> list[tuple[str, str, ast.expr]]:
    """(code, rule, message argument) of every finding call in the rules core's source."""
    tree = ast.parse((ROOT / "referee/games/sixty_six/rules.py").read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("irregular", "void", "report"):
            rule = next(k.value for k in node.keywords if k.arg == "rule")
            assert isinstance(node.args[0], ast.Constant) and isinstance(rule, ast.Constant)
            out.append((node.args[0].value, rule.value, node.args[2]))
    return out


def test_the_rules_core_reports_facts_and_every_code_it_can_report_has_words():
    reports = _reports()
    # every finding call of the engine is seen (the bad-card of an unreadable trump_card is
    # the base's, MatchEngine.turned_up_card, which Sixty-Six calls)
    assert len(reports) >= 15
    worded = {(p.values[0], p.values[1]) for p in FORMS}
    for code, rule, message in reports:
        # no prose in the rules core: the message is left to the commentary
        assert isinstance(message, ast.Constant) and message.value is None, (code, rule)
        # a form of it is worded above, or the shared words apply to it
        assert (code, rule) in worded or code in MESSAGES, (code, rule)
    # every game-only code has its own words
    assert {c for c, _, _ in reports if c not in MESSAGES} - {"bad-card", "bad-event"} \
        <= set(SAYERS)


def _name(c):
    return DECK.name(c, False)


@pytest.mark.parametrize("note, words", [
    (Drawn((("Ann", ALL_CARDS["AS"]), ("Bob", ALL_CARDS["9D"])), False),
     "draw: Ann AS, Bob 9D"),
    (Drawn((("Bob", ALL_CARDS["JD"]), ("Ann", ALL_CARDS["9C"])), True),
     "draw: Bob JD, Ann 9C (the trump card); the talon is used up: follow, head, trump (S1)"),
    (Closed("Ann", 8, False, True),
     "the talon is closed with 8 cards; Ann must reach 66 and declare; Bob has a trick; from "
     "now on follow, head, trump (S1, S4, S6)"),
    (Closed("Bob", 10, True, False),
     "the talon is closed with 10 cards, before the draw: both hands stay a card short; Bob "
     "must reach 66 and declare; Ann has no trick yet; from now on follow, head, trump (S1, S4, "
     "S6)"),
    (Exchanged("Ann", ALL_CARDS["AH"], ALL_CARDS["9H"]),
     "Ann takes AH and lays 9H face up under the stock"),
    (Married("Ann", Shown("H", 40, 5), True, False),
     "the marriage is worth 40 (trumps), counted once Ann has a trick; Ann must lead KH or QH "
     "(S2)"),
    (Married("Bob", Shown("S", 20, 9), False, True),
     "the marriage is worth 20; Bob must lead KS or QS (S2)"),
])
def test_each_note_is_worded_from_its_facts(note, words):
    assert COMMENTARY.note_words(ENGINE, note, _name) == words


def test_a_close_by_the_player_not_on_lead_states_who_is():
    # Line 3: Bob closes at the first lead, Ann's (the non-dealer leads, trick 1): illegal
    # (S4), applied as recorded.
    rec = run_log([MATCH, deal(*A), close("Bob")])
    f = next(f for f in rec.findings if f.code == "illegal-close")
    assert (f.line, f.rule, f.evidence) == (3, "S4", {"player": "Bob", "on_lead": False,
                                                      "applied": True, "trick": 1,
                                                      "leader": "Ann"})
    assert f.message == ("Bob closes the talon, but only the player on lead may close and Ann "
                         "is on lead (S4); applied as recorded (G2)")


def test_a_marriage_after_the_close_names_the_close_line():
    # Line 3: Ann (on lead) closes with the whole talon: 11 in the stock + the trump card = 12.
    # Line 4: her marriage in hearts comes after the close: illegal (SS-R1), not counted.
    rec = run_log([MATCH, deal(*A), close("Ann"), marriage("Ann", "hearts")])
    f = next(f for f in rec.findings if f.code == "illegal-marriage")
    assert (f.line, f.evidence) == (4, {"player": "Ann", "suit": "hearts", "closed_by": "Ann",
                                        "talon": 12, "on_lead": True, "shown": [],
                                        "closed_at": 3})
    assert f.message == ("Ann shows the marriage in hearts: the talon was closed by Ann at "
                         "line 3 (S2); it does not count and demands no lead (S11, SS-R1)")


def test_a_second_marriage_for_one_lead_names_the_first():
    # Line 3: Ann shows hearts (legal: on lead, talon open).  Line 4: hearts again, before
    # leading: both "one marriage per lead" and "shown already" hold; the words name the
    # first the rules check, the marriage already shown for this lead (pending: hearts).
    rec = run_log([MATCH, deal(*A), marriage("Ann", "hearts"), marriage("Ann", "hearts")])
    f = next(f for f in rec.findings if f.code == "illegal-marriage")
    assert (f.line, f.evidence["pending"], f.evidence["shown"]) == (
        4, "hearts", [{"suit": "hearts", "line": 3}])
    assert "Ann has shown the marriage in hearts for this lead already" in f.message


REVOKE = {"player": "Bob", "card": "9S", "led": "AH", "suit": "hearts",
          "trick": 8, "held": ["QH"], "trumps": [], "closed_by": "Ann", "closed_at": 12,
          "established_at": 20, "repaired_at": None, "penalty": {"Ann": 2, "Bob": 0},
          "penalty_rule": ["S1", "S9"],
          "consequence": {"ends": "deal", "pays": [{"player": "Ann", "points": 2, "by": None}]}}
"""Bob played 9♠ to Ann's A♥ at trick 8 holding Q♥, after Ann closed at line 12; a card at
line 20 established it: the deal ends, Ann (Bob's opponent) +2 (S9)."""


def test_a_revoke_is_worded_from_its_evidence():
    assert COMMENTARY.say(ENGINE, "revoke", "S9", REVOKE) == (
        "trick 8: Bob played 9♠ to a lead of A♥ (hearts) while holding Q♥ (hearts); the talon "
        "was closed by Ann at line 12. Rule: Sixty-Six S1 (follow, head the trick, trump when "
        "void) and S9; established at line 20; the deal ends, Ann +2")
    # the talon used up (closed_by None), the revoke repaired by a retract at line 15
    used_up = {**REVOKE, "closed_by": None, "repaired_at": 15, "established_at": None}
    del used_up["closed_at"]
    assert COMMENTARY.say(ENGINE, "revoke", "G4", used_up) == (
        "trick 8: Bob played 9♠ to a lead of A♥ (hearts) while holding Q♥ (hearts); the talon "
        "is used up. Repaired by retract at line 15 (G4)")
    assert COMMENTARY.revoke_summary(ENGINE, REVOKE) == "revoke by Bob: the deal ends, Ann +2"


def test_a_revoke_after_the_close_carries_the_close_in_its_evidence():
    # Deal A, clubs trumps.  Line 3: Ann (on lead) closes; from now on follow, head, trump.
    # Line 4: Ann leads A♥; line 5: Bob, holding J♥ 9♥ (neither beats A♥, so following is
    # the duty), plays 9♠: a revoke (S1).  Line 6: Bob's next card establishes it (G4): the
    # deal ends, Ann +2 (S9).
    rec = run_log([MATCH, deal(*A), close("Ann"), {"event": "play", "player": "Ann", "card": "AH"},
                   {"event": "play", "player": "Bob", "card": "9S"},
                   {"event": "play", "player": "Bob", "card": "9D"}])
    f = next(f for f in rec.findings if f.code == "revoke")
    assert (f.line, f.evidence["closed_by"], f.evidence["closed_at"], f.evidence["held"],
            f.evidence["consequence"], f.evidence["penalty"]) == (
        # S9: the deal ends, the offender's opponent (Ann) scores 2, paid by nobody
        5, "Ann", 3, ["JH", "9H"],
        {"ends": "deal", "pays": [{"player": "Ann", "points": 2, "by": None}]},
        {"Ann": 2, "Bob": 0})
    assert "the talon was closed by Ann at line 3" in f.message
    assert f.message.endswith("; the deal ends, Ann +2")


@pytest.mark.parametrize("reason, words", [
    ("resigned", "Bob resigns in mid-deal; the deal is not scored (S10)"),
    ("timed-out", "Bob runs out of time in mid-deal; the deal is not scored (S10)")])
def test_a_resign_or_timeout_in_mid_deal_is_worded(reason, words):
    assert COMMENTARY.unscored_summary(ENGINE, reason, {"player": "Bob"}) == words


def test_the_deal_passes_to_the_winner():
    assert COMMENTARY.rotation_words(ENGINE) == "to the winner of the previous deal (S8)"


def test_history_leads_each_event_by_its_own_line_and_a_draw_by_none():
    # `referee history examples/sixty-six/disputed.jsonl` (issue 29's trial): the draw after a
    # trick is no log event, so its gutter is blank (under the trick it follows); the event
    # that comes next keeps its own line.  Read by hand from the file: lines 3-4 are trick 1
    # (Ann AS, Bob 9S), line 5 is Ann's close; in hand 2 lines 11-12 are trick 1 (Bob KH,
    # Ann 10C), lines 13-14 trick 2 (Bob 10S, Ann AS).  Before: "    5  draw: Ann K♠, Bob Q♠"
    # with the close's gutter blank, and "   13  draw: ..." over trick 2's 13-14.
    import subprocess
    import sys

    from tests.conftest import ROOT
    p = subprocess.run([sys.executable, "-m", "referee", "history",
                        "examples/sixty-six/disputed.jsonl"], capture_output=True, cwd=ROOT,
                       text=True, encoding="utf-8", timeout=120)
    out = p.stdout.splitlines()
    i = out.index("  3-4  trick  1: Ann A♠*, Bob 9♠  → Ann")
    assert out[i + 1:i + 3] == ["       draw: Ann K♠, Bob Q♠", "    5  Ann closes the talon"]
    j = out.index("11-12  trick  1: Bob K♥*, Ann 10♣  → Bob")
    assert out[j + 1:j + 3] == ["       draw: Bob 9♠, Ann Q♣",
                                "13-14  trick  2: Bob 10♠, Ann A♠*  → Ann"]
    # no draw line anywhere carries a line number
    assert all(x.startswith("       draw: ") for x in out if "draw: " in x)
