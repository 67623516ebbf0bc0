"""Compare two records of the same match: where two logs part ways (``referee diff``, issue 16).

:func:`diff_logs` reads two logs side by side and yields :class:`Difference` records in log
order.  It pairs the matches (by ``id``, else by position: the n-th match without an id of one
record with the n-th match of the other), their hands (by hand number, as the log counts deals)
and, within a hand, the events (by position in the hand).  Per paired hand it reports the first
event that differs and how many later events of the hand differ, a different deal (which cards
moved between which players and piles), the tricks that differ, and, from refereeing both records
by the rules, the hands whose result or deltas differ, where the running totals part (and meet
again), the matches whose final totals or winners differ, and the findings one record has and the
other does not.

Events are compared as the game reads them (ruling R22): ``ts`` and ``note`` are left out; cards
are parsed with the game's deck (``T``/``10``, suit symbols, letter case, and in Thirty-Three
``6D``/``JK`` for the Bug are the same card); the cards of a hand, a boat, a kitty, a discard, a
draw or a give are a set (their order is not read), while a talon or stock keeps its order (top
first); suit fields are read by their suit (``hearts``/``H``); an optional flag left out is
``false`` and Asszorti's doubling ``target`` left out is ``"game"``; the ``rules`` of a match are
compared with their defaults filled in.  With ``strict=True`` every event is compared as its JSON
text reads (keys in order, ``ts`` and ``note`` and card spelling included; only white space
between tokens is not compared).

Memory: each record is read as a stream, one match at a time (its refereed :class:`Match` and
its events); when the ids of the two records come in a different order, up to :data:`WINDOW`
matches of each record are read ahead to find a partner, so memory is bounded by ``WINDOW + 1``
matches of each record, whatever the file's length.  A match whose partner is not within that
look-ahead is reported as in one record only.
"""
from __future__ import annotations

import io
import json
import os
import re
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Literal, Union

import msgspec

from . import events as ev
from .api import Hand, Match, Source, _Builder, _feed, _open
from .cards import CardError, Deck, parse_suit
from .findings import Finding
from .games import ENGINES
from .replay import _Run

WINDOW = 16
"""How many matches of each record are read ahead to pair matches whose ids come in a different
order (see the module's docstring)."""

SideName = Literal["a", "b"]
"""Which record: ``"a"`` (the first named) or ``"b"``."""


# --- the differences --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class NotALog:
    """A record that is not a log at all: it has content but not one line of it is a JSON object
    (ruling R7).  Nothing else is compared; ``referee diff`` exits with status 2."""

    side: SideName
    file: str
    kind: str = "not-a-log"


@dataclass(frozen=True, slots=True)
class MatchOnly:
    """A match in one record only: ``match`` (its id, else its number in that file), ``line``
    of its ``match`` event, ``game`` and ``players`` (None/empty for events before any match)."""

    side: SideName
    match: str | int | None
    line: int
    game: str | None
    players: tuple[str, ...]
    kind: str = "match-only"


@dataclass(frozen=True, slots=True)
class HandOnly:
    """A hand (``hand``: its number) of a paired match in one record only; ``line`` of its
    ``deal``."""

    side: SideName
    match: str | int | None
    hand: int
    line: int
    kind: str = "hand-only"


@dataclass(frozen=True, slots=True)
class EventAt:
    """One event of a record: its ``line`` and the ``event`` as the log holds it (a JSON object,
    or for a line that is no event ``{"unreadable": code, "message": …}``)."""

    line: int
    event: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventDiff:
    """The first event of a paired hand where the records differ (``hand`` 0: the events before
    the first deal, the ``match`` event among them).  ``index``: 1-based position in the hand;
    ``a``/``b``: the event of each record there (None where that record's hand has no more
    events); ``later``: how many later positions of the hand differ too."""

    match: str | int | None
    hand: int
    index: int
    a: EventAt | None
    b: EventAt | None
    later: int
    kind: str = "event"


@dataclass(frozen=True, slots=True)
class Move:
    """A card dealt to ``a`` (a player's name, or the pile's name: ``boat``, ``talon``, ``stock``,
    ``kitty``, ``trump_card``) in one record and to ``b`` in the other (None: not dealt there)."""

    card: str
    a: str | None
    b: str | None


