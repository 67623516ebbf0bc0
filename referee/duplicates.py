"""Duplicates in what ``check`` reads (issue 27 item 2; RULINGS R31, R32): a match read twice
(``duplicate-match``: the same ``id``, or the same deals and play under another id) and a hand
recorded twice (``duplicate-hand``), warnings at the second copy, their evidence
``{"first": {"file", "line"}}`` naming the first.

Three parts, so that ``--jobs`` and ``--dask`` print what the serial run prints, byte for byte:

- :class:`DuplicateWatcher`, a listener of the replay of one file: at each hand's end it
  computes the hand's fingerprint (a 16-byte BLAKE2b digest of the match's game and seats, the
  dealer, the cards dealt, the pile and the cards played in order), and at each match's start
  and end the match's (its id; the digest of its hands' digests), and holds each as a
  :class:`~referee.findings.Probe` among the findings (:meth:`referee.replay.FileReplay.mark`),
  so that it comes out in line order;
- :class:`DuplicateJudge`, which sees every probe of the run in file order and decides: the
  first copy is remembered, a later one is a finding.  Serially the printer asks it at once; a
  worker only records each probe (:class:`ProbeRecorder`) and leaves a mark (``"\\0"``) in its
  output, and the parent judges the records in file order and puts each finding, or nothing,
  in its mark's place (:func:`splice`);
- memory: the judge remembers at most :data:`CAP` hands, :data:`CAP` matches and :data:`CAP`
  ids (a digest and a line each, some 150 bytes); past that, new ones are still compared with
  those remembered but no longer remembered themselves.
"""
from __future__ import annotations

from hashlib import blake2b
from typing import IO, Any

from .cards import ALL_CARDS, JOKER
from .commentary import say
from .findings import WARNING, Finding, FindingCode, Probe
from .replay import FileReplay, Listener, MatchInfo, MatchSummary, Reads

CAP = 1_000_000
"""The most hands (and, apart, matches and ids) a run remembers to compare later ones with."""

MARK = "\0"
"""What a worker writes in its output where a probe's finding, if any, goes (log text never
reaches the output raw, so it holds no NUL: control characters are escaped)."""

ProbeRecord = tuple[str, "str | bytes", str, int, "str | int | None", "int | None", int, int]
"""A probe as a worker sends it to the parent: (kind, key, file, line, match, hand,
match line, start line)."""


