"""What a new user reads (issue 13, items 11-15): actions said as a person would say them,
the joker's name, tricks as they happened, what a card not held was, and JSON on both streams."""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cards import JOKER
from referee.cli import main
from referee.games.eighty_three import DECK as DECK_83
from referee.games.thirty_three import DECK as DECK_33

from .conftest import ROOT

EX = ROOT / "examples"


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                                              catch_exceptions=False)


# --- item 12: the joker has its game's name in every mode -----------------------------------

def test_joker_is_named_bug_or_joker_with_and_without_symbols():
    # FORMAT.md, "Cards": readable output names the joker Bug (Thirty-Three) or Joker; `JK` is
    # only the log's notation, so --ascii (letters for suits) keeps the name.
    assert DECK_33.name(JOKER, True) == DECK_33.name(JOKER, False) == "Bug"
    assert DECK_83.name(JOKER, True) == DECK_83.name(JOKER, False) == "Joker"


def test_ascii_history_names_the_bug_and_the_joker():
    # examples/thirty-three/match.jsonl line 2 deals the Bug (JK) to a player; the Eighty-Three
    # example deals the joker to Bob in hand 1 and Bob plays it to trick 2.
    out33 = invoke("history", "--ascii", EX / "thirty-three" / "match.jsonl").stdout
    out83 = invoke("history", "--ascii", EX / "eighty-three" / "match.jsonl").stdout
    assert "JK" not in out33 and "JK" not in out83
    assert " Bug" in out33
    assert "Bob JK" not in out83 and "Bob Joker, Cat 6H" in out83


# --- item 15: score --format json speaks JSON on both streams -------------------------------

def test_score_json_writes_findings_as_json_lines_on_standard_error():
    # The same finding objects as `check --format json` (FORMAT.md), on standard error; the
    # match objects stay on standard output.
    log = EX / "thirty-three" / "disputed.jsonl"
    checked = invoke("check", "--format", "json", log)
    scored = invoke("score", "--format", "json", log)
    assert scored.exit_code == checked.exit_code == 1
    found = [json.loads(x) for x in scored.stderr.splitlines()]
    assert found == [json.loads(x) for x in checked.stdout.splitlines()]
    assert found and found[0]["code"] == "revoke" and found[0]["line"] == 58
    assert all("hands" in json.loads(x) for x in scored.stdout.splitlines())
    # the text form is unchanged
    text = invoke("score", log).stderr
    assert text.startswith(f"{log}:58: error[revoke]: trick 6: Cili played 8♠")


def test_score_json_with_jobs_writes_findings_as_json_lines_too():
    logs = [EX / "thirty-three" / "disputed.jsonl", EX / "sixty-six" / "disputed.jsonl"]
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-m", "referee", "score", "--format", "json",
                        "--jobs", "2", *map(str, logs)], capture_output=True, text=True, cwd=ROOT)
    q = subprocess.run([sys.executable, "-m", "referee", "check", "--format", "json",
                        *map(str, logs)], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1
    assert [json.loads(x) for x in p.stderr.splitlines()] == \
        [json.loads(x) for x in q.stdout.splitlines()]


def test_score_standings_object_says_what_it_is():
    # Two Thirty-Three matches: match.jsonl (finished, Cili wins) and disputed.jsonl.  The last
    # line is the standings object, marked "kind": "standings" so that jq can pick it out; the
    # match objects carry no "kind".
    logs = [EX / "thirty-three" / "match.jsonl", EX / "thirty-three" / "disputed.jsonl"]
    r = invoke("score", "--standings", "--format", "json", *logs)
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o.get("kind") for o in objs] == [None, None, "standings"]
    last = objs[-1]
    assert list(last) == ["kind", "standings", "matches"] and last["matches"] == 2
    assert set(last["standings"][0]) == {"game", "player", "matches", "finished", "won",
                                         "points"}


# --- item 14: a card not held says where the card is ----------------------------------------

def _example(game: str, name: str) -> list[dict]:
    return [json.loads(x) for x in (EX / game / name).read_text().splitlines() if x.strip()]


def _not_held(log: list[dict]) -> list[tuple[int, str]]:
    from .conftest import run_log
    return [(f.line, f.message) for f in run_log(log).findings if f.code == "card-not-held"]


def test_thirty_three_a_duplicated_play_says_where_it_was_played():
    # examples/thirty-three/match.jsonl: line 8 is Bela's 7♣ to trick 1 (lines 7-9).  The same
    # line again as line 9: Bela no longer holds 7♣, because she played it at line 8.
    log = _example("thirty-three", "match.jsonl")
    log.insert(8, dict(log[7]))
    [(line, msg)] = _not_held(log)
    assert line == 9
    assert msg.startswith("Bela plays 7♣, a card not held: Bela already played it to trick 1 "
                          "at line 8 (holding ")


def test_thirty_three_a_card_of_another_player_says_who_holds_it():
    # line 8 becomes Bela playing 7♥, a card dealt to Cili (line 2) and not played yet.
    log = _example("thirty-three", "match.jsonl")
    log[7] = {"event": "play", "player": "Bela", "card": "7H"}
    [(line, msg)] = _not_held(log)
    assert line == 8 and msg.startswith("Bela plays 7♥, a card not held: Cili holds it (holding ")