@dataclass(frozen=True, slots=True)
class DealDiff:
    """A paired hand dealt differently: ``moves`` (in the deck's order), the deal's lines."""

    match: str | int | None
    hand: int
    line_a: int
    line_b: int
    moves: tuple[Move, ...]
    dealer_a: str | None = None
    dealer_b: str | None = None
    game: str | None = None
    kind: str = "deal"


@dataclass(frozen=True, slots=True)
class TrickAt:
    """A trick as refereed: ``leader``, ``cards`` (canonical, in playing order), ``players``,
    ``winner`` (None: the hand ended in it), ``line`` of its lead."""

    line: int | None
    leader: str | None
    cards: tuple[str, ...]
    players: tuple[str, ...]
    winner: str | None


@dataclass(frozen=True, slots=True)
class TrickDiff:
    """A trick of a paired hand that differs (cards, order or winner); None: that record's hand
    has no such trick."""

    match: str | int | None
    hand: int
    trick: int
    a: TrickAt | None
    b: TrickAt | None
    game: str | None = None
    kind: str = "trick"


@dataclass(frozen=True, slots=True)
class ResultAt:
    """A hand's result as refereed: ``status`` (FORMAT.md), ``declarer``, ``contract``,
    ``deltas`` (game points)."""

    line: int
    status: str | None
    declarer: str | None
    contract: str | None
    deltas: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ResultDiff:
    """A paired hand whose result differs once both records are refereed by the rules."""

    match: str | int | None
    hand: int
    a: ResultAt
    b: ResultAt
    kind: str = "result"


@dataclass(frozen=True, slots=True)
class TotalsDiff:
    """The running totals after ``hand``: ``parted`` True where they come to differ (after
    agreeing), False where they agree again."""

    match: str | int | None
    hand: int
    a: dict[str, Any]
    b: dict[str, Any]
    parted: bool
    kind: str = "totals"


@dataclass(frozen=True, slots=True)
class MatchResultDiff:
    """A paired match whose final ``totals``, ``finished`` or ``winners`` differ."""

    match: str | int | None
    a: dict[str, Any]
    b: dict[str, Any]
    kind: str = "match-result"


@dataclass(frozen=True, slots=True)
class FindingOnly:
    """A finding one record has and the other does not (compared by code, hand, trick, player,
    rule and evidence, or its message where it has no evidence, line numbers left out)."""

    side: SideName
    finding: Finding
    kind: str = "finding"


Difference = Union[NotALog, MatchOnly, HandOnly, EventDiff, DealDiff, TrickDiff, ResultDiff,
                   TotalsDiff, MatchResultDiff, FindingOnly]
"""One difference between two records (``kind`` names which)."""


def to_json(d: Difference) -> dict[str, Any]:
    """The JSON object of a difference as ``referee diff --format json`` prints it (keys in
    ``man referee-diff``): ``kind`` first, then the record's fields; a finding is its
    ``check --format json`` object."""
    out: dict[str, Any] = {"kind": d.kind}
    for name in d.__slots__:
        if name == "kind":
            continue
        v = getattr(d, name)
        out[name] = v.to_json() if isinstance(v, Finding) else msgspec.to_builtins(v)
    return out


# --- reading one record, a match at a time -----------------------------------------------------

@dataclass(slots=True)
class _Group:
    """The events of one match of a record (``number`` 0: those before its first ``match``),
    grouped by hand (0: before the first deal), its refereed match and loose findings."""

    number: int
    line: int
    id: str | int | None = None
    game: str | None = None
    players: tuple[str, ...] = ()
    hands: dict[int, list[tuple[int, Any, str | None]]] = field(default_factory=dict)
    deal_lines: dict[int, int] = field(default_factory=dict)
    match: Match | None = None
    loose: list[Finding] = field(default_factory=list)
    index: int = 0  # among the record's groups with no id (position pairing)

    @property
    def label(self) -> str | int | None:
        """What findings call the match: its id, else its number (None before any match)."""
        if self.number == 0:
            return None
        return self.id if self.id is not None else self.number

    @property
    def key(self) -> tuple[str, Any]:
        if self.number == 0:
            return ("before", 0)
        return ("id", self.id) if self.id is not None else ("position", self.index)


