"""Write tests/corpus/: one log per kind of bad input, each beside the findings it must get
(NAME.expect.json, the conformance-case format).  Run: python tools/make_corpus.py

Every log is built from the 24 Nines hand of tools/thirty_three_logs.py (35 lines after the
`match` line; A +65, B +5, C 0) so that each expected line number can be read off directly.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.thirty_three_logs import MATCH, nines_hand  # noqa: E402

OUT = ROOT / "tests" / "corpus"
BOM = "\ufeff".encode()


def lines(objs):
    return [json.dumps(o).encode() + b"\n" for o in objs]


def hand():
    return lines([MATCH, *nines_hand()])          # lines 1..36


CLEAN = {"A": 65, "B": 5, "C": 0}
ZERO = {"A": 0, "B": 0, "C": 0}


def case(name, data, findings, totals=None, why=""):
    (OUT / f"{name}.jsonl").write_bytes(b"".join(data) if isinstance(data, list) else data)
    exp = {"findings": findings}
    if totals is not None:
        exp["totals"] = totals
    (OUT / f"{name}.expect.json").write_text(json.dumps(exp, indent=1) + "\n")
    (OUT / f"{name}.why.txt").write_text(why.strip() + "\n")


def main():
    OUT.mkdir(exist_ok=True)
    h = hand()
    case("bom_at_start", [BOM + h[0]] + h[1:], [], CLEAN,
         "One BOM at the very start of a file is ignored.")
    d = list(h); d[2] = BOM + d[2]
    case("bom_in_middle", d, [[3, "bad-json"]], ZERO,
         "A BOM on line 3 (A's bid) is not allowed there: bad-json; inside a hand the hand is "
         "unscored (G7) and skipped.")
    d = list(h); d[4] = b'{"event": "pass", "player": "\xff\xfe"}\n'
    case("invalid_utf8", d, [[5, "bad-json"]], ZERO, "Line 5 is not UTF-8: bad-json, hand "
         "unscored (G7).")
    d = list(h); d[3] = b"\x00\x00\x00\n"
    case("nul_bytes", d, [[4, "bad-json"]], ZERO, "NUL bytes on line 4: bad-json (G7).")
    d = [x[:-1] + b"\r\n" if i % 2 else x for i, x in enumerate(h)]
    d[19] = json.dumps({"event": "play", "player": "B", "card": "AD"}).encode() + b"\r\n"
    case("crlf_mixed", d, [[20, "card-not-held"]], ZERO,
         "CRLF on every other line; line numbers stay physical: B plays A♦ (not held) on "
         "line 20, hand unscored (G3).")
    d = list(h[:2]) + [b"\n", b"   \t \n", b"\r\n"] + list(h[2:])
    d[12] = json.dumps({"event": "play", "player": "Z", "card": "AS"}).encode() + b"\n"
    case("whitespace_lines", d, [[13, "unknown-player"]], ZERO,
         "Lines 3-5 are blank or white space: skipped but counted.  Line 13 names a player "
         "Z who is not in the match: unknown-player, hand unscored (G3).")
    case("no_final_newline", list(h[:-1]) + [h[-1].rstrip(b"\n")], [], CLEAN,
         "The last line has no newline; it is read all the same.")
    deep = b'{"event": "end", "q": ' + b"[" * 100000 + b"]" * 100000 + b"}\n"
    case("deep_nesting", list(h) + [deep], [[37, "bad-json"]], CLEAN,
         "Line 37 nests 100000 arrays in an unknown field: past the reader's limit, bad-json "
         "(not a crash).  The hand before it is complete and scored.")
    d = list(h[:2]) + lines([{"event": "bid", "player": "A", "game": "nines", "level": 1e300}])
    d[2] = d[2].replace(b"1e+300", b"1e400")
    case("number_out_of_range", d + h[3:], [[3, "bad-event"]], ZERO,
         "level 1e400 is out of range: bad-event (G7), hand unscored.")
    d = list(h[:1]) + [b"[1, 2]\n", b'"a string"\n', b"42\n", b"null\n"] + list(h[1:])
    case("not_an_object", d, [[2, "bad-event"], [3, "bad-event"], [4, "bad-event"],
                              [5, "bad-event"]], CLEAN,
         "Lines 2-5 are JSON but not objects: bad-event each, outside any hand: reported and "
         "skipped; the hand after them is scored.")
    d = list(h[:1]) + [b'"abc" def\n', b"12 garbage\n", b'{"event": "end"} x\n'] + list(h[1:])
    case("text_after_json", d, [[2, "bad-json"], [3, "bad-json"], [4, "bad-json"]], CLEAN,
         "Lines 2-4 hold one JSON value and more text after it: not JSON, bad-json each (R8), "
         "not bad-event; outside any hand: reported and skipped; the hand after them is scored.")
    case("rs_at_start", [b"\x1e" + h[0]] + h[1:], [[1, "bad-json"], [2, "no-match"]], None,
         "An RS (0x1E) before the first line is not allowed (only a BOM is): the match line is "
         "bad-json, so the events after it come before any match: one no-match (G7).")
    case("marker_texts", list(h) + [b"\x00referee: blank line\x00\n",
                                    b"\x00referee: line too long\x00"],
         [[37, "bad-json"], [38, "bad-json"]], CLEAN,
         "Lines 37-38 once stood for a blank and an over-long line inside the reader; in a file "
         "they are text with NUL bytes: bad-json each.  The hand before them is scored.")
    d = list(h); d[3] = b'{"event": "pass", "player": "C", "player": "B"}\n'
    case("duplicate_keys", d, [], CLEAN,
         "A key given twice: the last one counts (ruling R9), so line 4 is B's pass; with "
         "--strict it is also a warning.")
    case("empty", [], [], None, "An empty file holds no match: nothing to report.")
    case("before_match", lines([{"event": "deal", "dealer": "C", "hands": {}},
                                {"event": "pass", "player": "A"}]) + h, [[1, "no-match"]],
         CLEAN, "Two events before the first match: one no-match at the first (G7).")
    d = list(h[:12]) + list(h)
    case("second_match_mid_hand", d, [[12, "incomplete-hand"]], CLEAN,
         "A new match starts on line 13 while hand 1 is at trick 2: that hand is incomplete "
         "(warning at its last line, 12); the new match is scored normally.")
    d = list(h[:2]) + lines([{"event": "marriage", "player": "A", "suit": "hearts"}]) + h[2:]
    case("other_game_event", d, [[3, "bad-event"]], ZERO,
         "A Sixty-Six marriage in Thirty-Three: bad-event (G11), hand unscored.")
    dl = json.loads(h[1]); dl["hands"]["A"][0] = "2C"
    case("other_deck_card", [h[0], json.dumps(dl).encode() + b"\n"] + h[2:], [[2, "bad-card"]],
         ZERO, "2♣ is not a Thirty-Three card: bad-card at the deal, hand unscored (G7).")
    dl = json.loads(h[1]); dl["hands"]["B"][0] = "9D"
    case("duplicate_cards", [h[0], json.dumps(dl).encode() + b"\n"] + h[2:], [[2, "misdeal"]],
         ZERO, "9♦ dealt to A and to B: misdeal, hand unscored (G3).")
    dl = json.loads(h[1]); dl["hands"]["C"].append(dl["boat"].pop())
    case("wrong_hand_size", [h[0], json.dumps(dl).encode() + b"\n"] + h[2:], [[2, "misdeal"]],
         ZERO, "C has 11 cards and the boat 2: misdeal.")
    case("cut_mid_trick", list(h[:14]), [[14, "incomplete-hand"]], ZERO,
         "The log stops in trick 3: incomplete-hand (warning) at line 14; unscored (G5).")
    end = lines([{"event": "end"}])
    case("deal_after_end", list(h) + end + list(h[1:]) + list(h[1:3]),
         [[38, "match-over"], [73, "match-over"]], CLEAN,
         "After end (line 37) each deal is match-over (lines 38 and 73); other events are "
         "skipped silently (G9).")


if __name__ == "__main__":
    main()
