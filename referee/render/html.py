"""``referee history --format html``: one self-contained page (CSS and JavaScript inline, no
network) with an index of the matches, hands and findings at its top, that shows each hand on
a table diagram and replays it card by card, a moment named by the address
(``#hand-2-line-58``); with ``--split DIR``, an index page and one such page per match.

Built on the public API (:func:`referee.read_log` with ``steps=True``): the engine decides
everything shown here — who won each trick, the findings, the scores, the contract, the cards
each player holds after each event, the order a hand is sorted in.  This module lays it
out, and counts from it: the tricks (and card points) won so far at each step, from the steps'
winners and the tricks' points, and, in a record of the play alone, which cards seen later
(:attr:`referee.model.Hand.seen`) a holding not recorded held at each step (:func:`_rows`).
Everything that comes from a log (names, notes, ids, cards, messages) is escaped for
HTML; the data for the replay is JSON in a ``<script type="application/json">`` block with
every ``<`` escaped, and the script puts it on the page as text only (never as markup).
Without JavaScript the page is a set of static tables: the hands as dealt, the auction, the
events, the tricks, the findings and the scores.
"""
from __future__ import annotations

import bisect
import functools
import html
import json
import re
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .. import events as ev
from ..api import (Hand, Match, Step, MatchBuilder, feed, MatchRecord, with_findings,
                   card_name)
from ..model import Action, HandAnalysis, Seen
from ..schema import CANONICAL_CARD, finding_evidence
from ..games import SPECS
from ..replay import FileStats, MatchInfo, MatchSummary, FileReplay
from ..cards import SUIT_NAMES
from ..commentary import SEEN_WORDS
from ..findings import Finding
from ..text import json_safe, visible
from . import number, signed
from .html_assets import ANALYSIS_CSS, CSS, page_script
from .solve import HandAnalyses, analysis_words

if TYPE_CHECKING:
    from ..selection import Selection


def _title(game: str) -> str:
    """The game as a page names it: its declared title (``Sixty-Six``), else as the log says."""
    spec = SPECS.get(game)
    return game if spec is None else spec.title


_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
_SUIT_OF_SYMBOL = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_SYMBOL_WORDS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
_AUCTION = frozenset({"bid", "pass", "hold"})
"""Events shown in the auction table's seat columns (all events are in the events table)."""

def clean(text: object) -> str:
    """``text`` as text output shows it (:func:`referee.text.visible`: control, bidi and
    zero-width characters as escapes such as ``\\x1b``, a backslash doubled)."""
    return visible(str(text))


def esc(text: object) -> str:
    """``text`` cleaned (:func:`clean`) and escaped for HTML text and quoted attributes."""
    return html.escape(clean(text), quote=True)


def script_json(data: Any) -> str:
    """``data`` as JSON safe inside ``<script type="application/json">``: ASCII only and no
    ``<``, ``>`` or ``&`` at all (so neither ``</script>`` nor ``<!--`` can occur)."""
    text = json_safe(json.dumps(data, ensure_ascii=True, separators=(",", ":")))  # DEL too
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def rich(text: object) -> str:
    """Escaped ``text`` with each suit symbol coloured and spelt out for screen readers."""
    out = esc(text)
    return re.sub("[♣♦♥♠]", lambda m: _symbol(m.group()), out)


def _symbol(sym: str) -> str:
    return (f'<span class="s-{_SUIT_OF_SYMBOL[sym]}"><span aria-hidden="true">{sym}</span>'
            f'<span class="sr"> {_SYMBOL_WORDS[sym]}</span></span>')


@dataclass
class _Cards:
    """How one game's cards are shown: the name (``10♥``, ``Bug``), the words a screen reader
    says (``10 of hearts``) and the colour class."""

    game: str
    known: dict[str, list[str]] = field(default_factory=dict)

    def info(self, c: str) -> list[str]:
        hit = self.known.get(c)
        if hit is None:
            try:
                shown = card_name(self.game, c)
                suit = "" if c == "JK" else c[-1]
            except ValueError:  # no card of the game: shown as written
                shown, suit = c, ""
            rank = c[:-1]
            spoken = (f"{_RANK_WORDS.get(rank, rank)} of {SUIT_NAMES[suit]}" if suit
                      else shown)
            hit = self.known[c] = [shown, spoken, suit.lower() or "j"]
        return hit

    def chip(self, c: str, cls: str = "card") -> str:
        shown, spoken, suit = self.info(c)
        return (f'<span class="{cls} s-{suit}"><span aria-hidden="true">{esc(shown)}</span>'
                f'<span class="sr">{esc(spoken)}</span></span>')

    def chips(self, cs: Iterable[str]) -> str:
        return " ".join(self.chip(c) for c in cs)


def _seat_places(n: int) -> list[str]:
    """Where each seat sits on the diagram, in seating order (clockwise from the bottom):
    two face each other, three sit bottom, left, right, four round the table (partners of
    Eighty-Three, seats 1 and 3, 2 and 4, opposite)."""
    return {2: ["south", "north"], 3: ["south", "west", "east"],
            4: ["south", "west", "north", "east"]}.get(n, ["south"] * n)


