"""Typed log events (referee-log(5), log format version 1.1) and the line-by-line reader.

Each event is a :mod:`msgspec` struct, tagged by its ``event`` field; :data:`Event` is their union
and :data:`DECODER` decodes one JSON line straight into it.  Card fields stay strings here: which
strings are cards depends on the game's deck, so the game parses them (``bad-card``).

:func:`read_events` streams a binary file through :mod:`jsonlines` and yields ``(line, item)``,
where ``item`` is an event or a :class:`ReadError` (``bad-json`` / ``bad-event``) and ``line`` is the
1-based physical line.  Memory stays constant: one line is held at a time, and a line longer than
:data:`MAX_LINE_BYTES` is reported instead of read whole.  Lines jsonlines must not read as they
are (blank, over-long, starting with an RS or a misplaced BOM) are settled out of band, by the
:class:`UnusualLine` exception, never by a text standing for them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from itertools import chain
from typing import IO, Any, Callable, Iterator, Literal, Sequence, Union, get_args, overload

import jsonlines
import msgspec

from .cards import ALL_CARDS, JOKER
from .games import names as _game_names

GameName = str
"""The ``game`` of a ``match``: the log name of a registered game (:data:`GAMES`)."""


class _GameNames(Sequence[str]):
    """The names of the registered games, in the registry's order, read when first used (the
    registry reads the entry points once per process: :mod:`referee.games`)."""

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return _game_names()[i]

    def __len__(self) -> int:
        return len(_game_names())

    def __contains__(self, name: object) -> bool:
        return name in _game_names()

    def __repr__(self) -> str:
        return repr(_game_names())


GAMES: Sequence[str] = _GameNames()
"""The games a log may name (the ``game`` of a ``match``): every registered game, the four of
this package and any an installed package adds (:mod:`referee.games`)."""
MAX_LINE_BYTES = 16 * 1024 * 1024
"""Lines longer than this (16 MiB) are reported as ``bad-json`` without being held in memory."""


class _Base(msgspec.Struct, tag_field="event", kw_only=True, omit_defaults=True, gc=False):
    """Fields every event may carry: ``ts`` (a time stamp string) and ``note`` (free text).

    Events are decoded from JSON, so they can hold no reference cycle: they are left out of the
    cycle collector (``gc=False``), which saves it work on every line."""

    ts: str | None = None
    note: str | None = None


class Match(_Base, tag="match"):
    """Starts a match: ``game``, ``players`` in clockwise seating order, optional ``id``, ``rules``."""
    # (the docstring is the schema's description: referee schema.)  ``game`` must be a
    # registered game (GAMES): ValueError otherwise, which the decoder turns into a
    # ``bad-event`` ("unknown game 'x' (the games are …)").

    game: GameName
    players: list[str]
    id: str | int | None = None
    rules: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.game not in _game_names():
            raise ValueError(f"{_UNKNOWN_GAME}{self.game!r}")


_UNKNOWN_GAME = "unknown game: "
"""How :class:`Match` says its ``game`` is no registered game (the decoder's message, read
back by :func:`_event_error`; the ``bad-event``'s words list the registered games)."""


class Deal(_Base, tag="deal"):
    """Starts a hand: ``dealer``, ``hands`` (player → card strings) and the game's extra pile.
    Since format 1.1 ``hands`` may be left out or name only some players, and the pile may be
    left out: what is not given is unknown (RULINGS G14)."""

    dealer: str
    hands: dict[str, list[str]] | None = None
    boat: list[str] | None = None
    talon: list[str] | None = None
    stock: list[str] | None = None
    kitty: list[str] | None = None
    trump_card: str | None = None


class Pass(_Base, tag="pass"):
    player: str


class Play(_Base, tag="play"):
    """A card played to the current trick."""

    player: str
    card: str


class Retract(_Base, tag="retract"):
    """Takes back the most recent card played (to repair a revoke, RULINGS G4)."""

    player: str
    card: str


class Score(_Base, tag="score"):
    """A running total as written on the score sheet after the previous hand (name → points)."""

    totals: dict[str, float]


class End(_Base, tag="end"):
    """The table ends the match here."""

    player: str | None = None


class Bid(_Base, tag="bid"):
    """A bid.  Thirty-Three: ``game`` and ``level``; Asszorti: ``bid``; Eighty-Three: ``points``
    and ``doubled``.  Which fields a game needs is checked by the game (``bad-event``)."""

    player: str
    game: str | None = None
    level: int | str | None = None
    bid: str | None = None
    points: int | None = None
    doubled: bool | None = None


class Draw(_Base, tag="draw"):
    """Thirty-Three: the boat cards the declarer takes in Null+2/Null+1.  Sixty-Six: both draw."""

    player: str | None = None
    cards: list[str] | None = None


class Discard(_Base, tag="discard"):
    player: str
    cards: list[str]


class Kontra(_Base, tag="kontra"):
    """A doubling call.  ``target`` (Asszorti): ``"game"`` (default) or ``"arrivazs"``."""

    player: str
    target: str | None = None


class Rekontra(_Base, tag="rekontra"):
    """The declarer's redouble; ``against`` (Thirty-Three) names the Kontra caller it answers."""

    player: str
    against: str | None = None
    target: str | None = None


class Szubkontra(_Base, tag="szubkontra"):
    player: str
    target: str | None = None


class Hirskontra(_Base, tag="hirskontra"):
    player: str
    target: str | None = None


class Mordkontra(_Base, tag="mordkontra"):
    player: str
    target: str | None = None


class Reveal(_Base, tag="reveal"):
    """An Ouvert declarer shows the hand."""

    player: str


class Hold(_Base, tag="hold"):
    player: str


class Contract(_Base, tag="contract"):
    player: str
    bid: str


class Declare(_Base, tag="declare"):
    """Asszorti: ``trump`` (a suit or ``"none"``) and optional ``arrivazs``."""

    player: str
    trump: str
    arrivazs: bool | None = None


class Claim(_Base, tag="claim"):
    player: str


class Dispute(_Base, tag="dispute"):
    player: str


class Marriage(_Base, tag="marriage"):
    player: str
    suit: str


class Exchange(_Base, tag="exchange"):
    player: str


class Close(_Base, tag="close"):
    player: str
    before_draw: bool | None = None


class DeclareOut(_Base, tag="declare_out"):
    player: str


class Resign(_Base, tag="resign"):
    player: str


class Timeout(_Base, tag="timeout"):
    player: str


class Trump(_Base, tag="trump"):
    """Eighty-Three: the bid winner names trumps."""

    player: str
    suit: str


class Give(_Base, tag="give"):
    """Eighty-Three: extra trumps passed to the partner."""

    player: str
    to: str
    cards: list[str]


EVENT_TYPES = (Match, Deal, Pass, Play, Retract, Score, End, Bid, Draw, Discard, Kontra, Rekontra,
               Szubkontra, Hirskontra, Mordkontra, Reveal, Hold, Contract, Declare, Claim, Dispute,
               Marriage, Exchange, Close, DeclareOut, Resign, Timeout, Trump, Give)
Event = Union[EVENT_TYPES]  # type: ignore[valid-type]

HandEvent = Union[Pass, Play, Retract, Bid, Draw, Discard, Kontra, Rekontra, Szubkontra,
                  Hirskontra, Mordkontra, Reveal, Hold, Contract, Declare, Claim, Dispute,
                  Marriage, Exchange, Close, DeclareOut, Resign, Timeout, Trump, Give]
"""An event within a hand: every event but ``match``, ``deal``, ``score`` and ``end``."""
HAND_EVENT_TYPES: tuple[type, ...] = get_args(HandEvent)


def name_of(e: Any) -> str:
    """The log's name of an event struct (its ``event`` field): ``"bid"``, ``"declare_out"``."""
    return type(e).__struct_config__.tag  # type: ignore[no-any-return]

DECODER = msgspec.json.Decoder(Event)


_CARD_TEXT: Any = Literal.__getitem__(tuple(
    [str(c) for c in ALL_CARDS.values()] + [str(JOKER)]))
"""A card in its canonical notation (``AH``, ``10C``, ``JK``) as a type: msgspec decodes a
value of it to one shared string, not a new string object for each card."""
_SHARED_VALUES: tuple[tuple[int, Any], ...] = (
    (ord("["), msgspec.json.Decoder(list[_CARD_TEXT])),
    (ord("{"), msgspec.json.Decoder(dict[str, list[_CARD_TEXT]])),
)
_TOP_LEVEL = msgspec.json.Decoder(dict[str, msgspec.Raw])
_BIG_VALUE = 1 << 16
"""A value of a line at least this long (bytes of JSON) is decoded as cards, if it is cards."""


def decode_event(text: str | bytes) -> Any:
    """Decode one line into its event, as :data:`DECODER` does (the same event, the same
    errors).  A line over 1 MiB is first tried value by value: a top-level value of 64 KiB or
    more that is a list of cards, or an object of such lists (a deal's ``hands``), is decoded
    with each card as one shared string, so a deal of millions of cards costs a pointer a card,
    not a string object a card (issue 29, memory flat under the 16 MiB line cap).  Anything
    else on that path (cards in other notations, a value that is not an event's) falls back
    to :data:`DECODER`, which gives the usual event or error."""
    if len(text) <= _LONG:
        return DECODER.decode(text)
    try:
        top = _TOP_LEVEL.decode(text)
        fields: dict[str, Any] = {}
        for key, raw in top.items():
            fields[key] = _decode_value(raw)
        del top
        return msgspec.convert(fields, Event)
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError, RecursionError):
        pass
    return DECODER.decode(text)


