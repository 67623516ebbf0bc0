"""referee: a referee and log replayer for trick-taking card games (Thirty-Three, Asszorti,
Sixty-Six, Eighty-Three).  See README.md and ``man referee``."""

__version__ = "0.1.0"