class PageWriteError(Exception):
    """A page of ``--split`` cannot be written: ``path`` and ``why`` (the system's words).
    Not an :class:`OSError`, so that it is never taken for a log that cannot be read."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


def _write_page(path: Path, doc: "_Doc", title: str) -> None:
    """Write one match page of ``--split`` to ``path`` (:class:`PageWriteError` if it cannot
    be)."""
    try:
        with open(path, "w", encoding="utf-8") as page:
            doc.finish(page, title, title, hands=True, up="index.html")
    except OSError as exc:
        raise PageWriteError(path, exc.strerror or str(exc)) from None
    finally:
        doc.close()


class HtmlPage:
    """Writes the page: :meth:`begin`, then :meth:`log` for each file (hands picked by
    ``hands``: hand numbers to show, None for all), :meth:`file_problem` for a file that could
    not be read, and :meth:`end`.

    One page (``split`` None) goes to ``out``: at its top the index (each match, each of its
    hands with its result, status, findings count and the running totals, and a summary of
    the findings, each linked to its moment), then the hands.  With ``split`` (a directory)
    ``out`` gets nothing: the directory gets ``index.html`` (the index of every match and the
    findings outside every match) and one page per match, ``fF-mM.html`` (file F of the run,
    match M of the file: names made of numbers only), each with its own index at the top;
    :attr:`PAGES` match pages at most, the matches after that listed in the index only.

    Pages are written as the log is read: memory holds the hand being read; the hands written
    so far, the index rows and the score rows wait in temporary files (a megabyte each in
    memory, the rest on disk) until the index above them is complete, never the whole match
    or file in memory.  A hand keeps at most :data:`FINDINGS` findings and :data:`STEPS`
    events for the page (the first, by line), and each list of findings outside the hands and
    the findings summary of a page at most :data:`FINDINGS`; what is left out is said where it
    would be ("and 99,900 more findings of this hand, not shown: see `referee check`"), so a
    hostile log of a million bad lines gives a page of bounded size and memory (issue 29)."""

    FINDINGS = 200
    """The most findings shown per hand, per list of findings outside the hands, and in the
    findings summary of a page."""
    STEPS = 1000
    """The most events of a hand shown (in its events table and on its table diagram)."""
    PAGES = 10_000
    """With ``split``: the most match pages written (a hostile log of a million matches
    writes no million files); later matches are in the index, without a page."""

    def __init__(self, out: IO[str], files: Sequence[str],
                 hands: "set[int] | None" = None, split: "Path | None" = None) -> None:
        self.out = out
        self.files = list(files)
        self.hands = hands
        self.split = split
        self.file_no = 0
        self.shown = 0
        self.most = 0
        """The hands written (picked by ``--hand``), and the highest hand number read."""
        self.pages = 0
        """With ``split``: the match pages written."""
        self.ids: set[str] = set()  # the line anchors written (each id once; per match)
        self._match: _OpenMatch | None = None
        self._analysis: HandAnalyses | None = None
        self.top = _Doc()
        """The page ``out`` gets (with ``split``: ``index.html``)."""

    # --- the page ----------------------------------------------------------------------------

    def _names(self) -> str:
        return ", ".join(self.files) if self.files else "standard input"

    def begin(self) -> None:
        """Start the run (with ``split``: make the directory; OSError propagates)."""
        if self.split is not None:
            try:
                self.split.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise PageWriteError(self.split, exc.strerror or str(exc)) from None

    def _doc(self) -> "_Doc":
        """The page the match in play is written on."""
        om = self._match
        return om.doc if om is not None and om.doc is not None else self.top

    def log(self, stream: IO[bytes], name: str, strict: bool = False,
            selection: "Selection | None" = None,
            analysis: "Iterable[tuple[int, HandAnalysis]] | None" = None) -> FileStats:
        """Read one log from ``stream`` (``name``: what findings call it) and write its matches,
        hand by hand, then its findings outside every match.  Returns the file's counts;
        OSError from the stream propagates (the match being written is closed first).
        ``selection``: only the matches and findings it selects are written, and the counts
        are of those (R30).  ``analysis``: with ``history --analyse``, each hand's analysis
        (:func:`referee.analysis.appraise`: the line of its deal and its
        :class:`~referee.model.HandAnalysis`, in line order), read as the hands are written
        and attached to them (:attr:`Hand.analysis`); OSError from it propagates too."""
        from ..selection import Selected
        self._analysis = HandAnalyses(analysis) if analysis is not None else None
        self.file_no += 1
        fid = self.file_no
        builder = _PageBuilder(self, fid)
        chosen = Selected(builder, selection) if selection is not None and \
            not selection.everything else None
        run = FileReplay(name, chosen if chosen is not None else builder)
        try:
            for line, e in ev.read_events(stream, strict):
                feed(run, builder, line, e)
            run.close_match()
            run.flush()
        except OSError:
            self._abandon()
            raise
        self.findings(name, builder.loose, builder.loose_more, fid)
        if chosen is not None:
            chosen.count_into(run.stats)
        return run.stats

    def findings(self, file: str, findings: Sequence[Finding], more: int = 0,
                 fid: int | None = None) -> None:
        """Findings of a file outside every refereed match (before the first ``match``, a match
        that cannot be refereed); ``more``: how many more were left out."""
        if not findings:
            return
        if fid is None:
            self.file_no += 1
            fid = self.file_no
        self.ids.clear()
        doc = self.top
        prefix = f"f{fid}"
        doc.body.write(f"<section class=\"loose\" aria-labelledby=\"f{fid}-loose\">\n"
                       f"<h2 id=\"f{fid}-loose\">{esc(file)}: findings outside every match"
                       "</h2>\n")
        doc.body.write(self._finding_list(findings, prefix, None))
        doc.body.write(_more_findings(more, "outside every match"))
        doc.body.write("</section>\n")
        for f in findings:
            doc.found(f"<a class=\"ln\" href=\"#{prefix}-L{f.line}\">{esc(f.file)}:{f.line}</a>"
                      f" {_severity(f)} outside every match: {rich(f.message)}", self.FINDINGS)
        doc.found_more += more

    def file_problem(self, name: str, why: str) -> None:
        """A file that could not be read (the message also goes to standard error)."""
        self.top.body.write(f"<section class=\"loose\"><h2>{esc(name)}</h2>\n<p class=\"error\">"
                            f"cannot be read: {esc(why)}</p></section>\n")

    def end(self) -> None:
        """Finish the run: write the page (with ``split``: ``index.html``)."""
        top = self.top
        if not self.shown:
            top.body.write("<p>No hand to show.</p>\n")
        names = self._names()
        if self.split is None:
            top.finish(self.out, f"Hands: {names}", f"Hands of {names}", hands=True)
            return
        path = self.split / "index.html"
        try:
            with open(path, "w", encoding="utf-8") as out:
                top.finish(out, f"Index: {names}", f"Hands of {names}", hands=top.hands)
        except OSError as exc:
            raise PageWriteError(path, exc.strerror or str(exc)) from None
        finally:
            top.close()

    # --- one match ---------------------------------------------------------------------------

    # the match being written: its header goes out with its first hand shown (a match none
    # of whose hands is picked by --hand is left out), its score rows wait for its end

    def begin_match(self, m: Match, fid: int) -> None:
        """A match starts (``m`` holds what its ``match`` event says; no hands yet)."""
        mid = f"f{fid}-m{m.number}"
        self._match = _OpenMatch(m, mid)
        self.ids.clear()
        if self.hands is None:
            self._open_section()

    def _open_section(self) -> None:
        om = self._match
        assert om is not None
        if om.written:
            return
        om.written = True
        m, mid = om.m, om.mid
        if self.split is not None and self.pages < self.PAGES:
            self.pages += 1
            om.doc = _Doc()
            om.page = f"{mid}.html"
        om.doc_or(self.top).body.write(
            f"<section class=\"match\" id=\"{mid}\" aria-labelledby=\"{mid}-t\">\n"
            f"<h2 id=\"{mid}-t\">{esc(m.file)}: match {esc(m.key)}, "
            f"{esc(_title(m.game))}: {esc(', '.join(m.players))} "
            f"{self._ln(m.file, m.line, mid)}{self._anchor(mid, m.line)}</h2>\n")

    def hand(self, h: Hand, more_findings: int = 0, more_steps: int = 0) -> None:
        """A hand of the match in play is complete (its findings and steps as kept; how many
        more of each were left out): it is written now if picked, and its score row kept."""
        om = self._match
        assert om is not None
        m = om.m
        om.row(self._score_row(m, h, om.mid))
        self.most = max(self.most, h.number)
        if self.hands is not None and h.number not in self.hands:
            return
        self._open_section()
        self.shown += 1
        h = self._analysed(h)
        hid = f"{om.mid}-h{h.number}"
        doc = om.doc_or(self.top)
        doc.hands = True
        doc.analysis = doc.analysis or h.analysis is not None
        doc.body.write(self._hand(m, h, _Cards(m.game), hid, more_findings, more_steps))
        om.indexed(self._index_row(m, h, hid, more_findings))
        self._summarise(om, doc, h.findings, hid, f"hand {h.number}", more_findings)

    def _analysed(self, h: Hand) -> Hand:
        """``h`` with its analysis attached, when the run analyses."""
        feed = self._analysis
        a = feed.of(h.line) if feed is not None else None
        if a is None:
            return h
        from dataclasses import replace
        return replace(h, analysis=a)

    def _summarise(self, om: "_OpenMatch", doc: "_Doc", findings: Iterable[Finding],
                   anchor: str, where: str, more: int) -> None:
        """Add ``findings`` to the findings summary of the match's page (with ``--split``) and
        of the index page, each linking to its moment (``#ANCHOR-LLINE``, from the index through
        the match's page); ``where`` says whose they are (escaped HTML); ``more`` counts those
        left out."""
        for f in findings:
            found = (f"<a class=\"ln\" href=\"#{anchor}-L{f.line}\">{esc(f.file)}:{f.line}</a> "
                     f"{_severity(f)} {where}: {rich(f.message)}")
            if om.doc is not None:
                om.doc.found(found, self.FINDINGS)
                found = found.replace("href=\"#", f"href=\"{om.page}#", 1)
            self.top.found(found, self.FINDINGS)
        if more:
            for d in {id(x): x for x in (self.top, doc)}.values():
                d.found_more += more

    def end_match(self, m: Match, more: int = 0) -> None:
        """The match in play ends: ``m`` with its totals, finished, winners and the findings
        outside its hands (``more`` left out); writes them and the score table."""
        om, self._match = self._match, None
        assert om is not None
        if not om.written:
            if self.hands is not None:
                om.close()
                return
            self._open_section()
        doc = om.doc_or(self.top)
        out = doc.body
        if m.findings:
            out.write("<h3>Findings of the match outside its hands</h3>\n")
            out.write(self._finding_list(m.findings, om.mid, None, _Cards(m.game)))
            out.write(_more_findings(more, "of the match outside its hands"))
        self._score_table(m, om, out)
        out.write("</section>\n")
        self._summarise(om, doc, m.findings, om.mid, f"match {esc(m.key)}, outside its hands",
                        more)
        end = _match_end(m)
        head = (f"{esc(m.file)}: match {esc(m.key)}, {esc(_title(m.game))}: "
                f"{esc(', '.join(m.players))}")
        targets = [(self.top, f"{om.page}#" if om.page else "#")]
        if om.doc is not None:
            targets.append((om.doc, "#"))
        for d, to in targets:
            d.index_match(m, om, head, end, to)
        om.close()
        if om.doc is not None:
            assert self.split is not None and om.page
            _write_page(self.split / om.page, om.doc, f"{m.file}: match {m.key}")

    def _abandon(self) -> None:
        """The file cannot be read on: close the match being written as it stands."""
        om, self._match = self._match, None
        if om is None:
            return
        if om.written:
            om.doc_or(self.top).body.write(
                "<p class=\"error\">The log could not be read to the end of this match.</p>\n"
                "</section>\n")
        om.close()
        if om.doc is not None:
            if om.written and om.page and self.split is not None:
                _write_page(self.split / om.page, om.doc, f"{om.m.file}: match {om.m.key}")
            om.doc.close()

    def _index_row(self, m: Match, h: Hand, hid: str, more: int) -> str:
        """The hand's row of its match's index: its number (a link to it, made relative by
        :class:`_Doc`), dealer, contract, result, findings, and each player's total after it
        with the hand's change (``33 (+33)``)."""
        n = len(h.findings) + more
        errors = sum(1 for f in h.findings if f.is_error)
        found = (f"{n:,}" + (f" ({errors:,} error{'s' * (errors != 1)})" if errors else "")
                 if n else "")
        totals = "".join(
            f"<td>{esc(number(h.totals[p]))} <span class=\"delta\">"
            f"({esc(signed(h.deltas.get(p, 0)))})</span></td>" if p in h.totals else "<td></td>"
            for p in m.players)
        status = esc(h.status or "")
        return (f"<tr><th scope=\"row\"><a href=\"@{hid}\">{h.number}</a></th>"
                f"<td>{esc(h.dealer or '')}</td><td>{rich(h.contract or '')}</td>"
                f"<td class=\"st-{status}\">{status}</td><td>{found}</td>{totals}</tr>")

    def _ln(self, file: str, line: int | None, prefix: str) -> str:
        """The ``FILE:LINE`` link of an item: to the place of that line on the page (the
        script also moves the hand's table to it)."""
        if line is None:
            return ""
        return (f"<a class=\"ln\" href=\"#{prefix}-L{line}\" data-line=\"{line}\">"
                f"{esc(file)}:{line}</a>")

    def _at(self, file: str, line: int, prefix: str) -> str:
        """The short link of an item in a table of one hand: ``line 42``, the whole ``FILE:42``
        as its tooltip (and its description for a screen reader)."""
        return (f"<a class=\"ln\" href=\"#{prefix}-L{line}\" data-line=\"{line}\" "
                f"title=\"{esc(f'{file}:{line}')}\">line {line}</a>")

    # --- one hand ----------------------------------------------------------------------------

    def _hand(self, m: Match, h: Hand, cards: _Cards, hid: str, more_findings: int = 0,
              more_steps: int = 0) -> str:
        players = list(m.players)
        places = _seat_places(len(players))
        steps = list(h.steps)
        contract = next((s.contract for s in reversed(steps) if s.contract), None) \
            or h.contract
        parts = [f"<section class=\"hand\" id=\"{hid}\" aria-labelledby=\"{hid}-t\">\n"
                 f"<h3 id=\"{hid}-t\">Hand {h.number}{self._anchor(hid, h.line)}"
                 f" {self._ln(m.file, h.line, hid)}</h3>\n<p class=\"facts\">"]
        facts = [f"dealer <strong>{esc(h.dealer or 'nobody of the match')}</strong>"]
        if h.declarer:
            facts.append(f"declarer <strong>{esc(h.declarer)}</strong>")
        if contract:
            facts.append(f"contract <strong>{rich(contract)}</strong>")
        if h.status:
            facts.append(f"result <strong>{esc(h.status)}</strong>")
        if h.inferred:
            facts.append(f"{esc(h.inferred)}'s hand not recorded: the rest of the deck (G14b)")
        parts.append(", ".join(facts) + "</p>\n")
        a = h.analysis
        if a is not None:
            parts.append(_analysis_note(a))
        rows = _rows(m, h, steps, cards)
        if a is not None:
            _analysis_rows(a, steps, rows, players)
        first = rows[0] if rows and steps[0].event == "deal" else None
        held0 = first["h"] if first is not None else {p: list(cs) for p, cs in h.dealt.items()}
        later0 = first.get("s", {}) if first is not None else {}
        hidden0 = first.get("u", {}) if first is not None else {}
        tally = bool(h.tricks)

        # the table diagram (the script replays the hand on it)
        at0 = " disabled" if rows else ""
        last0 = " disabled" if len(rows) < 2 else ""
        views = "".join(f"<option value=\"{esc(p)}\">{esc(p)}'s seat (the others face down)"
                        "</option>" for p in players)
        parts.append(f"<div class=\"viewer\" data-hand=\"{hid}\">\n")
        if rows:  # the script's controls (nothing to step through without a step)
            buttons = "".join(f"<button type=\"button\" data-go=\"{go}\" title=\"{key}\""
                              f"{at0 if go in _BACKWARD else last0}>{label}</button>"
                              for go, label, key in _BUTTONS)
            speeds = "".join(f"<option value=\"{ms}\"{' selected' if ms == 1000 else ''}>"
                             f"{word}</option>" for ms, word in _SPEEDS)
            parts.append(
                f"<div class=\"controls\" hidden role=\"group\" aria-label=\"Step through "
                f"hand {h.number}\">{buttons}<button type=\"button\" data-go=\"play\" "
                f"title=\"P\" aria-pressed=\"false\"{last0}>{_PLAY}</button>"
                f"<label class=\"speed\">speed <select data-speed>{speeds}</select></label>"
                f"<label class=\"view\">view <select data-view><option value=\"\">every "
                f"hand face up</option>{views}</select></label><span class=\"where\" "
                f"aria-hidden=\"true\">step 1 of {len(rows)}</span></div>\n")
        parts.append(f"<div class=\"table seats-{len(players)}\" tabindex=\"0\" "
                     f"aria-label=\"The table of hand {h.number}\">\n")
        sides = [[players.index(p) for p in t] for t in m.teams if len(t) > 1]
        for i, (p, place) in enumerate(zip(players, places)):
            marks = []
            if p == h.dealer:
                marks.append("<span class=\"mark dealer\" title=\"dealer\"><span aria-hidden="
                             "\"true\">D</span><span class=\"sr\">dealer</span></span>")
            if p == h.declarer:
                marks.append("<span class=\"mark declarer\" title=\"declarer\">"
                             "<span aria-hidden=\"true\">★</span><span class=\"sr\">declarer"
                             "</span></span>")
            team = next((t for t in m.teams if p in t and len(t) > 1), None)
            side = (f"<span class=\"team\">{esc(' & '.join(team))}</span>" if team else "")
            held = held0.get(p, ())
            later = later0.get(p, ())
            parts.append(f"<section class=\"seat {place}\" data-player=\"{esc(p)}\" "
                         f"data-place=\"{place}\" "
                         f"aria-label=\"{esc(p)}\"><h4 class=\"name\">{esc(p)} {''.join(marks)}"
                         f"</h4>{side}<p class=\"held\">{cards.chips(held)}"
                         + "".join(" " + cards.chip(c, "card later") for c in later)
                         + f"{_back(hidden0.get(p, 0), bool(held or later))}</p>"
                         + (f"<p class=\"tally\">{_tally(rows[0], i, sides)}</p>"
                            if tally and rows else "")
                         + "</section>\n")
        parts.append("<div class=\"centre\"><p class=\"played\" aria-live=\"off\"></p>"
                     "<p class=\"caption\" aria-live=\"polite\">as dealt</p>"
                     "<div class=\"step-findings\"></div>"
                     + ("<div class=\"analysis\" hidden></div>" if a is not None else "")
                     + "<div class=\"end\" hidden></div></div>\n</div>\n</div>\n")

        parts.append(self._pile(m, h, cards, steps, hid))
        parts.append(self._auction(m, h, steps, hid))
        parts.append(self._events(m, h, cards, steps, hid, more_steps))
        parts.append(self._tricks(m, h, cards, hid))
        if a is not None:
            parts.append(self._analysis_table(m, h, a, cards, hid))
        parts.append(self._as_seen(m, h, cards, hid))
        parts.append(self._result(m, h, hid, more_findings))
        parts.append(self._data(m, h, cards, rows, hid))
        parts.append("</section>\n")
        return "".join(parts)

    def _anchor(self, hid: str, line: int) -> str:
        return f"<span{self._line_id(hid, line)}></span>"

    def _line_id(self, prefix: str, line: int) -> str:
        """`` id="PREFIX-LLINE"`` for the first item of that line on the page, else nothing
        (an id is used once; a ``FILE:LINE`` link goes to the first item of its line)."""
        key = f"{prefix}-L{line}"
        if key in self.ids:
            return ""
        self.ids.add(key)
        return f" id=\"{key}\""

    def _pile(self, m: Match, h: Hand, cards: _Cards, steps: list[Step], hid: str) -> str:
        discards = [s for s in steps if s.event == "discard" and not s.ignored]
        if not h.pile and not discards:
            return ""
        rows = []
        if h.pile:
            rows.append(f"<tr><th scope=\"row\">as dealt</th><td>{cards.chips(h.pile)}</td>"
                        f"<td>{self._at(m.file, h.line, hid)}</td></tr>")
        for s in discards:
            cs = s.cards
            rows.append(f"<tr><th scope=\"row\">discarded by {esc(s.player)}</th>"
                        f"<td>{cards.chips(cs) if cs else esc(s.text)}</td>"
                        f"<td>{self._at(m.file, s.line, hid)}</td></tr>")
        spec = SPECS.get(m.game)
        pile = spec.pile if spec is not None and spec.pile else "pile"
        return _wide(f"<table class=\"pile\"><caption>The {esc(pile)}</caption><thead><tr>"
                "<th scope=\"col\">when</th><th scope=\"col\">cards</th><th scope=\"col\">line"
                "</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>\n")

    def _auction(self, m: Match, h: Hand, steps: list[Step], hid: str) -> str:
        calls = [s for s in steps if s.event in _AUCTION and s.player in m.players]
        if not calls:
            return ""
        players = list(m.players)
        first = players.index(h.dealer) + 1 if h.dealer in players else 0
        cols = players[first:] + players[:first]
        rows: list[list[str]] = []
        row: list[str] = [""] * len(cols)
        last = -1
        for s in calls:
            assert s.player is not None  # an auction call names its player
            i = cols.index(s.player)
            if i <= last:
                rows.append(row)
                row = [""] * len(cols)
            row[i] = (f"{rich(s.text.removeprefix(s.player + ' ') if s.text else s.event)}"
                      f" {self._at(m.file, s.line, hid)}")
            last = i
        rows.append(row)
        head = "".join(f"<th scope=\"col\">{esc(p)}{' (dealer)' if p == h.dealer else ''}</th>"
                       for p in cols)
        body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
        return _wide(f"<table class=\"auction\"><caption>The auction</caption><thead><tr>{head}"
                f"</tr></thead><tbody>{body}</tbody></table>\n")

    def _events(self, m: Match, h: Hand, cards: _Cards, steps: list[Step], hid: str,
                more: int = 0) -> str:
        rows = []
        for s in steps:
            words: list[str] = []

            if s.event == "deal":
                words.extend(rich(n) for n in s.notes)
            elif s.event == "play":
                if not s.note and not _unplayed(s):
                    continue
                what = cards.chips(s.cards)
                if s.ignored:
                    words.append(f"(ignored, the hand was over) {esc(s.player)}: {what}")
                elif _unplayed(s):
                    words.append(f"{esc(s.player)}: {what}, not played")
                else:
                    words.append(f"{esc(s.player)} plays {what}")
                words.extend(rich(n) for n in s.notes)
            else:
                text = s.text or s.event
                words.append(("(ignored, the hand was over) " if s.ignored else "") + rich(text))
                words.extend(rich(n) for n in s.notes)
            if s.note:
                words.append(f"note: “{esc(s.note)}”")
            if not words:
                continue
            rows.append(f"<tr{self._line_id(hid, s.line)}><td>{self._at(m.file, s.line, hid)}</td>"
                        f"<td>{esc(s.player or '')}</td><td>{'<br>'.join(words)}</td></tr>")
        if more:
            rows.append(f"<tr class=\"more\"><td colspan=\"3\">… and {more:,} more events of this "
                        f"hand, not shown here nor on its table (the page shows its first "
                        f"{len(steps):,}): see <code>referee history</code></td></tr>")
        if not rows:
            return ""
        return _wide("<table class=\"events\"><caption>Events (the cards are in the tricks)</caption>"
                "<thead><tr><th scope=\"col\">line</th><th scope=\"col\">who</th>"
                "<th scope=\"col\">what</th></tr></thead><tbody>" + "".join(rows)
                + "</tbody></table>\n")

    def _tricks(self, m: Match, h: Hand, cards: _Cards, hid: str) -> str:
        if not h.tricks:
            return ""
        by_points = any(t.points is not None for t in h.tricks)
        sides = [t for t in m.teams] or [(p,) for p in m.players]
        run = {s: 0 for s in sides}
        width = max(len(m.players), max(len(t.plays) for t in h.tricks))
        by_trick: dict[int, list[Finding]] = {}
        for f in h.findings:
            if f.trick is not None:
                by_trick.setdefault(f.trick, []).append(f)
        head = ("<th scope=\"col\">trick</th><th scope=\"col\">leader</th>"
                + "".join(f"<th scope=\"col\">card {i + 1}</th>" for i in range(width))
                + "<th scope=\"col\">winner</th>"
                + ("<th scope=\"col\">card points</th>" if by_points else "")
                + f"<th scope=\"col\">{'card points' if by_points else 'tricks'} so far</th>")
        rows = []
        valued = {v.line: v for v in h.analysis.moves} if h.analysis is not None else {}
        for t in h.tricks:
            cells = []
            for p in t.plays:
                won = p.player == t.winner
                cls = _WON_CELL if won else ""
                wins = _WINS if won else ""
                v = valued.get(p.line)
                mark = _cost(v.mark, v.cost) if v is not None and v.mark else ""
                cells.append(f"<td{cls}{self._line_id(hid, p.line)}>{esc(p.player)} "
                             f"{cards.chip(p.card)}{mark}{wins} "
                             f"{self._at(m.file, p.line, hid)}</td>")
            cells.extend("<td></td>" for _ in range(width - len(t.plays)))
            if t.winner is not None:
                side = next((s for s in sides if t.winner in s), None)
                if side is not None:
                    run[side] += (t.points or 0) if by_points else 1
            so_far = ", ".join(f"{esc(' & '.join(s))} {run[s]}" for s in sides)
            win = esc(t.winner) if t.winner else "<em>not finished</em>"
            rows.append(f"<tr><th scope=\"row\">{t.number}</th><td>{esc(t.leader or '')}</td>"
                        + "".join(cells) + f"<td>{win}</td>"
                        + (f"<td>{'' if t.points is None else t.points}</td>" if by_points
                           else "") + f"<td>{so_far}</td></tr>")
            span = 4 + width + (1 if by_points else 0)
            for f in by_trick.get(t.number, ()):
                rows.append(f"<tr class=\"finding-row\"><td colspan=\"{span}\">"
                            f"{self._finding(f, hid, cards)}</td></tr>")
        return _wide("<table class=\"tricks\"><caption>The tricks (the winner's card marked)"
                f"</caption><thead><tr>{head}</tr></thead><tbody>" + "".join(rows)
                + "</tbody></table>\n")

    def _analysis_table(self, m: Match, h: Hand, a: HandAnalysis, cards: _Cards,
                        hid: str) -> str:
        """The moves valued under perfect play (``--analyse``), as a table: each with its
        line, trick, player, the move, the value before and after it for the declaring side,
        its cost and mark, and where it cost, the best line from the moment before it; then
        each claim checked (A10): sound, or the defence that beats it."""
        parts = []
        if a.moves:
            side = " & ".join(a.moves[0].side)
            moves = {s.line: s for s in h.steps}
            rows = []
            for v in a.moves:
                st = moves.get(v.line)
                what = (cards.chips(st.cards) if st is not None and st.event == "play"
                        else rich(st.text or st.event) if st is not None else "")
                best = (_line_html(v.best, cards) if v.cost and v.best else "")
                rows.append(f"<tr><td>{self._at(m.file, v.line, hid)}</td><td>{v.trick or ''}"
                            f"</td><td>{esc(v.player)}</td><td>{what}"
                            f"{_cost(v.mark, v.cost) if v.mark else ''}</td>"
                            f"<td>{esc(signed(v.before))}</td><td>{esc(signed(v.after))}</td>"
                            f"<td>{esc(number(v.cost))}</td><td>{best}</td></tr>")
            parts.append(_wide(
                "<table class=\"analysed\"><caption>The moves valued with perfect play by "
                f"everyone (the value: {esc(side)}'s score for the hand)</caption><thead><tr>"
                "<th scope=\"col\">line</th><th scope=\"col\">trick</th>"
                "<th scope=\"col\">who</th><th scope=\"col\">move</th>"
                "<th scope=\"col\">value before</th><th scope=\"col\">value after</th>"
                "<th scope=\"col\">cost</th><th scope=\"col\">best line instead</th>"
                "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>\n"))
        for c in a.claims:
            parts.append(f"<p class=\"claim-verdict{'' if c.sound else ' unsound'}\">"
                         f"{self._at(m.file, c.line, hid)} {_verdict_html(c, cards)}</p>\n")
        return "".join(parts)

    def _as_seen(self, m: Match, h: Hand, cards: _Cards, hid: str) -> str:
        """A record of the play alone (G14): each hand it leaves out, as the cards seen from it
        reconstruct it (each with how and the line it was seen at), and how many cards of it
        were never seen."""
        if not h.seen:
            return ""
        rows = []
        for p in h.unknown:
            seen = h.seen.get(p, ())
            cells = ", ".join(f"{cards.chip(s.card)} {esc(SEEN_WORDS.get(s.how, s.how))} "
                              f"{self._at(m.file, s.line, hid)}" for s in seen)
            unseen = (h.unseen or {}).get(p, 0)
            rows.append(f"<tr><th scope=\"row\">{esc(p)}</th><td>{cells or 'nothing'}</td>"
                        f"<td>{unseen}</td></tr>")
        return _wide("<table class=\"as-seen\"><caption>The hands as seen (not recorded: "
                     "the cards seen from each player, G14)</caption><thead><tr>"
                     "<th scope=\"col\">player</th><th scope=\"col\">cards seen</th>"
                     "<th scope=\"col\">cards never seen</th></tr></thead><tbody>"
                     + "".join(rows) + "</tbody></table>\n")

    def _finding(self, f: Finding, prefix: str, cards: "_Cards | None" = None) -> str:
        """A finding as a director reads it: its code and line, its message, then its facts —
        the rule, the player and the trick (each once), the line it follows from, and its
        evidence (format 1.2, :func:`referee.schema.finding_evidence`): cards drawn as cards,
        lines as links to their moment, players as their names, null as ``none``, nothing
        twice."""
        cards = cards or _Cards("")
        parts = [f"<div class=\"finding {esc(f.severity)}\" role=\"note\">"
                 f"<p><strong>{esc(f.severity)}[{esc(f.code)}]</strong> "
                 f"{self._ln(f.file, f.line, prefix)}: {rich(f.message)}</p>"]
        facts = []
        if f.rule:
            facts.append(f"<dt>rule</dt><dd>{rich(f.rule)}</dd>")
        if f.player:
            facts.append(f"<dt>player</dt><dd>{esc(f.player)}</dd>")
        if f.trick is not None:
            facts.append(f"<dt>trick</dt><dd>{f.trick}</dd>")
        if f.cause is not None:
            facts.append(f"<dt>follows from</dt><dd>{self._at(f.file, f.cause, prefix)}</dd>")
        shown = {"player": f.player, "trick": f.trick}
        props = _evidence_props(f.code)
        for k, v in (f.evidence or {}).items():
            if k in shown and v == shown[k]:
                continue  # said above
            value = self._evidence(v, props.get(k), f.file, prefix, cards)
            facts.append(f"<dt>{esc(k.replace('_', ' '))}</dt><dd>{value}</dd>")
        if facts:
            parts.append("<dl>" + "".join(facts) + "</dl>")
        parts.append("</div>")
        return "".join(parts)

    def _evidence(self, v: Any, schema: "dict[str, Any] | None", file: str, prefix: str,
                  cards: "_Cards") -> str:
        """One evidence value as HTML, read by its schema (``schema``: the key's, None when
        the table has none): a card as a card, a line as a link, a player's name, a payment
        as ``Cili -26``, an object as ``key value`` pairs, a list one after another, null as
        ``none``, a bool as ``yes`` or ``no``."""
        schema = _pick(v, schema)
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, str):
            if schema.get("pattern") == CANONICAL_CARD["pattern"]:
                return cards.chip(v)
            return rich(v)
        if isinstance(v, int) and schema.get("x-kind") == "line":
            return self._at(file, v, prefix)
        if isinstance(v, (int, float)):
            return esc(number(v))
        if isinstance(v, (list, tuple)):
            item = schema.get("items")
            shown = [self._evidence(x, item, file, prefix, cards) for x in v]
            if not shown:
                return "none"
            if any(isinstance(x, dict) for x in v):
                return "; ".join(shown)
            is_card = (item or {}).get("pattern") == CANONICAL_CARD["pattern"]
            return (" " if is_card else ", ").join(shown)
        if isinstance(v, dict):
            if not v:
                return "none"
            if set(v) <= {"player", "points", "by"} and "player" in v and "points" in v:
                by = v.get("by")
                return (f"{esc(v['player'])} {esc(signed(v['points']))}"
                        + (f" (paid by {esc(by)})" if by else ""))
            props = schema.get("properties") or {}
            each = schema.get("additionalProperties")
            each = each if isinstance(each, dict) else None
            return ", ".join(
                ("" if k == "line" and isinstance(x, int) else f"{esc(str(k).replace('_', ' '))} ")
                + self._evidence(x, props.get(k, each), file, prefix, cards)
                for k, x in v.items())
        return esc(v)

    def _finding_list(self, findings: Sequence[Finding], prefix: str,
                      caption: str | None, cards: "_Cards | None" = None) -> str:
        return ("<ul class=\"findings\">" + "".join(
            f"<li{self._line_id(prefix, f.line)}>{self._finding(f, prefix, cards)}</li>"
            for f in findings) + "</ul>\n")

    def _result(self, m: Match, h: Hand, hid: str, more: int = 0) -> str:
        parts = []
        if h.findings:
            n = len(h.findings)
            parts.append(f"<h4>Findings ({n + more:,}{f', the first {n:,} shown' if more else ''})"
                         "</h4>\n")
            parts.append(self._finding_list(h.findings, hid, None, _Cards(m.game)))
            parts.append(_more_findings(more, "of this hand"))
        if h.status is None:
            return "".join(parts)
        summary = f": {rich(h.summary)}" if h.summary else ""
        parts.append(f"<p class=\"result\"><strong>Result ({esc(h.status)})</strong>{summary}"
                     "</p>\n")
        if h.deltas:
            head = "".join(f"<th scope=\"col\">{esc(p)}</th>" for p in m.players)
            d = "".join(f"<td>{esc(signed(h.deltas.get(p, 0)))}</td>" for p in m.players)
            t = "".join(f"<td>{esc(number(h.totals.get(p, 0)))}</td>" for p in m.players)
            parts.append(_wide(f"<table class=\"score\"><caption>Score of hand {h.number}</caption>"
                         f"<thead><tr><td></td>{head}</tr></thead><tbody><tr><th scope=\"row\">"
                         f"change</th>{d}</tr><tr><th scope=\"row\">total</th>{t}</tr></tbody>"
                         "</table>\n"))
        return "".join(parts)

    def _score_row(self, m: Match, h: Hand, mid: str) -> str:
        shown = self.hands is None or h.number in self.hands
        label = (f"<a href=\"#{mid}-h{h.number}\">{h.number}</a>" if shown
                 else str(h.number))
        cells = "".join(f"<td>{esc(signed(h.deltas[p])) if p in h.deltas else ''}</td>"
                        for p in m.players)
        return (f"<tr><th scope=\"row\">{label}</th><td>{esc(h.dealer or '')}</td>"
                f"<td>{esc(h.declarer or '')}</td><td>{rich(h.contract or '')}</td>"
                f"<td>{esc(h.status or '')}</td>{cells}</tr>")

    def _score_table(self, m: Match, om: "_OpenMatch", out: IO[str]) -> None:
        head = "".join(f"<th scope=\"col\">{esc(p)}</th>" for p in m.players)
        total = "".join(f"<td>{esc(number(m.totals.get(p, 0)))}</td>" for p in m.players)
        out.write(f"<div class=\"wide\"><table class=\"match-score\"><caption>Score of the match "
                  f"({esc(_match_end(m))})</caption><thead><tr><th scope=\"col\">hand</th>"
                  f"<th scope=\"col\">dealer</th><th scope=\"col\">declarer</th>"
                  f"<th scope=\"col\">contract</th><th scope=\"col\">result</th>{head}</tr>"
                  "</thead><tbody>")
        om.copy_rows(out)
        out.write(f"</tbody><tfoot><tr><th scope=\"row\" colspan=\"5\">total</th>{total}</tr>"
                  "</tfoot></table>\n</div>")

    # --- the replay's data -------------------------------------------------------------------

    def _data(self, m: Match, h: Hand, cards: _Cards, rows: list[dict[str, Any]],
              hid: str) -> str:
        """The hand's data for the script (:func:`_rows`: per step its line, caption, the
        cards each player holds, the trick on the table and its winner, the tricks won so far
        and the findings of it), the cards' names, the findings, and the hand's result (shown
        at its last step): one JSON block, read by the script only when the hand is used."""
        if not rows:
            return ""
        players = list(m.players)
        seen = {c for r in rows for cs in r["h"].values() for c in cs} \
            | {t[1] for r in rows for t in r["t"]} \
            | {c for r in rows for cs in r.get("s", {}).values() for c in cs} \
            | {x[1] for r in rows for x in r.get("a", {}).get("b", ()) if x[2]} \
            | {x[1] for r in rows for x in r.get("cl", {}).get("d", ()) if x[2]}
        teams = [[players.index(p) for p in t] for t in m.teams if len(t) > 1]
        data: dict[str, Any] = {
            "file": m.file, "players": players, "teams": teams,
            "cards": {c: cards.info(c) for c in sorted(seen)},
            "findings": [{"severity": str(f.severity), "code": f.code,
                          "message": f.message, "rule": f.rule or "", "line": f.line}
                         for f in h.findings],
            "points": any(t.points is not None for t in h.tricks),
            "steps": rows}
        if h.analysis is not None and h.analysis.moves:
            data["side"] = list(h.analysis.moves[0].side)
        if h.status is not None:
            data["end"] = {"status": str(h.status), "summary": h.summary,
                           "change": [signed(h.deltas[p]) if p in h.deltas else "" for p in players],
                           "total": [number(h.totals[p]) if p in h.totals else "" for p in players]}
        return (f"<script type=\"application/json\" class=\"hand-data\" data-for=\"{hid}\">"
                f"{script_json(_cleaned(data))}</script>\n")


