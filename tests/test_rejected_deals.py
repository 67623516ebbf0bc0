"""A deal the referee rejects (a misdeal, a bad card, an unknown player: G3) in every output
(issue 29, item 1).

``history --format html`` words each deal through its game's commentary (``deal_notes``); on a
rejected Sixty-Six deal it assumed a trump suit (``AssertionError``, ``KeyError ''``: exit 1,
the page cut off).  Here: the repros of the fuzz campaign (tests/repros/, from
``../shared/repros/hostile/``, D1), what the note says of such a deal, and every game's
examples with a deal made bad in each way the referee rejects, through ``history`` text and
html: a complete page (``</html>``), no traceback, exit 1 (the finding).
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import html5lib
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main

from .conftest import HERE, ROOT, run_log

REPROS = HERE / "repros"
EXAMPLES = sorted((ROOT / "examples").glob("*/*.jsonl"))
REJECTED = {"misdeal", "bad-card", "unknown-player"}
"""The codes of a deal the referee cannot follow (G3, G7): the hand unscored."""


def render(data: bytes, *args: str) -> tuple[int, str]:
    """(exit status, standard output) of ``referee history ARGS -`` on ``data``; any exception
    but a clean exit fails the test (CliRunner would turn a traceback into exit 1)."""
    r = CliRunner().invoke(main, ["history", *args, "-"], input=data)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return r.exit_code, r.stdout


def assert_complete_page(data: bytes) -> str:
    """The html page of ``data``: exit 1 (the rejected deal is an error), the whole page (it
    ends with ``</html>`` and parses as strict HTML5); returned for more checks."""
    status, page = render(data, "--format", "html")
    assert status == 1
    assert page.rstrip().endswith("</html>")
    html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)
    return page


# --- the repros (D1) ------------------------------------------------------------------------

TRUMP_NOTE = "turned up; the deal is rejected, so no suit is trumps (G3)"


@pytest.mark.parametrize("name, code, note", [
    # `trum_card` (sic): no trump_card, the first thing Sixty-Six checks (S8): nothing to name
    ("r01_html_sixty_six_assert.jsonl", "misdeal", None),
    # Bob holds 5 cards (6 expected); A♥ was read before the count was checked
    ("r02_html_sixty_six_keyerror.jsonl", "misdeal", "A♥"),
    # 'ZZ' in Bob's hand: the hands are read before the trump card, which is never read
    ("misdeal-sixty-six-badcard.jsonl", "bad-card", None),
    # A♠ dealt to Ann and Bob (9♠ to nobody); 9♣ turned up
    ("misdeal-sixty-six-dup.jsonl", "misdeal", "9♣"),
    # neither stock nor trump_card: the missing trump card is said first
    ("misdeal-sixty-six-nopile.jsonl", "misdeal", None),
    # Bob holds 5 cards; 9♣ turned up
    ("misdeal-sixty-six-short.jsonl", "misdeal", "9♣"),
])
def test_sixty_six_repros_render_whole(name, code, note):
    """``referee history --format html tests/repros/NAME``: the page is whole, the deal's
    finding on it, and the trump card named only as turned up (no trump suit: the hand never
    started)."""
    data = (REPROS / name).read_bytes()
    assert (2, code) in run_log(data).codes
    page = assert_complete_page(data)
    assert f"error[{code}]" in page
    assert "are trumps" not in page  # no deal stood, so no suit was made trumps
    noted = json.dumps(f"trump card: {note} {TRUMP_NOTE}")[1:-1] if note else None
    if noted:
        assert noted in page  # in the hand's step data, escaped as JSON
    else:  # no note names a trump card (the facts list may say `trump card: none`)
        assert "trump card: " not in page
    status, text = render(data)  # history as text says the finding, as before
    assert status == 1 and f"error[{code}]" in text


def test_a_sound_deal_still_names_its_trumps():
    """The note of a deal that stood is unchanged: examples/sixty-six/match.jsonl hand 1
    turns up A♥ (line 2), so hearts are trumps."""
    data = (ROOT / "examples/sixty-six/match.jsonl").read_bytes()
    status, page = render(data, "--format", "html")
    assert status == 0
    assert json.dumps("trump card: A♥ under the stock: hearts are trumps")[1:-1] in page


# --- every game: a deal made bad in each way the referee rejects ---------------------------

Mutation = Callable[[dict[str, Any], str, str, str | None], None]


def _short(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    d["hands"][p0].pop()  # one card short


def _long(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    d["hands"][p0].append(d["hands"][p0][0])  # one card over (and it twice)


def _twice(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    d["hands"][p1][0] = d["hands"][p0][0]  # a card twice, another to nobody


def _bad_card(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    d["hands"][p1][-1] = "ZZ"


def _unknown_player(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    d["hands"]["Zed"] = list(d["hands"][p1])  # a hand for someone not at the table


def _unknown_dealer(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    d["dealer"] = "Zed"


def _pile_short(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    if pile in d:
        d[pile].pop()
    else:
        d["hands"][p0].pop()


def _pile_bad(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    if pile in d:
        d[pile][0] = "1Z"
    else:
        d["hands"][p0][0] = "1Z"


def _pile_twice(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
    if pile in d:
        d[pile][0] = d["hands"][p0][0]
    else:
        d["hands"][p1][0] = d["hands"][p0][0]


def _trump_card(how: str) -> Mutation:
    def mutate(d: dict[str, Any], p0: str, p1: str, pile: str | None) -> None:
        if "trump_card" not in d:  # another game: a card twice instead
            _twice(d, p0, p1, pile)
        elif how == "none":
            del d["trump_card"]
        elif how == "bad":
            d["trump_card"] = "ZZ"
        else:
            d["trump_card"] = d["hands"][p0][0]
    return mutate


MUTATIONS: dict[str, Mutation] = {
    "short": _short, "long": _long, "twice": _twice, "bad-card": _bad_card,
    "unknown-player": _unknown_player, "unknown-dealer": _unknown_dealer,
    "pile-short": _pile_short, "pile-bad": _pile_bad, "pile-twice": _pile_twice,
    "no-trump-card": _trump_card("none"), "bad-trump-card": _trump_card("bad"),
    "trump-card-twice": _trump_card("twice"),
}
"""Ways to spoil a deal so the referee rejects it; each keeps the log's other lines."""

