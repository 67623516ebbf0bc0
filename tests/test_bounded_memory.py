"""Memory stays bounded by what may still change (issue 20, item 4): findings are handed on as
soon as no finding at an earlier line can come, and ``history`` prints as soon as nothing can
come before, so bad lines by the hundred thousand inside one hand are never all held.

The tests watch *when* things arrive, not how long they take: the log is fed one line per read,
and each finding (or piece of output) is stamped with how many lines had been read by then.
"""
from __future__ import annotations

import io
import json

from referee.render import Style
from referee.render.history import HistoryPrinter
from referee.replay import Listener, replay

from .conftest import history_lines
from .test_thirty_three import MATCH, PLAYS, bid, deal, discard, pas, plays


class Feed:
    """A binary stream giving one physical line per ``readline``; ``given`` counts them."""

    def __init__(self, lines: list[bytes]) -> None:
        self.lines = iter(lines)
        self.given = 0

    def readline(self, size: int = -1) -> bytes:
        for line in self.lines:
            self.given += 1
            return line
        return b""


class Stamps(Listener):
    """Each finding as (line, code, lines read when it arrived)."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.got: list[tuple[int, str, int]] = []

    def finding(self, f):
        self.got.append((f.line, f.code, self.feed.given))


def _lines(events) -> list[bytes]:
    return [(json.dumps(e) + "\n").encode() for e in events]


HEAD = _lines([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C")])  # lines 1-5


def test_findings_of_bad_lines_in_a_hand_arrive_line_by_line():
    # line 6 `x` voids the hand (G7); lines 7..1005 are bad lines of the skipped hand.  Each
    # finding is final when its line is read: it must arrive before line + 1 is read.
    n = 1000
    feed = Feed(HEAD + [b"x\n"] * n)
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec)
    assert [line for line, _, _ in rec.got] == list(range(6, 6 + n))
    assert all(code == "bad-json" for _, code, _ in rec.got)
    assert all(given == line for line, _, given in rec.got), rec.got[:3]


def test_findings_after_an_open_revoke_wait_for_it_and_stay_sorted():
    # Thirty-Three: A leads 7♣ (line 7); B holds A♣ 10♣ K♣ and plays 7♥ (line 8): a revoke,
    # open until C's card at line 9 establishes it (G4).  Line 9 carries an unknown field, so
    # --strict warns at line 9 *before* the card is applied: that warning must wait for the
    # revoke at line 8.  Both arrive once line 9 is read; then the bad lines 10.. at once.
    card_c = {"event": "play", "player": "C", "card": "8C", "mood": "calm"}
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]), card_c]
    feed = Feed(_lines(events) + [b"x\n"] * 50)
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec, strict=True)
    assert rec.got[:2] == [(8, "revoke", 9), (9, "bad-event", 9)]
    assert rec.got[2:] == [(line, "bad-json", line) for line in range(10, 60)]


def test_a_revoke_repaired_later_is_still_reported_in_line_order():
    # B's revoke at line 8 is repaired by a retract at line 9 (a warning at line 8, G4); the
    # retract line carries an unknown field (a strict warning at 9, held for the revoke).
    fix = {"event": "retract", "player": "B", "card": "7H", "why": "oops"}
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]), fix,
              *plays(PLAYS[1:])]
    feed = Feed(_lines(events))
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec, strict=True)
    assert [(line, code) for line, code, _ in rec.got] == [(8, "revoke"), (9, "bad-event")]
    assert [given for _, _, given in rec.got] == [9, 9]


class _Stamped(io.StringIO):
    """Output that remembers how many lines of input had been read at each write."""

    def __init__(self, feed: Feed) -> None:
        super().__init__()
        self.feed = feed
        self.writes: list[tuple[int, str]] = []

    def write(self, s: str) -> int:
        self.writes.append((self.feed.given, s))
        return super().write(s)


def test_history_prints_a_long_skipped_hand_as_it_goes():
    # 5,000 bad lines after the hand is voided at line 6: history must not keep them until the
    # hand ends; output comes while the log is being read, and stays in line order.
    n = 5000
    feed = Feed(HEAD + [b"x\n"] * n)
    out = _Stamped(feed)
    printer = HistoryPrinter(out, Style(symbols=False))
    replay(feed, "t.jsonl", printer)
    printer.close()
    early = [given for given, s in out.writes if "error[bad-json]" in s and given < 5 + n]
    assert early, "nothing of the bad lines was printed before the log was read to its end"
    # never more than a few batches behind the reader
    lag = max(given - int(s.split("t.jsonl:")[1].split(":")[0])
              for given, s in out.writes if s.startswith("  !! t.jsonl:"))
    assert lag <= 4 * HistoryPrinter.BATCH
    text = out.getvalue()
    lines = [int(x.split("t.jsonl:")[1].split(":")[0]) for x in text.splitlines()
             if x.startswith("  !! t.jsonl:")]
    assert lines == list(range(6, 6 + n))


def test_history_of_many_ignored_events_after_a_void_goes_out_as_it_goes():
    # The hand is voided at line 6 (`x`); then 3,000 valid events of the skipped hand, each
    # printed "(ignored, the hand was over)" in its place, without waiting for the hand's end.
    n = 3000
    feed = Feed(HEAD + [b"x\n"] + _lines([pas("A")]) * n)
    out = _Stamped(feed)
    printer = HistoryPrinter(out, Style(symbols=False))
    replay(feed, "t.jsonl", printer)
    printer.close()
    assert any("(ignored" in s and given < 6 + n for given, s in out.writes)
    assert out.getvalue().count("(ignored, the hand was over) A passes") == n


def test_findings_held_behind_an_open_revoke_are_bounded_in_memory(monkeypatch):
    # B's revoke at line 8 stays open while A (the declarer) calls Kontra n times, each an
    # `illegal-kontra`, not applied (§5, T12), at lines 9 .. 8 + n; C's card at line 9 + n
    # establishes the revoke.  The n findings must wait for it (line order), but no more than
    # HOLD of them in memory: the rest wait in a temporary file, and come back in order.
    from referee import replay as rp
    monkeypatch.setattr(rp, "HOLD", 50)
    most = [0]
    deliver = rp._Run.deliver

    def watched(self):
        most[0] = max(most[0], len(self.pending))
        deliver(self)
    monkeypatch.setattr(rp._Run, "deliver", watched)
    n = 400
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]),
              *[{"event": "kontra", "player": "A"}] * n, *plays([("C", "8C")])]
    feed = Feed(_lines(events) + [b"x\n"] * 3)
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec)
    assert [(line, code) for line, code, _ in rec.got] == (
        [(8, "revoke")] + [(line, "illegal-kontra") for line in range(9, 9 + n)]
        + [(line, "bad-json") for line in range(10 + n, 13 + n)])
    assert all(given == 9 + n for _, _, given in rec.got[:n + 1])  # when the card came
    assert most[0] <= 51


def test_history_holds_lines_for_an_open_revoke_only_up_to_its_limit(monkeypatch):
    # As above, for history: with few calls after the revoke, the revoke (line 8) stands right
    # after its line; with more than HOLD lines held for it, they are printed on and the revoke
    # comes when it is settled, still once, and the output keeps every line.
    def history(n):
        events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                  discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]),
                  *[{"event": "kontra", "player": "A"}] * n, *plays([("C", "8C")])]
        feed = Feed(_lines(events))
        out = _Stamped(feed)
        printer = HistoryPrinter(out, Style(symbols=False))
        replay(feed, "t.jsonl", printer)
        printer.close()
        return out
    monkeypatch.setattr(HistoryPrinter, "HOLD", 200)
    text = history_lines(history(100).getvalue())  # the log-line gutter taken off
    at = next(i for i, x in enumerate(text) if "error[revoke]" in x)
    assert text[at - 1] == ("   trick  1 (not finished): A 7C, B 7H (revoke), "
                            "C 8C (establishes the revoke)")  # line 8, rewritten at line 109
    assert text[at + 1] == "   A: Kontra"  # line 9
    out = history(1000)
    assert any("Kontra" in s and given < 9 + 1000 for given, s in out.writes)
    text = out.getvalue()
    assert text.count("error[revoke]") == 1 and text.count("error[illegal-kontra]") == 1000


def test_follow_holds_one_line_at_most_whatever_the_file_holds(tmp_path, monkeypatch):
    # issue 29 item 9 (r06_follow_memory_grows_with_file.sh): --follow read all the file held
    # into one buffer before refereeing it (RSS 44 MB for a 16 MB file, 194 MB for one 100 MB
    # line).  Here the line cap is 64 KiB (MAX_LINE_BYTES, patched) and the file about 2.4 MB:
    # 400 copies of the disputed example, each with an `end` (so --until-end stops at the end
    # of the file), then a line of 256 KiB.  What follow allocates at its peak stays under
    # 1 MiB (the cap, the rest of the long line skipped in one piece, the engine of one match),
    # as the plain reader's does, well under the file's size; and it reports what the plain
    # reader reports: the long line is bad-json, unread.
    import tracemalloc

    from referee import events as ev
    from referee.follow import follow

    from .conftest import ROOT
    monkeypatch.setattr(ev, "MAX_LINE_BYTES", 1 << 16)
    one = (ROOT / "examples" / "thirty-three" / "disputed.jsonl").read_bytes() + \
        b'{"event": "end"}\n'
    log = tmp_path / "big.jsonl"
    with open(log, "wb") as f:
        for _ in range(400):
            f.write(one)
        f.write(b'{"event": "end", "note": "' + b"y" * (1 << 18) + b'"}\n')
    size = log.stat().st_size
    assert size > 2_400_000

    class Count(Listener):
        def __init__(self) -> None:
            self.got: list[tuple[int, str]] = []

        def finding(self, f):
            if f.code == "bad-json":
                self.got.append((f.line, f.message))

    plain = Count()
    tracemalloc.start()
    try:
        with open(log, "rb") as f:
            replay(f, "big.jsonl", plain)
        plain_peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    last = 400 * len(one.splitlines()) + 1
    assert plain.got == [(last, "line longer than 65536 bytes")]
    followed = Count()
    tracemalloc.start()
    try:
        status = follow(str(log), followed, until_end=True, say=lambda msg: None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert followed.got == plain.got and status == 1
    assert plain_peak < 1 << 20 and peak < 1 << 20 < size // 2, (peak, plain_peak)
