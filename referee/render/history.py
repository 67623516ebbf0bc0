"""``referee history``: each hand as a referee would read it out.

Dealer, the hands as dealt (sorted by the game's own suit order), the auction and the events
before play, one line per trick (leader first, the winner marked ``*``), the result and the change
of score; each finding is printed right after the line it belongs to.
"""
from __future__ import annotations

from typing import IO, Any

from .. import events as ev
from ..cards import Card
from ..findings import Finding
from ..games.base import HandResult, MatchEngine
from ..games.tricks import Trick
from ..replay import Listener, MatchInfo, MatchSummary
from . import Style, finding_text, fit, number, signed, to_ascii, visible, winners_text
from .words import describe


class HistoryPrinter(Listener):
    """Prints the history of each hand; buffers one hand so that findings (which may be settled
    later than their line, e.g. a revoke) stand right after their line."""

    def __init__(self, out: IO[str], style: Style | None = None) -> None:
        self.out = out
        self.style = style or Style()
        self.engine: MatchEngine | None = None
        self.lines: list[tuple[int, int, str]] = []  # (line, order, text)
        self.findings: list[Finding] = []
        self.seq = 0
        self.contract_of: tuple[object, str | None] = (None, None)

    def _add(self, line: int, text: str, colour: str | None = None) -> None:
        """One line of output at log line ``line``: log text in it is shown escaped
        (:func:`~referee.text.visible`), then painted in ``colour`` (on a terminal)."""
        self.seq += 1
        text = visible(text)
        self.lines.append((line, self.seq, self.style.paint(text, colour) if colour else text))

    def _flush(self) -> None:
        if not self.lines and not self.findings:
            return
        items = list(self.lines)
        for f in self.findings:
            self.seq += 1
            items.append((f.line, self.seq, "  !! " + finding_text(f, self.style)))
        items.sort(key=lambda x: (x[0], x[1]))
        text = "".join(t + "\n" for _, _, t in items)
        self.out.write(text if self.style.symbols else to_ascii(text))
        self.lines.clear()
        self.findings.clear()

    def finding(self, f: Finding) -> None:
        self.findings.append(f)

    def begin_match(self, info: MatchInfo, engine: MatchEngine) -> None:
        self._flush()
        self.engine = engine
        title = engine.TITLE
        self._add(info.line, f"== {info.file}: match {info.match}, {title}: "
                  f"{', '.join(info.players)}", "bold")
        self._flush()

    def deal(self, engine: MatchEngine) -> None:
        self._flush()
        h = engine.hand
        name = self.name
        self._add(h.line, f"-- Hand {h.number} (line {h.line}), dealer {h.dealer}", "bold")
        for p in engine.players:
            self._add(h.line, f"   {fit(p, 10)} " + " ".join(name(c) for c in
                                                           engine.sort_for_display(h.dealt[p])))
        if engine.PILE:
            self._add(h.line, f"   {engine.PILE:<10} " + " ".join(name(c) for c in h.pile))
        for label, value in engine.deal_notes():
            self._add(h.line, f"   {label:<10} {value}")

    def name(self, c: Card) -> str:
        return self.engine.DECK.name(c, self.style.symbols)

    def event(self, line: int, e: Any, engine: MatchEngine | None) -> None:
        note = getattr(e, "note", None)
        if note:
            who = getattr(e, "player", None)
            self._add(line, f"   note{f' ({who})' if who else ''}, line {line}: {note}")
        before, after = engine.take_notes(self.name) if engine is not None else ([], [])
        for note in before:
            self._add(line, "   " + note)
        if type(e) in (ev.Play, ev.Deal, ev.Match):
            for note in after:
                self._add(line, "   " + note)
            return
        text = (engine.describe_event(line, e, self.style.symbols) if engine is not None
                else None) or describe(e, engine, self.style)
        h0 = engine.hand if engine is not None else None
        if text and h0 is not None and h0.ended_line is not None and line > h0.ended_line \
                and type(e) not in (ev.Score, ev.End):
            text = f"(ignored, the hand was over) {text}"
        if text:
            self._add(line, "   " + text)
        for note in after:
            self._add(line, "   " + note)
        h = engine.hand if engine is not None else None
        if h is not None and h is not self.contract_of[0]:
            self.contract_of = (h, None)
        title = engine.contract_title() if h is not None else None
        if title and title != self.contract_of[1]:
            self.contract_of = (h, title)
            who = engine.declarer_name()
            self._add(line, f"   contract: {title}" + (f", declarer {who}" if who else ""))

    def trick(self, engine: MatchEngine, trick: Trick) -> None:
        parts = []
        for p, c, _ in trick.plays:
            mark = "*" if p == trick.winner else ""
            parts.append(f"{p} {self.name(c)}{mark}")
        self._add(trick.plays[-1][2], f"   trick {trick.number:>2}: " + ", ".join(parts)
                  + f"  → {trick.winner}")

    def hand(self, engine: MatchEngine, r: HandResult) -> None:
        h = engine.hand
        tp = h.play
        if tp is not None and tp.current.who:  # the hand ended in mid-trick (a revoke, a claim)
            t = tp.current
            self._add(t.lines[-1], f"   trick {t.number:>2} (not finished): " + ", ".join(
                f"{p} {self.name(c)}" for p, c in zip(t.who, t.cards)))
        line = max(h.last_line, max((x[0] for x in self.lines), default=h.line))
        head = f"   result ({r.status}): {r.summary}" if r.summary else f"   result: {r.status}"
        score = ("   score: " + ", ".join(f"{p} {signed(r.deltas[p])}" for p in engine.players)
                 + "  →  totals " + ", ".join(f"{p} {number(r.totals[p])}"
                                              for p in engine.players))
        for text in (head, score):  # after the event that ended the hand (a declaration)
            self.seq += 1
            self.lines.append((line, self.seq + (1 << 40), visible(text)))

    def end_match(self, s: MatchSummary) -> None:
        self._flush()
        head = (f"== match over: {winners_text(self.engine, s.winners)}; totals " if s.finished
                else "== match not finished; totals ")
        self.out.write(visible(head + ", ".join(f"{p} {number(v)}" for p, v in s.totals.items()))
                       + "\n\n")

    def close(self) -> None:
        self._flush()