PILES = {"thirty-three": "boat", "asszorti": "talon", "sixty-six": "stock",
         "eighty-three": "kitty"}


def _deals(log: Path) -> list[int]:
    """Indexes of the deals of ``log`` that give two hands or more (a mutation needs two)."""
    out = []
    for i, x in enumerate(log.read_text().splitlines()):
        e = json.loads(x)
        if e.get("event") == "deal" and len(e.get("hands") or {}) >= 2:
            out.append(i)
    return out


def spoiled(log: Path, index: int, names: list[str]) -> tuple[bytes, int]:
    """``log`` with its deal at line index ``index`` spoiled by the ``names`` mutations: (the
    bytes, the deal's line number)."""
    lines = log.read_text().splitlines()
    d = copy.deepcopy(json.loads(lines[index]))
    p0, p1 = list(d["hands"])[:2]
    for name in names:
        MUTATIONS[name](d, p0, p1, PILES[log.parent.name])
    lines[index] = json.dumps(d)
    return ("\n".join(lines) + "\n").encode(), index + 1


def assert_rejected_and_rendered(data: bytes, line: int) -> None:
    """The deal of ``line`` is rejected (its error finding, the hand unscored) and both
    ``history`` outputs are whole."""
    rec = run_log(data)
    assert any(ln == line and code in REJECTED for ln, code in rec.codes), rec.codes
    page = assert_complete_page(data)
    status, text = render(data)
    assert status == 1 and "result (unscored)" in text


FIRST_DEALS = [(log, _deals(log)[0]) for log in EXAMPLES if log.name == "match.jsonl"
               or log.parent.name == "asszorti" and log.name == "session.jsonl"]
"""One example of each game (the property test below takes any deal of any example)."""


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
@pytest.mark.parametrize("log, index", FIRST_DEALS,
                         ids=[f"{p.parent.name}/{p.name}" for p, _ in FIRST_DEALS])
def test_every_game_renders_a_rejected_deal(log, index, mutation):
    """``referee history [--format html] LOG`` with LOG's first full deal spoiled: every
    game's commentary words the rejected deal without assuming a valid one."""
    data, line = spoiled(log, index, [mutation])
    assert_rejected_and_rendered(data, line)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([log for log in EXAMPLES if _deals(log)]), st.data())
def test_any_rejected_deal_renders(log, data):
    """Property: any deal of any example, spoiled in one to three ways, renders whole in html
    and text, the rest of the log (later hands too) as it comes."""
    index = data.draw(st.sampled_from(_deals(log)))
    names = data.draw(st.lists(st.sampled_from(sorted(MUTATIONS)), min_size=1, max_size=3))
    raw, line = spoiled(log, index, names)
    assert_rejected_and_rendered(raw, line)