class _Record:
    """One log read as a stream of :class:`_Group`; ``stats`` once it is over."""

    def __init__(self, source: Source, strict: bool) -> None:
        self.stream, self.file, self._owned = _open(source, None)
        self.strict = strict
        self.builder = _Builder()
        self.run = _Run(self.file, self.builder)
        self.builder.run = self.run
        self.undecodable = False

    def _items(self) -> Iterator[tuple[int, Any, str | None]]:
        if not self.strict:
            for line, e in ev.read_events(self.stream):
                yield line, e, None
            return
        last = [""]

        def remember(text: str) -> Any:
            last[0] = text
            return ev.DECODER.decode(text)

        read = ev.line_reader(self.stream, remember)
        line = 0
        while True:
            line += 1
            try:
                e = read()
            except EOFError:
                return
            except ev.UNREADABLE as exc:
                bad = ev.read_failure(exc)
                if bad is not None:
                    yield line, bad, None
                continue
            yield line, e, last[0]

    def groups(self) -> Iterator[_Group]:
        """The record's matches in file order, each complete (events, refereed match, loose
        findings) before the next is read."""
        run, builder = self.run, self.builder
        group = _Group(0, 0)
        hand = 0
        unnamed = 0
        try:
            for line, e, text in self._items():
                if type(e) is ev.Match:
                    run.flush()
                    group.loose.extend(builder.loose)
                    builder.loose.clear()
                    _feed(run, builder, line, e)
                    run.flush()
                    self._attach(group)
                    if group.number or group.hands:
                        yield group
                    number = run.match_count
                    group = _Group(number, line, e.id, e.game, tuple(e.players))
                    if e.id is None:
                        unnamed += 1
                        group.index = unnamed
                    hand = 0
                elif type(e) is ev.Deal:
                    hand += 1
                    group.deal_lines[hand] = line
                    _feed(run, builder, line, e)
                else:
                    _feed(run, builder, line, e)
                if not group.line:  # events before the first match: where they start
                    group.line = line
                group.hands.setdefault(hand, []).append((line, e, text))
            run.close_match()
            run.flush()
            group.loose.extend(builder.loose)
            builder.loose.clear()
            self._attach(group)
            if group.number or group.hands:
                yield group
        finally:
            self.undecodable = self.run.stats.undecodable
            self.close()

    def _attach(self, group: _Group) -> None:
        done = self.builder.done
        while done:
            m = done.popleft()
            if m.number == group.number:
                group.match = m

    def close(self) -> None:
        if self._owned and self.stream is not None:
            self.stream.close()
        self.stream = None  # type: ignore[assignment]


