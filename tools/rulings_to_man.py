"""Write man/referee-rules.7 from docs/rulings.md (one source for the rulings).

The Markdown is a small subset: '#' headings, '- ' bullets (continued by indented lines),
paragraphs, **bold**, *italic* and `code`.  A paragraph that begins "In the source tree" speaks of
files that are not installed, and is left out of the page.  Run: python tools/rulings_to_man.py
A test checks that the man page is up to date.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "docs" / "rulings.md"
DST = ROOT / "man" / "referee-rules.7"
SOURCE_ONLY = "In the source tree"
HEADER = """.TH REFEREE-RULES 7 2026-11-30 "referee 0.1.0" "referee manual"
.SH NAME
referee-rules \\- how the referee rules where the rules texts are silent
.SH DESCRIPTION
"""


def inline(text: str) -> str:
    text = text.replace("\\", "\\e")
    text = re.sub(r"\*\*(.+?)\*\*", r"\\fB\1\\fR", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)\*(?!\w)", r"\\fI\1\\fR", text)
    text = re.sub(r"`(.+?)`", r"\\fB\1\\fR", text)
    text = text.replace("-", "\\-")
    return text


def convert(md: str) -> str:
    out = [HEADER]
    para: list[str] = []
    item: list[str] | None = None

    def flush():
        nonlocal para, item
        if item is not None:
            out.append(".IP \\(bu 2\n" + _safe(inline(" ".join(item))) + "\n")
            item = None
        if para and not para[0].startswith(SOURCE_ONLY):
            out.append(".PP\n" + _safe(inline(" ".join(para))) + "\n")
        para = []

    for line in md.splitlines():
        if line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            title = line.lstrip("#").strip()
            if level == 1:
                continue
            out.append((".SH " if level == 2 else ".SS ") + _safe(inline(title)).upper()
                       if level == 2 else ".SS " + _safe(inline(title)))
            out.append("\n")
        elif line.startswith("- "):
            flush()
            item = [line[2:].strip()]
        elif line.startswith("  ") and item is not None:
            item.append(line.strip())
        elif not line.strip():
            flush()
        else:
            if item is not None:
                flush()
            para.append(line.strip())
    flush()
    out.append(".SH SEE ALSO\n.BR referee (1),\n.BR referee\\-log (5)\n")
    return "".join(out)


def _safe(text: str) -> str:
    # a line must not start with a control character
    return "\\&" + text if text.startswith((".", "'")) else text


if __name__ == "__main__":
    DST.write_text(convert(SRC.read_text()))
    print(f"wrote {DST}", file=sys.stderr)
