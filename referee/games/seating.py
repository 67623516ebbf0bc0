"""Seating and teams: who sits where, whose turn comes next, who partners whom.

:class:`Seating` is the part of a game engine (:class:`~referee.games.base.MatchEngine`) that
knows the table: the players in seating order (clockwise), their seats, and the partnerships a
game declares in ``TEAMS``.
"""
from __future__ import annotations

from typing import ClassVar, Iterable


class Seating:
    """The table of a match: ``players`` in seating order, ``seat`` (player → index) and the
    sides (``TEAMS``: 0 means everyone plays alone; n > 0 splits the seats into n teams whose
    members sit n seats apart, Eighty-Three: 2 teams, seats 1 & 3 and 2 & 4)."""

    TEAMS: ClassVar[int] = 0
    players: tuple[str, ...]
    seat: dict[str, int]
    _teams: dict[str, tuple[str, ...]]  # player -> side, filled by team_of

    def __init__(self, players: Iterable[str]) -> None:
        self.players = tuple(players)
        self.seat = {p: i for i, p in enumerate(self.players)}
        self._teams = {}

    def teams(self) -> list[tuple[str, ...]]:
        """The sides of the match in seating order of their first member: one tuple of players
        per team (``TEAMS``), or one single player per side when nobody has a partner."""
        n = self.TEAMS
        if n <= 0:
            return [(p,) for p in self.players]
        return [tuple(self.players[i::n]) for i in range(n)]

    def team_of(self, player: str) -> tuple[str, ...]:
        """The side ``player`` belongs to (``(player,)`` without partnerships)."""
        team = self._teams.get(player)
        if team is None:
            n = self.TEAMS
            team = (player,) if n <= 0 else tuple(self.players[self.seat[player] % n::n])
            self._teams[player] = team
        return team

    def partner_of(self, player: str) -> str | None:
        """``player``'s partner in a two-player team, else None."""
        team = self.team_of(player)
        return next((p for p in team if p != player), None) if len(team) == 2 else None

    @staticmethod
    def team_name(team: Iterable[str]) -> str:
        """A side as text: ``Ann & Cat``."""
        return " & ".join(team)

    def next_seat(self, player: str, k: int = 1) -> str:
        """The player ``k`` seats to the left (clockwise, the next in seating order)."""
        return self.players[(self.seat[player] + k) % len(self.players)]

    def seat_order(self, first: str) -> list[str]:
        """All players in clockwise order starting with ``first``."""
        i = self.seat[first]
        return list(self.players[i:] + self.players[:i])

    def next_active(self, player: str, passed: set[str]) -> str | None:
        """The next player to the left of ``player`` who has not ``passed`` (``player`` himself
        when all others have; None when everyone has): whose turn it is in an auction."""
        players = self.players
        n = len(players)
        i = self.seat[player]
        for k in range(1, n + 1):
            p = players[(i + k) % n]  # next_seat(player, k), inline (a call per seat tried)
            if p not in passed:
                return p
        return None

