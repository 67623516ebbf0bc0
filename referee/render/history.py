"""``referee history``: each hand as a referee would read it out.

Dealer, the hands as dealt (sorted by the game's own suit order), the auction and the events
before play, one line per trick (leader first, the winner marked ``*``), the result and the change
of score; each finding is printed right after the line it belongs to.  Each event and trick
starts with its log line (a trick: the lines of its first and last card, ``42-44``), so the log
can be opened at it; a line that belongs to the same log line as the one above leaves it blank.
"""
from __future__ import annotations

from typing import IO, Any, Callable, Iterable

from ..cards import Card, Deck, card
from ..findings import Finding
from ..model import Hand, HandAnalysis, MoveValue, Play, Step, Trick
from ..replay import FileReplay, Listener, MatchInfo, MatchSummary, Reads
from ..commentary import SEEN_WORDS
from ..text import visible
from . import (Style, card_text, finding_text, fit, number, seen_holdings, signed,
               to_ascii, winners_text)


def _place(item: tuple[int, int, str]) -> tuple[int, int]:
    return item[0], item[1]


class _Shown:
    """A card as ``history`` shows it in a trick: who played it, the card (None when it could
    not be read), its name, its line, what became of it (``notes``: a revoke, taken back at
    line N, establishes the revoke) and whether it is still ``live`` (not taken back)."""

    __slots__ = ("who", "card", "name", "line", "notes", "live")

    def __init__(self, who: str, card: Card | None, name: str, line: int,
                 notes: list[str]) -> None:
        self.who, self.card, self.name, self.line, self.notes = who, card, name, line, notes
        self.live = card is not None


