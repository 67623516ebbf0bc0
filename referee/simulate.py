"""Random legal games (``referee simulate``): logs in the format of referee-log(5), the same for the same
seed, made only of actions the referee itself judges legal (:mod:`referee.legal`).

Matches are played to their end; when one ends before the number of hands asked for, a new match
starts, so a run holds exactly that many hands (the last match may be left unfinished).

The game's policy (:mod:`referee.games.policy`) shapes the matches (:meth:`~referee.games.policy.
Policy.match_rules`, :meth:`~referee.games.policy.Policy.random_deal`, :meth:`~referee.games.
policy.Policy.between_hands`) and proposes the events.  Each step draws a kind of event (``bid``,
``pass``, ``play``, ``claim`` …), then one event of that kind, each by the weights the policy gives
(:meth:`~referee.games.policy.Policy.kind_weights`, :meth:`~referee.games.policy.Policy.weight`;
all alike by default), and keeps the first one the rules engine accepts
(:func:`referee.legal.trial`).  Weights are
never zero, so every legal action keeps a chance.  A hand that reaches a point where nothing is
legal (a dead end: e.g. an Eighty-Three player left with more point trumps than cards because the
partner discarded before the give) is backed up and the event backed up to avoided, one event at
the first dead end of a hand, two at the second, then four and so on (the choice that doomed the
hand may lie many events back), so a simulated log is always legal to its end.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Collection, Iterable, Iterator, Sequence, cast

import msgspec

from . import events as ev
from .games import ENGINES, SPECS
from .games.base import OPEN, MatchEngine
from .games.policy import Kind, Policy, policy_for
from .legal import legal_actions, trial, trial_stop


def unplayable(game: str) -> str | None:
    """Why the registered ``game`` cannot be simulated (its rules core cannot be loaded:
    :func:`referee.games.load_problem`'s words), or None when it can."""
    if ENGINES.get(game) is not None:
        return None
    from .games import load_problem
    return load_problem(game) or "it is not registered"


def default_players(game: str) -> list[str]:
    """The player names a simulated match of ``game`` has unless told (its declaration's,
    :attr:`referee.games.GameSpec.players`).  KeyError for an unknown game."""
    return list(SPECS[game].players)


Chooser = Callable[[random.Random, Sequence[Any]], Any]
"""Picks one of the legal actions (instead of the game policy's weights), e.g.
:func:`uniform_by_kind`."""


def uniform_by_kind(rng: random.Random, actions: Sequence[Any]) -> Any:
    """Pick an event kind uniformly (bid, pass, play …), then one event of that kind."""
    kinds: dict[type, list[Any]] = {}
    for a in actions:
        kinds.setdefault(type(a), []).append(a)
    kind = rng.choice(sorted(kinds, key=lambda t: t.__name__))
    return rng.choice(kinds[kind])


def to_dict(e: Any) -> dict[str, Any]:
    """An event struct as the JSON object of the log (``event`` first, defaults left out)."""
    out: dict[str, Any] = msgspec.to_builtins(e)
    return out


MAX_CHOICES = 5000
"""Choices (dead-end back-ups included) after which a hand is given up (left incomplete)."""
EPSILON = 1e-6
"""The least weight: a game hook's zero or negative weight is raised to it (never impossible)."""


class _Stop:
    """The pseudo-action "the hand ends here with no further event" (see ``trial_stop``)."""

    def __repr__(self) -> str:
        return "STOP"


STOP = _Stop()


def tag(e: Any) -> Kind:
    """The log's name of an event of a hand (``"bid"``, ``"declare_out"``), or ``"stop"``."""
    return "stop" if e is STOP else cast(Kind, ev.name_of(e))


def simulate(game: str, seed: int, hands: int, players: Sequence[str] | None = None,
             choose: Chooser | None = None) -> Iterator[dict[str, Any]]:
    """Yield the events (as JSON objects) of ``hands`` hands of random legal play of ``game``.

    ``choose`` None (the default) draws by the game policy's weights, as the module docstring
    says; a :data:`Chooser` instead picks from the full list of legal actions
    (:func:`legal_actions`), e.g. :func:`uniform_by_kind`, with no dead-end back-up.  Events are yielded a hand at a
    time.  Raises KeyError for an unknown game and ValueError for a wrong number of players.
    """
    cls = ENGINES[game]
    players = list(players or default_players(game))
    problem = cls.players_problem(players)
    if problem:
        from .commentary import match_problem_words
        raise ValueError(match_problem_words({"game": cls.GAME, **problem}))
    policy = policy_for(cls)
    rng = random.Random(seed)
    played = 0
    match_no = 0
    while played < hands:
        match_no += 1
        rules = policy.match_rules()
        head: dict[str, Any] = {"event": "match", "game": game, "players": players,
                                "id": f"sim-{seed}-{match_no}"}
        if rules:
            head["rules"] = rules
        yield head
        engine = cls(players, rules)
        dealer = rng.choice(players)
        while played < hands and not engine.finished:
            deal = policy.random_deal(engine, rng, dealer)
            yield deal
            engine.deal(msgspec.convert(deal, ev.Deal), 0)
            played += 1
            engine, events = _play_hand(engine, rng, policy, choose)
            yield from events
            engine.close_hand()  # as the replay does when the next event comes
            for e in policy.between_hands(engine, rng):
                yield to_dict(e)
                engine.close_hand()
                engine.end(e, 0) if isinstance(e, ev.End) else engine.apply(e, 0)
            if engine.next_dealers:
                dealer = min(engine.next_dealers, key=engine.seat.__getitem__) \
                    if dealer not in engine.next_dealers else dealer
                if len(engine.next_dealers) == 1:
                    dealer = next(iter(engine.next_dealers))


def hide_hands(deal: dict[str, Any], pile: str | None,
               hide: Collection[str] | None = None) -> dict[str, Any]:
    """A ``deal`` (JSON object) as a record of the play alone would give it (format 1.1, RULINGS
    G14): a copy without the hands of the players named in ``hide`` and without the game's extra
    pile when ``pile`` (the deal field: ``boat``, ``talon``, ``stock``, ``kitty``) is named in it;
    ``hide`` None hides every hand and the pile.  ``hands`` is left out when no hand is left;
    every other field (Sixty-Six's ``trump_card``, which a record always needs) is kept.  The
    ``deal`` given is not changed."""
    out = dict(deal)
    hands = out.get("hands")
    if isinstance(hands, dict):
        kept = {p: cs for p, cs in hands.items() if hide is not None and p not in hide}
        if kept:
            out["hands"] = kept
        else:
            del out["hands"]
    if pile is not None and (hide is None or pile in hide):
        out.pop(pile, None)
    return out


def play_alone(events: Iterable[dict[str, Any]],
               hide: Collection[str] | None = None) -> Iterator[dict[str, Any]]:
    """The events of a log (JSON objects) with every ``deal`` passed through :func:`hide_hands`
    (the pile is the one of the game of the ``match`` before it; a deal before any match, or of
    an unknown game, loses the hands alone).  Lazy: one event at a time."""
    pile: str | None = None
    for e in events:
        name = e.get("event")
        if name == "match":
            game = e.get("game")
            cls = ENGINES.get(game) if isinstance(game, str) else None
            pile = cls.PILE if cls is not None else None
        elif name == "deal":
            e = hide_hands(e, pile, hide)
        yield e


def _play_hand(engine: MatchEngine[Any], rng: random.Random, policy: Policy[Any],
               choose: Chooser | None) -> tuple[MatchEngine[Any], list[dict[str, Any]]]:
    """Play the open hand of ``engine`` to its end: the engine after it and the events written.

    Each accepted event's trial copy becomes the current engine, the one before it is kept, so
    a dead end (an open hand with no legal action) backs up to the previous state and avoids
    the event that led there."""
    if choose is not None:
        return _play_hand_with(engine, rng, choose)
    states: list[MatchEngine[Any]] = [engine]
    avoid: list[set[bytes]] = [set()]
    chosen: list[tuple[bytes, Any]] = []
    dead_ends = 0
    for _ in range(MAX_CHOICES):
        cur = states[-1]
        if cur.hand is None or cur.hand.mode != OPEN:
            break
        got = _choose(cur, policy, rng, avoid[-1])
        if got is None:
            if not chosen:
                break  # nothing legal from the deal on: the hand stays incomplete
            # Back up 1, 2, 4 … events at the 1st, 2nd, 3rd … dead end of the hand: the choice
            # that doomed it may lie well before the dead end (an Eighty-Three discard before
            # the partner's give), and trying every sibling of the last choice first would
            # take longer than MAX_CHOICES allows.
            for _ in range(min(1 << min(dead_ends, 16), len(chosen))):
                states.pop()
                avoid.pop()
                key = chosen.pop()[0]
            avoid[-1].add(key)
            dead_ends += 1
            continue
        key, e, twin = got
        chosen.append((key, e))
        states.append(twin)
        avoid.append(set())
    return states[-1], [to_dict(e) for _, e in chosen if e is not STOP]


def _play_hand_with(engine: MatchEngine[Any], rng: random.Random,
                    choose: Chooser) -> tuple[MatchEngine[Any], list[dict[str, Any]]]:
    out: list[dict[str, Any]] = []
    while engine.hand is not None and engine.hand.mode == OPEN and len(out) < MAX_CHOICES:
        acts = legal_actions(engine)
        if not acts:
            break
        e = choose(rng, acts)
        out.append(to_dict(e))
        engine.apply(e, 0)
    return engine, out


def _weighted_pick(rng: random.Random, names: list[Kind], weights: dict[Kind, float]) -> Kind:
    ws = [max(weights.get(n, 1.0), EPSILON) for n in names]
    x = rng.random() * sum(ws)
    for n, w in zip(names, ws):
        x -= w
        if x < 0:
            return n
    return names[-1]


def _choose(engine: MatchEngine[Any], policy: Policy[Any], rng: random.Random,
            avoid: set[bytes]) -> tuple[bytes, Any, MatchEngine[Any]] | None:
    """Draw a kind by the policy's kind weights, then candidates of it in a random order weighted
    by the policy's event weights (Efraimidis–Spirakis keys ``u ** (1/w)``) until one is legal; a
    kind with none legal is dropped and another drawn.  Candidates in ``avoid`` (by their JSON)
    are left out.  Gives (the event's JSON, the event, the engine after it), or None when
    nothing is legal.  Candidates are put in JSON order first, so the result depends only on
    the candidate set and the random stream (the same seed gives the same log)."""
    kinds: dict[Kind, list[tuple[bytes, Any]]] = {}
    for a in policy.candidates(engine):
        key = msgspec.json.encode(a)
        if key not in avoid:
            kinds.setdefault(tag(a), []).append((key, a))
    weights = policy.kind_weights(engine)
    if "stop" in weights and b"stop" not in avoid:
        kinds["stop"] = [(b"stop", STOP)]
    names = sorted(kinds)
    while names:
        kind = _weighted_pick(rng, names, weights)
        pool = sorted(kinds[kind], key=lambda ka: ka[0])
        keyed = []
        for key, a in pool:
            w = 1.0 if a is STOP else max(policy.weight(engine, a), EPSILON)
            keyed.append((rng.random() ** (1.0 / w), key, a))
        keyed.sort(key=lambda t: t[0], reverse=True)
        for _, key, a in keyed:
            if a is STOP:
                ok, twin = trial_stop(engine)
            else:
                verdict, twin = trial(engine, a)
                ok = verdict.legal
            if ok:
                return key, a, twin
        names.remove(kind)
    return None
