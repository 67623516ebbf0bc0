"""The two builds (issue 30): compiled with mypyc at install where it can be, pure Python
otherwise; ``referee --version`` names the build; copies of the trick machine are explicit, so
both builds copy alike."""
from __future__ import annotations

import copy
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from referee.build import COMPILED_MODULES, build
from referee.cards import cards
from referee.games import tricks

from . import under_test

ROOT = Path(__file__).resolve().parent.parent


def _setup_module(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> ModuleType:
    """setup.py imported as a module (it calls setup() only when run as a script)."""
    monkeypatch.setattr(sys, "argv", ["setup.py", *argv])
    spec = importlib.util.spec_from_file_location("referee_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_version_names_the_build_that_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=under_test.pythonpath()))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith(f"({build()} build)")
    expected = os.environ.get("REFEREE_EXPECT_BUILD")
    if expected:  # CI says which build it installed: a silent fall-back to pure fails here
        assert build() == expected


def test_build_is_read_from_the_loaders() -> None:
    loaders = {type(importlib.import_module(m).__loader__) for m in COMPILED_MODULES}
    compiled = loaders == {importlib.machinery.ExtensionFileLoader}
    assert build() == ("compiled" if compiled else "pure")
    if under_test.SOURCE:
        assert build() == "pure"  # the sources are never the compiled build


def test_setup_compiles_the_modules_build_names(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup_module(monkeypatch, ["egg_info"])
    names = [p.removesuffix(".py").replace("/", ".") for p in setup.COMPILED]
    assert tuple(names) == COMPILED_MODULES


def test_referee_pure_asks_for_the_pure_build(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("REFEREE_PURE", "1")
    setup = _setup_module(monkeypatch, ["bdist_wheel"])
    assert setup.extensions() == []
    assert "referee build: pure Python (REFEREE_PURE is set)" in capsys.readouterr().err


def test_an_editable_install_is_pure(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("REFEREE_PURE", raising=False)
    setup = _setup_module(monkeypatch, ["editable_wheel"])
    assert setup.extensions() == []
    assert "an editable install runs its sources" in capsys.readouterr().err


def test_without_mypyc_the_build_is_pure_and_says_why(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("REFEREE_PURE", raising=False)
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # import fails: no mypyc
    setup = _setup_module(monkeypatch, ["bdist_wheel"])
    assert setup.extensions() == []
    assert "referee build: pure Python (mypyc is not available" in capsys.readouterr().err


def test_a_failed_compile_leaves_the_pure_modules(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    setup = _setup_module(monkeypatch, ["build_ext"])
    from setuptools import Distribution

    cmd = setup.OptionalBuildExt(Distribution())

    def no_compiler(self: object) -> None:
        raise OSError("gcc: command not found")

    monkeypatch.setattr(setup.build_ext, "run", no_compiler)
    cmd.extensions = ["something"]
    cmd.run()
    assert cmd.extensions == []
    assert "pure Python (compiling failed: gcc: command not found)" in capsys.readouterr().err


def _four_hands() -> tuple[tricks.TrickPlay, dict[str, set]]:
    order = tricks.TrickOrder({"S": cards("AS KS QS JS"), "H": cards("AH KH QH JH")}, None)
    hands = {"N": set(cards("AS AH")), "E": set(cards("KS KH")), "S": set(cards("QS QH")),
             "W": set(cards("JS JH"))}
    return tricks.TrickPlay(["N", "E", "S", "W"], hands, order, tricks.follow_suit, "N"), hands


def test_a_deep_copy_of_the_play_shares_nothing_that_changes() -> None:
    play, hands = _four_hands()
    play.play("N", cards("AS")[0], 1)
    memo: dict[int, object] = {}
    shared = copy.deepcopy(hands, memo)  # the hand state's holdings, copied first
    twin = copy.deepcopy(play, memo)
    assert twin.hands is shared  # one copy per original, as deepcopy keeps sharing
    for p, c in (("E", "KS"), ("S", "QS"), ("W", "JS")):
        twin.play(p, cards(c)[0], 2)
    # the copy's trick 1 is complete, N winning with the ace (the highest spade led);
    # the original still has only N's ace on the table and E still holds KS
    assert [t.winner for t in twin.tricks] == ["N"] and twin.leader == "N"
    assert play.tricks == [] and play.current.cards == cards("AS")
    assert cards("KS")[0] in hands["E"] and cards("KS")[0] not in twin.hands["E"]


def test_a_shallow_copy_shares_the_state() -> None:
    play, _ = _four_hands()
    twin = copy.copy(play)
    assert twin.hands is play.hands and twin.current is play.current
    assert twin.follow_fast is True  # following suit is enough under follow_suit


def test_which_duties_following_suit_satisfies() -> None:
    # follow_suit, follow_else_trump and follow_or_trump accept any card of the suit led;
    # follow_head_trump (Sixty-Six with the talon closed) demands a card that beats the trick
    assert tricks.following_is_enough(tricks.follow_suit)
    assert tricks.following_is_enough(tricks.follow_else_trump)
    assert tricks.following_is_enough(tricks.follow_or_trump)
    assert not tricks.following_is_enough(tricks.follow_head_trump)


def test_decks_and_trick_orders_are_shared_by_copies() -> None:
    """They never change once built, so a copy (a Table's, legal's) shares them; written out,
    so that the compiled build copies them too (a compiled class has no generic copy)."""
    from referee.games import SPECS

    for spec in SPECS.values():
        deck = spec.deck
        assert copy.copy(deck) is deck and copy.deepcopy({"d": deck})["d"] is deck
    order = _four_hands()[0].order
    assert copy.copy(order) is order and copy.deepcopy([order])[0] is order