class DuplicateWatcher(Listener):
    """Marks where duplicates would be reported in one file's replay (module docstring).

    R32: a hand's fingerprint covers the game, the players in their seats, the dealer, each
    player's cards as dealt (as a set: the order a deal lists them in is no part of the hand),
    the pile in its order, and every card played, by whom, in playing order.  A hand that
    shows no card at all (nothing dealt, nothing played) has none and is never a duplicate.
    The probe is at the hand's last line, where the copy is complete.

    R31: a match given an ``id`` is probed at its ``match`` line with that id, its game and
    its seats (an id used again for another game or other players names another match); a
    match whose
    hands have fingerprints is probed at the last line of its last hand (or of a later
    finding of the match) with the digest of the game, the seats and its hands' digests in
    order."""

    reads = Reads.RESULTS

    def __init__(self) -> None:
        self.run: FileReplay | None = None
        self.info: MatchInfo | None = None
        self.match_hash: Any = None
        self.hands = 0
        self.last = 0
        self.seats = ""
        self.seat: dict[str, int] = {}
        self.base: Any = None

    def start(self, replay: FileReplay) -> None:
        self.run = replay
        self.info = None

    def finding(self, f: Finding) -> None:
        if f.line > self.last:
            self.last = f.line

    def _mark(self, kind: str, key: str | bytes, line: int, hand: int | None,
              start: int) -> None:
        run, info = self.run, self.info
        assert run is not None and info is not None
        run.mark(Probe(run.file, line, WARNING, "duplicate-hand", "", info.match, hand,
                       kind=kind, key=key, match_line=info.line, start=start,
                       stats=run.stats))

    def begin_match(self, info: MatchInfo) -> None:
        self.info = info
        self.hands = 0
        self.last = info.line
        self.seats = _seats(info)
        seats = self.seats.encode("utf-8", "surrogatepass")
        self.seat = _Seats({p: i % 255 for i, p in enumerate(info.players)})
        self.base = blake2b(seats, digest_size=16)
        self.match_hash = self.base.copy()
        if info.given_id:  # R31: the id of a match of the same game and seats
            self._mark("id", f"{self.seats}\x1e{type(info.match).__name__}:{info.match}",
                       info.line, None, info.line)

    def hand(self, hand: Any) -> None:
        # the result alone is asked for (the cheapest value); the cards are read from the hand
        # in play of the replay (FileReplay.engine), as numbers, not made into text
        run = self.run
        engine = run.engine if run is not None else None
        h = engine.hand if engine is not None else None
        if h is None or self.info is None:
            return
        # each part framed by its length (4 bytes, big-endian), written into one buffer
        code, seat, framed = _CODE.__getitem__, self.seat.__getitem__, _FRAMED
        dealer = str(h.dealer).encode("utf-8", "surrogatepass")
        buf = bytearray(len(dealer).to_bytes(4, "big"))
        buf += dealer
        dealt = h.dealt
        cards = 0
        for p in self.info.players:
            held = dealt.get(p)
            if held:
                n = len(held)
                cards += n
                buf += framed[n] if n < 256 else n.to_bytes(4, "big")
                buf += bytes(sorted(map(code, held)))
            else:
                buf += framed[0]
        pile = h.pile
        if h.pile_known and pile:
            n = len(pile)
            cards += n
            buf += framed[n] if n < 256 else n.to_bytes(4, "big")
            buf += bytes(map(code, pile))
        else:
            buf += framed[0]
        tp = h.play
        if tp is not None:
            tricks = list(tp.tricks)
            if tp.current.who:
                tricks.append(tp.current)
            for t in tricks:
                who, played = t.who, t.cards
                n = len(who)
                buf += framed[n] if n < 256 else n.to_bytes(4, "big")
                buf += bytes(map(seat, who))
                n = len(played)
                cards += n
                buf += framed[n] if n < 256 else n.to_bytes(4, "big")
                buf += bytes(map(code, played))
        if not cards:
            return
        d = self.base.copy()
        d.update(buf)
        digest = d.digest()
        self.match_hash.update(digest)
        self.hands += 1
        line = h.ended_line or h.last_line
        if line > self.last:
            self.last = line
        self._mark("hand", digest, line, h.number, h.line)

    def end_match(self, summary: MatchSummary) -> None:
        if self.info is not None and self.hands:
            self._mark("match", self.match_hash.digest(), self.last, None, self.info.line)
        self.info = None


class _Codes(dict[Any, int]):
    """Card → a byte: the cards of every deck here by a number, anything else 255."""

    def __missing__(self, key: Any) -> int:
        return 255


class _Seats(dict[str, int]):
    """Player → seat number; a name not in the match (a play the referee refused) 255."""

    def __missing__(self, key: str) -> int:
        return 255


_FRAMED = tuple(n.to_bytes(4, "big") for n in range(256))
"""The 4-byte big-endian length that frames each part of a hand's fingerprint, for the short
parts (a longer one's is computed)."""

_CODE = _Codes({c: i for i, c in enumerate([*ALL_CARDS.values(), JOKER])})
"""What a hand's fingerprint writes for each card (R32): its number among all cards."""


def _seats(info: MatchInfo) -> str:
    return "\x1f".join([info.game, *info.players])


