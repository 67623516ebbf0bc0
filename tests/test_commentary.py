"""The commentary base (referee/games/commentary.py) words the facts the rules core records: a
revoke's message from its evidence alone, with the game's hooks (issue 14 item 1)."""
from __future__ import annotations

from typing import Any, Mapping

from referee.games.commentary import Commentary
from referee.games.sixty_six.rules import SixtySix


class _Quiet:
    """A stand-in engine: the commentary reads only its deck."""

    DECK = SixtySix.DECK


# A Sixty-Six revoke as the rules core records it: Ann played 9♣ to Bob's lead of A♥ at trick 7,
# holding K♥ (hearts) and Q♠ among the trumps (spades).
REVOKE: dict[str, Any] = {"player": "Ann", "card": "9C", "led": "AH", "suit": "hearts",
                          "trick": 7, "held": ["KH"], "trumps": ["QS"]}
START = ("trick 7: Ann played 9♣ to a lead of A♥ (hearts) while holding K♥ (hearts) and "
         "holding trumps Q♠")


def test_an_open_revoke_is_its_cards_alone():
    assert Commentary().revoke_words(_Quiet(), REVOKE) == START  # type: ignore[arg-type]


def test_a_repaired_revoke_names_the_retract_line():
    e = {**REVOKE, "established_at": None, "repaired_at": 31}
    assert Commentary().revoke_words(_Quiet(), e) == (  # type: ignore[arg-type]
        START + ". Repaired by retract at line 31 (G4)")


def test_an_established_revoke_says_rule_line_and_consequence():
    # The consequence is data (format 1.2): the deal ends, Bob is paid 3 by nobody; without a
    # game's own words the base says what ends, then each payment; the rule ids are joined.
    e = {**REVOKE, "established_at": 32, "repaired_at": None, "penalty": {"Ann": 0, "Bob": 3},
         "penalty_rule": ["S1", "S9"],
         "consequence": {"ends": "deal", "pays": [{"player": "Bob", "points": 3, "by": None}]}}
    assert Commentary().revoke_words(_Quiet(), e) == (  # type: ignore[arg-type]
        START + ". Rule: S1, S9; established at line 32; the deal ends; Bob +3")


def test_a_revoke_established_when_the_record_stops_says_where():
    e = {**REVOKE, "established_at": None, "repaired_at": None, "penalty": {},
         "penalty_rule": ["S9"], "consequence": {"ends": "hand", "pays": []},
         "established_by": "record-stops", "stopped_after": 40,
         "stop": {"event": "deal", "line": 41}}
    assert Commentary().revoke_words(_Quiet(), e).endswith(  # type: ignore[arg-type]
        ". Rule: S9; established when the record of the hand stopped after line 40 "
        "(the next `deal` comes at line 41, G11); the hand ends")


class _Noted(Commentary[Any]):
    """A game's commentary with both revoke hooks."""

    def counting_words(self, engine: Any, evidence: Mapping[str, Any]) -> str:
        return f", as {evidence['contract']} counts them"

    def revoke_detail(self, engine: Any, evidence: Mapping[str, Any]) -> str:
        return "a note"

    def revoke_consequence(self, engine: Any, evidence: Mapping[str, Any]) -> str:
        return f"{evidence['consequence']['loser']} loses"


def test_the_games_hooks_word_their_own_facts():
    # The hooks read facts a game adds (revoke_facts: "contract"; a consequence as facts):
    # the counting words follow the suit's name, the detail follows the cards held.
    e = {**REVOKE, "contract": "Hearts", "established_at": 32, "repaired_at": None,
         "penalty": {}, "penalty_rule": ["S9"], "consequence": {"loser": "Ann"}}
    assert _Noted().revoke_words(_Quiet(), e) == (  # type: ignore[arg-type]
        "trick 7: Ann played 9♣ to a lead of A♥ (hearts, as Hearts counts them) while holding "
        "K♥ (hearts) and holding trumps Q♠; a note. Rule: S9; established at line 32; Ann loses")
    assert _Noted().revoke_summary(_Quiet(), e) == "revoke by Ann: Ann loses"  # type: ignore[arg-type]


def test_a_voided_finding_says_the_hand_is_not_scored_once():
    c = Commentary[Any]()
    assert c.voided(_Quiet(), "x") == "x; the hand is not scored and the rest of it is skipped (G3)"
    assert c.voided(_Quiet(), "x; the hand is not scored") == "x; the hand is not scored"