def _decode_value(raw: msgspec.Raw) -> Any:
    """One top-level value of a long line: shared card strings where it is a big list of
    cards (or an object of them), else as JSON.  ValidationError for a big value that is
    neither (the caller then decodes the line as usual)."""
    if len(raw) < _BIG_VALUE:
        return msgspec.json.decode(raw)
    head = bytes(memoryview(raw)[:1])[0]
    for opening, decoder in _SHARED_VALUES:
        if head == opening:
            return decoder.decode(raw)
    raise msgspec.ValidationError("a big value that is not cards")


@dataclass(slots=True)
class ReadError:
    """A line that could not be read as an event: ``code`` is ``bad-json`` or ``bad-event``.

    ``json_object`` is True when the line is a JSON object (a ``bad-event`` such as an unknown
    event or a missing field), False when it is no JSON object at all (not JSON, or JSON of
    another kind): a file none of whose lines is a JSON object is not a log (ruling R7)."""

    code: Literal["bad-json", "bad-event"]
    message: str
    json_object: bool = False
    facts: dict[str, Any] = field(default_factory=dict)
    """The finding's evidence beside ``json_object``: ``reason`` (a closed code, referee-log(5))
    and its data (``field``, ``character`` ...); the message is their words."""


def _error(code: Literal["bad-json", "bad-event"], reason: str, json_object: bool = False,
           detail: str | None = None, **facts: Any) -> ReadError:
    """A :class:`ReadError` of ``reason`` with ``facts``, its message in their words
    (:func:`referee.commentary.read_words`; ``detail``: the decoder's own words, where the
    reason has them)."""
    from .commentary import read_words
    evidence = {"reason": reason, **facts}
    return ReadError(code, read_words(evidence, detail), json_object, evidence)


