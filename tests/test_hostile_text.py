"""Text from a log is data, never a template, and never reaches the terminal raw (issue 20).

Player names, notes and other strings of a hostile log go through every command: they must come
out exactly as written (``A{{B`` stays ``A{{B``), with every control, format (bidi, zero-width)
and separator character shown escaped in text output, while JSON output keeps them exact and
writes them as JSON escapes (issue 29 item 13).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from referee.cli import main

from .conftest import history_lines

GAMES = {"thirty-three": "Thirty-Three", "asszorti": "Asszorti", "sixty-six": "Sixty-Six",
         "eighty-three": "Eighty-Three"}

# Names that str.format or the % operator would take for directives.  "{" and "Zed" are what
# `--players "{,Zed"` gives.
BRACE_PLAYERS = [
    ("sixty-six", ["{", "Zed"]),
    ("sixty-six", ["A{{B", "%s"]),
    ("sixty-six", ["{0}", "{x}"]),
    ("sixty-six", ["}", "{0!r:>{1}}"]),
    ("thirty-three", ["{", "{0}", "A{{B"]),
    ("asszorti", ["{x}", "%s", "}"]),
    ("eighty-three", ["{", "%(x)s", "A{{B", "{}"]),
]


def cli(*args, input=None):
    """Run the command; any exception (a traceback) fails the test."""
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def simulate(game: str, players: list[str], hands: int = 3) -> str:
    r = cli("simulate", game, "--seed", 3, "--hands", hands, "--players", ",".join(players))
    assert r.exit_code == 0
    return r.stdout


def first_plays_swapped(log: str) -> tuple[str, dict, dict]:
    """The log with the first two `play` events swapped: the second player plays out of turn."""
    lines = log.splitlines()
    i, j = [k for k, x in enumerate(lines) if json.loads(x)["event"] == "play"][:2]
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(x + "\n" for x in lines), json.loads(lines[i]), json.loads(lines[j])


@pytest.mark.parametrize("game,players", BRACE_PLAYERS,
                         ids=[f"{g}-{'|'.join(p)}" for g, p in BRACE_PLAYERS])
def test_brace_names_are_text_not_templates(game, players, tmp_path):
    log = simulate(game, players)
    first = json.loads(log.splitlines()[0])
    assert first["players"] == players                      # simulate --players, exactly

    r = cli("history", "--ascii", input=log)
    assert r.exit_code == 0
    out = history_lines(r.stdout)
    # history's heading: "== FILE: match ID, TITLE: NAMES"
    assert out[0] == f"== <stdin>: match sim-3-1, {GAMES[game]}: {', '.join(players)}"
    # "-- Hand 1 (line 2), dealer NAME", then one line per player: three spaces, the name
    # left-aligned in 10 columns, a space, the cards
    dealer = json.loads(log.splitlines()[1])["dealer"]
    assert out[1] == f"-- Hand 1 (line 2), dealer {dealer}"
    for p, text in zip(players, out[2:]):
        assert text.startswith(f"   {p:<10} ")
    if game == "sixty-six":
        # each draw after a trick: "draw: WINNER CARD, LOSER CARD" (the names as given)
        draws = [x for x in out if x.startswith("   draw: ")]
        assert draws
        a, b = players
        for x in draws:
            assert x.startswith((f"   draw: {a} ", f"   draw: {b} "))
            assert f", {b} " in x or f", {a} " in x

    r = cli("score", input=log)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0] == f"<stdin>: match sim-3-1 ({game}): {', '.join(players)}"

    swapped, early, late = first_plays_swapped(log)
    r = cli("check", input=swapped)
    assert r.exit_code == 1
    turn = [x for x in r.stdout.splitlines() if "[out-of-turn]" in x]
    assert turn          # the first is at the card played early (three or four players: more)
    assert f"{early['player']} played" in turn[0]
    assert f"{late['player']}'s turn" in turn[0]

    f = tmp_path / "log.jsonl"
    f.write_text(log)
    line = next(k for k, x in enumerate(log.splitlines(), 1) if json.loads(x)["event"] == "play")
    r = cli("legal", f, "--line", line, "--ascii")
    assert r.exit_code == 0
    who = json.loads(log.splitlines()[line - 1])["player"]
    acting = [x[len("to act: "):] for x in r.stdout.splitlines() if x.startswith("to act: ")]
    assert who in acting[0].split(", ")
    judged = [x for x in r.stdout.splitlines() if x.startswith(f"line {line}: ")]
    assert judged[0].startswith(f"line {line}: {who} plays ") and judged[0].endswith(": legal")


def test_sixty_six_exchange_and_marriage_notes_keep_braces():
    # The Sixty-Six notes of an exchange and a marriage carry the player's name beside card
    # names.  Hand-made hand: "{0}" deals; "%s}" leads.  Trumps are hearts (the 10H turned up).
    names = ["{0}", "%s}"]
    a, b = names
    log = [
        {"event": "match", "game": "sixty-six", "players": names},
        {"event": "deal", "dealer": a,
         "hands": {a: ["AC", "10C", "KC", "AD", "10D", "KD"],
                   b: ["9H", "KS", "QS", "AS", "JS", "9S"]},
         "stock": ["QC", "JC", "9C", "QD", "JD", "9D", "AH", "KH", "QH", "JH", "10S"],
         "trump_card": "10H"},
        {"event": "marriage", "player": b, "suit": "spades"},
        {"event": "play", "player": b, "card": "KS"},
        {"event": "play", "player": a, "card": "AC"},
        {"event": "exchange", "player": b},
        {"event": "play", "player": b, "card": "QS"},
    ]
    text = "".join(json.dumps(e) + "\n" for e in log)
    r = cli("history", "--ascii", input=text)
    assert r.exit_code == 0
    out = history_lines(r.stdout)
    # a marriage in a plain suit is worth 20 (S2); b has no trick yet
    assert f"   the marriage is worth 20, counted once {b} has a trick; {b} must lead KS or QS (S2)" \
        in out
    # b leads KS, a throws AC: b's king wins the lead suit (a did not follow, no trump), so b
    # wins the trick and draws first: QC to b, JC to a
    assert f"   draw: {b} QC, {a} JC" in out
    # b, on lead with a trick won, swaps the nine of trumps for the turned-up 10H (S3)
    assert f"   {b} takes 10H and lays 9H face up under the stock" in out


# --- item 2: control, format and separator characters are shown escaped in text output ---------

# (raw character, how text output shows it): written out by hand, Python's escape notation
KINDS = [
    ("\x1b[2J", r"\x1b[2J"),          # ESC: clear screen
    ("\x1b]0;pwned\x07", r"\x1b]0;pwned\x07"),   # ESC: window title, ended by BEL
    ("\r", r"\r"), ("\n", r"\n"), ("\t", r"\t"), ("\x07", r"\x07"), ("\x00", r"\x00"),
    ("\x08", r"\x08"), ("\x7f", r"\x7f"),
    ("\x85", r"\x85"), ("\x9b", r"\x9b"),                     # C1: next line, CSI
    ("\u202e", r"\u202e"), ("\u2066", r"\u2066"), ("\u200f", r"\u200f"),  # bidi
    ("\u2028", r"\u2028"), ("\u2029", r"\u2029"),             # line and paragraph separators
    ("\u200b", r"\u200b"), ("\u200d", r"\u200d"), ("\u2060", r"\u2060"), ("\ufeff", r"\ufeff"),
    ("\u00ad", r"\xad"), ("\u00a0", r"\xa0"), ("\u3000", r"\u3000"),  # soft hyphen, spaces
    ("\u3164", r"\u3164"), ("\ufe0f", r"\ufe0f"),             # Hangul filler, variation sel.
    ("\U000e0041", r"\U000e0041"),                            # tag letter A
    ("\\", r"\\"),                    # a backslash is doubled: a lone one always starts an escape
]


def hostile_log(name: str, note: str) -> str:
    """Sixty-Six: NAME and Bob; Bob deals, so NAME is to lead, but Bob leads K♠ at line 3 (out of
    turn; its note is NOTE).  The match's note is NOTE too."""
    log = [
        {"event": "match", "game": "sixty-six", "players": [name, "Bob"], "note": note},
        {"event": "deal", "dealer": "Bob",
         "hands": {name: ["AC", "10C", "KC", "AD", "10D", "KD"],
                   "Bob": ["9H", "KS", "QS", "AS", "JS", "9S"]},
         "stock": ["QC", "JC", "9C", "QD", "JD", "9D", "AH", "KH", "QH", "JH", "10S"],
         "trump_card": "10H"},
        {"event": "play", "player": "Bob", "card": "KS", "note": note},
    ]
    return "".join(json.dumps(e) + "\n" for e in log)


