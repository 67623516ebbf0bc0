"""referee: a referee and log replayer for trick-taking card games (Thirty-Three, Asszorti,
Sixty-Six, Eighty-Three).  See README.md and ``man referee``; the Python API is in
``docs/api.md``:

- :func:`read_log` (one log, match by match), :func:`read_file` (a whole file as a :class:`Log`),
  :func:`replay_files` (many files, in parallel if asked);
- the data: :class:`Match` → :class:`Hand` → :class:`Trick` → :class:`Play`, with
  :class:`Finding` objects, :class:`HandStatus` and :class:`Severity`;
- :class:`Table`: one table stepped event by event (findings, who is to act, legal actions).
"""

__version__ = "0.1.0"

from .api import (Hand, HandStatus, Log, LogReader, Match, Play, Table, Trick,  # noqa: E402
                  read_file, read_log, replay_files)
from .findings import Finding, Severity  # noqa: E402

__all__ = ["Finding", "Hand", "HandStatus", "Log", "LogReader", "Match", "Play", "Severity",
           "Table", "Trick", "__version__", "read_file", "read_log", "replay_files"]