def read_error(code: Literal["bad-json", "bad-event"], reason: str, json_object: bool = False,
               **facts: Any) -> ReadError:
    """A :class:`ReadError` of the closed ``reason`` (referee-log(5)) with its ``facts``, its
    message in their words: for a reader outside this module (:mod:`referee.inputs`: the
    ``corrupt-compression`` of a compressed file whose data breaks off, R29)."""
    return _error(code, reason, json_object, None, **facts)


class UnusualLine(Exception):
    """Raised by a :func:`line_reader` call, instead of handing the line to jsonlines, for a
    line the reader settles itself: ``error`` is its :class:`ReadError`, or None for a blank
    line (skipped, but counted).  Out of band: no content of a file can pass for it."""

    def __init__(self, error: ReadError | None) -> None:
        super().__init__(error.message if error is not None else "blank line")
        self.error = error


_BOM = "\ufeff".encode()
_RS = b"\x1e"
_OPEN_BRACE = ord("{")


def _physical_lines(stream: IO[bytes]) -> Iterator[bytes]:
    """The physical lines of a binary stream (split at ``\\n`` only), as jsonlines is to read
    them.

    A line that starts with ``{`` and is at most MAX_LINE_BYTES long (nearly every line) passes
    as it is; any other goes through :func:`_unusual_line`, which passes it on or raises
    :class:`UnusualLine`.  That exception passes through jsonlines to the caller; it ends the
    generator that raised it, so the lines come from a chain of generators over one readline
    iterator, and the next read goes on with the next line in a fresh one."""
    readline = stream.readline
    lines = iter(partial(readline, MAX_LINE_BYTES + 1), b"")
    ended: list[bool] = []

    def run(first: bool) -> Iterator[bytes]:
        if first:  # the first line may start with a BOM
            for line in lines:
                yield _unusual_line(line, readline, True)
                break
        for line in lines:
            if line[0] == _OPEN_BRACE and len(line) <= _LONG:
                yield line
            else:
                # handed on without a reference kept here: jsonlines turns it into text, and
                # a long line is then not held twice while it is decoded (issue 29)
                hold = [_unusual_line(line, readline, False)]
                del line
                yield hold.pop()
        ended.append(True)

    def runs() -> Iterator[Iterator[bytes]]:
        yield run(True)
        while not ended:
            yield run(False)

    return chain.from_iterable(runs())


