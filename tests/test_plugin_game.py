"""The fifth game, Whist, added from outside (issue 25 item 6): its rules (W1 … W7 in
tests/plugin_game/referee_whist/rules.py) with values counted by hand, every command and the API
on it, records without hands, and the registry's manners with broken plugins (item 3).

Whist is installed for the whole run by conftest (tests/plugin.py: ``pip install --no-deps
--target DIR tests/plugin_game``, DIR on sys.path and PYTHONPATH), never into the venv.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee import Table, read_log
from referee.games import GameSpec

from .conftest import ROOT, run_log

PLAYERS = ["North", "East", "South", "West"]


def _suit(ranks: str, s: str) -> list[str]:
    return [r + s for r in ranks.split()]


# The hand of the rules tests (W1 … W5), North dealing, partners North & South v East & West:
#   North: A K Q J 10 9 8 of spades, 2 … 7 of hearts      (the 8♠ last: turned up, spades trumps)
#   East:  A K Q J 10 9 8 of diamonds, 2 … 7 of spades
#   South: A K Q J 10 9 8 of hearts, 2 … 7 of diamonds
#   West:  the 13 clubs
NORTH = _suit("2 3 4 5 6 7", "H") + _suit("A K Q J 10 9 8", "S")
EAST = _suit("A K Q J 10 9 8", "D") + _suit("2 3 4 5 6 7", "S")
SOUTH = _suit("A K Q J 10 9 8", "H") + _suit("2 3 4 5 6 7", "D")
WEST = _suit("A K Q J 10 9 8 7 6 5 4 3 2", "C")
DEAL = {"event": "deal", "dealer": "North", "trump_card": "8S",
        "hands": {"North": NORTH, "East": EAST, "South": SOUTH, "West": WEST}}


def _plays() -> list[dict]:
    """The 13 tricks, counted by hand (W4: East, on the dealer's left, leads the first):
    - tricks 1-6: East leads A♦ … 9♦, South follows with 2♦ … 7♦, West (no diamond) a club,
      North (no diamond) throws a heart: East's diamond is highest each time → East, 6 tricks;
    - trick 7: East leads 8♦; South has no diamond left and plays the A♥, West a club, North
      (no diamond, no heart left) a spade: a trump → North;
    - tricks 8-13: North leads A♠ … 9♠, East follows with 7♠ … 2♠ (all lower), South a heart,
      West a club → North, 6 tricks.
    North & South: 1 + 6 = 7 tricks; East & West: 6."""
    out = []
    play = lambda p, c: out.append({"event": "play", "player": p, "card": c})  # noqa: E731
    diamonds = _suit("A K Q J 10 9", "D")
    low_d = _suit("2 3 4 5 6 7", "D")
    clubs = iter(WEST)
    hearts_n = iter(_suit("2 3 4 5 6 7", "H"))
    hearts_s = iter(_suit("A K Q J 10 9 8", "H"))
    for i in range(6):
        play("East", diamonds[i]), play("South", low_d[i])
        play("West", next(clubs)), play("North", next(hearts_n))
    play("East", "8D"), play("South", next(hearts_s)), play("West", next(clubs))
    play("North", "8S")
    for n, e in zip(_suit("A K Q J 10 9", "S"), _suit("7 6 5 4 3 2", "S")):
        play("North", n), play("East", e), play("South", next(hearts_s))
        play("West", next(clubs))
    return out


def _match(rules: dict | None = None) -> dict:
    m = {"event": "match", "game": "whist", "players": PLAYERS}
    if rules:
        m["rules"] = rules
    return m


def test_a_side_scores_a_point_per_trick_over_six():
    """W5: North & South took 7 tricks: 7 - 6 = 1 game point each; East & West (6) nothing."""
    rec = run_log([_match(), DEAL, *_plays()])
    assert rec.findings == []
    (h,) = rec.hands
    assert h.status == "scored"
    assert h.deltas == {"North": 1, "East": 0, "South": 1, "West": 0}
    assert h.summary == "North & South took 7 tricks, 1 over the book: +1; East & West took 6"
    assert not rec.matches[0].finished  # W7: 1 < 5, the default target


def test_the_match_ends_at_the_target():
    """W7: with ``target`` 1, North & South's 1 point ends the match; they win."""
    rec = run_log([_match({"target": 1}), DEAL, *_plays()])
    assert rec.matches[0].finished and rec.matches[0].winners == ["North", "South"]


def test_a_revoke_ends_the_hand_and_gives_the_other_side_three():
    """W6: trick 1, East leads A♦; South, holding diamonds, plays the A♥ instead; West's card
    establishes the revoke: the hand ends, East & West +3 each, North & South nothing."""
    plays = [{"event": "play", "player": "East", "card": "AD"},
             {"event": "play", "player": "South", "card": "AH"},
             {"event": "play", "player": "West", "card": "AC"}]
    rec = run_log([_match(), DEAL, *plays])
    assert rec.codes == [(4, "revoke")]
    (f,) = rec.findings
    assert f.rule == "W6" and f.player == "South"
    assert f.evidence["consequence"] == {"ends": "hand", "pays": [
        {"player": "East", "points": 3, "by": None}, {"player": "West", "points": 3, "by": None}]}
    assert f.evidence["penalty_rule"] == ["W4", "W6"]
    assert "East & West score 3, North & South nothing" in f.message
    (h,) = rec.hands
    assert h.status == "penalty"
    assert h.deltas == {"North": 0, "East": 3, "South": 0, "West": 3}


def test_a_revoke_repaired_by_a_retract_is_a_warning():
    """G4: South takes the A♥ back and follows with the 2♦: a warning, the hand goes on and
    is scored as the hand without the revoke (W5: North & South 7 tricks, +1 each)."""
    plays = _plays()
    plays[1:1] = [{"event": "play", "player": "South", "card": "AH"},
                  {"event": "retract", "player": "South", "card": "AH"}]
    rec = run_log([_match(), DEAL, *plays])
    assert rec.codes == [(4, "revoke")]
    assert rec.findings[0].severity == "warning"
    assert rec.hands[0].deltas == {"North": 1, "East": 0, "South": 1, "West": 0}


@pytest.mark.parametrize("trump, held_by", [(None, None), ("2C", "West")])
def test_the_turned_up_card_must_be_the_dealers(trump, held_by):
    """W2: a deal with no ``trump_card``, or one the dealer was not dealt (the 2♣ is West's),
    is a misdeal: the hand is not scored."""
    deal = dict(DEAL)
    if trump is None:
        del deal["trump_card"]
    else:
        deal["trump_card"] = trump
    rec = run_log([_match(), deal, *_plays()[:4]])
    assert rec.codes[0] == (2, "misdeal")
    f = rec.findings[0]
    if trump is None:
        assert f.evidence == {"trump_card": None}
    else:
        # dealt twice: to West, and turned up as the dealer's
        assert f.evidence == {"twice": [{"card": "2C", "places": ["West", {"pile": "trump_card"}]}],
                              "not_dealt": []}
        assert "not one of the dealer North's cards: West was dealt it (W2)" in f.message
    assert rec.hands[0].status == "unscored"


def test_an_unreadable_trump_card_is_a_bad_card():
    deal = dict(DEAL, trump_card="ZZ")
    rec = run_log([_match(), deal])
    assert rec.codes == [(2, "bad-card")]
    assert rec.findings[0].message.startswith("trump_card: ")


def test_the_first_lead_is_the_dealers_left_and_suit_must_be_followed():
    """W4: West (not on the dealer's left) leads: out of turn; after East's A♦, South, who holds
    diamonds, may play only diamonds (legal offers nothing else)."""
    t = Table("whist", PLAYERS)
    t.apply(DEAL)
    assert t.legal_actions()[0]["player"] == "East"
    t.apply({"event": "play", "player": "East", "card": "AD"})
    offered = {a["card"] for a in t.legal_actions()}
    assert offered == set(_suit("2 3 4 5 6 7", "D"))
    assert not t.is_legal({"event": "play", "player": "South", "card": "AH"})


# --- every command on the plugin -------------------------------------------------------------

def _referee(*args: str, stdin: str | None = None, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, **kw)


@pytest.fixture(scope="module")
def whist_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("whist") / "whist.jsonl"
    done = _referee("simulate", "whist", "--seed", "3", "--hands", "3")
    assert done.returncode == 0, done.stderr
    path.write_text(done.stdout)
    return path


def test_check_score_and_history_on_the_plugin(whist_log):
    """``referee simulate whist`` | check (clean), score (the teams), history (text, HTML)."""
    check = _referee("check", str(whist_log))
    assert check.returncode == 0 and check.stderr == "", check.stderr
    score = _referee("score", str(whist_log))
    assert score.returncode == 0 and "teams: North & South " in score.stdout
    history = _referee("history", str(whist_log))
    assert history.returncode == 0
    assert "match sim-3-1, Whist: North, East, South, West" in history.stdout
    assert "trumps " in history.stdout and "trick 13:" in history.stdout
    page = _referee("history", "--format", "html", str(whist_log))
    assert page.returncode == 0 and "Whist: North, East, South, West" in page.stdout


def test_legal_on_the_plugin(whist_log):
    """``legal --line 3``: the first card of the first hand, by the dealer's left."""
    lines = whist_log.read_text().splitlines()
    deal = json.loads(lines[1])
    leader = PLAYERS[(PLAYERS.index(deal["dealer"]) + 1) % 4]
    done = _referee("legal", str(whist_log), "--line", "3", "--format", "json")
    assert done.returncode == 0, done.stderr
    acts = json.loads(done.stdout)["legal"]
    assert {a["player"] for a in acts} == {leader}
    assert len(acts) == 13  # the lead is free: each of the 13 cards held


def test_diff_on_the_plugin(whist_log, tmp_path):
    """``diff``: the log against itself agrees; with one card changed it does not."""
    same = _referee("diff", str(whist_log), str(whist_log))
    assert same.returncode == 0, same.stdout + same.stderr
    lines = whist_log.read_text().splitlines(True)
    other = tmp_path / "other.jsonl"
    lines[2] = lines[2].replace('"play"', '"play","note":"x"')
    other.write_text("".join(lines[:3] + lines[4:]))
    apart = _referee("diff", str(whist_log), str(other))
    assert apart.returncode == 1


def test_a_record_without_hands_checks_clean(whist_log):
    """``simulate --hide-hands`` then ``check``: the play alone, with the turned-up card, is
    followed without a finding (G14)."""
    hidden = _referee("simulate", "whist", "--seed", "3", "--hands", "3", "--hide-hands")
    assert hidden.returncode == 0, hidden.stderr
    deal = json.loads(hidden.stdout.splitlines()[1])
    assert "hands" not in deal and "trump_card" in deal
    check = _referee("check", "-", stdin=hidden.stdout)
    assert check.returncode == 0, check.stdout
    def results(text: str) -> list[dict]:
        return [{k: v for k, v in json.loads(x).items() if k != "file"}
                for x in text.splitlines()]
    score = _referee("score", "--format", "json", "-", stdin=hidden.stdout)
    full = _referee("score", "--format", "json", str(whist_log))
    assert results(score.stdout) == results(full.stdout)  # the same results, play alone


def test_the_api_on_the_plugin(whist_log):
    """``read_log`` and ``Table`` know the game as any other."""
    matches = list(read_log(str(whist_log)))
    assert [m.game for m in matches] == ["whist"] * len(matches)
    assert matches[0].players == tuple(PLAYERS)
    assert sum(len(m.hands) for m in matches) == 3  # --hands 3
    assert all(len(h.tricks) == 13 for m in matches for h in m.hands)
    t = Table("whist", PLAYERS)
    assert t.apply(DEAL) == []
    assert t.to_act == ("East",)


def test_the_help_and_the_schema_name_the_plugin():
    """The CLI help, simulate's GAME choices, the log schema and bad-event's words list the
    registered games, the plugin among them."""
    assert "Eighty-Three, Whist)" in " ".join(_referee("--help").stdout.split())
    bad = _referee("simulate", "nope")
    assert bad.returncode == 2 and "'whist'" in bad.stderr
    schema = json.loads(_referee("schema").stdout)
    assert schema["$defs"]["Match"]["properties"]["game"]["enum"] == [
        "asszorti", "eighty-three", "sixty-six", "thirty-three", "whist"]  # sorted
    unknown = _referee("check", "-", stdin='{"event":"match","game":"bridge","players":[]}\n')
    assert ("unknown game 'bridge' (the games are thirty-three, asszorti, sixty-six, "
            "eighty-three, whist)") in unknown.stdout


def test_no_file_of_referee_names_the_plugin():
    """The plugin is an outside package: nothing under referee/ knows it."""
    named = [p for p in (ROOT / "referee").rglob("*") if p.is_file()
             and p.suffix in (".py", ".txt", ".md", ".toml", ".typed")
             and "whist" in p.read_text(encoding="utf-8").lower()]
    assert named == []


# --- the registry's manners with broken plugins (item 3) -------------------------------------

def _fake_dist(where: Path, name: str, entry: str, module: str, source: str) -> None:
    """An installed distribution as pip leaves it: a dist-info with METADATA and
    entry_points.txt, and the module its entry point names."""
    info = where / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[referee.games]\n{entry}\n")
    (where / f"{module}.py").write_text(source)


BROKEN = {
    "raises": ("boom = broken_raises:GAME", "broken_raises",
               "raise ImportError('no module named cards_of_doom')\n",
               "the game 'boom' of the package referee-broken (entry point boom = "
               "broken_raises:GAME) cannot be loaded: ImportError: no module named cards_of_doom"),
    "not-a-spec": ("boom = broken_type:GAME", "broken_type", "GAME = 'whist'\n",
                   "is not a referee.games.GameSpec but a str"),
    "bad-spec": ("boom = broken_spec:GAME", "broken_spec",
                 "from referee.cards import build_deck\nfrom referee.games import GameSpec\n"
                 "GAME = GameSpec(name='boom', title='Boom', seats=1, deck=build_deck('A K'),"
                 " players=('A',), rules='broken_spec:X')\n",
                 "cannot be loaded: ValueError: a bad game declaration: boom: seats 1 is not a "
                 "whole number of 2 or more"),
    "misnamed": ("boom = broken_name:GAME", "broken_name",
                 "from referee_whist import GAME\n",
                 "declares the game 'whist': the names must agree"),
    "twice": ("whist = broken_twice:GAME", "broken_twice",
              "from referee_whist import GAME\n",
              "is left out: another package already declares 'whist'"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_plugin_is_said_and_the_others_work(case, tmp_path):
    """A plugin whose entry point fails to load or declares a bad game: a warning on standard
    error naming the package, no traceback, and every other game still checks (exit 0)."""
    entry, module, source, words = BROKEN[case]
    _fake_dist(tmp_path, "referee-broken", entry, module, source)
    env = _env_with(tmp_path)
    log = ROOT / "examples" / "sixty-six" / "match.jsonl"
    done = _referee("check", "-q", str(log), env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert words in done.stderr and "referee: warning: the game " in done.stderr
    if case == "twice":  # the installed Whist is kept
        sim = _referee("simulate", "whist", "--hands", "1", env=env)
        assert sim.returncode == 0


def test_a_plugin_whose_rules_fail_is_a_bad_event_not_a_traceback(tmp_path):
    """A good declaration whose rules module raises: the match that names the game cannot be
    refereed (bad-event ``unloadable-game``, exit 1) and standard error says why; ``simulate``
    says why too (exit 2); no traceback."""
    _fake_dist(tmp_path, "referee-broken", "boom = broken_rules:GAME", "broken_rules",
               "from referee.cards import build_deck\nfrom referee.games import GameSpec\n"
               "GAME = GameSpec(name='boom', title='Boom', seats=2, deck=build_deck('A K Q'),"
               " players=('A', 'B'), rules='broken_rules_core:Boom')\n")
    (tmp_path / "broken_rules_core.py").write_text("1 / 0\n")
    env = _env_with(tmp_path)
    log = '{"event":"match","game":"boom","players":["A","B"]}\n'
    done = _referee("check", "-", stdin=log, env=env)
    assert done.returncode == 1 and "Traceback" not in done.stderr + done.stdout
    assert ("this match cannot be refereed: the game 'boom' is installed but its rules cannot "
            "be loaded") in done.stdout
    assert ("referee: warning: the game 'boom' of the module broken_rules_core cannot be used: "
            "its rules core broken_rules_core:Boom cannot be loaded: ZeroDivisionError: "
            "division by zero") in done.stderr
    js = _referee("check", "--format", "json", "-", stdin=log, env=env)
    assert json.loads(js.stdout.splitlines()[0])["evidence"]["reason"] == "unloadable-game"
    sim = _referee("simulate", "boom", env=env)
    assert sim.returncode == 2 and "Traceback" not in sim.stderr
    assert "the game 'boom' cannot be played: its rules core" in sim.stderr


def _env_with(path: Path) -> dict[str, str]:
    import os
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    return env


def test_no_game_registered_at_all_is_said(monkeypatch):
    """A tree run without its metadata (a clone never installed, or installed before the
    entry points) registers nothing: said as a problem that says what to do, not a traceback."""
    import importlib.metadata

    import referee.games as registry
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: [])
    registry._load.cache_clear()
    try:
        assert registry.names() == ()
        (problem,) = registry.problems()
        assert problem.startswith("no game is registered in the referee.games entry points")
        assert "pip install -e ." in problem
    finally:
        monkeypatch.undo()
        registry._load.cache_clear()
    assert "whist" in registry.names()