def raw_characters(text: str) -> set[str]:
    """The characters of ``text`` that a terminal would not show as themselves (line ends of the
    output itself aside)."""
    return {c for c in text if c != "\n" and (not c.isprintable() or c in "\u3164\ufe0f\u034f")}


@pytest.mark.parametrize("raw,shown", KINDS, ids=[repr(k[0]) for k in KINDS])
def test_text_output_shows_hostile_characters_escaped(raw, shown, tmp_path):
    name, note = f"Eve{raw}x", f"hi{raw}there"
    name_out, note_out = f"Eve{shown}x", f"hi{shown}there"
    log = hostile_log(name, note)
    f = tmp_path / "h.jsonl"
    f.write_text(log)

    r = cli("check", f)
    # Bob led at line 3 though it was NAME's turn; the hand stops at line 3 (incomplete)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[0] == (f"{f}:3: error[out-of-turn]: trick 1: Bob played K♠, but it was "
                        f"{name_out}'s turn to lead; applied as recorded, the hand is irregular "
                        "(G2, G4b)")
    assert raw_characters(r.stdout) == set()

    r = cli("history", f)
    out = history_lines(r.stdout)
    assert out[0] == f"== {f}: match 1, Sixty-Six: {name_out}, Bob"
    assert f"   note: {note_out}" in out  # line 1 (the gutter says so)
    assert f"   note (Bob): {note_out}" in out  # line 3
    assert any(x.startswith(f"   {name_out}") and x.endswith(" A♣ 10♣ K♣ A♦ 10♦ K♦") for x in out)
    assert raw_characters(r.stdout) == set()

    r = cli("score", f)
    out = r.stdout.splitlines()
    assert out[0] == f"{f}: match 1 (sixty-six): {name_out}, Bob"
    # every player column is as wide as the longest name as shown, plus one (at least 7)
    w = max(7, len(name_out) + 1)
    assert out[1].endswith(" " * (w - len(name_out)) + name_out + " " * (w - 3) + "Bob")
    assert raw_characters(r.output) == set()              # the findings on stderr too

    r = cli("legal", f, "--line", 3)
    out = r.stdout.splitlines()
    assert out[1] == f"to act: {name_out}"
    # the event said as a player says it; its note is not shown (issue 13 item 11)
    assert "line 3: Bob plays K♠: NOT legal" in out and note_out not in r.stdout
    assert raw_characters(r.stdout) == set()

    # JSON keeps every string exactly as the log has it, hidden characters as JSON escapes
    # (issue 29 item 13)
    r = cli("check", "--format", "json", f)
    assert name in json.loads(r.stdout.split("\n")[0])["message"]
    assert raw_characters(r.stdout) == set()
    r = cli("score", "--format", "json", f)
    assert json.loads(r.stdout)["players"] == [name, "Bob"]
    assert raw_characters(r.output) == set()              # the findings on stderr too
    r = cli("legal", "--format", "json", f, "--line", 3)
    assert json.loads(r.stdout)["event"]["note"] == note
    assert raw_characters(r.stdout) == set()