def _not_a_log(source: Source) -> bool | None:
    """Whether a file has content but not one JSON object line (R7), read ahead of the
    comparison where the source can be read twice (a path; a seekable stream is rewound);
    None when it cannot be told before reading (a pipe)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        stream: IO[bytes] = io.BytesIO(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            return _scan(f)
    else:
        stream = source
        try:
            if not stream.seekable():
                return None
            start = stream.tell()
        except (AttributeError, OSError, ValueError):
            return None
        try:
            return _scan(stream)
        finally:
            stream.seek(start)
    return _scan(stream)


def _scan(stream: IO[bytes]) -> bool:
    seen = False
    for _, e in ev.read_events(stream):
        if type(e) is not ev.ReadError or e.json_object:
            return False
        seen = True
    return seen


# --- event equivalence -------------------------------------------------------------------------

_SET_FIELDS = ("cards", "boat", "kitty")  # the game reads these as a set of cards
_ORDERED_FIELDS = ("talon", "stock")  # top card first: the order is read
_SUIT_FIELDS = ("suit", "trump")
_FLAGS = ("before_draw", "arrivazs", "doubled")
_DOUBLINGS = (ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra, ev.Mordkontra)


def _card(deck: Deck | None, text: Any) -> Any:
    if deck is None:
        return text
    try:
        return str(deck.parse(text))
    except CardError:
        return ("not a card", text)


def _cards(deck: Deck | None, texts: Any, as_set: bool) -> Any:
    if not isinstance(texts, list):
        return texts
    out = [_card(deck, t) for t in texts]
    return sorted(out, key=repr) if as_set else out


def _suit(text: Any) -> Any:
    try:
        return parse_suit(text)
    except ValueError:
        return text


def normalise(e: Any, game: str | None, rules: dict[str, Any] | None = None) -> Any:
    """An event (or :class:`~referee.events.ReadError`) as the game reads it: the value two
    events have in common when the game reads them the same (ruling R22; see the module
    docstring).  ``game``: the match's game (its deck parses the cards; None: cards compared
    as written); ``rules``: the match's rules with defaults filled in (for a ``match`` event)."""
    if isinstance(e, ev.ReadError):
        return ("unreadable", e.code, e.message)
    d = msgspec.to_builtins(e)
    d.pop("ts", None)
    d.pop("note", None)
    deck = ENGINES[game].DECK if game is not None and game in ENGINES else None
    kind = type(e)
    if kind is ev.Match:
        d["rules"] = rules if rules is not None else (d.get("rules") or {})
        return d
    if "card" in d:
        d["card"] = _card(deck, d["card"])
    if "trump_card" in d:
        d["trump_card"] = _card(deck, d["trump_card"])
    for name in _SET_FIELDS:
        if name in d:
            d[name] = _cards(deck, d[name], True)
    for name in _ORDERED_FIELDS:
        if name in d:
            d[name] = _cards(deck, d[name], False)
    if kind is ev.Deal and "hands" in d:  # a record of the play alone has none (G14)
        d["hands"] = {p: _cards(deck, cs, True) for p, cs in d["hands"].items()}
    for name in _SUIT_FIELDS:
        if name in d:
            d[name] = _suit(d[name])
    for name in _FLAGS:
        if not d.get(name, True):
            del d[name]
    if kind in _DOUBLINGS and game == "asszorti" and d.get("target", "game") == "game":
        d.pop("target", None)
    return d


def _strict_value(e: Any, text: str | None) -> Any:
    """What ``--strict`` compares: the JSON text as it reads, keys in their order."""
    if text is None:
        return normalise(e, None)
    try:
        return json.loads(text, object_pairs_hook=lambda pairs: pairs)
    except (ValueError, RecursionError):
        return text


def _shown(e: Any) -> dict[str, Any]:
    if isinstance(e, ev.ReadError):
        return {"unreadable": e.code, "message": e.message}
    out: dict[str, Any] = msgspec.to_builtins(e)
    return out


# --- comparing -----------------------------------------------------------------------------------

def diff_logs(a: Source, b: Source, *, strict: bool = False) -> Iterator[Difference]:
    """The differences between two records of the same matches, in log order (of ``a``; a match
    only in ``b`` comes where ``b`` has it).

    ``a``, ``b``: what :func:`referee.read_log` reads (a path, bytes, a binary stream).
    ``strict``: also count differences that do not change the game (``ts``, ``note``, key order,
    card spelling; ruling R22).  No difference yielded: the records agree on every event that
    matters.  A record that is not a log (R7) gives one :class:`NotALog` and nothing else is
    compared (for a stream that cannot be read twice, it comes last).  Raises ``OSError`` for a
    file that cannot be opened or read; bad content never raises.  Memory: see the module
    docstring (at most ``WINDOW + 1`` matches of each record)."""
    for side, src in (("a", a), ("b", b)):
        if _not_a_log(src):
            name = os.fspath(src) if isinstance(src, (str, os.PathLike)) else \
                getattr(src, "name", "<bytes>")
            yield NotALog(side, str(name))  # type: ignore[arg-type]
            return
    ra, rb = _Record(a, strict), _Record(b, strict)
    try:
        yield from _pair(ra.groups(), rb.groups(), strict)
    finally:
        ra.close()
        rb.close()
    for side, r in (("a", ra), ("b", rb)):
        if r.undecodable:
            yield NotALog(side, r.file)  # type: ignore[arg-type]


