"""The rules core returns facts (issue 25 item 1): an engine's entry points return what the event
established as typed records (:mod:`referee.facts`), call nobody back, and no module of the core
imports the commentary, a renderer, the driver or the policy, not even late in a function."""
from __future__ import annotations

import ast
import io
import json
import inspect
from pathlib import Path

from referee import events as ev
from referee.facts import NO_FACTS, Dealt, FindingFact, HandResult, TrickState, Unscored
from referee.games.base import MatchEngine
from referee.games.sixty_six.rules import DealEnd, SixtySix
from referee.replay import Listener, Reads, replay
from tests.conftest import ROOT, run_log

CORE = sorted([ROOT / "referee/facts.py", ROOT / "referee/games/hooks.py",
               *(ROOT / "referee/games").glob("*/rules.py"),
               ROOT / "referee/games/tricks.py", *(ROOT / "referee/games").glob("base*.py")])
"""The rules core: the facts, the base modules, the trick machine and each game's rules."""

FORBIDDEN = ("commentary", "render", "replay", "policy", "legal", "api", "cli", "simulate")
"""What the core must not import: words, output, the driver, the policy and their consumers."""


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports, anywhere in it (inside functions too), as written."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out += [f"{base}.{a.name}" if not node.module else base for a in node.names]
    return out


def test_no_module_of_the_rules_core_imports_words_output_driver_or_policy():
    # Before issue 25 every rules.py imported its commentary late (the result's words) and
    # base.py imported referee.games.commentary inside MatchEngine.commentary.
    assert len(CORE) >= 7  # facts, tricks, base and the four games' rules at least
    bad = {str(p.relative_to(ROOT)): [m for m in _imports(p)
                                     if any(part in FORBIDDEN for part in m.split("."))]
           for p in CORE}
    assert {p: ms for p, ms in bad.items() if ms} == {}


def test_the_engine_has_no_context_to_call_back():
    # the engine is made from players and rules alone; nothing of the driver is handed to it
    params = list(inspect.signature(MatchEngine.__init__).parameters)
    assert params == ["self", "players", "rules"]
    eng = SixtySix(["Ann", "Bob"])
    assert not hasattr(eng, "ctx")


DEAL_A = ev.Deal(dealer="Bob", hands={"Ann": "AS 10S AH 10H KH QH".split(),
                                      "Bob": "9S JS 9H JH 9D JD".split()},
                 stock="KS QS AD 10D KD QD AC 10C KC QC JC".split(), trump_card="9C")
"""Sixty-Six, clubs trumps (9♣ turned); Bob deals, so Ann leads (S2)."""


def test_each_entry_point_returns_the_facts_it_established():
    eng = SixtySix(["Ann", "Bob"])
    assert list(eng.deal(DEAL_A, 2)) == [Dealt(1)]
    # a lead establishes nothing: the one shared empty tuple, no allocation per card
    assert eng.apply(ev.Play(player="Ann", card="AS"), 3) is NO_FACTS
    # 9♠ follows to A♠: the trick is complete, Ann's (A 11 beats 9 0 in the suit led)
    facts = eng.apply(ev.Play(player="Bob", card="9S"), 4)
    assert [type(f) for f in facts] == [TrickState]
    trick = facts[0]
    assert (trick.number, trick.who, trick.winner) == (1, ["Ann", "Bob"], "Ann")
    # after the draw (Ann K♠, Bob Q♠: S3) Ann leads K♦, a card of the stock, not held: G3,
    # a finding that voids the hand, then the hand's result, unscored, with nobody scoring
    facts = eng.apply(ev.Play(player="Ann", card="KD"), 5)
    assert [type(f) for f in facts] == [FindingFact, HandResult]
    found, result = facts
    assert isinstance(found, FindingFact) and isinstance(result, HandResult)
    assert (found.code, found.line, found.severity, found.hand, found.player, found.rule,
            found.voided, found.text) == ("card-not-held", 5, "error", 1, "Ann", "G3", True,
                                          None)
    assert found.evidence is not None and found.evidence["card"] == "KD"
    assert (result.status, result.deltas) == ("unscored", {"Ann": 0, "Bob": 0})
    assert result.facts == Unscored("unfollowable", {})
    assert result.wording == ""  # the core words nothing: the driver asks the commentary
    # the rest of the hand is skipped: nothing established
    assert eng.apply(ev.Play(player="Bob", card="JS"), 6) is NO_FACTS
    assert eng.close_hand() is NO_FACTS


def test_a_scored_result_carries_its_facts_and_the_driver_words_them():
    # Ann declares out after winning A♠ 10♠ 9♠ J♠? No: Ann with K♥ Q♥ (hearts, not trumps)
    # shows a marriage of 20 on her first lead and wins the first trick with A♠ over 9♠ (11 + 0
    # card points): 31 < 66.  Simplest: she declares at once and fails (S5: false declaration,
    # her opponent scores 2 game points, FALSE_DECLARATION).
    log = [{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]},
           {"event": "deal", "dealer": "Bob", "hands": DEAL_A.hands,
            "stock": DEAL_A.stock, "trump_card": "9C"},
           {"event": "play", "player": "Ann", "card": "AS"},
           {"event": "play", "player": "Bob", "card": "9S"},
           {"event": "declare_out", "player": "Ann"}]
    results: list[HandResult] = []

    class Results(Listener):  # the engine's own result, as the driver takes it
        reads = Reads.HANDS

        def start(self, replay):
            self.replay = replay

        def hand(self, hand):
            results.append(self.replay.engine.hand.result)

    replay(io.BytesIO("".join(json.dumps(x) + "\n" for x in log).encode()), "t", Results())
    (r,) = results
    assert isinstance(r.facts, DealEnd) and r.facts.how == "false" and r.facts.player == "Ann"
    assert r.deltas == {"Ann": 0, "Bob": 2}
    assert not isinstance(r.wording, str)  # worded only when asked for (not read: not asked)
    assert "Ann" in r.summary and isinstance(r.wording, str)
    # a listener that reads the summaries gets the hand worded: the same words
    (h,) = run_log(log).hands
    assert h.summary == r.summary
