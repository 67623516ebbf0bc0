"""referee: a referee and log replayer for trick-taking card games (Thirty-Three, Asszorti,
Sixty-Six, Eighty-Three).  See README.md and ``man referee``; the Python API is in
``docs/api.md``:

- :func:`read_log` (one log, match by match), :func:`read_file` (a whole file as a :class:`Log`),
  :func:`replay_files` (many files, in parallel if asked);
- the data: :class:`Match` → :class:`Hand` → :class:`Trick` → :class:`Play`, with
  :class:`Finding` objects, :class:`HandStatus` and :class:`Severity`;
- :class:`Table`: one table stepped event by event (findings, who is to act, legal actions,
  :meth:`~Table.is_legal`, :meth:`~Table.copy`), with the holdings (:class:`Holding`), the
  contract (:class:`Contract`) and the auction (:class:`Call`) as data;
- :func:`diff_logs`: where two records of the same matches part (:mod:`referee.diff`);
- :class:`Selection`: which matches and findings to keep (by match, player, game, code: R30);
- :func:`standings`: an archive's standings, statistics and crosstable (:mod:`referee.archive`).

The names are loaded on first use, so the command-line tool does not pay for them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .api import (Call, Contract, Hand, Holding, HandStatus, Log, LogReader, Match, Play,
                      Solved, Step, Table, Trick, read_file, read_log, replay_files,
                      solve)
    from .archive import Standings, standings
    from .diff import diff_logs
    from .findings import Finding, Severity
    from .selection import Selection

__all__ = ["Call", "Contract", "Finding", "Hand", "HandStatus", "Holding", "Log", "LogReader",
           "Match", "Play", "Selection", "Severity", "Solved", "Standings", "Step", "Table",
           "Trick", "__version__", "diff_logs", "read_file", "read_log", "replay_files", "solve",
           "standings"]

_FROM_FINDINGS = frozenset({"Finding", "Severity"})


def __getattr__(name: str) -> Any:
    """The API's names (:data:`__all__`), imported from :mod:`referee.api` on first use."""
    if name in _FROM_FINDINGS:
        from . import findings
        return getattr(findings, name)
    if name in ("standings", "Standings"):
        from . import archive
        return getattr(archive, name)
    if name == "Selection":
        from .selection import Selection
        return Selection
    if name == "diff_logs":
        from .diff import diff_logs
        return diff_logs
    if name in __all__:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'referee' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
