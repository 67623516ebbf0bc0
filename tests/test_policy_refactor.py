"""Moving the policy out of the rules engines (issue 14 item 1) changed no output.

These are golden checks, which the project otherwise avoids: the expected values below are
fingerprints (SHA-256) of what the code *before* the move wrote, not values derived from the
rules.  That is what they are for: they check a refactor (the same seed must write the same
``referee simulate`` log, byte for byte, and ``legal`` must offer the same actions to the same
players at every point), not a rule; the rules are checked by the other tests.  A change that
means to alter simulated logs or candidate order must regenerate them (run this module's
``_fingerprints()`` and say why in the commit).

Also: ``check`` does not import the policy modules (they are loaded lazily by ``legal`` and
``simulate`` only).
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from typing import get_args

import pytest
from click.testing import CliRunner

import referee
from referee.cli import main

SIMULATE = {
    # game: [(seed, hands), ...] — enough hands to end matches and, in Sixty-Six, to write a
    # resign/timeout/end between deals; Asszorti's simulated matches are 20 deals long.
    "thirty-three": [(3, 12), (4, 12)],
    "asszorti": [(3, 22)],
    "sixty-six": [(3, 25), (21, 12)],
    "eighty-three": [(3, 8), (4, 8)],
}

GOLDEN_SIMULATE = {
    "thirty-three":
        "71a69931fba31167b5caf81137b2f8c6fc8baefdc8ca4d715d7095dc951e5e4d",
    "asszorti":
        "68b6e8863502f6cd10ad2fafe6ce694cac71ccd23b57a48dc24ec9453a8db96c",
    "sixty-six":
        "bec72ba796d1a81b57911fc0e20c4bfa3f286aca6b3df9880a3e4a60ea4bd1fb",
    "eighty-three":
        "28ccbd19acb625e3d44215f07dd2d77d6fc27c430b9c1b267ea8df21c19972db",
}
"""sha256 of the ``referee simulate GAME --seed S --hands H`` outputs of :data:`SIMULATE`,
concatenated, as written by the code before the move (commit 7d48769)."""

GOLDEN_LEGAL = {
    "thirty-three":
        "60dad445f46fefe0a0edd0d2023f5944a3d312f46a1db8feebc71a815a778660",
    "asszorti":
        "4ff06e56881d3a201b95099fd5ff3621301aa0167bc7b62cd05d2eb845da6a2b",
    "sixty-six":
        "fd60ed82c3b93523a9e82d9053a8a48efe33430c5aa5c5c0166ea7a9620af973",
    "eighty-three":
        "89d10d4ab116a5e7b44e0c85b5794bcb9cc1320260f12a28fbe697c1e93b84d5",
}
"""sha256 of (line, legal actions) after every line of :func:`_legal_logs`, as
:class:`referee.Table` gave them before the move (commit 7d48769).  (``to_act`` is the players of
these actions in order; ``tests/test_api.py`` and ``tests/test_cli.py`` check it.)"""


def _simulated(game: str) -> bytes:
    out = []
    for seed, hands in SIMULATE[game]:
        r = CliRunner().invoke(main, ["simulate", game, "--seed", str(seed),
                                      "--hands", str(hands)])
        assert r.exit_code == 0, r.output
        out.append(r.stdout_bytes)
    return b"".join(out)


def _legal_logs(game: str) -> list[list[bytes]]:
    """A simulated log of two hands and three damaged copies of it (a line dropped, a line
    repeated, two lines swapped), which reach states random legal play does not."""
    r = CliRunner().invoke(main, ["simulate", game, "--seed", "5", "--hands", "2"])
    lines = r.stdout_bytes.splitlines()
    dropped = lines[:5] + lines[6:]
    repeated = lines[:9] + lines[8:]
    swapped = lines[:12] + [lines[13], lines[12]] + lines[14:]
    return [lines, dropped, repeated, swapped]


def _legal_fingerprint(game: str) -> str:
    digest = hashlib.sha256()
    for lines in _legal_logs(game):
        table = referee.Table()
        for i, line in enumerate(lines, 1):
            table.apply(line)
            step = [i, table.legal_actions()]
            digest.update(json.dumps(step, sort_keys=True).encode() + b"\n")
    return digest.hexdigest()


def _fingerprints() -> dict[str, tuple[str, str]]:
    """game → (simulate fingerprint, legal fingerprint), for regenerating the golden values."""
    return {g: (hashlib.sha256(_simulated(g)).hexdigest(), _legal_fingerprint(g))
            for g in SIMULATE}


@pytest.mark.parametrize("game", sorted(SIMULATE))
def test_simulate_writes_the_same_log_as_before_the_move(game):
    assert hashlib.sha256(_simulated(game)).hexdigest() == GOLDEN_SIMULATE[game]


@pytest.mark.parametrize("game", sorted(SIMULATE))
def test_legal_offers_the_same_actions_as_before_the_move(game):
    assert _legal_fingerprint(game) == GOLDEN_LEGAL[game]


def test_check_does_not_import_the_policy(tmp_path):
    """The policy is off the hot path: ``check`` of every game loads no policy module."""
    log = tmp_path / "all.jsonl"
    log.write_text("".join(json.dumps({"event": "match", "game": g, "players": p}) + "\n"
                           for g, p in [("thirty-three", ["A", "B", "C"]),
                                        ("asszorti", ["A", "B", "C"]),
                                        ("sixty-six", ["A", "B"]),
                                        ("eighty-three", ["A", "B", "C", "D"])]))
    code = ("import sys\nfrom referee.cli import main\n"
            "try:\n    main(['check', '-q', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('referee')))")
    out = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True,
                         text=True, check=True).stdout.split("\n")[-2]
    loaded = eval(out)
    assert "referee.games.thirty_three.rules" in loaded  # the games were loaded
    assert [m for m in loaded if "policy" in m or m in ("referee.legal", "referee.simulate")] == []



def test_policy_kinds_are_the_names_of_the_hand_events_and_stop():
    """:data:`~referee.games.policy.Kind` (what ``kind_weights`` may name) is each event of a
    hand by its log name (FORMAT.md: every event but match, deal, score and end) and ``stop``."""
    from referee import events as ev
    from referee.games.policy import Kind
    every = {t.__struct_config__.tag for t in ev.EVENT_TYPES}
    hand = {t.__struct_config__.tag for t in ev.HAND_EVENT_TYPES}
    assert hand == every - {"match", "deal", "score", "end"}
    assert set(get_args(Kind)) == hand | {"stop"}


def test_every_game_has_its_own_policy():
    """Each game's policy is its own class, found next to its rules module, for its engine."""
    from referee.games import ENGINES
    from referee.games.policy import Policy, policy_for
    for game, cls in ENGINES.items():
        policy = policy_for(cls)
        assert type(policy) is not Policy, game
        assert type(policy).__module__ == cls.__module__.rpartition(".")[0] + ".policy"
        assert policy_for(cls) is policy  # one instance per game


def test_hand_phases_are_closed_sets():
    """Each game's ``Phase`` Literal names every phase its hands go through, and only those:
    the phases that findings name (``PHASE_WORDS``), or Asszorti's three."""
    from referee.games.asszorti import rules as asszorti
    from referee.games.eighty_three import rules as eighty_three
    from referee.games.thirty_three import rules as thirty_three
    assert set(get_args(thirty_three.Phase)) == set(thirty_three.ThirtyThree.PHASE_WORDS) \
        == {"auction", "boat", "play"}
    assert set(get_args(eighty_three.Phase)) == set(eighty_three.EightyThree.PHASE_WORDS) \
        == {"auction", "trump", "prepare", "play"}
    assert set(get_args(asszorti.Phase)) == {asszorti.AUCTION, asszorti.TALON, asszorti.PLAY}


def test_hand_mode_is_an_enum_that_reads_as_its_text():
    from referee.games.base import DONE, OPEN, SKIP, HandMode
    assert list(HandMode) == [OPEN, DONE, SKIP]
    assert OPEN == "open" and f"{SKIP}" == "skip"  # tools compare with the text