class HistoryPrinter(Listener):
    """Prints the history of each hand.  Lines and findings are buffered and printed sorted by
    line, each finding right after the line it belongs to (a revoke is settled later than its
    line); whatever nothing can come before any more is printed at once, so the buffer stays
    small however long a hand is (a finding arrives only when no finding at an earlier line
    can come, :class:`~referee.replay.Listener`).  An open revoke or trick holds the lines
    after it until it is settled, up to HOLD lines; past them (a hostile log), the lines are
    printed and what comes for an earlier line (the revoke) is printed as soon as may be, its
    FILE:LINE saying where it belongs.

    ``live`` (``--follow``, a log from a pipe): after each event, print at once whatever
    nothing can come before any more (the result of a hand as soon as it is over), not only
    when the buffer is full."""

    FINDING = 1 << 39  # a finding stands after the text of its line ...
    RESULT = 1 << 40  # ... and a hand's result after both
    BATCH = 64  # buffered lines before an early print is tried
    HOLD = 4096  # lines held for what is still open at most

    GUTTER = 5  # the log-line column's width at least (it grows for longer labels)

    reads = (Reads.DEALS | Reads.TRICKS | Reads.HANDS | Reads.SUMMARIES | Reads.STEPS
             | Reads.CLAIMS)

    def __init__(self, out: IO[str], style: Style | None = None,
                 hands: "set[int] | None" = None, live: bool = False,
                 analyses: "Callable[[str], Iterable[tuple[int, HandAnalysis]]] | None" = None
                 ) -> None:
        self.out = out
        self.analyses = analyses
        """``history --analyse``: for a file's name, the analyses of its hands
        (:func:`referee.analysis.appraise`); each hand's is said under its deal and each
        costly card marked (``Bela Q♠?? (cost 126)``)."""
        self.feed: Any = None  # the file's analyses (a HandAnalyses)
        self.valued: dict[int, MoveValue] = {}  # the hand's moves valued, by line
        self.live = live
        self.style = style or Style()
        self.hands = hands  # the hand numbers to print (None: all)
        self.showing = hands is None  # whether what is buffered now is printed
        self.picked = 0
        """How many hands asked for (``--hand``) were met, over every match read."""
        self.most = 0
        """The most hands one match read had (its last hand's number, redeals included)."""
        self.header: str | None = None  # the match's heading, until a hand of it is printed
        self.labels: dict[int, str] = {}  # output order → its log line(s), "" for none
        self.width = self.GUTTER
        self.last_label: str | None = None  # the log line printed last in the gutter
        self.info: MatchInfo | None = None  # the match being read
        self.deck: Deck | None = None  # its game's deck (cards are named by it)
        self.replay: FileReplay | None = None  # the replay of the file being read
        self.lines: list[tuple[int, int, str]] = []  # (line, order, text)
        self.seq = 0
        self.written = 0  # the last line printed
        self.limit = self.BATCH
        self.contract_of: tuple[object, str | None] = (None, None)
        self._new_hand()

    def _new_hand(self) -> None:
        # The trick on the table as history shows it: each card as a _Shown, retracted cards
        # included; the last complete trick (a retract may reopen it) as (order, cards,
        # number); the unfinished trick a hand ended in, likewise; the line whose card
        # completed a trick.
        self.table: list[_Shown] = []
        self.table_trick = 0  # the number of the trick whose cards are on the table
        self.done: tuple[int, list[_Shown], int] | None = None
        self.unfinished: tuple[int, list[_Shown], int] | None = None
        self.completed_at: int | None = None
        # the number of the hand whose result was told last: a hand over whose result is still
        # to come (a finding of the event that ended it is told first) is still laid out as one
        # open
        self.told: int | None = None
        # the complete tricks of the hand as (order, cards, number, winner): a revoke proven by
        # a later card (G14) marks its card and the proof in them once it is found
        self.rows: list[tuple[int, list[_Shown], int, str | None]] = []

    def _add(self, line: int, text: str, colour: str | None = None) -> int:
        """One line of output at log line ``line``: log text in it is shown escaped
        (:func:`~referee.text.visible`), then painted in ``colour`` (on a terminal).  Returns
        its order, by which :meth:`_replace` finds it again."""
        self.seq += 1
        text = visible(text)
        self.lines.append((line, self.seq, self.style.paint(text, colour) if colour else text))
        return self.seq

    def _replace(self, seq: int, text: str | None) -> None:
        """Rewrite (shown escaped, as :meth:`_add` does) or with None drop the output line of
        order ``seq``."""
        for i, (line, order, _) in enumerate(self.lines):
            if order == seq:
                if text is None:
                    del self.lines[i]
                else:
                    self.lines[i] = (line, order, visible(text))
                return

    def _flush(self, before: int | None = None) -> None:
        """Print the buffered lines (only those of lines before ``before``, if given)."""
        items = self.lines
        if not items:
            return
        items.sort(key=_place)
        n = len(items)
        if before is not None:
            n = 0
            for x in items:
                if x[0] >= before:
                    break
                n += 1
            self.limit = max(self.BATCH, 2 * (len(items) - n))
            if not n:
                return
        self.written = max(self.written, items[n - 1][0])
        done = items[:n]
        del items[:n]
        if not self.showing:  # a hand not asked for (--hand)
            for _, order, _ in done:
                self.labels.pop(order, None)
            return
        text = self.header + "\n" if self.header is not None else ""
        self.header = None
        text += "".join(t + "\n" for t in self._with_lines(done))
        self.out.write(text if self.style.symbols else to_ascii(text))

    def _with_lines(self, items: list[tuple[int, int, str]]) -> list[str]:
        """The output lines: each indented one (an event, a trick) led by its log line(s),
        right-aligned, or a blank where the line above had the same; headings, findings as
        they are."""
        out = []
        labels = self.labels
        for line, order, text in items:
            label = labels.pop(order, None)
            if not text.startswith("   "):
                out.append(text)
                continue
            if label is None:
                label = str(line)
            self.width = max(self.width, len(label))
            tag = label if label != self.last_label else ""
            if label:
                self.last_label = label
            out.append(f"{tag:>{self.width}}  {text[3:]}")
        return out

    def start(self, replay: FileReplay) -> None:
        self.replay = replay
        if self.analyses is not None:
            from .solve import HandAnalyses
            self.feed = HandAnalyses(self.analyses(replay.file))

    def finding(self, f: Finding) -> None:
        proof = (f.evidence or {}).get("proved_by") if f.code == "revoke" else None
        if isinstance(proof, dict):  # a revoke proven by a later card (G14)
            self._mark(f.line, "revoke")
            self._mark(proof.get("line"), "proves the revoke")
        self.seq += 1
        self.lines.append((f.line, self.FINDING + self.seq, "  !! " + finding_text(f, self.style)))
        if len(self.lines) >= self.limit:
            self._flush(before=self._settled_before(f.line))

    def _mark(self, line: object, note: str) -> None:
        """Add ``note`` to the card of log line ``line`` in a trick of the hand, rewriting the
        trick's line if it is still buffered (a card on the table is shown with it later)."""
        for x in self.table:
            if x.line == line:
                x.notes.append(note)
                return
        for seq, cards, number, winner in self.rows:
            for x in cards:
                if x.line == line:
                    x.notes.append(note)
                    self._replace(seq, self._trick_text(number, cards, winner))
                    return

    def _live_bound(self, line: int) -> int | None:
        """Live printing, after the event of ``line``: the first line not to print yet (None:
        print everything).  A hand over leaves nothing open; in an open hand, the line just
        read may go too when nothing before it is open and no trick is on the table or just
        completed (a finding of the auction is printed at once); what may still come at that
        line (``incomplete-hand``, the result) sorts after what it holds."""
        if self._held_from() is None:
            return None
        bound = self._settled_before(line)
        if bound == line and not self.table and self.done is None:
            return line + 1
        return bound

    def _held_from(self) -> int | None:
        """The first line a finding may still come at (None: no hand open), as the replay
        holds findings back (:attr:`~referee.replay.FileReplay.held_from`)."""
        return self.replay.held_from if self.replay is not None else None

    def _settled_before(self, line: int) -> int:
        """The first line something may still be added at (or rewritten), from ``line`` (the
        line being read or a finding's, before which no finding can come): while a hand is
        open, a finding at its last line or an open revoke's
        (:attr:`~referee.replay.FileReplay.held_from`), the trick on the table (shown unfinished
        if the hand ends in it) and the last complete one (a retract may reopen it); a hand over
        until its result is told.  Past HOLD lines held (a hostile log), ``line``: what comes
        later for an earlier line is printed as soon as may be."""
        n = self.replay.hand_in_play if self.replay is not None else None
        floor = self._held_from()  # (None: the hand is over, or no hand)
        if n is None or (floor is None and self.told == n) or len(self.lines) > self.HOLD:
            return line  # (no hand, or its result told)
        bound = line if floor is None else min(line, floor)
        if self.table:
            bound = min(bound, self.table[0].line)
        if self.done is not None and self.completed_at is not None:
            bound = min(bound, self.completed_at)
        return bound

    def begin_match(self, info: MatchInfo) -> None:
        self._flush(before=info.line)  # a finding of the match line comes after its title
        self.info = info
        self.deck = info.deck
        self.told = None
        self.contract_of = (None, None)
        self._add(info.line, f"== {info.file}: match {info.match}, {info.title}: "
                  f"{', '.join(info.players)}", "bold")
        self.last_label = None
        if self.hands is None:
            self._flush()
        else:  # printed before the first hand of the match that is asked for, if any
            self.header = self.lines.pop()[2]
            self.showing = False

    def deal(self, h: Hand, step: Step) -> None:
        info = self.info
        assert info is not None  # a deal comes inside a match
        self._flush(before=h.line)  # a finding of the deal comes after the hands
        self._new_hand()
        self.showing = self.hands is None or h.number in self.hands
        self.picked += self.showing
        self.most = max(self.most, h.number)
        self.last_label = None
        name = self.name
        self._add(h.line, f"-- Hand {h.number} (line {h.line}), dealer {h.dealer}", "bold")
        order = {c: i for i, c in enumerate(info.order)}
        for p in info.players:
            if p not in h.dealt:  # a record of the play alone (G14)
                self._add(h.line, f"   {fit(p, 10)} (not recorded)")
                continue
            shown = sorted(h.dealt[p], key=lambda c: order.get(c, 999))
            self._add(h.line, f"   {fit(p, 10)} " + " ".join(name(card(c)) for c in shown))
            if p == h.inferred:  # left out of the record, but the only holding left
                self._add(h.line, f"   {'':<10} (not recorded: the rest of the deck, G14b)")
        if info.pile:
            self._add(h.line, f"   {info.pile:<10} " + (" ".join(name(card(c)) for c in h.pile)
                                                        if h.pile else "(not recorded)"))
        for label, value in step.deal_notes:
            self._add(h.line, f"   {label:<10} {value}")
        self.valued = {}
        a = self.feed.of(h.line) if self.feed is not None and self.showing else None
        if a is not None:
            from .solve import analysis_words
            self.valued = {v.line: v for v in a.moves if v.mark}
            self._add(h.line, f"   {'analysis':<10} {analysis_words(a)}")

    def name(self, c: Card) -> str:
        assert self.deck is not None  # cards are named inside a match
        return self.deck.name(c, self.style.symbols)

    def event(self, step: Step) -> None:
        self._event(step)
        line = step.line
        if self.live:
            self._flush(before=self._live_bound(line))
        elif len(self.lines) >= self.limit:
            self._flush(before=self._settled_before(line))

    def _event(self, step: Step) -> None:
        line = step.line
        if step.note:
            who = step.player
            self._add(line, f"   note{f' ({who})' if who else ''}: {step.note}")
        kind = step.event
        notes = step.notes
        for note in notes[:step.before]:  # (Sixty-Six's draw after a trick: no log line of
            # its own, so its gutter is blank, under the trick it follows; the event keeps its
            # own line)
            self.labels[self._add(line, "   " + note)] = ""
        after = notes[step.before:len(notes) - len(step.deal_notes)]
        if kind == "play" and self.deck is not None:
            self._played(step)
        elif kind == "retract" and self.deck is not None and self._taken_back(step):
            return  # the trick shows it
        if kind in ("play", "deal", "match"):
            for note in after:
                self._add(line, "   " + note)
            return
        text = step.text
        if text and step.ignored:
            text = f"(ignored, the hand was over) {text}"
        if text:
            self._add(line, "   " + text)
        if step.claim_check:
            self._add(line, "   " + step.claim_check)
        for note in after:
            self._add(line, "   " + note)
        n = step.hand
        if n is not None and n != self.contract_of[0]:
            self.contract_of = (n, None)
        title = step.contract if n is not None else None
        if title and title != self.contract_of[1]:
            self.contract_of = (n, title)
            who = step.declarer
            self._add(line, f"   contract: {title}" + (f", declarer {who}" if who else ""))

    # --- tricks as they happened: each card, a retraction, the replacement, and the card
    # that established a revoke (G4)

    def _shown(self, who: str, c: Card, line: int) -> _Shown:
        r = self.replay.open_revoke if self.replay is not None else None
        notes = ["revoke"] if r is not None and r.line == line else []
        v = self.valued.get(line)
        if v is not None:  # history --analyse: the card's mark and cost (R36)
            notes.append(f"cost {number(v.cost)}")
        return _Shown(who, c, self.name(c) + (v.mark if v is not None else ""), line, notes)

    def _on_table(self, cards: list[_Shown], trick: Trick) -> list[_Shown]:
        """``cards`` if the cards in it not taken back are the trick's, else the trick's cards
        (history missed something: it shows what the engine holds)."""
        plays = [(p.player, card(p.card)) for p in trick.plays]
        if [(x.who, x.card) for x in cards if x.live] == plays:
            return cards
        return [_Shown(p.player, c, self.name(c), p.line, [])
                for p, (_, c) in zip(trick.plays, plays)]

    def _played(self, step: Step) -> None:
        """A card just applied at ``step.line``: onto the trick on the table, or (when it was
        the next card after a revoke) shown as establishing it in the trick the hand ended
        in."""
        line = step.line
        if step.hand is None or self.completed_at == line:
            return
        table = step.table
        if table and table[-1].line == line and step.winner is None:
            last = table[-1]
            if not self.table:
                self.table_trick = step.trick or 0
            self.table.append(self._shown(last.player, card(last.card), line))
        elif step.establishes_revoke:
            text = card_text(self.deck, step.cards[0] if step.cards else "", self.style)
            mark = _Shown(step.player or "", None, text, line, ["establishes the revoke"])
            if self.unfinished is None:
                seq = self._add(line, "")
                # the trick the hand ended in: the one on the table, else the next one
                number = step.trick if table and step.trick is not None else \
                    (self.rows[-1][2] + 1 if self.rows else 1)
                self.unfinished = (seq, [], number)
            seq, cards, number = self.unfinished
            cards.append(mark)
            self._replace(seq, self._trick_text(number, cards, None))
            self.labels[seq] = _span(cards)

    def _taken_back(self, step: Step) -> bool:
        """After a ``retract`` (``step``): True if it took a card back (the trick on the table
        is ours less its last card), which is then marked so; a trick it reopened is no longer
        shown as complete."""
        line = step.line
        if step.hand is None:
            return False
        now = [(p.player, card(p.card)) for p in step.table]
        cards = self.table
        if not any(x.live for x in cards) and self.done is not None:
            cards = self.done[1]  # a retract of the card that completed the last trick
        live = [x for x in cards if x.live]
        if not live or [(x.who, x.card) for x in live[:-1]] != now:
            return False
        if cards is not self.table:
            assert self.done is not None  # cards are the last complete trick's
            self._replace(self.done[0], None)
            self.table, self.table_trick, self.done = cards, self.done[2], None
        live[-1].live = False
        live[-1].notes.append(f"taken back at line {line}")
        return True

    def _trick_text(self, number: int, cards: list[_Shown], winner: str | None) -> str:
        won = next((x for x in reversed(cards) if x.live and x.who == winner), None)
        parts = [f"{x.who} {x.name}{'*' if x is won else ''}"
                 + (f" ({', '.join(x.notes)})" if x.notes else "") for x in cards]
        if winner is None:
            return f"   trick {number:>2} (not finished): " + ", ".join(parts)
        return f"   trick {number:>2}: " + ", ".join(parts) + f"  → {winner}"

    def trick(self, trick: Trick) -> None:
        last: Play = trick.plays[-1]
        line = last.line
        cards = self._on_table(self.table + [self._shown(last.player, card(last.card), line)],
                               trick)
        seq = self._add(line, self._trick_text(trick.number, cards, trick.winner))
        self.labels[seq] = _span(cards)
        self.done = (seq, cards, trick.number)
        self.rows.append((seq, cards, trick.number, trick.winner))
        self.table = []
        self.completed_at = line

    def hand(self, r: Hand) -> None:
        info = self.info
        assert info is not None  # a hand comes inside a match
        self.told = r.number
        last = r.tricks[-1] if r.tricks and r.tricks[-1].winner is None else None
        if last is not None or self.table:
            # the hand ended in mid-trick (a revoke, a claim)
            t = last if last is not None else Trick(self.table_trick, (), None)
            cards = self._on_table(self.table, t) if t.plays else self.table
            # (after its last card; if that line is printed already, as soon as may be)
            seq = self._add(max(self.written, max(x.line for x in cards)),
                            self._trick_text(t.number, cards, None))
            self.labels[seq] = _span(cards)
            self.unfinished = (seq, cards, t.number)
            self.table = []
        # the line the hand ended at (the engine may have read on in the same event: a card
        # after an undisputed claim, an event after a played-out Sixty-Six deal)
        end = r.ended if r.ended is not None else r.line
        line = max(end, self.written, max((x[0] for x in self.lines), default=r.line))
        head = f"   result ({r.status}): {r.summary}" if r.summary else f"   result: {r.status}"
        score = ("   score: " + ", ".join(f"{p} {signed(r.deltas[p])}" for p in info.players)
                 + "  →  totals " + ", ".join(f"{p} {number(r.totals[p])}"
                                              for p in info.players))
        texts = [head, score] + self._as_seen(r, info)
        for text in texts:  # after the event that ended the hand (a declaration)
            self.seq += 1
            self.lines.append((line, self.RESULT + self.seq, visible(text)))
            self.labels[self.RESULT + self.seq] = ""  # no log line of its own

    def _as_seen(self, hand: Hand, info: MatchInfo) -> list[str]:
        """After a hand whose record leaves out some hands (G14): each such holding as the cards
        seen from it reconstruct it, grouped by how they were seen, and how many were never
        seen."""
        held = seen_holdings(hand, info.order)
        if not held:
            return []
        out = ["   as seen    (hands not recorded: the cards seen from each, G14)"]
        for p, by, unseen in held:
            parts = [" ".join(self.name(card(c)) for c in cs) + f" {SEEN_WORDS.get(how, how)}"
                     for how, cs in by.items()]
            if unseen:
                parts.append(f"{unseen} not seen")
            out.append(f"   {fit(p, 10)} " + ("; ".join(parts) or "nothing seen"))
        return out

    def end_match(self, s: MatchSummary) -> None:
        self._flush()
        if self.header is not None:  # no hand of this match was asked for (--hand)
            self.header = None
            return
        head = (f"== match over: {winners_text(s.info.teams, s.winners)}; totals " if s.finished
                else "== match not finished; totals ")
        self.out.write(visible(head + ", ".join(f"{p} {number(v)}" for p, v in s.totals.items()))
                       + "\n\n")

    def close(self) -> None:
        self._flush()


def _span(cards: list[_Shown]) -> str:
    """A trick's log lines: its first and last card's (``42-44``); one line alone (``42``)."""
    lo = min(x.line for x in cards)
    hi = max(x.line for x in cards)
    return f"{lo}-{hi}" if hi != lo else str(lo)
