"""The registry of games: every game is one package, declared once, found through entry points.

A game is a package (``referee/games/sixty_six/``; an outside one is a package of its own) whose
``__init__`` declares the game once, a :class:`GameSpec` named ``GAME``: its log name, title,
seats, deck, pile, default player names and where its rules core, commentary and policy are.
Every game, the four of this package too, is registered by an entry point in the
:data:`ENTRY_POINT_GROUP` group (``referee.games``) of its distribution's metadata, named by the
game's log name and pointing at the declaration::

    [project.entry-points."referee.games"]
    skat = "referee_skat:GAME"

The entry points are read with :mod:`importlib.metadata` once per process, on first use, and
each declaration is loaded then (cheap: a declaration imports no rules module).  A game's rules
module is imported the first time a log asks for that game (:data:`ENGINES`), so a run over one
game does not load the rules of another; its policy is imported only by
:func:`referee.games.policy.policy_for` (``legal``, ``simulate``), its commentary only when
words are wanted (:func:`referee.games.commentary.commentary_for`).

An entry point that cannot be loaded, or declares a bad game, is left out and said in
:func:`problems` (naming the package), never raised: the other games work on.  So is a game whose
rules module cannot be imported, once a log asks for it (:func:`load_problem`).

Order: by each declaration's ``order``, then by name (the order in which ``referee --help``,
``bad-event``'s words, ``simulate``'s choices and the schema list the games; entry points have
none of their own: setuptools writes them sorted by name).
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ..cards import Deck

if TYPE_CHECKING:
    from .base import MatchEngine

ENTRY_POINT_GROUP = "referee.games"
"""The entry-point group a game's distribution registers its :class:`GameSpec` in."""

DEAL_PILES = ("boat", "talon", "stock", "kitty")
"""The fields a ``deal`` may give a pile in (referee-log(5)); a game's pile is one of them."""