_LONG = 1 << 20
"""Lines longer than this (1 MiB; no event of a game is) are passed on by
:func:`_physical_lines` without a reference kept, so that they are not held twice."""


def _unusual_line(line: bytes, readline: Callable[[int], bytes], first: bool) -> bytes:
    """The line as jsonlines is to read it, for a line that does not simply start with ``{``
    or is long (over :data:`_LONG`); raises :class:`UnusualLine` for a line the reader settles
    itself:

    - a line longer than MAX_LINE_BYTES: the rest of it is skipped without being held
      (``bad-json``, ruling R8);
    - a blank or white-space-only line (ASCII white space; after the BOM that may start the
      file): skipped, but counted;
    - a line starting with an RS character (0x1E, which jsonlines would drop as RFC 7464 allows):
      ``bad-json``, referee-log(5) allows no RS;
    - a line starting with a byte-order mark anywhere but at the very start of the file
      (jsonlines would drop it from every line): ``bad-json``.
    """
    if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
        while True:
            more = readline(1 << 20)
            if not more or more.endswith(b"\n"):
                break
        raise UnusualLine(_error("bad-json", "too-long", limit=MAX_LINE_BYTES))
    if not (line[len(_BOM):] if first and line.startswith(_BOM) else line).rstrip():
        raise UnusualLine(None)  # the BOM at the very start is ignored (referee-log(5))
    if line.startswith(_RS):
        raise UnusualLine(_error("bad-json", "record-separator"))
    if not first and line.startswith(_BOM):
        raise UnusualLine(_error("bad-json", "byte-order-mark"))
    return line


@dataclass(slots=True)
class ReadWarning:
    """Something odd about a line that was read all the same (``--strict``): an unknown field or
    a key given twice.  Reported as a ``bad-event`` warning; the event still counts."""

    code: Literal["bad-event"]
    message: str
    facts: dict[str, Any] = field(default_factory=dict)
    """The warning's evidence: ``reason`` (``"duplicate-key"`` with ``key``,
    ``"unknown-fields"`` with ``fields``, the log's own names) ; the message is their words."""


def _warning(reason: str, **facts: Any) -> ReadWarning:
    """A :class:`ReadWarning` of ``reason`` with ``facts``, worded by
    :func:`referee.commentary.read_words`."""
    from .commentary import read_words
    evidence = {"reason": reason, **facts}
    return ReadWarning("bad-event", read_words(evidence), evidence)


def line_reader(stream: IO[bytes], loads: Callable[[Any], Any] | None = None
                ) -> Callable[[], Any]:
    """A function that reads the next physical line of a binary stream and returns its event.

    Each call takes exactly one physical line (so the caller counts lines) and raises
    EOFError at the end.  A line that is not an event raises ``jsonlines.InvalidLineError`` or
    RecursionError: pass it to :func:`read_failure`.  ``loads`` replaces the msgspec decoder
    (``--strict`` wraps it to keep the text).

    Without ``loads``, a plain line (one that starts with ``{``, is at most 1 MiB long and is
    not the first of the stream, which may start with a BOM) is decoded by :data:`DECODER`
    straight from its bytes; only a line that is not plain, or that the decoder refuses, goes
    the full way, through :func:`_unusual_line` and jsonlines, which give the same event and
    the exact words of the error (issue 30: reading costs a decode, not a decode and a copy)."""
    if loads is not None:
        return jsonlines.Reader(_physical_lines(stream), loads=loads).read
    readline = stream.readline
    decode = DECODER.decode
    refused = (msgspec.MsgspecError, ValueError, RecursionError)
    at_start = [True]

    def read() -> Any:
        line = readline(MAX_LINE_BYTES + 1)
        if not line:
            raise EOFError
        if line[0] == _OPEN_BRACE and len(line) <= _LONG and not at_start[0]:
            try:
                return decode(line)
            except refused:
                pass
        first = at_start[0]
        at_start[0] = False
        # the full way, with no reference to the line kept here (a long line is not held
        # twice while it is decoded, issue 29)
        hold = [_unusual_line(line, readline, first)]
        del line
        return jsonlines.Reader(_handed_on(hold), loads=decode_event).read()

    return read