def test_file_names_are_shown_escaped(tmp_path):
    f = tmp_path / "a\x1b[2Jb\u202e.jsonl"
    f.write_text(hostile_log("Eve", "hi"))
    shown = str(tmp_path) + r"/a\x1b[2Jb\u202e.jsonl"
    r = cli("check", f)
    assert r.stdout.startswith(f"{shown}:3: error[out-of-turn]: ")
    r = cli("check", "--summary", f)
    assert r.stdout == f"{shown}: errors: 1 error, 1 warning, 2 problems, 1 match\n"
    r = cli("history", f)
    assert r.stdout.startswith(f"== {shown}: match 1, Sixty-Six: Eve, Bob\n")
    r = cli("score", f)
    assert r.stdout.startswith(f"{shown}: match 1 (sixty-six): Eve, Bob\n")
    r = cli("legal", f, "--line", 3)
    assert r.stdout.startswith(f"{shown}:3: Sixty-Six, hand 1, trick 1\n")
    r = CliRunner().invoke(main, ["check", "no\x07such\r.jsonl"])
    assert r.exit_code == 2
    assert r"referee: cannot open no\x07such\r.jsonl: " in r.output
    assert raw_characters(r.output) == set()


ESCAPES = ["check"], ["score"], ["history"], ["history", "--format", "html"], ["diff"]