class DuplicateJudge:
    """Decides, in file order, which probes are duplicates (R31, R32): the first copy of each
    fingerprint is remembered (up to :data:`CAP` of each kind) with its file and line; a later
    one is a ``duplicate-match`` or ``duplicate-hand`` warning naming it.  A match reported as
    a duplicate by its id is not reported again by its play; a duplicate hand of it follows
    from it (``cause``: the line of its ``match`` event)."""

    mark = ""
    """Nothing is left where a probe was (:attr:`ProbeRecorder.mark`)."""

    def __init__(self) -> None:
        self.seen: dict[str, dict[str | bytes, tuple[str, int]]] = {
            "id": {}, "match": {}, "hand": {}}
        self.names: dict[str, str] = {}
        self.reported: tuple[str, int] | None = None  # (file, match line) of a duplicate id

    def decide(self, kind: str, key: str | bytes, file: str, line: int,
               match: str | int | None, hand: int | None, match_line: int,
               start: int) -> Finding | None:
        """The finding of one probe (see :data:`ProbeRecord`), or None: not a duplicate.  The
        first copy is named by the line where it starts (its ``deal`` or ``match`` event)."""
        file = self.names.setdefault(file, file)
        seen = self.seen[kind]
        first = seen.get(key)
        if first is None:
            if len(seen) < CAP:
                seen[key] = (file, start)
            return None
        here = (file, match_line)
        code: FindingCode
        if kind == "hand":
            code, rule = "duplicate-hand", "R32"
            evidence: dict[str, Any] = {"first": {"file": first[0], "line": first[1]}}
            cause = match_line if self.reported == here else None
        else:
            if kind == "match" and self.reported == here:
                return None
            code, rule, cause = "duplicate-match", "R31", None
            evidence = {"first": {"file": first[0], "line": first[1]},
                        "same": "id" if kind == "id" else "play"}
            if kind == "id":
                self.reported = here
        return Finding(file, line, WARNING, code, say(code, rule, evidence), match, hand,
                       None, None, rule, evidence, cause)

    def probe(self, p: Probe) -> Finding | None:
        """:meth:`decide` for a probe of this process; a duplicate is counted in the file's
        stats (a warning; a problem unless it follows from another)."""
        f = self.decide(p.kind, p.key, p.file, p.line, p.match, p.hand, p.match_line,
                        p.start)
        if f is not None and p.stats is not None:
            p.stats.warnings += 1
            if f.cause is None:
                p.stats.problems += 1
        return f


class ProbeRecorder:
    """A worker's stand-in for the judge: records each probe (:data:`ProbeRecord`) and has a
    :data:`MARK` written in its place."""

    mark = MARK
    """Written where each probe was."""

    def __init__(self) -> None:
        self.records: list[ProbeRecord] = []

    def probe(self, p: Probe) -> None:
        self.records.append((p.kind, p.key, p.file, p.line, p.match, p.hand, p.match_line,
                        p.start))


def splice(judge: DuplicateJudge, out: str, records: list[ProbeRecord], render: Any,
           stats: Any) -> str:
    """A worker's output ``out`` with each :data:`MARK` replaced by the finding its record is
    judged to be (``render(finding)`` gives its text), or by nothing; a duplicate is counted in
    ``stats`` (the file's :class:`~referee.replay.FileStats`, or None)."""
    if not records:
        return out
    pieces = out.split(MARK)
    assert len(pieces) == len(records) + 1, "one mark per probe"
    done = [pieces[0]]
    for rec, rest in zip(records, pieces[1:]):
        f = judge.decide(*rec)
        if f is not None:
            done.append(render(f))
            if stats is not None:
                stats.warnings += 1
                if f.cause is None:
                    stats.problems += 1
        done.append(rest)
    return "".join(done)


def rendered(printer_class: Any, fmt: str, style: Any) -> Any:
    """A function giving a finding's text as ``printer_class(out, fmt, style)`` prints it."""
    import io

    def render(f: Finding) -> str:
        buf: IO[str] = io.StringIO()
        printer_class(buf, fmt, style).finding(f)
        return buf.getvalue()  # type: ignore[attr-defined, no-any-return]
    return render
