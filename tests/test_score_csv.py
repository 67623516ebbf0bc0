"""``score --format csv`` (issue 27 item 5, man referee-score): a score sheet for spreadsheets,
one row per hand, RFC 4180, text cells guarded against formula injection."""
from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from referee.cli import main
from referee.render.report import csv_text
from referee.simulate import simulate

from .conftest import ROOT

T33 = ROOT / "examples" / "thirty-three" / "disputed.jsonl"

HEAD = ["file", "match", "hand", "line", "dealer", "declarer", "contract", "status",
        "delta 1", "total 1", "delta 2", "total 2", "delta 3", "total 3", "delta 4", "total 4",
        "game", "player 1", "player 2", "player 3", "player 4"]
# FORMAT.md (../shared, which scripts read): "file, match, hand, line, dealer, declarer,
# contract, status, then each player's delta and total" -- those columns in those places; four
# seats, the most of any game here (Eighty-Three); what FORMAT.md does not name (the game, who
# sits in each seat) comes after every column it names


def sheet(*args: str, input: str | None = None):
    r = CliRunner().invoke(main, ["score", "--format", "csv", *args], input=input,
                           catch_exceptions=False)
    return r, list(csv.reader(io.StringIO(r.stdout_bytes.decode(), newline="")))


def test_the_rows_of_a_match_worked_by_hand():
    """docs/api.md, worked by hand (§3, §11, T8, T13): hand 1 Anna's 20 Hearts made, +33;
    hand 2 Bela's 18 Nines, Cili revokes: Cili -26, a penalty; hand 3 Cili's 18 Misère made,
    +17, Anna 10 - 7 tricks = 3, Bela 10 - 3 = 7.  Totals after each hand: 33 0 0; 33 0 -26;
    36 7 -9.  The fourth seat's columns are empty (three players)."""
    r, rows = sheet(str(T33))
    assert r.exit_code == 1  # the revoke is an error (its finding on standard error)
    assert "error[revoke]" in r.stderr
    assert rows[0] == HEAD
    m, f = "club-night-2026-11-21", str(T33)
    assert rows[1:] == [
        [f, m, "1", "2", "Cili", "Anna", "20 hearts", "scored",
         "33", "33", "0", "0", "0", "0", "", "", "thirty-three", "Anna", "Bela", "Cili", ""],
        [f, m, "2", "37", "Anna", "Bela", "18 nines", "penalty",
         "0", "33", "0", "0", "-26", "-26", "", "", "thirty-three", "Anna", "Bela", "Cili", ""],
        [f, m, "3", "60", "Bela", "Cili", "18 misere", "scored",
         "3", "36", "7", "7", "17", "-9", "", "", "thirty-three", "Anna", "Bela", "Cili", ""]]


def test_the_columns_are_where_format_md_puts_them():
    """The first eight by name and place, then a delta and a total per seat (pairs: column 9
    is the first player's delta, 10 their total, 11 the second player's delta ...), and only
    then the columns FORMAT.md does not name.  Read with csv.DictReader, a column is found by
    its header name."""
    r, rows = sheet(str(T33))
    head = rows[0]
    assert head[:8] == ["file", "match", "hand", "line", "dealer", "declarer", "contract",
                        "status"]
    assert [h.split()[0] for h in head[8:16]] == ["delta", "total"] * 4
    assert all(h.split()[1] == str(1 + i // 2) for i, h in enumerate(head[8:16]))
    assert len(set(head)) == len(head)  # every header name once
    text = r.stdout_bytes.decode()
    dicts = list(csv.DictReader(io.StringIO(text, newline="")))
    # hand 2: Cili (seat 3) -26, a penalty (test above)
    assert dicts[1]["player 3"] == "Cili" and dicts[1]["delta 3"] == "-26"


def test_rfc_4180_lines_end_in_crlf():
    r, rows = sheet(str(T33))
    out = r.stdout_bytes  # (click's r.stdout turns CRLF into LF)
    assert out.count(b"\r\n") == 4 and b"\n" not in out.replace(b"\r\n", b"")


def _log(names: list[str], match_id: str | None = None) -> str:
    events = list(simulate("sixty-six", 3, 2, names))
    events[0].pop("id", None)
    if match_id is not None:
        events[0]["id"] = match_id
    return "".join(json.dumps(e) + "\n" for e in events)


def test_hostile_names_are_quoted_and_guarded(tmp_path):
    """A formula-looking name gets a leading ' (= + - @), in every text cell (players,
    dealer, declarer, the match id); a comma, a quote and a line break are quoted by the
    csv module and the line break escaped as in all output; numbers stay numbers (a
    negative delta is no formula)."""
    names = ['=HYPERLINK("http://x","y")', 'a,"b"\nc']
    p = tmp_path / "hostile.jsonl"
    p.write_text(_log(names, match_id="@SUM(A1)"))
    r, rows = sheet(str(p))
    assert r.exit_code == 0 and len(rows) == 3
    for row in rows[1:]:
        assert row[1] == "'@SUM(A1)"
        assert row[17] == "'" + names[0] and row[18] == 'a,"b"\\nc'
        assert row[4] in ("'" + names[0], 'a,"b"\\nc')
        float(row[8]), float(row[9])  # numbers as written
    assert '"\'=HYPERLINK(""http://x"",""y"")"' in r.stdout  # RFC 4180: "" inside quotes


def test_csv_text():
    # a tab or a carriage return at the start is escaped (\\t) like any control character, so
    # the cell starts with a backslash, no formula
    assert [csv_text(x) for x in ("=1+1", "+1", "-1", "@a", "\tx", "Anna", None, "a\x1bb")] \
        == ["'=1+1", "'+1", "'-1", "'@a", "\\tx", "Anna", "", "a\\x1bb"]


def test_several_files_one_header_and_a_match_without_id(tmp_path):
    p = tmp_path / "plain.jsonl"
    p.write_text(_log(["Ann", "Bob"]))  # no id: match 1 of its file
    r, rows = sheet(str(p), str(T33))
    assert [row[0] for row in rows].count("file") == 1
    assert {row[1] for row in rows[1:] if row[0] == str(p)} == {"1"}
    assert {row[16] for row in rows[1:]} == {"sixty-six", "thirty-three"}
    # two players: seats 3 and 4 empty, their deltas and totals and their names
    assert all(row[12:16] == ["", "", "", ""] and row[19:] == ["", ""] and row[17] and row[18]
               for row in rows[1:] if row[16] == "sixty-six")


def test_standard_input_and_no_standings():
    r, rows = sheet("-", input=T33.read_text())
    assert rows[1][0] == "<stdin>"
    r = CliRunner().invoke(main, ["score", "--format", "csv", "--standings", str(T33)])
    assert r.exit_code == 2 and "--standings is written as text or JSON" in r.output