def _cost(mark: str, cost: Any) -> str:
    """A move's mark and cost (``?`` and 5 points) as the page shows it after its card."""
    pts = number(cost)
    return (f" <span class=\"cost m{len(mark)}\" title=\"cost {esc(pts)}\"><span "
            f"aria-hidden=\"true\">{esc(mark)} −{esc(pts)}</span><span class=\"sr\">"
            f"({esc(mark)} costs {esc(pts)} point{'s' * (pts != '1')})</span></span>")


def _line_html(line: Sequence[Action], cards: _Cards) -> str:
    """A line of play: each action its player and card (drawn as a card), or its words."""
    return "; ".join(f"{esc(x.player)} {cards.chips(x.cards)}" if x.cards
                     else rich(x.text or f"{x.player} {x.event}") for x in line)


def _verdict_html(c: Any, cards: _Cards) -> str:
    """A claim checked (:class:`~referee.model.ClaimVerdict`), in words, its defence drawn."""
    if c.sound:
        return (f"<strong>Claim check: {esc(c.player)}'s claim is sound</strong>: every "
                "remaining trick is theirs against any defence (A10).")
    return (f"<strong>Claim check: {esc(c.player)}'s claim is NOT sound</strong>: the "
            f"defenders win trick {c.trick} against this play: {_line_html(c.defence, cards)}"
            " (A10).")