@pytest.mark.parametrize("args", ESCAPES, ids=" ".join)
def test_file_names_on_standard_error_are_shown_escaped(args, tmp_path, monkeypatch):
    """Issue 29 item 12 (D13, ../shared/repros/hostile/r03_html_stderr_filename.sh):
    ``referee history --format html $'missing\\e]0;pwned\\a\\e[2J.jsonl'`` wrote the name raw
    to standard error (an OSC title and a screen clear on a terminal), as did the "no line of
    it" message for ``$'prose\\e[31m.jsonl'``.  Every command shows them as ``visible`` does.
    (click strips CSI codes, not OSC, off a stream that is no terminal: the name must come out
    written as escapes, not merely without its escape codes.)"""
    monkeypatch.chdir(tmp_path)
    missing = "missing\x1b]0;pwned\x07\x1b[2J.jsonl"
    r = CliRunner().invoke(main, [*args, missing] + ([missing] if args == ["diff"] else []))
    assert r.exit_code == 2
    assert r"referee: cannot open missing\x1b]0;pwned\x07\x1b[2J.jsonl: " in r.stderr
    assert raw_characters(r.stderr) == set()
    if args == ["diff"]:
        return  # diff reads its two files whole; the rest refer line by line
    prose = "prose\x1b[31m.jsonl"
    (tmp_path / prose).write_text("hello\nworld\n")
    r = CliRunner().invoke(main, [*args, prose])
    assert r.exit_code == 2
    assert r"referee: prose\x1b[31m.jsonl: " in r.stderr  # no line of it is an event
    assert raw_characters(r.stderr) == set()


def test_colour_codes_of_the_renderer_survive_escaping():
    import io

    from referee.render import Style
    from referee.render.history import HistoryPrinter
    from referee.replay import replay
    out = io.StringIO()
    printer = HistoryPrinter(out, Style(colour=True))
    replay(io.BytesIO(hostile_log("Eve\x1b[31m", "x").encode()), "h.jsonl", printer)
    printer.close()
    first = out.getvalue().splitlines()[0]
    # bold (ESC [1m) and reset (ESC [0m) are the renderer's; the name's ESC is escaped
    assert first == "\x1b[1m== h.jsonl: match 1, Sixty-Six: Eve\\x1b[31m, Bob\x1b[0m"


def _unescape(text: str) -> str:
    """Read back what :func:`referee.text.visible` wrote (the test of unambiguity)."""
    import re
    return re.sub(r"\\(\\|t|n|r|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})",
                  lambda m: {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}.get(
                      m.group(1)) or chr(int(m.group(1)[1:], 16)), text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_visible_is_printable_and_unambiguous(s):
    from referee.text import visible
    shown = visible(s)
    assert raw_characters(shown) == set() and "\n" not in shown
    assert _unescape(shown) == s              # a backslash in output always starts an escape


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=12).filter(lambda n: n != "Bob"), st.text(max_size=12))
def test_any_name_and_note_never_reach_text_output_raw(name, note):
    log = hostile_log(name, note)
    for args in (["check"], ["score"], ["history"], ["legal", "-", "--line", "3"],
                 ["score", "--standings"], ["check", "--summary"]):
        r = cli(*args, input=log)
        assert r.exit_code in (0, 1)
        assert raw_characters(r.output) == set(), args


# --- item 3: player names that look alike (ruling R20) -----------------------------------------

