"""Text from a log is data, never a template, and never reaches the terminal raw (issue 20).

Player names, notes and other strings of a hostile log go through every command: they must come
out exactly as written (``A{{B`` stays ``A{{B``), with every control, format (bidi, zero-width)
and separator character shown escaped in text output, while JSON output keeps them exact.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import main

GAMES = {"thirty-three": "Thirty-Three", "asszorti": "Asszorti", "sixty-six": "Sixty-Six",
         "eighty-three": "Eighty-Three"}

# Names that str.format or the % operator would take for directives.  "{" and "Zed" are what
# `--players "{,Zed"` gives.
BRACE_PLAYERS = [
    ("sixty-six", ["{", "Zed"]),
    ("sixty-six", ["A{{B", "%s"]),
    ("sixty-six", ["{0}", "{x}"]),
    ("sixty-six", ["}", "{0!r:>{1}}"]),
    ("thirty-three", ["{", "{0}", "A{{B"]),
    ("asszorti", ["{x}", "%s", "}"]),
    ("eighty-three", ["{", "%(x)s", "A{{B", "{}"]),
]


def cli(*args, input=None):
    """Run the command; any exception (a traceback) fails the test."""
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def simulate(game: str, players: list[str], hands: int = 3) -> str:
    r = cli("simulate", game, "--seed", 3, "--hands", hands, "--players", ",".join(players))
    assert r.exit_code == 0
    return r.stdout


def first_plays_swapped(log: str) -> tuple[str, dict, dict]:
    """The log with the first two `play` events swapped: the second player plays out of turn."""
    lines = log.splitlines()
    i, j = [k for k, x in enumerate(lines) if json.loads(x)["event"] == "play"][:2]
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(x + "\n" for x in lines), json.loads(lines[i]), json.loads(lines[j])


@pytest.mark.parametrize("game,players", BRACE_PLAYERS,
                         ids=[f"{g}-{'|'.join(p)}" for g, p in BRACE_PLAYERS])
def test_brace_names_are_text_not_templates(game, players, tmp_path):
    log = simulate(game, players)
    first = json.loads(log.splitlines()[0])
    assert first["players"] == players                      # simulate --players, exactly

    r = cli("history", "--ascii", input=log)
    assert r.exit_code == 0
    out = r.stdout.splitlines()
    # history's heading: "== FILE: match ID, TITLE: NAMES"
    assert out[0] == f"== <stdin>: match sim-3-1, {GAMES[game]}: {', '.join(players)}"
    # "-- Hand 1 (line 2), dealer NAME", then one line per player: three spaces, the name
    # left-aligned in 10 columns, a space, the cards
    dealer = json.loads(log.splitlines()[1])["dealer"]
    assert out[1] == f"-- Hand 1 (line 2), dealer {dealer}"
    for p, text in zip(players, out[2:]):
        assert text.startswith(f"   {p:<10} ")
    if game == "sixty-six":
        # each draw after a trick: "draw: WINNER CARD, LOSER CARD" (the names as given)
        draws = [x for x in out if x.startswith("   draw: ")]
        assert draws
        a, b = players
        for x in draws:
            assert x.startswith((f"   draw: {a} ", f"   draw: {b} "))
            assert f", {b} " in x or f", {a} " in x

    r = cli("score", input=log)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0] == f"<stdin>: match sim-3-1 ({game}): {', '.join(players)}"

    swapped, early, late = first_plays_swapped(log)
    r = cli("check", input=swapped)
    assert r.exit_code == 1
    turn = [x for x in r.stdout.splitlines() if "[out-of-turn]" in x]
    assert turn          # the first is at the card played early (three or four players: more)
    assert f"{early['player']} played" in turn[0]
    assert f"{late['player']}'s turn" in turn[0]

    f = tmp_path / "log.jsonl"
    f.write_text(log)
    line = next(k for k, x in enumerate(log.splitlines(), 1) if json.loads(x)["event"] == "play")
    r = cli("legal", f, "--line", line, "--ascii")
    assert r.exit_code == 0
    who = json.loads(log.splitlines()[line - 1])["player"]
    acting = [x[len("to act: "):] for x in r.stdout.splitlines() if x.startswith("to act: ")]
    assert who in acting[0].split(", ")
    assert f" by {who}: legal\n" in r.stdout


def test_sixty_six_exchange_and_marriage_notes_keep_braces():
    # The Sixty-Six notes of an exchange and a marriage carry the player's name beside card
    # names.  Hand-made hand: "{0}" deals; "%s}" leads.  Trumps are hearts (the 10H turned up).
    names = ["{0}", "%s}"]
    a, b = names
    log = [
        {"event": "match", "game": "sixty-six", "players": names},
        {"event": "deal", "dealer": a,
         "hands": {a: ["AC", "10C", "KC", "AD", "10D", "KD"],
                   b: ["9H", "KS", "QS", "AS", "JS", "9S"]},
         "stock": ["QC", "JC", "9C", "QD", "JD", "9D", "AH", "KH", "QH", "JH", "10S"],
         "trump_card": "10H"},
        {"event": "marriage", "player": b, "suit": "spades"},
        {"event": "play", "player": b, "card": "KS"},
        {"event": "play", "player": a, "card": "AC"},
        {"event": "exchange", "player": b},
        {"event": "play", "player": b, "card": "QS"},
    ]
    text = "".join(json.dumps(e) + "\n" for e in log)
    r = cli("history", "--ascii", input=text)
    assert r.exit_code == 0
    out = r.stdout.splitlines()
    # a marriage in a plain suit is worth 20 (S2); b has no trick yet
    assert f"   the marriage is worth 20, counted once {b} has a trick; {b} must lead KS or QS (S2)" \
        in out
    # b leads KS, a throws AC: b's king wins the lead suit (a did not follow, no trump), so b
    # wins the trick and draws first: QC to b, JC to a
    assert f"   draw: {b} QC, {a} JC" in out
    # b, on lead with a trick won, swaps the nine of trumps for the turned-up 10H (S3)
    assert f"   {b} takes 10H and lays 9H face up under the stock" in out