def _analysis_note(a: HandAnalysis) -> str:
    """The hand's analysis in a sentence (:func:`referee.render.solve.analysis_words`)."""
    return f"<p class=\"analysis-note\">{rich(analysis_words(a))}</p>\n"


def _analysis_rows(a: HandAnalysis, steps: Sequence[Step], rows: list[dict[str, Any]],
                   players: Sequence[str]) -> None:
    """Put the analysis into the script's ``rows`` (:func:`_rows`), at the step of each move
    valued: ``a`` = {``m`` its mark, ``x`` its cost, ``v`` [value before, after], ``b`` the
    best line from the moment before it}; at a claim's step ``cl`` = {``p`` the claimer,
    ``s`` sound, ``k`` the trick the defence wins, ``d`` that defence}.  A line's action is
    ``[player, card or words, is a card]``."""
    at: dict[int, int] = {}
    for j, st in enumerate(steps):
        at.setdefault(st.line, j)

    def line(xs: Sequence[Action]) -> list[list[Any]]:
        return [[x.player, x.cards[0], 1] if len(x.cards) == 1 and x.event == "play"
                else [x.player, x.text or f"{x.player} {x.event}", 0] for x in xs]

    for v in a.moves:
        k = at.get(v.line)
        if k is not None:
            rows[k]["a"] = {"m": v.mark, "x": number(v.cost),
                            "v": [signed(v.before), signed(v.after)], "b": line(v.best)}
    for c in a.claims:
        k = at.get(c.line)
        if k is not None:
            rows[k]["cl"] = {"p": c.player, "s": c.sound, "k": c.trick, "d": line(c.defence)}


