"""Renderers: turn what a replay finds into text or JSON.  No rule decisions live here."""
from __future__ import annotations

from typing import IO, TYPE_CHECKING, Any, Sequence


import jsonlines
import msgspec

from ..facts import Number, tidy
from ..findings import Finding
from ..text import json_safe, visible

if TYPE_CHECKING:
    from ..cards import Deck
    from ..model import Hand

_ENCODER = msgspec.json.Encoder()


def json_writer(out: IO[str]) -> jsonlines.Writer:
    """A JSON Lines writer on a text stream, encoding with msgspec, flushing each line; hidden
    characters of strings (bidi and C1 controls, zero-width ones, DEL …) are written as JSON
    escapes (:func:`~referee.text.json_safe`): the same strings, safe on a terminal."""
    return jsonlines.Writer(out, dumps=lambda o: json_safe(_ENCODER.encode(o).decode()),
                            flush=True)


def finding_text(f: Finding, style: "Style | None" = None) -> str:
    """``FILE:LINE: error[code]: message`` (referee-log(5), the text form of a finding), the file
    name and message shown with :func:`~referee.text.visible` (log text may be hostile)."""
    sev: str = f.severity
    msg = visible(f.message)
    if style is not None:
        if style.colour:
            sev = style.paint(sev, "red" if f.is_error else "yellow")
        if not style.symbols:
            msg = to_ascii(msg)
    return f"{visible(f.file)}:{f.line}: {sev}[{f.code}]: {msg}"


def len_shown(text: str) -> int:
    """How many columns ``text`` takes once escaped (:func:`~referee.text.visible`)."""
    return len(visible(text))


def fit(text: str, width: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``width`` columns as :func:`~referee.text.visible` will
    show it (an escaped character takes several), on the right (``align`` ``"<"``) or the left
    (``">"``): for tables whose lines are escaped afterwards."""
    pad = " " * max(0, width - len_shown(text))
    return text + pad if align == "<" else pad + text


def seen_holdings(hand: "Hand", order: Sequence[str]) -> list[tuple[str, dict[str, list[str]], int]]:
    """What a record of the play alone showed of each hand it leaves out (format 1.1, RULINGS
    G14), from the model's ``hand`` (:attr:`~referee.model.Hand.seen`,
    :attr:`~referee.model.Hand.unseen`): for each such player, in seating order, (player, how
    the cards were seen → the cards, how in the order first met and cards in the game's display
    order ``order`` (:attr:`referee.replay.MatchInfo.order`), the number of the player's cards
    never seen).  A card seen twice from the player (a Sixty-Six marriage card shown, then
    played) goes by its last sight.  Empty when the record gives every hand."""
    if not hand.seen:
        return []
    pos = {c: i for i, c in enumerate(order)}
    unseen = hand.unseen or {}
    out = []
    for p, sights in hand.seen.items():
        last: dict[str, str] = {}
        for s in sights:
            last.pop(s.card, None)
            last[s.card] = s.how
        by: dict[str, list[str]] = {how: [] for how in last.values()}
        for c in sorted(last, key=lambda c: pos.get(c, 999)):
            by[last[c]].append(c)
        out.append((p, by, unseen.get(p, 0)))
    return out


_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H",
                        "♤": "S", "→": "->", "−": "-", "×": "x", "½": "1/2", "≥": ">=",
                        "≤": "<=", "…": "...", "—": "--", "–": "-", "·": "."})


def to_ascii(text: str) -> str:
    """Text with suit symbols as letters (``10♥`` → ``10H``) and typographic signs as ASCII
    (``→`` → ``->``, ``§6`` → ``section 6``): what ``--ascii`` prints.  Names are left alone."""
    return text.translate(_ASCII).replace("§", "section ")


class Style:
    """How text output looks: ``symbols`` (suit symbols, else letters) and ``colour`` (ANSI)."""

    COLOURS = {"red": "31", "yellow": "33", "bold": "1", "dim": "2", "green": "32"}

    def __init__(self, symbols: bool = True, colour: bool = False) -> None:
        self.symbols = symbols
        self.colour = colour

    def paint(self, text: str, colour: str) -> str:
        if not self.colour:
            return text
        return f"\033[{self.COLOURS[colour]}m{text}\033[0m"


def number(x: Number) -> str:
    """A score as text: ``65``, ``32.5``, ``-27`` (:func:`~referee.games.base.tidy`'s value)."""
    return str(tidy(x))



def signed(x: Any) -> str:
    """A score change as text: ``+65``, ``-27``, ``0``."""
    t = number(x)
    return t if t.startswith("-") or t == "0" else "+" + t


def winners_text(teams: Sequence[tuple[str, ...]], winners: list[str]) -> str:
    """``Cili wins``, ``Anna and Bela share the win``, or for a partnership ``Bob & Dan win``.
    ``teams``: the match's sides (:attr:`referee.replay.MatchInfo.teams`; partners share one)."""
    if any(len(t) > 1 for t in teams):
        won = [t for t in teams if set(t) <= set(winners)]
        if len(won) == 1 and set(won[0]) == set(winners):
            return f"{' & '.join(won[0])} win"
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return f"{' and '.join(winners)} share the win"


def card_text(deck: "Deck | None", text: Any, style: "Style") -> str:
    """A card named in a log, as output shows it (``10♥`` or ``10H``) by ``deck``, the game's
    (:attr:`referee.replay.MatchInfo.deck`); the text itself when it is no card of the game (or
    there is no game)."""
    if deck is None:
        return str(text)
    try:
        return deck.name(deck.parse(text), style.symbols)
    except ValueError:
        return str(text)