LOOK_ALIKE = [
    ("\u00c1nna", "A\u0301nna"),      # Ánna composed (NFC) and decomposed (NFD)
    ("Anna", "\uff21nna"),            # fullwidth capital A
    ("Anna", "An\u200bna"),           # a zero-width space inside
    ("Anna", "Anna\u200e"),           # a left-to-right mark at the end
    ("Anna", "\u0410nna"),            # Cyrillic capital A
    ("Bela", "B\u0435la"),            # Cyrillic small e
    ("Kata", "\u039aata"),            # Greek capital kappa
    ("Anna", "Anna "),                # a trailing space
    ("Anna", " Anna"),                # a leading space
    ("Anna Kis", "Anna  Kis"),        # two spaces for one
    ("Anna Kis", "Anna\u00a0Kis"),    # a no-break space for a space
    ("Anna", "anna"),                 # case only
    ("Al", "AI"),                     # small l, capital I
    ("Bob", "B0b"),                   # letter o, digit zero
]
DIFFERENT = [("Anna", "\u00c1nna"), ("Ali", "All"), ("Anna", "Anne"), ("Bob", "Rob"),
             ("Anna", "Anna2"), ("\u0416enya", "Zhenya")]     # Ж is no Latin letter


def match_line(players: list[str], game: str = "sixty-six") -> str:
    return json.dumps({"event": "match", "game": game, "players": players}) + "\n"


@pytest.mark.parametrize("a,b", LOOK_ALIKE, ids=[ascii(p) for p in LOOK_ALIKE])
def test_r20_look_alike_names_are_a_warning_at_the_match_line(a, b):
    r = cli("check", "--format", "json", input=match_line([a, b]))
    assert r.exit_code == 0                                   # a warning: exit status 0
    [f] = [json.loads(x) for x in r.stdout.split("\n") if x]
    assert (f["line"], f["severity"], f["code"], f["rule"]) == (1, "warning", "bad-event", "R20")
    assert f["evidence"] == {"players": [a, b]}
    assert f["message"].startswith(f'the players "{a}" and "{b}" look alike: where the first has ')


@pytest.mark.parametrize("a,b", DIFFERENT, ids=[ascii(p) for p in DIFFERENT])
def test_r20_names_that_differ_visibly_are_not_flagged(a, b):
    r = cli("check", input=match_line([a, b]))
    assert r.exit_code == 0 and r.stdout == ""


def test_r20_message_names_the_code_points_and_text_shows_invisibles_escaped():
    r = cli("check", input=match_line(["Anna", "\u0410nna"]))
    assert r.stdout == (
        '<stdin>:1: warning[bad-event]: the players "Anna" and "\u0410nna" look alike: where the '
        "first has U+0041 LATIN CAPITAL LETTER A, the second has U+0410 CYRILLIC CAPITAL LETTER A;"
        " they are refereed as two players, so read each finding's name with care (R20)\n")
    r = cli("check", input=match_line(["Anna", "An\u200bna"]))
    assert r.stdout == (
        '<stdin>:1: warning[bad-event]: the players "Anna" and "An\\u200bna" look alike: where '
        "the first has nothing, the second has U+200B ZERO WIDTH SPACE; they are refereed as two "
        "players, so read each finding's name with care (R20)\n")
    r = cli("check", input=match_line(["\u00c1nna", "A\u0301nna"]))
    assert "where the first has U+00C1 LATIN CAPITAL LETTER A WITH ACUTE, the second has " \
        "U+0041 LATIN CAPITAL LETTER A U+0301 COMBINING ACUTE ACCENT;" in r.stdout


def test_r20_every_pair_is_named_and_the_match_is_still_refereed():
    # Thirty-Three with three look-alikes: pairs (1, 2), (1, 3), (2, 3), in seating order
    players = ["Anna", "\u0410nna", "ANNA"]
    log = simulate("thirty-three", players, hands=2)
    r = cli("check", "--format", "json", input=log)
    assert r.exit_code == 0
    got = [json.loads(x) for x in r.stdout.split("\n") if x]
    assert [f["evidence"]["players"] for f in got if f["line"] == 1] == \
        [players[:2], players[::2], players[1:]]
    assert {f["code"] for f in got} == {"bad-event"}           # nothing else: a clean log
    r = cli("score", "--format", "json", input=log)
    hands = [h for x in r.stdout.split("\n") if x for h in json.loads(x)["hands"]]
    assert len(hands) == 2 and {h["status"] for h in hands} <= {"scored", "passed-out"}
    r = cli("history", input=log)
    assert r.stdout.count("!! <stdin>:1: warning[bad-event]") == 3