def _rows(m: Match, h: Hand, steps: Sequence[Step], cards: _Cards) -> list[dict[str, Any]]:
    """The hand's steps as the script shows them, one dict per step: ``l`` its line, ``c``
    its caption, ``h`` the cards each player holds whose holding the step changed (all of
    them at the first step; canonical, in the game's order), ``t`` the
    trick on the table (``[player, card, line]``), ``k`` its number, ``w`` its winner when
    the step completed it, ``f`` the indexes of the hand's findings shown at it, ``n`` the
    tricks each player has won so far (in seating order) and, where tricks count card points,
    ``q`` the card points of them.  In a record of the play alone (G14): ``u``, how many
    cards not seen yet each player whose hand is not recorded holds, less ``s``: the cards
    seen from that holding later in the hand that were in it at this step (each seen at a
    later line, and no card the record does not show came into the holding in between: a
    draw from a pile not recorded could be any of them)."""
    if not steps:
        return []
    players = list(m.players)
    at: dict[int, list[int]] = {}
    lines = [s.line for s in steps]  # in line order
    for i, f in enumerate(h.findings):
        k = min(bisect.bisect_left(lines, f.line), len(steps) - 1)
        at.setdefault(k, []).append(i)
    points = {t.number: t.points for t in h.tricks}
    by_points = any(v is not None for v in points.values())
    won: dict[int, str] = {}  # trick number → winner (a trick completed again after a retract)
    rows = []
    for j, s in enumerate(steps):
        if s.winner is not None and s.trick is not None:
            won[s.trick] = s.winner
        row: dict[str, Any] = {
            "l": s.line, "c": _caption(s, cards),
            "h": {p: list(cs) for p, cs in s.held.items()
                  if j == 0 or steps[j - 1].held.get(p) != cs},
            "t": [[p.player, p.card, p.line] for p in s.table],
            "k": s.trick, "w": s.winner, "f": at.get(j, []),
            "n": [sum(1 for w in won.values() if w == p) for p in players]}
        if by_points:
            row["q"] = [sum(points.get(k) or 0 for k, w in won.items() if w == p)
                        for p in players]
        if s.hidden:  # a record of the play alone: cards not seen yet (G14)
            row["u"] = dict(s.hidden)
        rows.append(row)
    for p, seen in (h.seen or {}).items():
        _seen_later(p, seen, steps, rows)
    return rows