def _handed_on(hold: list[bytes]) -> Iterator[bytes]:
    """The one line in ``hold``, handed on without a reference kept (see :func:`line_reader`)."""
    yield hold.pop()


def read_failure(exc: BaseException) -> ReadError | None:
    """The :class:`ReadError` for a line :func:`line_reader` could not read, or None for a blank
    line (skipped, but counted)."""
    if type(exc) is UnusualLine:
        return exc.error
    if isinstance(exc, RecursionError):
        return _error("bad-json", "too-deep")
    text = exc.line  # type: ignore[attr-defined]
    cause = exc.__cause__
    if isinstance(text, str) and type(cause) in (msgspec.DecodeError, msgspec.ValidationError):
        # The line is judged as JSON first, without building it: msgspec stops at the first
        # value that does not fit the event types, before it sees text after the value
        # (`"abc" def`, `{"event": "end"} x` are not JSON, so bad-json, not bad-event).  And
        # jsonlines passes the line with its newline, with which msgspec blames the newline for
        # a line cut short inside a string; judged without it (exc.line is stripped), the line
        # is what it is: truncated.
        try:
            _JSON_CHECK.decode(text)
        except msgspec.DecodeError as bad:
            cause = bad
        except (ValueError, RecursionError):
            pass
    return _read_error(cause, exc)  # type: ignore[arg-type]


_JSON_CHECK = msgspec.json.Decoder(msgspec.Raw)
"""Checks that a text is one JSON value, without building it (msgspec.Raw keeps the text)."""


UNREADABLE = (jsonlines.InvalidLineError, UnusualLine, RecursionError)
"""What a :func:`line_reader` call raises for a line that is not an event."""


def read_events(stream: IO[bytes], strict: bool = False) -> Iterator[tuple[int, Any]]:
    """Yield ``(line, event_or_ReadError)`` for each non-blank physical line of a binary stream.

    Blank and white-space-only lines are skipped but counted.  With ``strict``, a
    :class:`ReadWarning` is yielded before an event whose line has unknown fields or a key
    given twice (without it the last of two equal keys counts, as JSON readers commonly do).
    Never raises for bad content (OSError from the stream itself propagates).

    Each line goes through jsonlines, which hands it to the msgspec decoder; blank and over-long
    lines (see :func:`_unusual_line`) and nesting too deep for the decoder are sorted out on the
    error path, so they cost nothing on the usual one.
    """
    notes: list[ReadWarning] = []

    def remember(text: str) -> Any:
        # the notes first, so that what json builds for them is gone before msgspec builds
        # the event (a long line is not held as objects twice, issue 29)
        notes[:] = _strict_notes(_SHORT_STRINGS.sub("[]", text) if len(text) > _LONG else text)
        return decode_event(text)

    read = line_reader(stream, remember if strict else None)
    lineno = 0
    while True:
        lineno += 1  # every read takes exactly one physical line
        try:
            value = read()
        except EOFError:
            return
        except UNREADABLE as exc:
            bad = read_failure(exc)
            if bad is not None:
                yield lineno, bad
            continue
        if strict:
            for note in notes:
                yield lineno, note
            notes.clear()
        yield lineno, value


_SHORT_STRINGS = re.compile(r'\[\s*+(?:"[^"\\]{1,8}"\s*+,\s*+)*+"[^"\\]{1,8}"\s*+\]')
"""An array of short strings with no escapes (cards): it holds no key, so ``--strict``'s notes
are made of a long line without it (json would build each string; a line of millions of cards
is not held as objects to find its keys).  It cannot match inside a JSON string, where every
``"`` is escaped."""

_FIELDS = {t.__struct_config__.tag: frozenset(t.__struct_fields__) | {"event"}
           for t in EVENT_TYPES}
"""The fields of each event, by its tag (for ``--strict``'s unknown fields)."""


@dataclass(slots=True)
class _Keys:
    """A JSON object as :func:`_strict_notes` keeps it: its keys and its ``event`` value."""

    keys: dict[str, None]
    tag: Any