_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_REFERENCE = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A game, declared once (the ``GAME`` of its package's ``__init__``).

    - ``name``: the game as a log's ``match`` names it (lower case words joined by ``-``:
      ``"sixty-six"``); also the name of its entry point;
    - ``title``: the game as text names it (``"Sixty-Six"``);
    - ``seats``: how many players a match has (2 or more);
    - ``deck``: the cards it is played with (:func:`referee.cards.build_deck`);
    - ``players``: the default player names (``simulate``), one per seat, in seating order;
    - ``rules``: where the rules core is, ``"module:Class"``, the class a
      :class:`~referee.games.base.MatchEngine` whose ``SPEC`` is this declaration;
    - ``pile``: the ``deal`` field of the cards dealt to no player (one of :data:`DEAL_PILES`),
      None when every card is dealt to the players; the viewer calls the pile by it;
    - ``commentary``, ``policy``: where the game's words (``"module:COMMENTARY"``, a
      :class:`~referee.games.commentary.Commentary`) and its candidate actions
      (``"module:POLICY"``, a :class:`~referee.games.policy.Policy`) are, None for the base's;
    - ``order``: where the game stands in lists of games (lower first, then by name; the four of
      this package are 1 … 4, an outside game's default is 100).

    Raises ValueError for a declaration that breaks one of these (the registry says it and
    leaves the game out).  Importing a declaration must stay cheap: it names its modules as
    text and imports none of them.
    """

    name: str
    title: str
    seats: int
    deck: Deck
    players: tuple[str, ...]
    rules: str
    pile: str | None = None
    commentary: str | None = None
    policy: str | None = None
    order: int = 100

    def __post_init__(self) -> None:
        problem = _spec_problem(self)
        if problem is not None:
            raise ValueError(f"a bad game declaration: {problem}")


def _spec_problem(spec: GameSpec) -> str | None:
    """What is wrong with ``spec`` (see :class:`GameSpec`), or None."""
    if not isinstance(spec.name, str) or not _NAME.fullmatch(spec.name):
        return f"name {spec.name!r} is not lower-case words joined by '-'"
    if not isinstance(spec.title, str) or not spec.title.strip():
        return f"{spec.name}: title {spec.title!r} is not a text"
    if type(spec.seats) is not int or spec.seats < 2:
        return f"{spec.name}: seats {spec.seats!r} is not a whole number of 2 or more"
    if not isinstance(spec.deck, Deck) or len(spec.deck) < spec.seats:
        return f"{spec.name}: deck is not a referee.cards.Deck of at least one card a seat"
    players = spec.players
    if not isinstance(players, tuple) or len(players) != spec.seats \
            or not all(isinstance(p, str) and p for p in players) \
            or len(set(players)) != len(players):
        return (f"{spec.name}: players {players!r} is not a tuple of {spec.seats} different "
                "names")
    if type(spec.order) is not int:
        return f"{spec.name}: order {spec.order!r} is not a whole number"
    if spec.pile is not None and spec.pile not in DEAL_PILES:
        return f"{spec.name}: pile {spec.pile!r} is none of {', '.join(DEAL_PILES)}"
    for part in ("rules", "commentary", "policy"):
        ref = getattr(spec, part)
        if (ref is not None or part == "rules") and \
                not (isinstance(ref, str) and _REFERENCE.fullmatch(ref)):
            return f"{spec.name}: {part} {ref!r} is not a 'module:name' reference"
    return None


@dataclass(frozen=True, slots=True)
class _Loaded:
    """What reading the entry points gave: the games by name, in order, and the problems."""

    specs: dict[str, GameSpec]
    problems: tuple[str, ...]


@cache
def _load() -> _Loaded:
    """Read the :data:`ENTRY_POINT_GROUP` entry points and load each declaration (once per
    process)."""
    from importlib.metadata import entry_points
    found = sorted(((str(getattr(getattr(ep, "dist", None), "name", "") or ""), ep.name, ep)
                    for ep in entry_points(group=ENTRY_POINT_GROUP)), key=lambda f: f[:2])
    specs: dict[str, GameSpec] = {}
    problems: list[str] = []
    for dist_name, _name, ep in found:
        where = (f"the game {ep.name!r} of the package {dist_name or '(unknown)'} "
                 f"(entry point {ep.name} = {ep.value})")
        try:
            spec = ep.load()
        except Exception as exc:  # a plugin's bug is said, never raised (issue 25 item 3)
            problems.append(f"{where} cannot be loaded: {type(exc).__name__}: {exc}")
            continue
        if not isinstance(spec, GameSpec):
            problems.append(f"{where} is not a referee.games.GameSpec but a "
                            f"{type(spec).__name__}")
        elif spec.name != ep.name:
            problems.append(f"{where} declares the game {spec.name!r}: the names must agree")
        elif spec.name in specs:
            problems.append(f"{where} is left out: another package already declares "
                            f"{spec.name!r}")
        else:
            specs[spec.name] = spec
    specs = {s.name: s for s in sorted(specs.values(), key=lambda s: (s.order, s.name))}
    if not specs:
        problems.append(f"no game is registered in the {ENTRY_POINT_GROUP} entry points: "
                        "referee's own four are registered by its installed metadata, so "
                        "install it (pip install -e . in a clone, again after an update)")
    return _Loaded(specs, tuple(problems))


def problems() -> tuple[str, ...]:
    """What went wrong registering the games, one sentence each naming the package: an entry
    point that could not be loaded or declares a bad game (left out, the others work on), then
    each registered game whose rules core failed to load so far (:func:`load_problem`)."""
    loaded = _load().problems
    late = tuple(f"the game {game!r} of {_where(game)} cannot be used: {why}"
                 for game, why in _ENGINES.problems.items())
    return loaded + late


def names() -> tuple[str, ...]:
    """The log names of the registered games, in the registry's order (module doc)."""
    return tuple(_load().specs)


class _Specs(Mapping[str, GameSpec]):
    """Game name → its declaration, for every registered game (loaded on first use)."""

    def __getitem__(self, game: str) -> GameSpec:
        return _load().specs[game]

    def __iter__(self) -> Iterator[str]:
        return iter(_load().specs)

    def __len__(self) -> int:
        return len(_load().specs)

    def __contains__(self, game: object) -> bool:
        return isinstance(game, str) and game in _load().specs


SPECS: Mapping[str, GameSpec] = _Specs()
"""Game name → :class:`GameSpec`, every registered game, in the registry's order."""


def _resolve(ref: str) -> Any:
    """The object a ``"module:name"`` reference names (imports the module)."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


RULES_CORES: "set[type[MatchEngine[Any]]]" = set()
"""Every :class:`~referee.games.base.MatchEngine` subclass defined so far (the base's
``__init_subclass__`` adds each): how :data:`ENGINES` knows that what a declaration names is a
rules core, without importing the base (which imports the log reader, which reads this
registry: no import circle)."""


class _Engines(Mapping[str, "type[MatchEngine[Any]]"]):
    """Game name → engine class, importing a game's rules module on first use."""

    def __init__(self) -> None:
        self._loaded: dict[str, type[MatchEngine[Any]]] = {}
        self.problems: dict[str, str] = {}

    def __getitem__(self, game: str) -> type[MatchEngine[Any]]:
        cls = self._loaded.get(game)
        if cls is not None:
            return cls
        spec = SPECS.get(game) if isinstance(game, str) else None
        if spec is None or game in self.problems:
            raise KeyError(game)
        try:
            got = _resolve(spec.rules)
        except Exception as exc:  # a plugin's bug is said, never raised
            self.problems[game] = (f"its rules core {spec.rules} cannot be loaded: "
                                   f"{type(exc).__name__}: {exc}")
            raise KeyError(game) from None
        if got not in RULES_CORES \
                or got.__dict__.get("SPEC") is not spec:
            self.problems[game] = (f"its rules core {spec.rules} is not a MatchEngine class "
                                   "whose SPEC is the game's declaration")
            raise KeyError(game)
        engine: type[MatchEngine[Any]] = got  # (one of RULES_CORES)
        self._loaded[game] = engine
        return engine

    def __iter__(self) -> Iterator[str]:
        return iter(SPECS)

    def __len__(self) -> int:
        return len(SPECS)

    def __contains__(self, game: object) -> bool:
        return game in SPECS


_ENGINES = _Engines()
ENGINES: Mapping[str, type[MatchEngine[Any]]] = _ENGINES
"""Game name → its :class:`~referee.games.base.MatchEngine` class (the rules module imported on
first use).  A registered game whose rules cannot be loaded is missing (``KeyError``, ``get``
None); :func:`load_problem` says why."""


def _where(game: str) -> str:
    """The package that declares ``game``, as a problem names it."""
    spec = SPECS.get(game)
    module = spec.rules.partition(":")[0] if spec is not None else ""
    return f"the module {module}" if module else "an unknown package"


def load_problem(game: str) -> str | None:
    """Why the registered ``game``'s rules core could not be loaded (after :data:`ENGINES`
    failed for it), or None."""
    return _ENGINES.problems.get(game)


def companion(cls: "type[MatchEngine[Any]]", part: str) -> Any | None:
    """The game's ``part`` (``"commentary"`` or ``"policy"``) as its declaration names it,
    imported on first use; None when the game has none (or is not registered).  The one
    loader of a game's policy and commentary (``docs/engine.md``)."""
    spec = getattr(cls, "SPEC", None)
    ref = getattr(spec, part) if isinstance(spec, GameSpec) else None
    return None if ref is None else _resolve(ref)