def _seen_later(p: str, seen: Sequence[Seen], steps: Sequence[Step],
                rows: list[dict[str, Any]]) -> None:
    """Put into ``rows`` (:func:`_rows`) the cards of ``p``'s holding, not recorded (G14),
    that are seen later in the hand (``seen``, in line order): at each step, those seen at a
    later line (up to the last step's) that are not among the cards shown as held, as long as
    no card of unknown identity came into the holding between the step and that line; at most
    as many as the hidden count, which goes down by as many.

    A card of unknown identity comes in at a step when the hidden count grows by less than
    the cards that became known at it (a boat taken and laid away: 10 hidden before and
    after, 3 cards seen at that line, so 3 came in): hidden after - hidden before + cards
    first seen at the step's line > 0."""
    def hidden(j: int) -> int:
        return (steps[j].hidden or {}).get(p, 0)
    last = steps[-1].line
    entered = []
    for j in range(1, len(steps)):
        before = set(steps[j - 1].held.get(p, ()))
        known = sum(1 for x in seen if x.line == steps[j].line and x.card not in before)
        if hidden(j) - hidden(j - 1) + known > 0:
            entered.append(steps[j].line)
    for j, s in enumerate(steps):
        u = hidden(j)
        if not u:
            continue
        # the first line after this step where an unknown card came in (none: the last step)
        bound = next((ln for ln in entered if ln > s.line), last + 1)
        held = set(s.held.get(p, ()))
        later: list[str] = []
        for x in seen:
            if s.line < x.line < bound and x.card not in held and x.card not in later:
                later.append(x.card)
        later = later[:u]
        if later:
            rows[j].setdefault("s", {})[p] = later
            rows[j]["u"][p] = u - len(later)