def test_r20_a_name_written_twice_exactly_is_still_an_error():
    r = cli("check", input=match_line(["Anna", "Anna"]))
    assert r.exit_code == 1 and "player names must be unique" in r.stdout


# --- issue 29 item 13: JSON output writes hidden characters as escapes -------------------------

# Written out by hand from the issue: bidi controls, C1 controls, zero-width characters and the
# byte-order mark, the line and paragraph separators, DEL
JSON_HIDDEN = ({chr(c) for c in range(0x202a, 0x202f)} | {chr(c) for c in range(0x2066, 0x206a)}
               | {"\u200e", "\u200f", "\u061c"} | {chr(c) for c in range(0x80, 0xa0)}
               | {"\u200b", "\u200c", "\u200d", "\ufeff", "\u2060"} | {"\u2028", "\u2029", "\x7f"})


@settings(max_examples=500, deadline=None)
@given(st.text(), st.text(alphabet=st.sampled_from(sorted(JSON_HIDDEN))
                        | st.characters(exclude_categories=("Cs",))))  # a log holds no surrogate
def test_json_safe_gives_the_same_strings_and_nothing_hidden_raw(s, t):
    import io

    import msgspec

    from referee.render import json_writer
    from referee.text import json_safe
    for value in (s, t, {s: [t, s], "k": t}):
        out = json_safe(msgspec.json.encode(value).decode())
        assert json.loads(out) == value
        assert raw_characters(out) == set() and not JSON_HIDDEN & set(out)
        buf = io.StringIO()
        json_writer(buf).write(value)                     # what every JSON writer uses
        assert buf.getvalue() == out + "\n"
    # indented JSON (`referee schema`) keeps its newlines and spaces
    value = {"a": [s, t]}
    out = json_safe(msgspec.json.format(msgspec.json.encode(value), indent=2).decode())
    assert json.loads(out) == value and not JSON_HIDDEN & set(out)


def test_json_safe_writes_the_escapes_json_defines():
    from referee.text import json_safe
    # each as \uXXXX, the tag letter A (U+E0041) as its UTF-16 pair: 0xE0041 - 0x10000 = 0xD0041;
    # 0xD800 + (0xD0041 >> 10) = 0xD800 + 0x340 = 0xDB40; 0xDC00 + (0xD0041 & 0x3FF) = 0xDC41
    raw = '"a\x7f\x85\u202e\u2066\u061c\u200b\ufeff\u2028\xa0\U000e0041 \u2665 \xe9"'
    assert json_safe(raw) == ('"a\\u007f\\u0085\\u202e\\u2066\\u061c\\u200b\\ufeff\\u2028'
                              '\\u00a0\\udb40\\udc41 \u2665 \xe9"')
    plain = '{"player":"\u00c1nna","card":"10\u2665"}'
    assert json_safe(plain) is plain                      # suit symbols and accents as they are


@pytest.mark.parametrize("raw", sorted(JSON_HIDDEN), ids=lambda c: f"U+{ord(c):04X}")
def test_every_json_output_writes_hidden_characters_escaped(raw, tmp_path):
    name, note = f"Eve{raw}x", f"hi{raw}there"
    f = tmp_path / "h.jsonl"
    f.write_text(hostile_log(name, note))
    g = tmp_path / "g.jsonl"
    g.write_text(hostile_log(name, "other"))
    runs = {"check": cli("check", "--format", "json", f),
            "summary": cli("check", "--summary", "--format", "json", f),
            "score": cli("score", "--format", "json", "--standings", f),
            "legal": cli("legal", "--format", "json", f, "--line", 3),
            "diff": cli("diff", "--format", "json", "--strict", f, g),
            "simulate": cli("simulate", "sixty-six", "--hands", "1", "--players", f"{name},Bob")}
    for what, r in runs.items():
        assert raw not in r.output and raw_characters(r.output) == set(), what
        assert [json.loads(x) for x in r.stdout.splitlines()], what
    assert json.loads(runs["legal"].stdout)["event"]["note"] == note
    page = cli("history", "--format", "html", f).stdout  # its data is JSON in a <script>
    assert raw not in page and raw_characters(page) == set()
    assert json.loads(runs["simulate"].stdout.splitlines()[0])["players"] == [name, "Bob"]
    assert json.loads(runs["score"].stdout.splitlines()[0])["players"] == [name, "Bob"]
