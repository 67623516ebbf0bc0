"""Compare two records of the same match: where two logs part ways (``referee diff``, issue 16).

:func:`diff_logs` reads two logs side by side and yields :class:`Difference` records in log
order.  It pairs the matches (by ``id``, else by position: the n-th match without an id of one
record with the n-th match of the other), their hands (by hand number, as the log counts deals)
and, within a hand, the events, aligned with :class:`difflib.SequenceMatcher` (after the events
both hands begin and end with alike are set aside; see :func:`_align`).  Per paired hand it
reports each event of one record that the other lacks (:class:`EventMissing`,
:class:`EventAdded`), two events that trade places (:class:`EventsSwapped`: two cards played the
other way round, or two plays in the other order), each run of events changed in place
(:class:`EventDiff`), a different deal (which cards moved between which players and piles), the
tricks that differ, and, from refereeing both records by the rules, the hands whose result or
deltas differ, where the running totals part (and meet again), the matches whose final totals or
winners differ, and the findings one record has and the other does not.

A player renamed throughout a paired match (the same seat named differently in the two ``match``
events, and neither record naming the other's name anywhere in the match) is one
:class:`Renamed`; the match is then compared, and record A refereed again, as if A used B's name.
``renames`` (``--rename OLD=NEW``) renames players of A before anything is compared.

Events are compared as the game reads them (ruling R23): ``ts`` and ``note`` are left out; cards
are parsed with the game's deck (``T``/``10``, suit symbols, letter case, and in Thirty-Three
``6D``/``JK`` for the Bug are the same card); the cards of a hand, a boat, a kitty, a discard, a
draw or a give are a set (their order is not read), while a talon or stock keeps its order (top
first); suit fields are read by their suit (``hearts``/``H``); an optional flag left out is
``false`` and Asszorti's doubling ``target`` left out is ``"game"``; the ``rules`` of a match are
compared with their defaults filled in.  With ``strict=True`` every event is compared as its JSON
text reads (keys in order, ``ts`` and ``note`` and card spelling included; only white space
between tokens is not compared).

Events are shown as their lines hold them (keys in their order, ``83`` as ``83``, not ``83.0``).

Memory: each record is read as a stream, one match at a time (its refereed :class:`Match`, its
events and their lines' text); when the ids of the two records come in a different order, up to :data:`WINDOW`
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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, Literal, TypeVar, Union

import msgspec

from . import events as ev
from difflib import SequenceMatcher

from .api import Hand, Match, Source, MatchBuilder, feed, open_source
from .inputs import Corruption, corruption, opened
from .cards import CardError, Deck, parse_suit
from .findings import Finding
from .games import SPECS
from .replay import FileReplay

WINDOW = 16
"""How many matches of each record are read ahead to pair matches whose ids come in a different
order (see the module's docstring)."""

ALIGN_LIMIT = 1_000_000
"""Above this product of the two numbers of events left to align in a hand (after the events
both begin and end with alike), the events are compared by place instead: the alignment's cost
grows with that product (hostile input: a hand of 10⁵ unreadable lines)."""

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
    """An event of a paired hand changed in place: the records align it with each other but
    read it differently (``hand`` 0: the events before the first deal, the ``match`` event among
    them).  ``index``: its 1-based position in A's hand; ``a``/``b``: the event of each record
    (both given; None only in records made before events were aligned); ``later``: how many
    events right after it are changed in place too (a run: shown by its first)."""

    match: str | int | None
    hand: int
    index: int
    a: EventAt | None
    b: EventAt | None
    later: int
    kind: str = "event"


@dataclass(frozen=True, slots=True)
class EventMissing:
    """An event of A's hand that B's hand lacks (the events around it aligned): ``index`` its
    1-based position in A's hand, ``a`` the event, ``after`` the line of B's event it would come
    after (None: at the start of B's hand), ``later`` how many events right after it B lacks too
    (a run, shown by its first), ``last`` the line of the run's last event."""

    match: str | int | None
    hand: int
    index: int
    a: EventAt
    after: int | None
    later: int
    last: int
    kind: str = "missing"


@dataclass(frozen=True, slots=True)
class EventAdded:
    """An event of B's hand that A's hand lacks: as :class:`EventMissing` the other way round
    (``index`` in B's hand, ``b`` the event, ``after`` a line of A)."""

    match: str | int | None
    hand: int
    index: int
    b: EventAt
    after: int | None
    later: int
    last: int
    kind: str = "added"


@dataclass(frozen=True, slots=True)
class EventsSwapped:
    """Two events of a hand that trade places in B: ``a`` the two as A has them (in A's order),
    ``b`` the same two as B has them (``b[0]`` is ``a[0]``'s event, at its line in B).  Two
    plays in the other order (``a[0]`` right before ``a[1]``, the other way round in B), or two
    events that each take the other's place (a player's two cards played the other way round)."""

    match: str | int | None
    hand: int
    a: tuple[EventAt, EventAt]
    b: tuple[EventAt, EventAt]
    kind: str = "swapped"


@dataclass(frozen=True, slots=True)
class Renamed:
    """A player of a paired match named ``a`` in A and ``b`` in B throughout: the same seat in
    both ``match`` events, and neither record names the other's name anywhere in the match."""

    match: str | int | None
    a: str
    b: str
    kind: str = "rename"


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
    """A hand's result as refereed: ``status`` (referee-log(5)), ``declarer``, ``contract``,
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
    agreeing), False where they agree again.  ``hand_a``/``hand_b``: the hand of each record
    after which its totals stand, ``hand`` itself unless that record has no hand ``hand`` (a
    record cut short: its last hand; None: no totals yet)."""

    match: str | int | None
    hand: int
    a: dict[str, Any]
    b: dict[str, Any]
    parted: bool
    hand_a: int | None = None
    hand_b: int | None = None
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


Difference = Union[NotALog, MatchOnly, HandOnly, Renamed, EventDiff, EventMissing, EventAdded,
                   EventsSwapped, DealDiff, TrickDiff, ResultDiff, TotalsDiff, MatchResultDiff,
                   FindingOnly]
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
    file: str = ""
    names: dict[str, str] = field(default_factory=dict)  # the renames its events went through
    next: tuple[int, Any] | None = None  # the next match's (line, event), which ended this one

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
    """One log read as a stream of :class:`_Group`; ``stats`` once it is over.  ``names``:
    players renamed (old → new) in every event as it is read, before it is refereed."""

    def __init__(self, source: Source, strict: bool,
                 names: Mapping[str, str] | None = None) -> None:
        self.stream, self.file, self._owned = open_source(source, None)
        self.strict = strict
        self.names = dict(names or {})
        self.builder = MatchBuilder()
        self.run = FileReplay(self.file, self.builder)
        self.undecodable = False
        self.broken: Corruption | None = None
        """Where the record's compressed data broke off (R29), once it is read."""

    def _items(self) -> Iterator[tuple[int, Any, str | None]]:
        """(line, event or ReadError, the line's text: None for a line that is no event)."""
        names = self.names
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
            if names:
                _rename_clash(e, line, names)
                e = _renamed(e, names)
            yield line, e, last[0]

    def groups(self) -> Iterator[_Group]:
        """The record's matches in file order, each complete (events, refereed match, loose
        findings) before the next is read."""
        run, builder = self.run, self.builder
        group = _Group(0, 0, file=self.file, names=self.names)
        hand = 0
        unnamed = 0
        try:
            for line, e, text in self._items():
                if type(e) is ev.Match:
                    run.flush()
                    group.loose.extend(builder.loose)
                    builder.loose.clear()
                    feed(run, builder, line, e)
                    run.flush()
                    self._attach(group)
                    group.next = (line, e)
                    if group.number or group.hands:
                        yield group
                    number = run.match_count
                    group = _Group(number, line, e.id, e.game, tuple(e.players), file=self.file,
                                   names=self.names)
                    if e.id is None:
                        unnamed += 1
                        group.index = unnamed
                    hand = 0
                elif type(e) is ev.Deal:
                    hand += 1
                    group.deal_lines[hand] = line
                    feed(run, builder, line, e)
                else:
                    feed(run, builder, line, e)
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
            if self.stream is not None:
                self.broken = corruption(self.stream)
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


_T = TypeVar("_T")


def _read_ahead(source: Source, scan: Callable[[IO[bytes]], _T]) -> _T | None:
    """``scan`` of the source read ahead of the comparison, where it can be read twice (a
    path, bytes; a seekable stream is rewound); None when it cannot (a pipe)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        with opened(io.BytesIO(bytes(source)), own=True) as b:  # compressed or not (R29)
            return scan(b)
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as raw, opened(raw) as f:  # compressed or not (R29)
            return scan(f)
    try:
        if not source.seekable():
            return None
        start = source.tell()
    except (AttributeError, OSError, ValueError):
        return None
    try:
        return scan(opened(source))  # compressed or not (R29)
    finally:
        source.seek(start)


def _not_a_log(source: Source) -> bool | None:
    """Whether a file has content but not one JSON object line (R7), read ahead of the
    comparison (:func:`_read_ahead`); None when it cannot be told before reading (a pipe)."""
    return _read_ahead(source, _scan)


def _scan(stream: IO[bytes]) -> bool:
    seen = False
    for _, e in ev.read_events(stream):
        if type(e) is not ev.ReadError or e.json_object:
            return False
        seen = True
    return seen and corruption(stream) is None  # one broken off is said as that (R29)


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
    events have in common when the game reads them the same (ruling R23; see the module
    docstring).  ``game``: the match's game (its deck parses the cards; None: cards compared
    as written); ``rules``: the match's rules with defaults filled in (for a ``match`` event)."""
    if isinstance(e, ev.ReadError):
        return ("unreadable", e.code, e.message)
    d = msgspec.to_builtins(e)
    d.pop("ts", None)
    d.pop("note", None)
    deck = SPECS[game].deck if game is not None and game in SPECS else None
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


def _strict_value(e: Any, text: str | None, names: Mapping[str, str]) -> Any:
    """What ``--strict`` compares: the JSON text as it reads, keys in their order (an object
    as its list of (key, value) pairs), with the players in ``names`` renamed."""
    if text is None:
        return normalise(e, None)
    try:
        value = json.loads(text, object_pairs_hook=lambda pairs: pairs)
    except (ValueError, RecursionError):
        return text
    return _renamed_pairs(value, names) if names else value


def _key(item: tuple[int, Any, str | None], game: str | None, rules: dict[str, Any] | None,
         strict: bool, names: Mapping[str, str]) -> bytes:
    """What an event is compared by, as bytes (equal bytes: the same event; R23)."""
    _, e, text = item
    value = _strict_value(e, text, names) if strict else normalise(e, game, rules)
    try:
        return msgspec.json.encode(value, order=None if strict else "sorted")
    except (TypeError, ValueError, OverflowError):
        return repr(value).encode()


def _coarse(e: Any) -> tuple[str, Any]:
    """What two events changed in place share: the kind of event and who acts."""
    if isinstance(e, ev.ReadError):
        return ("unreadable", None)
    return (ev.name_of(e), getattr(e, "player", None))


def _shown(e: Any, text: str | None) -> dict[str, Any]:
    """The event as its line holds it: the line's JSON object, keys in their order and numbers
    as written (``83``, not ``83.0``); a line that is no event as ``{"unreadable", "message"}``."""
    if isinstance(e, ev.ReadError):
        return {"unreadable": e.code, "message": e.message}
    if text is not None:
        try:
            value = msgspec.json.decode(text)
        except (msgspec.DecodeError, ValueError, RecursionError):
            value = None
        if isinstance(value, dict):
            return value
    out: dict[str, Any] = msgspec.to_builtins(e)
    return out


# --- players renamed -----------------------------------------------------------------------------

_NAME_FIELDS = ("player", "dealer", "to", "against")  # a field that names one player
_NAME_KEYS = ("hands", "totals")  # an object keyed by player


def _names_of(e: Any) -> Iterator[str]:
    """The player names an event gives (referee-log(5): ``players``, ``player``, ``dealer``, ``to``,
    ``against``, the keys of ``hands`` and ``totals``)."""
    for name in _NAME_FIELDS:
        v = getattr(e, name, None)
        if isinstance(v, str):
            yield v
    if type(e) is ev.Match:
        yield from e.players
    for name in _NAME_KEYS:
        v = getattr(e, name, None)
        if isinstance(v, dict):
            yield from v


def _renamed(e: Any, names: Mapping[str, str]) -> Any:
    """The event with each player name in ``names`` (old → new) replaced, wherever the event
    names a player (:func:`_names_of`); the event itself when it names none of them."""
    if not isinstance(e, msgspec.Struct):
        return e
    changes: dict[str, Any] = {}
    for name in _NAME_FIELDS:
        v = getattr(e, name, None)
        if isinstance(v, str) and v in names:
            changes[name] = names[v]
    if type(e) is ev.Match and any(p in names for p in e.players):
        changes["players"] = [names.get(p, p) for p in e.players]
    for name in _NAME_KEYS:
        v = getattr(e, name, None)
        if isinstance(v, dict) and any(p in names for p in v):
            changes[name] = {names.get(p, p): x for p, x in v.items()}
    return msgspec.structs.replace(e, **changes) if changes else e


def _renamed_pairs(value: Any, names: Mapping[str, str]) -> Any:
    """:func:`_renamed` for an event read as (key, value) pairs (``--strict``)."""
    if not isinstance(value, list) or not all(type(x) is tuple for x in value):
        return value  # not an object

    def one(key: Any, v: Any) -> Any:
        if key in _NAME_FIELDS and isinstance(v, str):
            return names.get(v, v)
        if key == "players" and isinstance(v, list):
            return [names.get(p, p) if isinstance(p, str) else p for p in v]
        if key in _NAME_KEYS and isinstance(v, list) and all(type(x) is tuple for x in v):
            return [(names.get(p, p), x) for p, x in v]
        return v

    return [(k, one(k, v)) for k, v in value]


class RenameError(ValueError):
    """A ``--rename OLD=NEW`` onto a name A already uses (and does not rename away): two players
    of A would then share one name.  ``line``: the line of A that names ``new`` (0 unknown)."""

    def __init__(self, old: str, new: str, line: int = 0) -> None:
        self.old, self.new, self.line = old, new, line
        at = f" (line {line})" if line else ""
        super().__init__(f"--rename {old}={new}: A already has a player {new}{at}; "
                         "a rename must be onto a name A does not use")


def _rename_clash(e: Any, line: int, names: Mapping[str, str]) -> None:
    """Raise :class:`RenameError` if event ``e`` (at ``line`` of A) names a rename's NEW that
    is not itself renamed away (``names``: old → new; a swap A=B, B=A is fine)."""
    for n in _names_of(e):
        if n not in names:
            for old, new in names.items():
                if new == n:
                    raise RenameError(old, new, line)


def unused_renames(source: Source, names: Mapping[str, str]) -> list[str] | None:
    """The OLD names of ``names`` (old → new) that no event of ``source`` names, in the order
    given; None when the source cannot be read ahead (a pipe: see :func:`_read_ahead`).
    Raises :class:`RenameError` for a rename onto a name the source already uses (its first
    line naming it), ``OSError`` for a file that cannot be read.  Memory: one event at a time."""
    if not names:
        return []
    unused = dict.fromkeys(names)

    def scan(stream: IO[bytes]) -> list[str]:
        for line, e in ev.read_events(stream):
            if type(e) is ev.ReadError:
                continue
            _rename_clash(e, line, names)
            for n in _names_of(e):
                unused.pop(n, None)
        return list(unused)

    return _read_ahead(source, scan)


def _composed(first: Mapping[str, str], then: Mapping[str, str]) -> dict[str, str]:
    """The renames ``first`` and then ``then`` as one (old → new)."""
    out = {}
    for name in set(first) | set(then):
        step = first.get(name, name)
        out[name] = then.get(step, step)
    return {k: v for k, v in out.items() if k != v}


def _renames(ga: _Group, gb: _Group) -> dict[str, str]:
    """The players of A's match renamed throughout in B's (A's name → B's): the same seat of
    the two ``match`` events named differently, B's name not among A's players nor named by
    any event of A's match, A's name not among B's players nor named by any of B's."""
    pa, pb = ga.players, gb.players
    if not ga.number or ga.game != gb.game or len(pa) != len(pb) or \
            len(set(pa)) != len(pa) or len(set(pb)) != len(pb):
        return {}
    seats = {old: new for old, new in zip(pa, pb) if old != new and new not in pa and old not in pb}
    if not seats:
        return {}
    named_a = {n for items in ga.hands.values() for _, e, _ in items for n in _names_of(e)}
    named_b = {n for items in gb.hands.values() for _, e, _ in items for n in _names_of(e)}
    return {old: new for old, new in seats.items() if new not in named_a and old not in named_b}


def _rereferee(g: _Group, names: Mapping[str, str]) -> _Group:
    """The match of ``g`` with its players renamed (old → new) and refereed again, as its
    record's reader referees it (the next match's ``match`` event ends it, as it did)."""
    builder = MatchBuilder()
    run = FileReplay(g.file, builder)
    run.match_count = g.number - 1  # the match keeps its number (findings name it by it)
    out = _Group(g.number, g.line, g.id, g.game, tuple(names.get(p, p) for p in g.players),
                 deal_lines=g.deal_lines, index=g.index, file=g.file,
                 names=_composed(g.names, names), next=g.next)
    for n, items in g.hands.items():
        out.hands[n] = [(line, _renamed(e, names), text) for line, e, text in items]
        for line, e, _ in out.hands[n]:
            feed(run, builder, line, e)
    run.flush()
    out.loose = list(builder.loose)
    if g.next is not None:
        feed(run, builder, *g.next)
    else:
        run.close_match()
    run.flush()
    out.match = next((m for m in builder.done if m.number == g.number), None)
    return out


# --- comparing -----------------------------------------------------------------------------------

def diff_logs(a: Source, b: Source, *, strict: bool = False,
              renames: Mapping[str, str] | None = None,
              broken: list[tuple[str, str]] | None = None) -> Iterator[Difference]:
    """The differences between two records of the same matches, in log order (of ``a``; a match
    only in ``b`` comes where ``b`` has it).

    ``a``, ``b``: what :func:`referee.read_log` reads (a path, bytes, a binary stream).
    ``strict``: also count differences that do not change the game (``ts``, ``note``, key order,
    card spelling; ruling R23).  ``renames``: players of ``a`` renamed (A's name → B's) in
    every event before anything is compared or refereed (``--rename OLD=NEW``): a rename given
    is no difference; a rename onto a name ``a`` already uses (and does not rename away)
    raises :class:`RenameError`, before anything is yielded where ``a`` can be read ahead (see
    :func:`unused_renames`), else at the event that names it.  No difference yielded: the records agree on every event that
    matters.  A record that is not a log (R7) gives one :class:`NotALog` and nothing else is
    compared (for a stream that cannot be read twice, it comes last).  Raises ``OSError`` for a
    file that cannot be opened or read; bad content never raises.  A compressed record whose
    data breaks off (R29) is compared up to the break (its ``bad-json`` finding there is a
    difference like any other) and, with ``broken`` given, appended to it once the comparison
    is over as (its file, :meth:`referee.inputs.Corruption.words`).  Memory: see the module
    docstring (at most ``WINDOW + 1`` matches of each record)."""
    for side, src in (("a", a), ("b", b)):
        if _not_a_log(src):
            name = os.fspath(src) if isinstance(src, (str, os.PathLike)) else \
                getattr(src, "name", "<bytes>")
            yield NotALog(side, str(name))  # type: ignore[arg-type]
            return
    if renames:
        unused_renames(a, renames)  # a clash is raised before any difference
    ra, rb = _Record(a, strict, renames), _Record(b, strict)
    try:
        yield from _pair(ra.groups(), rb.groups(), strict)
    finally:
        ra.close()
        rb.close()
    for side, r in (("a", ra), ("b", rb)):
        if r.broken is not None and broken is not None:
            broken.append((r.file, r.broken.words()))
        if r.undecodable and r.broken is None:
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
    """The differences of two paired matches, hand by hand (a player renamed throughout first:
    A's match is then compared, and refereed, with B's name)."""
    renames = _renames(ga, gb)
    if renames:
        for old in ga.players:
            if old in renames:
                yield Renamed(ga.label, old, renames[old])
        ga = _rereferee(ga, renames)
    ma, mb = ga.match, gb.match
    label = ga.label
    hands_a = {h.number: h for h in ma.hands} if ma else {}
    hands_b = {h.number: h for h in mb.hands} if mb else {}
    last_a: dict[str, Any] = {}
    last_b: dict[str, Any] = {}
    at_a: int | None = None  # the hand after which last_a stands
    at_b: int | None = None
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
            last_a, at_a = ha.totals, n
        if hb is not None and hb.totals:
            last_b, at_b = hb.totals, n
        if n and (ha is not None or hb is not None) and (last_a != last_b) != parted:
            parted = not parted
            yield TotalsDiff(label, n, dict(last_a), dict(last_b), parted, at_a, at_b)
        yield from _findings(list(ha.findings) if ha else [], list(hb.findings) if hb else [])
    yield from _findings((list(ma.findings) if ma else []) + ga.loose,
                         (list(mb.findings) if mb else []) + gb.loose)
    if ma is not None and mb is not None:
        sa = {"totals": ma.totals, "finished": ma.finished, "winners": list(ma.winners)}
        sb = {"totals": mb.totals, "finished": mb.finished, "winners": list(mb.winners)}
        if sa != sb:
            yield MatchResultDiff(label, sa, sb)


_Item = tuple[int, Any, "str | None"]
"""One line of a record: (line, event or ReadError, the line's text)."""

_Op = tuple[str, int, int]
"""One step of an alignment: ``("equal" | "changed", i, j)`` pairs A's i-th event with B's
j-th; ``("missing", i, j)``: A's i-th, which B lacks (it would come before B's j-th);
``("added", i, j)``: B's j-th, which A lacks (before A's i-th)."""


def _events(label: str | int | None, n: int, ea: list[_Item], eb: list[_Item], ga: _Group,
            gb: _Group, strict: bool) -> Iterator[Difference]:
    """The events of a paired hand that differ: aligned (:func:`_align`), then named (missing,
    added, swapped, changed in place) by :func:`_named`."""
    if len(ea) == len(eb) and all(x[1] == y[1] and (not strict or x[2] == y[2])
                                  for x, y in zip(ea, eb)):
        return  # the same events, field for field (and text for text with strict)
    rules_a = dict(ga.match.rules) if ga.match else None
    rules_b = dict(gb.match.rules) if gb.match else None
    ka = [_key(x, ga.game, rules_a, strict, ga.names) for x in ea]
    kb = [_key(x, gb.game, rules_b, strict, gb.names) for x in eb]
    ops = _align(ka, kb, [_coarse(x[1]) for x in ea], [_coarse(x[1]) for x in eb])
    yield from _named(label, n, ops, ea, eb, ka, kb)


def _align(ka: list[bytes], kb: list[bytes], ca: list[Any], cb: list[Any]) -> list[_Op]:
    """Align the events of two hands by their keys ``ka``/``kb`` (:func:`_key`): every event of
    each in one :data:`_Op`, in order.  The events both hands begin and end with alike are paired
    first (so one event changed is changed in place, whatever its neighbours); the rest goes to
    :class:`difflib.SequenceMatcher`.  Where it finds nothing alike (a ``replace``), the events
    are aligned again by ``ca``/``cb`` (:func:`_coarse`: the same kind of event by the same
    player is one event changed), and what is still left is paired by place."""
    n, m = len(ka), len(kb)
    p = 0
    while p < n and p < m and ka[p] == kb[p]:
        p += 1
    s = 0
    while s < min(n, m) - p and ka[n - 1 - s] == kb[m - 1 - s]:
        s += 1
    ops: list[_Op] = [("equal", i, i) for i in range(p)]
    ops += _middle(ka, kb, ca, cb, (p, n - s, p, m - s), coarse=False)
    ops += [("equal", n - s + k, m - s + k) for k in range(s)]
    return ops


def _middle(ka: list[Any], kb: list[Any], ca: list[Any], cb: list[Any],
            box: tuple[int, int, int, int], coarse: bool) -> list[_Op]:
    """Align A's events i1..i2 with B's j1..j2 (``box``) by the fine keys, or the coarse ones
    (``coarse``) inside what the fine keys found nothing alike in; by place past ALIGN_LIMIT."""
    i1, i2, j1, j2 = box
    if (i2 - i1) * (j2 - j1) > ALIGN_LIMIT:
        return _by_place(ka, kb, box, "equal")
    xa, xb = (ca, cb) if coarse else (ka, kb)
    out: list[_Op] = []
    matcher = SequenceMatcher(None, xa[i1:i2], xb[j1:j2], autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        a1, a2, b1, b2 = a1 + i1, a2 + i1, b1 + j1, b2 + j1
        if tag == "equal":  # alike by the coarse key: no two events alike are left here
            out += [("changed" if coarse else "equal", a1 + k, b1 + k) for k in range(a2 - a1)]
        elif tag == "delete":
            out += [("missing", i, b1) for i in range(a1, a2)]
        elif tag == "insert":
            out += [("added", a1, j) for j in range(b1, b2)]
        elif coarse:
            out += _by_place(ka, kb, (a1, a2, b1, b2), "changed")
        else:
            out += _middle(ka, kb, ca, cb, (a1, a2, b1, b2), coarse=True)
    return out


def _by_place(ka: list[Any], kb: list[Any], box: tuple[int, int, int, int],
              alike: str) -> list[_Op]:
    """Events paired by their place in the box; the longer side's rest missing or added."""
    i1, i2, j1, j2 = box
    k = min(i2 - i1, j2 - j1)
    out: list[_Op] = [(alike if ka[i1 + d] == kb[j1 + d] else "changed", i1 + d, j1 + d)
                     for d in range(k)]
    out += [("missing", i, j2) for i in range(i1 + k, i2)]
    out += [("added", i2, j) for j in range(j1 + k, j2)]
    return out


def _at(items: list[_Item], i: int) -> EventAt:
    line, e, text = items[i]
    return EventAt(line, _shown(e, text))


def _named(label: str | int | None, n: int, ops: list[_Op], ea: list[_Item], eb: list[_Item],
           ka: list[bytes], kb: list[bytes]) -> Iterator[Difference]:
    """The differences of an alignment, in its order: two events that trade places
    (:class:`EventsSwapped`: a missing and an added event alike on either side of one event
    alike, or two events changed in place each into the other), then each run of events
    missing, added or changed in place, shown by its first."""
    swaps: dict[int, EventsSwapped] = {}  # at the index of its first op
    used = [False] * len(ops)
    for t in range(len(ops) - 2):
        (x, xi, xj), (y, yi, yj), (z, zi, zj) = ops[t:t + 3]
        if used[t] or y != "equal":
            continue
        if x == "missing" and z == "added" and ka[xi] == kb[zj]:
            swaps[t] = EventsSwapped(label, n, (_at(ea, xi), _at(ea, yi)),
                                     (_at(eb, zj), _at(eb, yj)))
        elif x == "added" and z == "missing" and kb[xj] == ka[zi]:
            swaps[t] = EventsSwapped(label, n, (_at(ea, yi), _at(ea, zi)),
                                     (_at(eb, yj), _at(eb, xj)))
        else:
            continue
        used[t] = used[t + 1] = used[t + 2] = True
    waiting: dict[tuple[bytes, bytes], list[int]] = {}
    for t, (tag, i, j) in enumerate(ops):
        if used[t] or tag != "changed":
            continue
        partners = waiting.get((kb[j], ka[i]))
        if partners:  # an earlier (i0, j0): A's i0 is B's j, A's i is B's j0
            t0 = partners.pop()
            _, i0, j0 = ops[t0]
            swaps[t0] = EventsSwapped(label, n, (_at(ea, i0), _at(ea, i)),
                                      (_at(eb, j), _at(eb, j0)))
            used[t0] = used[t] = True
        else:
            waiting.setdefault((ka[i], kb[j]), []).append(t)
    t = 0
    while t < len(ops):
        if t in swaps:
            yield swaps[t]
        tag = ops[t][0]
        if used[t] or tag == "equal":
            t += 1
            continue
        u = t
        while u + 1 < len(ops) and ops[u + 1][0] == tag and not used[u + 1]:
            u += 1
        (_, i, j), (_, li, lj) = ops[t], ops[u]
        later = u - t
        if tag == "changed":
            yield EventDiff(label, n, i + 1, _at(ea, i), _at(eb, j), later)
        elif tag == "missing":
            yield EventMissing(label, n, i + 1, _at(ea, i), eb[j - 1][0] if j else None, later,
                               ea[li][0])
        else:
            yield EventAdded(label, n, j + 1, _at(eb, j), ea[i - 1][0] if i else None, later,
                             eb[lj][0])
        t = u + 1


def _deal(label: str | int | None, n: int, ea: list[tuple[int, Any, str | None]],
          eb: list[tuple[int, Any, str | None]], ga: _Group,
          gb: _Group) -> Iterator[Difference]:
    da, db = ea[0][1], eb[0][1]
    if type(da) is not ev.Deal or type(db) is not ev.Deal:
        return
    wa, wb = _holders(da, ga.game), _holders(db, gb.game)
    if wa == wb and da.dealer == db.dealer:
        return
    deck = SPECS[ga.game].deck if ga.game is not None and ga.game in SPECS else None
    order = {c: i for i, c in enumerate(map(str, deck.cards))} if deck else {}
    moves = tuple(Move(c, wa.get(c), wb.get(c))
                  for c in sorted(set(wa) | set(wb), key=lambda c: (order.get(c, 99), c))
                  if wa.get(c) != wb.get(c))
    yield DealDiff(label, n, ea[0][0], eb[0][0], moves, da.dealer, db.dealer, ga.game)


def _holders(d: ev.Deal, game: str | None) -> dict[str, str]:
    """Card (canonical text, or as written when it is no card of the deck) → who or which pile
    was dealt it."""
    deck = SPECS[game].deck if game is not None and game in SPECS else None
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
