"""Text ``history``: every event and trick led by its log line, and ``--hand N`` / ``N-M``."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from referee.cli import main

LOG = "examples/thirty-three/disputed.jsonl"


def history(*args: str) -> tuple[int, list[str]]:
    r = CliRunner().invoke(main, ["history", *args])
    return r.exit_code, r.stdout.splitlines()


def test_every_event_and_trick_is_led_by_its_log_line():
    # disputed.jsonl hand 2: the deal at line 37, Bela's bid 38, passes 39 and 40 (the contract
    # is settled by the pass of line 40, so its line leaves the gutter blank), the discard 41,
    # then three cards a trick from line 42: trick 1 is lines 42-44, trick 5 lines 54-56;
    # trick 6 is A♥ (57), 8♠ (58) and Anna's K♥ (59) that established the revoke.
    _, out = history(LOG)
    start = out.index("-- Hand 2 (line 37), dealer Anna")
    hand = out[start + 1:start + 23]
    assert hand[0] == "   37  Anna       K♦ J♦ 8♦ 10♠ J♠ 7♠ K♥ J♥ 7♥ Q♣"
    assert hand[1].startswith("       Bela       ")  # the same line 37: left blank
    assert hand[3] == "       boat       8♣ Q♠ A♣"
    assert hand[4:10] == [
        "   38  Bela bids 18 nines",
        "   39  Cili passes",
        "   40  Anna passes",
        "       contract: Nines 18 (CV 26), declarer Bela",
        "   41  Bela discards 8♣ A♣ A♦",
        "42-44  trick  1: Bela 9♦*, Cili 7♣, Anna 7♥  → Bela"]
    assert "54-56  trick  5: Bela Bug*, Cili Q♦, Anna J♥  → Bela" in hand
    assert "   58  note (Cili): played quickly" in hand
    i = hand.index("57-59  trick  6 (not finished): Bela A♥, Cili 8♠ (revoke), Anna K♥ "
                   "(establishes the revoke)")
    assert hand[i + 1].startswith("  !! examples/thirty-three/disputed.jsonl:58: error[revoke]")
    # the result has no line of its own
    assert "       result (penalty): revoke by Cili: round ends, Cili -26, nobody else scores" \
        in hand


def test_hand_picks_one_hand_or_a_range():
    status, out = history("--hand", "2", LOG)
    assert status == 1  # the exit status tells of the whole file (the revoke of hand 2 here)
    heads = [x for x in out if x.startswith(("==", "--"))]
    assert heads == ["== examples/thirty-three/disputed.jsonl: match club-night-2026-11-21, "
                     "Thirty-Three: Anna, Bela, Cili",
                     "-- Hand 2 (line 37), dealer Anna",
                     "== match not finished; totals Anna 36, Bela 7, Cili -9"]
    _, out = history("--hand", "1", LOG)
    assert not any("error[revoke]" in x for x in out)  # hand 2's finding is not shown
    _, out = history("--hand", "2-3", LOG)
    assert [x for x in out if x.startswith("-- Hand")] == [
        "-- Hand 2 (line 37), dealer Anna", "-- Hand 3 (line 60), dealer Bela"]


def test_a_match_without_the_hand_is_left_out():
    # timeout.jsonl has two hands, disputed.jsonl three: only disputed.jsonl has a hand 3
    status, out = history("--hand", "3", "examples/sixty-six/timeout.jsonl", LOG)
    assert [x for x in out if x.startswith(("==", "--"))] == [
        "== examples/thirty-three/disputed.jsonl: match club-night-2026-11-21, "
        "Thirty-Three: Anna, Bela, Cili",
        "-- Hand 3 (line 60), dealer Bela",
        "== match not finished; totals Anna 36, Bela 7, Cili -9"]
    assert status == 1  # a match without hand 3 (timeout.jsonl) is left out quietly


@pytest.mark.parametrize("fmt", ["text", "html"])
def test_a_hand_no_match_has_is_said(fmt):
    """Issue 29 item 18: ``referee history --hand 9 examples/thirty-three/disputed.jsonl``
    printed nothing and exited 1.  The log deals three hands (lines 2, 37 and 60), so there is
    no hand 9: it says so on standard error and exits 2 (nothing asked for was there)."""
    r = CliRunner().invoke(main, ["history", "--format", fmt, "--hand", "9", LOG])
    assert r.exit_code == 2
    assert r.stderr == "referee: no match read has hand 9; the longest has 3 hands\n"
    if fmt == "text":
        assert r.stdout == ""
    r = CliRunner().invoke(main, ["history", "--format", fmt, "--hand", "4-9", "--hand", "12",
                                  LOG])
    assert r.exit_code == 2
    assert r.stderr == "referee: no match read has hands 4-9, 12; the longest has 3 hands\n"
    # one hand asked for is there: the others are left out quietly, the status is the file's
    r = CliRunner().invoke(main, ["history", "--format", fmt, "--hand", "3-9", LOG])
    assert r.exit_code == 1 and r.stderr == ""


def test_no_hand_at_all_is_said(tmp_path):
    log = tmp_path / "empty.jsonl"
    log.write_text("")
    r = CliRunner().invoke(main, ["history", "--hand", "1", str(log)])
    assert r.exit_code == 2
    assert r.stderr == "referee: no match read has hand 1; no hand was dealt\n"


def test_hand_is_checked():
    r = CliRunner().invoke(main, ["history", "--hand", "two", LOG])
    assert r.exit_code == 2 and "'two' is not a hand number" in r.output