def test_thirty_three_discard_and_draw_say_who_holds_the_card():
    # line 6: Anna (hearts 20, boat K♦ 8♣ 8♦) lays away J♠, a card dealt to Cili.
    log = _example("thirty-three", "match.jsonl")
    log[5] = {"event": "discard", "player": "Anna", "cards": ["8C", "8D", "JS"]}
    assert _not_held(log) == [(6, "Anna discards J♠, not held (nor in the boat); Cili holds it; "
                                  "the hand is not scored and the rest of it is skipped (G3)")]
    # Null+2 (tests/test_thirty_three.py's deal): A draws 8♠ and A♥; the boat is 8♠ 7♠ 7♣ and
    # B was dealt A♥.
    from .conftest import run_log
    from .test_thirty_three import MATCH, bid, deal, pas
    rec = run_log([MATCH, deal(), bid("A", "misere", 22), pas("B"), pas("C"),
                   {"event": "draw", "player": "A", "cards": ["8S", "AH"]}])
    assert rec.findings[0].message.startswith(
        "A draws 8♠ A♥, but the boat holds 8♠ 7♠ 7♣ (T11); B holds A♥;")


def test_asszorti_discard_and_duplicate_play_say_where_the_card_is():
    # examples/asszorti/worked-hand.jsonl: contract 1 (line 10), Berta takes the top talon card
    # and lays away one (line 11).  A♣ was dealt to Csaba.
    log = _example("asszorti", "worked-hand.jsonl")
    top = log[1]["talon"][0]
    log[10] = {"event": "discard", "player": "Berta", "cards": ["AC"]}
    [(line, msg)] = _not_held(log)
    assert line == 11 and msg.startswith(
        f"Berta discards A♣, not held (the top 1 of the talon are {top[:-1]}"
        f"{dict(C='♣', D='♦', H='♥', S='♠')[top[-1]]}); Csaba holds it")
    # lines 13-15 are trick 1: Anna A♠, Berta 7♠, Csaba Q♠; Berta's line again as line 15.
    log = _example("asszorti", "worked-hand.jsonl")
    log.insert(14, dict(log[13]))
    [(line, msg)] = _not_held(log)
    assert line == 15 and msg.startswith(
        "Berta plays 7♠, a card not held: Berta already played it to trick 1 at line 14")


def test_sixty_six_play_and_marriage_say_where_the_card_is():
    # examples/sixty-six/match.jsonl: Ann leads 9♣ at line 3 (trick 1); Bob is to play.
    log = _example("sixty-six", "match.jsonl")
    dup = log[:3] + [dict(log[2])]
    assert _not_held(dup)[0][1].startswith(
        "Ann plays 9♣, a card not held: Ann already played it to trick 1 at line 3")
    for card, where in [("9D", "Ann holds it"),                   # dealt to Ann
                        ("JS", "it is still in the stock"),       # the stock's top card
                        ("AC", "it is the turned-up trump card")]:  # the trump card
        log2 = log[:3] + [{"event": "play", "player": "Bob", "card": card}]
        [(line, msg)] = _not_held(log2)
        assert line == 4 and f", a card not held: {where} (holding " in msg
    # Ann, on lead at line 3, shows hearts: she holds K♥, and Q♥ was dealt to Bob.
    log3 = log[:2] + [{"event": "marriage", "player": "Ann", "suit": "hearts"}]
    assert _not_held(log3)[0][1].startswith(
        "Ann shows a marriage in hearts without holding Q♥; Bob holds it")


def test_eighty_three_discard_and_give_say_where_the_card_is():
    # examples/eighty-three/match.jsonl hand 1: Bob lays away 6♣ 5♣ 4♣ 3♣ J♦ 10♦ at line 11.
    log = _example("eighty-three", "match.jsonl")
    log[10] = {"event": "discard", "player": "Bob",
               "cards": ["6C", "5C", "4C", "3C", "JD", "AH"]}          # A♥ was dealt to Ann
    assert _not_held(log)[0][:2] == (11, "Bob does not hold A♥; Ann holds it; the hand is not "
                                         "scored and the rest of it is skipped (G3)")
    # two cards: A♥ (Ann's) and 7♠, a kitty card that Ann took and laid away at line 10
    log[10] = {"event": "discard", "player": "Bob",
               "cards": ["6C", "5C", "4C", "3C", "AH", "7S"]}
    assert _not_held(log)[0][1].startswith("Bob does not hold A♥ 7♠; Ann holds A♥; "
                                           "Ann laid 7♠ away; the hand is not scored")
    log = _example("eighty-three", "match.jsonl")
    log[11] = {"event": "discard", "player": "Cat",                   # 6♣: Bob's, laid away
               "cards": ["9D", "8D", "7D", "6D", "4D", "6C"]}
    assert _not_held(log)[0][1].startswith("Cat does not hold 6♣; Bob laid it away")
    # hand 2, line 45: Ann gives 9♠ to Cat; K♠ instead, which Dan was dealt (line 39).
    log = _example("eighty-three", "match.jsonl")
    log[44] = {"event": "give", "player": "Ann", "to": "Cat", "cards": ["KS"]}
    assert _not_held(log)[0][:2] == (45, "Ann does not hold K♠; Dan holds it; the hand is not "
                                         "scored and the rest of it is skipped (G3)")
    # lines 14-17 are trick 1 of hand 1 (Ann A♥ first); Ann's line again as line 15.
    log = _example("eighty-three", "match.jsonl")
    log.insert(14, dict(log[13]))
    assert _not_held(log)[0][:2] == (15, "Ann plays A♥, a card not held: Ann already played it "
                                         "to trick 1 at line 14 (holding K♥ Q♥ J♥ A♣ A♠); the "
                                         "hand is not scored and the rest of it is skipped (G3)")