def _back(n: int, after: bool) -> str:
    """``n`` cards not recorded (G14) as one face-down chip (nothing for none)."""
    if not n:
        return ""
    return ((" " if after else "") + f"<span class=\"card back\"><span aria-hidden=\"true\">"
            f"? × {n}</span><span class=\"sr\">{n} cards not recorded</span></span>")


def _match_end(m: Match) -> str:
    """How the match stands at its end, in words (``the match is over: Cili wins``)."""
    if not m.finished:
        return "the match is not finished"
    return ("the match is over: " + (" and ".join(m.winners) or "nobody")
            + (" wins" if len(m.winners) == 1 else " share the win"))


def _severity(f: Finding) -> str:
    """``error[revoke]`` marked up as the findings lists show it."""
    return f"<strong class=\"sev-{esc(f.severity)}\">{esc(f.severity)}[{esc(f.code)}]</strong>"


def _wide(table: str) -> str:
    """A table in a box that scrolls sideways on a narrow screen (the page does not)."""
    return f"<div class=\"wide\">{table}</div>"


def _more_findings(more: int, of: str) -> str:
    """The line that says how many findings were left out of a list (nothing for none)."""
    if not more:
        return ""
    return (f"<p class=\"more\">… and {more:,} more findings {esc(of)}, not shown here: see "
            "<code>referee check</code> for every one.</p>\n")


def _spool() -> Any:
    """A temporary text file: a megabyte in memory, the rest on disk."""
    return tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8")


def _copy(src: Any, out: IO[str]) -> None:
    src.seek(0)
    while chunk := src.read(1 << 16):
        out.write(chunk)


class _Doc:
    """One page being written: its body (the matches and their hands), its index (a table per
    match) and its findings summary, each in a temporary file (:func:`_spool`) until
    :meth:`finish` writes the page: the index above the hands."""

    def __init__(self) -> None:
        self.body = _spool()
        self.index = _spool()
        self.summary = _spool()
        self.found_n = 0
        self.found_more = 0
        self.matches = 0
        self.analysis = False
        """Whether a hand on the page carries its analysis (``--analyse``: the page's style
        and script have the parts that show it)."""
        self.hands = False
        """Whether a hand is on the page (with ``split``, index.html has the hands of the
        matches past :attr:`HtmlPage.PAGES`)."""

    def found(self, item: str, cap: int) -> None:
        """One finding of the summary (its link and words, as HTML); past ``cap``, counted."""
        if self.found_n < cap:
            self.found_n += 1
            self.summary.write(f"<li>{item}</li>\n")
        else:
            self.found_more += 1

    def index_match(self, m: Match, om: "_OpenMatch", head: str, end: str, to: str) -> None:
        """The index of a match: its heading (linked to it) and a row per hand (``to``: what
        the rows' links start with, ``#`` or ``f1-m2.html#``)."""
        self.matches += 1
        cols = "".join(f"<th scope=\"col\">{esc(p)}</th>" for p in m.players)
        self.index.write(
            f"<div class=\"index-match\"><h3><a href=\"{to}{om.mid}\">{head}</a></h3>\n"
            f"<div class=\"wide\"><table class=\"match-index\"><caption>{esc(end)}; the "
            "totals after each hand (and its change)</caption><thead><tr><th scope=\"col\">hand</th>"
            "<th scope=\"col\">dealer</th><th scope=\"col\">contract</th>"
            f"<th scope=\"col\">result</th><th scope=\"col\">findings</th>{cols}</tr></thead>"
            "<tbody>\n")
        rows = om.index_rows
        rows.seek(0)
        for line in rows:
            self.index.write(line.replace("href=\"@", f"href=\"{to}", 1))
        total = "".join(f"<td>{esc(number(m.totals.get(p, 0)))}</td>" for p in m.players)
        self.index.write(f"</tbody><tfoot><tr><th scope=\"row\" colspan=\"5\">total</th>{total}"
                         "</tr></tfoot></table></div></div>\n")

    def finish(self, out: IO[str], title: str, heading: str, hands: bool,
               up: str | None = None) -> None:
        """Write the page to ``out``: head, index, findings summary, body, script; then close
        the temporary files.  ``hands``: the page shows hands (else it is an index only);
        ``up``: the address of the index page this page belongs to."""
        out.write(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"generator\" content=\"referee history --format html\">\n"
            "<link rel=\"icon\" href=\"data:,\">\n"
            f"<title>{esc(title)}</title>\n<style>{CSS}{ANALYSIS_CSS if self.analysis else ''}"
            f"</style>\n<script>{page_script(self.analysis)}</script>\n"
            "</head>\n<body>\n"
            "<a class=\"skip\" href=\"#main\">Skip to the hands</a>\n"
            f"<header><h1>{esc(heading)}</h1>\n")
        if up is not None:
            out.write(f"<p class=\"up\"><a href=\"{up}\">↑ The index of every match</a></p>\n")
        if hands:
            out.write(_HELP)
        out.write("</header>\n")
        if self.matches or self.found_n:
            out.write("<nav class=\"index\" aria-labelledby=\"index-t\">"
                      "<h2 id=\"index-t\">Index</h2>\n")
            _copy(self.index, out)
            if self.found_n:
                n = self.found_n + self.found_more
                out.write(f"<h3>Findings ({n:,}"
                          f"{f', the first {self.found_n:,} listed' if self.found_more else ''})"
                          "</h3>\n<ul class=\"summary\">\n")
                _copy(self.summary, out)
                out.write("</ul>\n")
                if self.found_more:
                    out.write(f"<p class=\"more\">… and {self.found_more:,} more findings, not "
                              "listed here: see <code>referee check</code> for every one.</p>\n")
            out.write("</nav>\n")
        out.write("<main id=\"main\">\n")
        _copy(self.body, out)
        out.write("</main>\n")
        if hands:
            out.write(_KEYS_HELP)
        out.write("</body>\n</html>\n")
        out.flush()
        self.close()

    def close(self) -> None:
        for f in (self.body, self.index, self.summary):
            f.close()


class _OpenMatch:
    """The match being written: what its ``match`` event says (``m``), its id prefix, whether
    its header is out, its page (with ``split``: ``doc``, written to ``page``), its score rows
    and its index rows (:func:`_spool`)."""

    def __init__(self, m: Match, mid: str) -> None:
        self.m = m
        self.mid = mid
        self.written = False
        self.doc: _Doc | None = None
        self.page = ""
        self.rows: Any = _spool()
        self.index_rows: Any = _spool()

    def doc_or(self, top: _Doc) -> _Doc:
        return self.doc if self.doc is not None else top

    def row(self, text: str) -> None:
        self.rows.write(text)

    def indexed(self, row: str) -> None:
        """A hand's row of the index (one line: its link ``href="@ID"`` made relative on
        copying)."""
        self.index_rows.write(row.replace("\n", " ") + "\n")

    def copy_rows(self, out: IO[str]) -> None:
        _copy(self.rows, out)

    def close(self) -> None:
        self.rows.close()
        self.index_rows.close()