def _strict_notes(text: str) -> list[ReadWarning]:
    """Unknown top-level fields and keys given twice (at any depth) in one line (the notes
    count only for a line that is an event, so an unknown ``event`` gives none)."""
    import json
    notes: list[ReadWarning] = []

    def pairs(items: list[tuple[str, Any]]) -> _Keys:
        # an object is kept as its keys (first seen first) and its `event` text: nothing
        # more is needed, and a line of a million keys is not built as a dict on top
        seen: dict[str, None] = {}
        tag = None
        for k, v in items:
            if k in seen:
                notes.append(_warning("duplicate-key", key=k))
            seen[k] = None
            if k == "event":
                tag = v
        return _Keys(seen, tag)

    try:
        raw = json.loads(text, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return notes
    if not isinstance(raw, _Keys):
        return notes
    known = _FIELDS.get(raw.tag) if isinstance(raw.tag, str) else None
    if known is None:
        return notes
    extra = [k for k in raw.keys if k not in known]
    if extra:
        notes.append(_warning("unknown-fields", fields=extra))
    return notes


def _read_error(cause: BaseException | None, exc: Exception) -> ReadError:
    if isinstance(cause, msgspec.ValidationError):
        text = str(cause)
        got = _NOT_OBJECT.fullmatch(text)
        if got:
            # the line is JSON, but not an object (a number, a string, an array, null)
            return _error("bad-event", "not-an-object", got=got.group(1))
        return _event_error(text)
    if isinstance(cause, UnicodeDecodeError):
        return _error("bad-json", "not-utf-8")
    msg = str(cause) if cause is not None else str(exc)
    if msg == "Input data was truncated":
        return _error("bad-json", "truncated")
    line = getattr(exc, "line", None)
    trailing = re.fullmatch(r"JSON is malformed: trailing characters \(byte (\d+)\)", msg)
    if trailing:  # msgspec's number here is one past the offset of the text that follows
        return _error("bad-json", "trailing-text",
                      character=_column(line, int(trailing.group(1)) - 1))
    at = re.fullmatch(r"(.*) \(byte (\d+)\)", msg, re.S)
    if at:
        return _error("bad-json", "malformed", detail=at.group(1),
                      character=_column(line, int(at.group(2))))
    return _error("bad-json", "malformed", detail=msg, character=None)


_NOT_OBJECT = re.compile(r"Expected `object`, got `([^`]+)`")
"""msgspec's message for a line that is JSON of another kind than an object."""


def _column(text: Any, offset: int) -> int:
    """The 1-based character position in ``text`` of msgspec's 0-based UTF-8 byte ``offset``."""
    if not isinstance(text, str):
        return offset + 1
    return len(text.encode()[:offset].decode("utf-8", "ignore")) + 1


def _event_error(text: str) -> ReadError:
    """The ``bad-event`` of a JSON object that is no event (msgspec's validation message
    ``text``): an unknown ``game`` (:class:`Match` says it, the game as Python writes it kept
    for the words) or ``event`` (the decoder's rendering of the value kept), no ``event``, a
    field of the wrong kind or missing, or another value msgspec rejects (its words kept)."""
    if text.startswith(_UNKNOWN_GAME):
        return _error("bad-event", "unknown-game", True, text[len(_UNKNOWN_GAME):],
                      field="game")
    if text.startswith("Invalid value") and "$.event" in text:
        return _error("bad-event", "unknown-event", True,
                      text[len("Invalid value "):].split(" - ")[0], field="event")
    if "Object missing required field `event`" in text:
        return _error("bad-event", "no-event", True)
    m = _EXPECTED.fullmatch(text)
    if m:
        want, got, where = m.groups()
        return _error("bad-event", "wrong-type", True, field=_field(where),
                      expected=[k.strip() for k in want.split("|")], got=got)
    m = _MISSING.fullmatch(text)
    if m:
        name, where = m.groups()
        return _error("bad-event", "missing-field", True, field=name,
                      inside=_field(where) if where else None)
    where = text.rpartition(" - at `$")[2][:-1] if text.endswith("`") and " - at `$" in text \
        else None
    return _error("bad-event", "invalid", True, text,
                  field=_field(where) if where is not None else None)


def _field(where: str) -> str | None:
    """A field's path as msgspec gives it after ``$`` (``.hands[...]``) as a finding names it
    (``hands[<key>]``); None for the event itself."""
    return where.lstrip(".").replace("[...]", "[<key>]") or None


_EXPECTED = re.compile(r"Expected `([^`]+)`(?:, got `([^`]+)`)? - at `\$(.*)`")
_MISSING = re.compile(r"Object missing required field `([^`]+)`(?: - at `\$(.*)`)?")