def _pair(ga: Iterator[_Group], gb: Iterator[_Group], strict: bool) -> Iterator[Difference]:
    """Pair the groups of two records by key, reading ahead at most WINDOW of each."""
    qa: deque[_Group] = deque()
    qb: deque[_Group] = deque()

    def fill(q: deque[_Group], it: Iterator[_Group], n: int) -> None:
        while len(q) < n:
            g = next(it, None)
            if g is None:
                return
            q.append(g)

    while True:
        fill(qa, ga, 1)
        fill(qb, gb, 1)
        if qa and qb and qa[0].key == qb[0].key:
            yield from _compare(qa.popleft(), qb.popleft(), strict)
            continue
        fill(qa, ga, WINDOW)
        fill(qb, gb, WINDOW)
        if not qa and not qb:
            return
        keys_a = {g.key for g in qa}
        if qb and qb[0].key not in keys_a:
            yield from _only("b", qb.popleft())
            continue
        g = qa.popleft()
        partner = next((x for x in qb if x.key == g.key), None)
        if partner is None:
            yield from _only("a", g)
        else:
            qb.remove(partner)
            yield from _compare(g, partner, strict)


def _only(side: SideName, g: _Group) -> Iterator[Difference]:
    yield MatchOnly(side, g.label, g.line, g.game, g.players)


def _without_lines(x: Any) -> Any:
    """Evidence with the keys that hold line numbers left out, at any depth: ``line`` and
    those ending in ``_line`` or ``_at`` (referee-log.5)."""
    if isinstance(x, dict):
        return {k: _without_lines(v) for k, v in x.items()
                if not (k.endswith("line") or k.endswith("_at"))}
    if isinstance(x, list):
        return [_without_lines(v) for v in x]
    return x


def _finding_key(f: Finding) -> tuple[Any, ...]:
    """What two findings must share to be the same finding in two records: not their lines."""
    if f.evidence is not None:
        what = json.dumps(_without_lines(f.evidence), sort_keys=True, default=str)
    else:
        what = re.sub(r"\blines? \d+(?:[-–,] ?\d+)*", "line", f.message)
    return (f.code, f.severity, f.hand, f.trick, f.player, f.rule, what)


def _findings(fa: list[Finding], fb: list[Finding]) -> Iterator[Difference]:
    ca = Counter(map(_finding_key, fa))
    cb = Counter(map(_finding_key, fb))
    for side, fs, mine, other in (("a", fa, ca, cb), ("b", fb, cb, ca)):
        extra = mine - other
        for f in fs:
            k = _finding_key(f)
            if extra[k] > 0:
                extra[k] -= 1
                yield FindingOnly(side, f)  # type: ignore[arg-type]


def _compare(ga: _Group, gb: _Group, strict: bool) -> Iterator[Difference]:
    """The differences of two paired matches, hand by hand."""
    ma, mb = ga.match, gb.match
    label = ga.label
    hands_a = {h.number: h for h in ma.hands} if ma else {}
    hands_b = {h.number: h for h in mb.hands} if mb else {}
    last_a: dict[str, Any] = {}
    last_b: dict[str, Any] = {}
    parted = False
    numbers = sorted(set(ga.hands) | set(gb.hands))
    for n in numbers:
        ea, eb = ga.hands.get(n), gb.hands.get(n)
        if ea is None or eb is None:
            side: SideName = "a" if eb is None else "b"
            g = ga if eb is None else gb
            yield HandOnly(side, label, n, g.deal_lines.get(n, 0))
        else:
            yield from _events(label, n, ea, eb, ga, gb, strict)
            if n:
                yield from _deal(label, n, ea, eb, ga, gb)
        ha, hb = hands_a.get(n), hands_b.get(n)
        if ha is not None and hb is not None:
            yield from _tricks(label, ha, hb, ga.game)
            ra, rb = _result(ha), _result(hb)
            if (ra.status, ra.declarer, ra.contract, ra.deltas) != \
                    (rb.status, rb.declarer, rb.contract, rb.deltas):
                yield ResultDiff(label, n, ra, rb)
        if ha is not None and ha.totals:
            last_a = ha.totals
        if hb is not None and hb.totals:
            last_b = hb.totals
        if n and (ha is not None or hb is not None) and (last_a != last_b) != parted:
            parted = not parted
            yield TotalsDiff(label, n, dict(last_a), dict(last_b), parted)
        yield from _findings(list(ha.findings) if ha else [], list(hb.findings) if hb else [])
    yield from _findings((list(ma.findings) if ma else []) + ga.loose,
                         (list(mb.findings) if mb else []) + gb.loose)
    if ma is not None and mb is not None:
        sa = {"totals": ma.totals, "finished": ma.finished, "winners": list(ma.winners)}
        sb = {"totals": mb.totals, "finished": mb.finished, "winners": list(mb.winners)}
        if sa != sb:
            yield MatchResultDiff(label, sa, sb)