class _PageBuilder(MatchBuilder):
    """Builds the page's hands as the replay goes (:class:`referee.api.MatchBuilder`, with steps)
    and hands each to the :class:`HtmlPage` once it is complete (the next deal came, or the
    match ended), keeping at most :data:`HtmlPage.FINDINGS` findings and
    :data:`HtmlPage.STEPS` steps of a hand, and counting the rest."""

    def __init__(self, page: HtmlPage, fid: int) -> None:
        super().__init__(steps=True)
        self.page = page
        self.fid = fid
        self.loose_more = 0  # findings outside every match left out
        self.more: dict[int | None, int] = {}  # per hand of the match in play: findings left out
        self.more_steps: dict[int, int] = {}
        self.in_hand: int | None = None  # the number of the hand being read

    def finding(self, f: Finding) -> None:
        cur = self.current
        if cur is None:
            if len(self.loose) < self.page.FINDINGS:
                self.loose.append(f)
            else:
                self.loose_more += 1
            return
        kept = cur.findings.setdefault(f.hand, [])
        if len(kept) < self.page.FINDINGS:
            kept.append(f)
        else:
            self.more[f.hand] = self.more.get(f.hand, 0) + 1

    def event(self, step: Step) -> None:
        cur = self.current
        n = step.hand
        if cur is None or n is None or step.event == "match":
            return
        if n != self.in_hand:  # a deal: the hands before it are complete
            self._hands_before(cur, n)
            self.in_hand = n
        steps = cur.steps.setdefault(n, [])
        if len(steps) < self.page.STEPS:
            steps.append(step)
        else:
            self.more_steps[n] = self.more_steps.get(n, 0) + 1

    def _hands_before(self, cur: MatchRecord, n: int | None) -> None:
        """Hand on every settled hand numbered below ``n`` (None: all) and drop its data."""
        for k in sorted(k for k in cur.hands if n is None or k < n):
            h = with_findings(cur.hands.pop(k), cur.findings.pop(k, ()), cur.steps.pop(k, ()))
            self.page.hand(h, self.more.pop(k, 0), self.more_steps.pop(k, 0))
        for k in [k for k in cur.steps if n is None or k < n]:
            del cur.steps[k]  # a hand never settled (its findings stay: outside the hands)
            self.more_steps.pop(k, None)

    def begin_match(self, info: MatchInfo) -> None:
        super().begin_match(info)
        cur = self.current
        assert cur is not None
        self.in_hand = None
        self.more.clear()
        self.more_steps.clear()
        self.page.begin_match(cur.match({}, False, (), None), self.fid)

    def end_match(self, summary: MatchSummary) -> None:
        cur = self.current
        if cur is None:
            return
        self._hands_before(cur, None)
        m = cur.match(summary.totals, summary.finished, summary.winners, summary.extra)
        found = sorted(m.findings, key=lambda f: f.line)
        more = sum(self.more.values()) + max(0, len(found) - self.page.FINDINGS)
        from dataclasses import replace
        self.page.end_match(replace(m, findings=tuple(found[:self.page.FINDINGS])), more)
        self.current = None


_BUTTONS = (("start", "<span aria-hidden=\"true\">«</span> Start", "Home"),
            ("trick-back", "<span aria-hidden=\"true\">◀◀</span> Trick back", "Up arrow"),
            ("back", "<span aria-hidden=\"true\">◀</span> Back", "Left arrow"),
            ("forward", "Forward <span aria-hidden=\"true\">▶</span>", "Right arrow"),
            ("trick-forward", "Trick forward <span aria-hidden=\"true\">▶▶</span>",
             "Down arrow"),
            ("end", "End <span aria-hidden=\"true\">»</span>", "End"))
"""The step buttons: (what, label, its key)."""
_HELP = ("<p class=\"help\">Each hand: the table (step through it with the buttons, or "
         "with the arrow keys once a hand's table has the focus: ← → card by card, ↑ ↓ trick "
         "by trick, Home and End; P plays the hand by itself; ? lists the keys), the auction "
         "and events, the tricks, the findings and the score. A link "
         "<span class=\"ln\">FILE:LINE</span> shows that log line's moment on the table, and "
         "the address names the moment shown (<span class=\"ln\">#hand-2-line-58</span>): "
         "send it, or go back with the browser's Back.</p>\n")
"""The page's help under its heading (a page with hands)."""
_KEYS = (("← →", "a card (an event) back, forward"), ("↑ ↓", "a trick back, forward"),
         ("Home, End", "the deal, the end of the hand"),
         ("P", "play the hand by itself, or stop"), ("?", "this list of keys"),
         ("Esc", "close this list"))
_KEYS_HELP = ("<div class=\"keys\" id=\"keys\" hidden role=\"dialog\" aria-modal=\"false\" "
              "aria-labelledby=\"keys-t\" tabindex=\"-1\"><h2 id=\"keys-t\">Keys</h2><p>Once a "
              "hand's table has the focus (click it, or Tab to it):</p><dl>"
              + "".join(f"<dt><kbd>{k}</kbd></dt><dd>{w}</dd>" for k, w in _KEYS)
              + "</dl><p><button type=\"button\" data-keys=\"close\">Close</button></p></div>\n")
"""The list of keys ``?`` shows (hidden until then)."""
_BACKWARD = frozenset({"start", "trick-back", "back"})
_PLAY = "<span aria-hidden=\"true\">▷</span> <span class=\"label\">Play</span>"
"""The autoplay button (the script makes it Pause while the hand plays)."""
_SPEEDS = ((2000, "slow"), (1000, "normal"), (400, "fast"))
"""Autoplay: milliseconds per step, and its name in the speed list."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _tally(row: dict[str, Any], i: int, teams: Sequence[Sequence[int]]) -> str:
    """What seat ``i`` has won at the step ``row`` (:func:`_rows`), in the words the script
    uses at each step: ``3 tricks, 24 card points; side 5 tricks, 40 card points``."""
    n, q = row["n"], row.get("q")
    words = _plural(n[i], "trick") + (f", {_plural(q[i], 'card point')}" if q else "")
    team = next((t for t in teams if i in t), None)
    if team is not None:
        words += "; side " + _plural(sum(n[j] for j in team), "trick")
        if q:
            words += ", " + _plural(sum(q[j] for j in team), "card point")
    return words


_WON_CELL = ' class="won"'
_WINS = ' <span class="sr">(wins)</span>'


def _cleaned(data: Any) -> Any:
    """``data`` with every string cleaned (:func:`clean`) once, keys included: the script
    shows them as text output would."""
    if isinstance(data, str):
        return clean(data)
    if isinstance(data, dict):
        return {clean(k): _cleaned(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_cleaned(v) for v in data]
    return data


@functools.lru_cache(maxsize=1)
def _evidence_table() -> dict[str, dict[str, Any]]:
    """The evidence schema of every finding code (read once)."""
    return finding_evidence()


def _evidence_props(code: str) -> dict[str, Any]:
    """The schema of each evidence key of ``code`` (empty for a code the table lacks)."""
    props = _evidence_table().get(code, {}).get("properties")
    return props if isinstance(props, dict) else {}


def _pick(v: Any, schema: "dict[str, Any] | None") -> dict[str, Any]:
    """Of ``schema``'s alternatives (``anyOf``), the one ``v`` is a value of (by its JSON
    type, an object by its keys); ``{}`` when there is none to read it by."""
    if not schema:
        return {}
    options = schema.get("anyOf")
    if not options:
        return schema
    def fits(o: dict[str, Any]) -> bool:
        o = _pick(v, o) if "anyOf" in o else o
        kind = o.get("type")
        if v is None:
            return kind == "null"
        if isinstance(v, dict):
            props = o.get("properties")
            return kind == "object" and (props is None or set(v) <= set(props))
        if isinstance(v, (list, tuple)):
            return kind == "array"
        if isinstance(v, str):
            pattern = o.get("pattern")
            return (kind == "string" or "enum" in o) and (
                pattern is None or re.fullmatch(pattern, v) is not None)
        return kind in ("integer", "number")
    hit = next((o for o in options if isinstance(o, dict) and fits(o)), None)
    return {} if hit is None else _pick(v, hit)


def _unplayed(s: Step) -> bool:
    """A ``play`` event whose card did not go to the table (the card that establishes a
    revoke, a card the engine refused): no play of the trick shown has its line."""
    return s.event == "play" and not any(p.line == s.line for p in s.table)


def _caption(s: Step, cards: _Cards) -> str:
    """What the diagram says at a step (plain text: the script sets it as text)."""
    if s.event == "deal":
        return "as dealt" + "".join(f"; {n}" for n in s.notes)
    if s.event == "play":
        on = [p.card for p in s.table if p.line == s.line]
        if on:
            text = f"{s.player} plays {cards.info(on[0])[0]}"
            if s.winner is not None:
                text += f"; {s.winner} wins trick {s.trick}"
        else:
            names = ", ".join(cards.info(c)[0] for c in s.cards)
            text = (f"(ignored, the hand was over) {s.player}: {names}" if s.ignored
                    else f"{s.player}: {names}, not played")
    else:
        text = ("(ignored, the hand was over) " if s.ignored else "") + (s.text or s.event)
    for n in s.notes:
        text += f"; {n}"
    if s.note:
        text += f" (note: {s.note})"
    return text

