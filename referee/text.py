"""Text from a log, as text output shows it and as a referee compares names (issue 20).

A log is written by strangers: any string in it (a player's name, a note, a card, a field name) may
hold characters that rewrite what a terminal shows (ESC sequences, CR, BEL, NUL), reorder it
(bidi overrides such as U+202E), break a line (U+2028), or hide (zero-width and other format
characters).  :func:`visible` is the one place that decides how such text is shown; every text
renderer passes what it writes through it once, before adding its own colour.  JSON output is
never escaped: it carries the log's strings exactly.
"""
from __future__ import annotations

import re

# Characters that str.isprintable() accepts but that show nothing (Unicode's default-ignorable
# code points outside the format category): the combining grapheme joiner, Hangul fillers,
# Khmer inherent vowels, Mongolian free variation selectors, variation selectors.  The
# backslash is here too: it is written doubled, so that a backslash in output always starts an
# escape.
_ALSO_ESCAPED = ("\\\\\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
                 "\U000e0100-\U000e01ef")
_ALSO = re.compile(f"[{_ALSO_ESCAPED}]")
_SHORT = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(c: str) -> str:
    short = _SHORT.get(c)
    if short is not None:
        return short
    o = ord(c)
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def visible(text: str) -> str:
    """``text`` with every character a terminal would not show as itself written as an escape,
    the way Python writes it: ``\\x1b``, ``\\r``, ``\\n``, ``\\t``, ``\\x00``, ``\\x85``,
    ``\\u202e``, ``\\u2028``, ``\\u200b``, ``\\U000e0041``; a backslash is written ``\\\\``, so
    a single backslash in output always starts an escape.

    Escaped: control characters (C0, DEL, C1), format characters (Unicode category Cf: bidi
    controls, zero-width characters, the byte-order mark, the soft hyphen, tags), line and
    paragraph separators, every space but the plain space (U+0020), surrogates, private-use and
    unassigned code points (all that :meth:`str.isprintable` rejects), and the other invisible
    (default-ignorable) characters: Hangul fillers, variation selectors, the combining grapheme
    joiner.  Everything else, accented letters, other scripts and suit symbols included, is left
    as it is.  Text without such characters is returned unchanged (the same object).
    """
    if text.isprintable() and _ALSO.search(text) is None:
        return text
    return "".join(c if c.isprintable() and _ALSO.match(c) is None else _escape(c) for c in text)
