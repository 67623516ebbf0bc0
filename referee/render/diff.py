"""``referee diff`` output: the differences of :func:`referee.diff.diff_logs` as text or JSON.

Text is diff-like: ``--- A`` and ``+++ B`` name the records (A the first, B the second), an
``@@ match M, hand N @@`` line starts each place, a line starting ``-`` is record A's, ``+``
record B's, and a line starting with a space says something of both.  Every string from a log goes through
:func:`~referee.text.visible`; colour (red/green) only where the :class:`Style` asks for it.
"""
from __future__ import annotations

from typing import IO, Any

import msgspec

from ..diff import (DealDiff, Difference, EventAdded, EventAt, EventDiff, EventMissing,
                    EventsSwapped, FindingOnly, HandOnly, MatchOnly, MatchResultDiff, NotALog,
                    Renamed, ResultAt, ResultDiff, TotalsDiff, TrickAt, TrickDiff, to_json)
from ..games import SPECS
from ..replay import not_a_log_words
from ..text import visible
from . import Style, card_text, finding_text, json_writer, number, signed, to_ascii

_ENCODE = msgspec.json.Encoder().encode


class DiffPrinter:
    """Writes differences to ``out`` as they come: ``fmt`` ``"text"`` or ``"json"`` (one
    object per line, :func:`referee.diff.to_json`)."""

    def __init__(self, out: IO[str], file_a: str, file_b: str, fmt: str = "text",
                 style: Style | None = None) -> None:
        self.out = out
        self.files = {"a": file_a, "b": file_b}
        self.style = style or Style()
        self.writer = json_writer(out) if fmt == "json" else None
        self.place: tuple[Any, ...] | None = None
        self.count = 0

    def write(self, d: Difference) -> None:
        """Print one difference."""
        self.count += 1
        if self.writer is not None:
            self.writer.write(to_json(d))
            return
        if self.count == 1:
            self._line(self._paint(f"--- {visible(self.files['a'])}", "red"))
            self._line(self._paint(f"+++ {visible(self.files['b'])}", "green"))
        for text in self._text(d):
            self._line(text)

    # --- text -----------------------------------------------------------------------------

    def _line(self, text: str) -> None:
        self.out.write((text if self.style.symbols else to_ascii(text)) + "\n")

    def _paint(self, text: str, colour: str) -> str:
        return self.style.paint(text, colour)

    def _side(self, side: str, text: str) -> str:
        mark = "-" if side == "a" else "+"
        return self._paint(mark + text, "red" if side == "a" else "green")

    def _where(self, match: Any, hand: int | None) -> list[str]:
        place = (match, hand)
        if place == self.place:
            return []
        self.place = place
        m = "before the first match" if match is None else f"match {visible(str(match))}"
        h = "" if not hand else f", hand {hand}"
        return [self._paint(f"@@ {m}{h} @@", "bold")]

    def _card(self, c: str, game: str | None) -> str:
        deck = SPECS[game].deck if game is not None and game in SPECS else None

        return visible(card_text(deck, c, self.style))

    def _text(self, d: Difference) -> list[str]:
        files = self.files
        if isinstance(d, NotALog):
            return [visible(not_a_log_words(d.file))]
        if isinstance(d, MatchOnly):
            what = f"match {visible(str(d.match))}" if d.match is not None else \
                "events before the first match"
            game = f" ({d.game}: {', '.join(map(visible, d.players))})" if d.game else ""
            return self._where(d.match, None) + [self._side(
                d.side, f"line {d.line}: {what}{game} only in {visible(files[d.side])}")]
        if isinstance(d, HandOnly):
            return self._where(d.match, d.hand) + [self._side(
                d.side, f"line {d.line}: hand {d.hand} only in {visible(files[d.side])}")]
        if isinstance(d, Renamed):
            return self._where(d.match, None) + [f" {visible(d.a)} is {visible(d.b)} in B"]
        if isinstance(d, EventDiff):
            out = self._where(d.match, d.hand)
            for side, at in (("a", d.a), ("b", d.b)):
                out.append(self._side(side, self._event(at)))
            if d.later:
                out.append(f" and the next {_events(d.later)} differ too")
            return out
        if isinstance(d, (EventMissing, EventAdded)):
            side, at, other = ("a", d.a, "B") if isinstance(d, EventMissing) else \
                ("b", d.b, "A")
            where = f"after {other}'s line {d.after}" if d.after is not None else \
                f"at the start of the {'hand' if d.hand else 'match'} in {other}"
            what = "missing in B" if side == "a" else "added in B"
            out = self._where(d.match, d.hand)
            out.append(self._side(side, f"{self._event(at)} {what}, {where}"))
            if d.later:
                out.append(f" and the next {_events(d.later)} (to line {d.last}) {what} too")
            return out
        if isinstance(d, EventsSwapped):
            (a1, a2), (b1, b2) = d.a, d.b
            return self._where(d.match, d.hand) + [
                f" swapped in B: {self._event(a1)} and {self._event(a2)} "
                f"(B's lines {b1.line} and {b2.line})"]
        if isinstance(d, DealDiff):
            out = self._where(d.match, d.hand)
            if d.dealer_a != d.dealer_b:
                out.append(f" dealer: {visible(str(d.dealer_a))} / {visible(str(d.dealer_b))}")
            if d.moves:
                moved = ", ".join(f"{self._card(m.card, d.game)} {visible(m.a or 'nobody')} → "
                                  f"{visible(m.b or 'nobody')}" for m in d.moves)
                out.append(f" deal (lines {d.line_a} / {d.line_b}): {moved}")
            return out
        if isinstance(d, TrickDiff):
            out = self._where(d.match, d.hand)
            for side, t in (("a", d.a), ("b", d.b)):
                if t is not None:
                    out.append(self._side(side, f"trick {d.trick}: {self._trick(t, d.game)}"))
            return out
        if isinstance(d, ResultDiff):
            out = self._where(d.match, d.hand)
            for side, r in (("a", d.a), ("b", d.b)):
                out.append(self._side(side, f"result: {self._result(r)}"))
            return out
        if isinstance(d, TotalsDiff):
            out = self._where(d.match, d.hand)
            if not d.parted:
                return out + [f" totals agree again after hand {d.hand}: {self._scores(d.a)}"]
            for side, totals, after in (("a", d.a, d.hand_a), ("b", d.b, d.hand_b)):
                out.append(self._side(side, self._totals(d.hand, after, side, totals)))
            return out
        if isinstance(d, MatchResultDiff):
            out = self._where(d.match, None)
            for side, ended in (("a", d.a), ("b", d.b)):
                won = ", ".join(map(visible, ended["winners"])) or "nobody"
                state = "finished" if ended["finished"] else "not finished"
                out.append(self._side(side, f"match result: {self._scores(ended['totals'])}; "
                                      f"{state}; won by {won}"))

            return out
        if isinstance(d, FindingOnly):
            f = d.finding
            return self._where(f.match, f.hand) + [self._side(d.side, finding_text(f, self.style))]
        raise TypeError(f"not a difference: {d!r}")

    def _totals(self, hand: int, at: int | None, side: str, totals: dict[str, Any]) -> str:
        """``totals after hand 3: …``; for a record without hand 3, the hand its totals stand
        after and that it has no hand 3 (``hand_a``/``hand_b`` of a TotalsDiff)."""
        if at == hand or (at is None and totals):  # at None: a TotalsDiff made without it
            return f"totals after hand {hand}: {self._scores(totals)}"
        lacks = f"no hand {hand} in {side.upper()}"
        if at is None:
            return f"no totals yet ({lacks})"
        return f"totals after hand {at} ({lacks}): {self._scores(totals)}"

    @staticmethod
    def _event(at: EventAt | None) -> str:
        if at is None:
            return "(no more events here)"
        return f"line {at.line}: {visible(_ENCODE(at.event).decode())}"

    def _trick(self, t: TrickAt, game: str | None) -> str:
        plays = ", ".join(f"{visible(p)} {self._card(c, game)}"
                          for p, c in zip(t.players, t.cards))
        won = f" → {visible(t.winner)}" if t.winner else " (not completed)"
        return f"{plays}{won} (line {t.line})"

    def _result(self, r: ResultAt) -> str:
        parts = [str(r.status)]
        if r.declarer:
            parts.append(f"{visible(r.declarer)} {visible(str(r.contract or ''))}".rstrip())
        return ", ".join(parts) + "; " + ", ".join(f"{visible(p)} {signed(v)}"
                                                    for p, v in r.deltas.items())

    @staticmethod
    def _scores(t: dict[str, Any]) -> str:
        return ", ".join(f"{visible(p)} {number(v)}" for p, v in t.items())


def _events(n: int) -> str:
    return f"{n} event{'s' * (n != 1)}"
