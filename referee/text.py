"""Text from a log, as text output shows it and as a referee compares names (issue 20).

A log is written by strangers: any string in it (a player's name, a note, a card, a field name) may
hold characters that rewrite what a terminal shows (ESC sequences, CR, BEL, NUL), reorder it
(bidi overrides such as U+202E), break a line (U+2028), or hide (zero-width and other format
characters).  :func:`visible` is the one place that decides how such text is shown; every text
renderer passes what it writes through it once, before adding its own colour.  JSON output
carries the log's strings exactly, but writes those same characters (beyond ASCII's controls,
which JSON escapes anyway) as JSON escapes, ``\u202e``: :func:`json_safe`, through which every
JSON writer passes its text.

:func:`look_alike_key` is what two player names must differ in to be told apart by a reader
(ruling R20): two names of one match with the same key look alike.
"""
from __future__ import annotations

import re
import unicodedata

# Characters that str.isprintable() accepts but that show nothing (Unicode's default-ignorable
# code points outside the format category): the combining grapheme joiner, Hangul fillers,
# Khmer inherent vowels, Mongolian free variation selectors, variation selectors.  Text output
# escapes the backslash too: it is written doubled, so that a backslash in output always starts
# an escape.
_INVISIBLE = ("\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
              "\U000e0100-\U000e01ef")
_ALSO_ESCAPED = "\\\\" + _INVISIBLE
_ALSO = re.compile(f"[{_ALSO_ESCAPED}]")
_HIDDEN = re.compile(f"[{_INVISIBLE}]")
_BEYOND_ASCII = re.compile("[\x7f-\U0010ffff]")
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


def _json_escape(m: re.Match[str]) -> str:
    c = m.group()
    if c.isprintable() and _HIDDEN.match(c) is None:
        return c
    o = ord(c)
    if o < 0x10000:
        return f"\\u{o:04x}"
    o -= 0x10000  # beyond the BMP: JSON writes a UTF-16 surrogate pair
    return f"\\u{0xd800 + (o >> 10):04x}\\u{0xdc00 + (o & 0x3ff):04x}"


def json_safe(text: str) -> str:
    """JSON text ``text`` (as an encoder wrote it) with every character beyond ASCII's controls
    that :func:`visible` would escape written as a JSON escape instead: DEL ``\\u007f``, C1
    controls (``\\u0085``), bidi controls (``\\u202e``, ``\\u2066``, ``\\u200f``, ``\\u061c``),
    zero-width characters and the byte-order mark (``\\u200b``, ``\\ufeff``, ``\\u2060``), the
    line and paragraph separators (``\\u2028``), spaces other than U+0020, private-use and
    unassigned code points, the other invisible characters, and beyond U+FFFF a surrogate pair
    (a tag letter: ``\\udb40\\udc41``).

    The result is the same JSON: decoded, it gives exactly the same strings; and on a terminal
    it shows nothing hidden, reordered or broken.  Such characters can stand only inside JSON
    strings (outside them an encoder writes ASCII alone), where an escape means the character
    itself; ASCII's controls are escaped by every encoder already, and the newlines and spaces
    of indented JSON are left as they are.  Text with nothing to escape is returned unchanged
    (the same object)."""
    if text.isascii():
        return text if "\x7f" not in text else text.replace("\x7f", "\\u007f")
    if text.isprintable() and _HIDDEN.search(text) is None:
        return text
    return _BEYOND_ASCII.sub(_json_escape, text)


# Letters of Cyrillic and Greek (and a few Latin signs) that look like a Latin letter or digit
# in common fonts, mapped to it, case kept (ruling R20).  A small, deliberate subset of Unicode's
# confusables: only whole-letter look-alikes of the Latin alphabet.  Keys are written as escapes,
# since in this very file they would look like the Latin letter they stand for.
_CONFUSABLE_PAIRS = (
    # Cyrillic capitals
    ("\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425", "ABEKMHOPCTYX"),
    ("\u0405\u0406\u0408\u051a\u051c\u04ae\u04ba\u04c0\u0500", "SlJQWYHlD"),
    # Cyrillic small letters
    ("\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u051b\u051d", "aeopcyxsijqw"),
    ("\u04bb\u0501\u04cf\u04af", "hdly"),
    # Greek capitals
    ("\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4", "ABEZHlKMNOPT"),
    ("\u03a5\u03a7", "YX"),
    # Greek small letters
    ("\u03b1\u03bf\u03bd\u03c1\u03b9\u03c5\u03b3\u03f2\u03f3", "aovpiuycj"),
    # Latin: capital I, digit one, vertical bar and dental click look like a small l; digit zero
    # like a capital O; dotless i like i; script a and g like a and g
    ("I1|\u01c00\u0131\u0251\u0261", "llllOiag"),
)
_CONFUSABLE = str.maketrans("".join(a for a, _ in _CONFUSABLE_PAIRS),
                             "".join(b for _, b in _CONFUSABLE_PAIRS))


def _shows_nothing(c: str) -> bool:
    """Control, format, separator and other default-ignorable characters."""
    return unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") or (
        c != "\\" and _ALSO.match(c) is not None)


def look_alike_key(name: str) -> str:
    """What is left of a player's name once everything a reader cannot see is taken away
    (ruling R20): compatibility forms unified and accents composed one way (NFKD, then NFKC
    at the end, so NFC, NFD, fullwidth and ligature forms agree), invisible characters removed
    (controls, format characters such as zero-width spaces and bidi controls, separators,
    variation selectors), spaces trimmed at both ends and runs of spaces made one, Cyrillic and
    Greek letters that look Latin mapped to the Latin letter (``I``, ``1`` and ``l`` as one,
    ``0`` and ``O`` as one), then case folded.

    Two names with the same key look alike; the key is for comparing, never shown.  Accents are
    kept (``Ánna`` and ``Anna`` are different names), and so are letters of other scripts that
    look like no Latin letter."""
    s = unicodedata.normalize("NFKD", name)
    if not s.isprintable() or not s.isascii():
        s = "".join(c for c in s if not _shows_nothing(c))
    s = " ".join(s.split())
    s = s.translate(_CONFUSABLE).casefold()
    return unicodedata.normalize("NFKC", s)


def look_alikes(names: list[str]) -> list[tuple[str, str]]:
    """Every pair of different names in ``names`` (in their order) that look alike, by
    :func:`look_alike_key` (ruling R20)."""
    keys = [look_alike_key(n) for n in names]
    return [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))
            if keys[i] == keys[j] and names[i] != names[j]]


def difference(a: str, b: str) -> tuple[str, str]:
    """Where two names first differ, by code point, as (what ``a`` has there, what ``b`` has):
    ``("U+0041 LATIN CAPITAL LETTER A", "U+0410 CYRILLIC CAPITAL LETTER A")``; a side that has
    nothing there is ``"nothing"``.  At most three code points a side are named."""
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    j = 0
    while j < n - i and a[-1 - j] == b[-1 - j]:
        j += 1
    return _code_points(a[i:len(a) - j]), _code_points(b[i:len(b) - j])


def _code_points(s: str) -> str:
    if not s:
        return "nothing"
    named = [f"U+{ord(c):04X} {unicodedata.name(c, '')}".rstrip() for c in s[:3]]
    return " ".join(named) + (" …" if len(s) > 3 else "")