def _events(label: str | int | None, n: int, ea: list[tuple[int, Any, str | None]],
            eb: list[tuple[int, Any, str | None]], ga: _Group, gb: _Group,
            strict: bool) -> Iterator[Difference]:
    rules_a = dict(ga.match.rules) if ga.match else None
    rules_b = dict(gb.match.rules) if gb.match else None
    first = None
    later = 0
    for i in range(max(len(ea), len(eb))):
        xa = ea[i] if i < len(ea) else None
        xb = eb[i] if i < len(eb) else None
        if xa is not None and xb is not None:
            if xa[1] == xb[1] and xa[2] == xb[2]:
                continue  # the same event, field for field (and text for text with strict)
            if strict:
                same = _strict_value(xa[1], xa[2]) == _strict_value(xb[1], xb[2])
            else:
                same = normalise(xa[1], ga.game, rules_a) == normalise(xb[1], gb.game, rules_b)
            if same:
                continue
        if first is None:
            first = (i, xa, xb)
        else:
            later += 1
    if first is not None:
        i, xa, xb = first
        yield EventDiff(label, n, i + 1,
                        EventAt(xa[0], _shown(xa[1])) if xa else None,
                        EventAt(xb[0], _shown(xb[1])) if xb else None, later)


def _deal(label: str | int | None, n: int, ea: list[tuple[int, Any, str | None]],
          eb: list[tuple[int, Any, str | None]], ga: _Group,
          gb: _Group) -> Iterator[Difference]:
    da, db = ea[0][1], eb[0][1]
    if type(da) is not ev.Deal or type(db) is not ev.Deal:
        return
    wa, wb = _holders(da, ga.game), _holders(db, gb.game)
    if wa == wb and da.dealer == db.dealer:
        return
    deck = ENGINES[ga.game].DECK if ga.game is not None and ga.game in ENGINES else None
    order = {c: i for i, c in enumerate(map(str, deck.cards))} if deck else {}
    moves = tuple(Move(c, wa.get(c), wb.get(c))
                  for c in sorted(set(wa) | set(wb), key=lambda c: (order.get(c, 99), c))
                  if wa.get(c) != wb.get(c))
    yield DealDiff(label, n, ea[0][0], eb[0][0], moves, da.dealer, db.dealer, ga.game)


def _holders(d: ev.Deal, game: str | None) -> dict[str, str]:
    """Card (canonical text, or as written when it is no card of the deck) → who or which pile
    was dealt it."""
    deck = ENGINES[game].DECK if game is not None and game in ENGINES else None
    out: dict[str, str] = {}


    def put(text: Any, who: str) -> None:
        if not isinstance(text, str):
            return
        try:
            c = str(deck.parse(text)) if deck is not None else text
        except CardError:
            c = text
        out[c] = who

    for p, cs in (d.hands or {}).items():
        for t in cs:
            put(t, p)
    for pile in ("boat", "talon", "stock", "kitty"):
        for t in getattr(d, pile) or ():
            put(t, pile)
    if d.trump_card is not None:
        put(d.trump_card, "trump_card")
    return out


def _trick_at(t: Any) -> TrickAt:
    return TrickAt(t.line, t.leader, t.cards, tuple(p.player for p in t.plays), t.winner)


def _tricks(label: str | int | None, ha: Hand, hb: Hand,
            game: str | None) -> Iterator[Difference]:
    for i in range(max(len(ha.tricks), len(hb.tricks))):
        ta = _trick_at(ha.tricks[i]) if i < len(ha.tricks) else None
        tb = _trick_at(hb.tricks[i]) if i < len(hb.tricks) else None
        if ta is None or tb is None or \
                (ta.cards, ta.players, ta.winner) != (tb.cards, tb.players, tb.winner):
            yield TrickDiff(label, ha.number, i + 1, ta, tb, game)


def _result(h: Hand) -> ResultAt:
    return ResultAt(h.line, str(h.status) if h.status is not None else None, h.declarer,
                    h.contract, dict(h.deltas))
