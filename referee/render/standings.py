"""``referee standings`` output: the records of :meth:`referee.archive.Standings.records` as
text tables, RFC 4180 CSV, or one HTML page in the viewer's style.  Names from the logs are
escaped (:func:`~referee.text.visible`; HTML-escaped in the page)."""
from __future__ import annotations

import csv
import html
from typing import IO, Any, Iterable

from ..archive import has_kontra
from ..text import visible
from . import fit, len_shown
from .report import csv_text


def _n(x: Any) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.2f}".rstrip("0").rstrip(".")
    return str(x)


def _by_game(records: Iterable[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]],
                                                         list[dict[str, Any]], int]:
    games: dict[str, dict[str, Any]] = {}
    overall: list[dict[str, Any]] = []
    left_out = 0
    for r in records:
        if r["kind"] == "left_out":
            left_out = r["players"]
            continue
        if r["kind"] == "player" and r["game"] is None:
            overall.append(r)
            continue
        g = games.setdefault(r["game"], {"players": [], "pairs": [], "game": None})
        if r["kind"] == "player":
            g["players"].append(r)
        elif r["kind"] == "pair":
            g["pairs"].append(r)
        else:
            g["game"] = r
    return games, overall, left_out


def _stat_lines(game: str, stats: dict[str, Any]) -> list[str]:
    """The statistics of ``game`` as lines of text: only those the game has (kontras where it
    has kontra, :func:`referee.archive.has_kontra`; Sixty-Six's game points, closings and
    marriages; Eighty-Three's bids); contracts and bids when any were declared."""
    out = []
    if stats["contracts"]:
        out.append("contracts (declared/made): " + ", ".join(
            f"{k} {v['declared']}/{v['made']}" for k, v in stats["contracts"].items()))
    if "bids" in stats and stats["bids"]:
        out.append("bids by partnership (declared/made): " + ", ".join(
            f"{k} {v['declared']}/{v['made']}" for k, v in stats["bids"].items()))
    k = stats["kontras"]
    if has_kontra(game) or k["called"]:
        out.append(f"kontras: {k['called']} called, {k['won']} won")
    if "game_points" in stats:
        out.append("game points: " + (", ".join(f"{p} {_n(n)}" for p, n in
                                                stats["game_points"].items()) or "none"))
    out.append("revokes: " + (", ".join(f"{p} {n}" for p, n in stats["revokes"].items())
                              or "none"))
    for key, word in (("closings", "closings"), ("marriages", "marriages")):
        if key in stats:
            out.append(f"{word}: " + (", ".join(f"{p} {n}" for p, n in stats[key].items())
                                      or "none"))
    return out


def write_text(out: IO[str], records: Iterable[dict[str, Any]]) -> None:
    """Per game: the players' table (by points), the game's statistics, the crosstable; then
    every player across the games."""
    games, overall, left_out = _by_game(records)
    lines: list[str] = []
    for game, g in games.items():
        s = g["game"]
        lines.append(f"{game}: {s['matches']} match{'es' * (s['matches'] != 1)}, "
                     f"{s['hands']} hand{'s' * (s['hands'] != 1)}")
        w = max([7] + [len_shown(r["player"]) + 1 for r in g["players"]])
        lines.append(f"{'player':<{w}}{'matches':>8}{'won':>7}{'hands':>7}{'points':>9}")
        for r in g["players"]:
            lines.append(f"{fit(r['player'], w)}{r['matches']:>8}{_n(r['won']):>7}"
                         f"{r['hands']:>7}{_n(r['points']):>9}")
        lines.extend("  " + x for x in _stat_lines(game, s["statistics"]))
        if g["pairs"]:
            lines.append("  crosstable (matches together: wins each):")
            for r in g["pairs"]:
                a, b = r["players"]
                lines.append(f"    {a} - {b}: {r['matches']}: {_n(r['won'][0])}-"
                             f"{_n(r['won'][1])}")
        lines.append("")
    if overall:
        w = max([7] + [len_shown(r["player"]) + 1 for r in overall])
        lines.append("every game")
        lines.append(f"{'player':<{w}}{'matches':>8}{'won':>7}{'hands':>7}")
        for r in overall:
            lines.append(f"{fit(r['player'], w)}{r['matches']:>8}{_n(r['won']):>7}"
                         f"{r['hands']:>7}")
    if left_out:
        lines.append(f"({left_out} players past the standings' limit are left out)")
    out.write("".join(visible(x) + "\n" for x in lines))


CSV_HEADER = ["game", "player", "matches", "won", "hands", "points"]


def write_csv(out: IO[str], records: Iterable[dict[str, Any]]) -> None:
    """One row per player and game (``game`` empty: across every game, ``points`` empty),
    RFC 4180 (CRLF, quoted where needed); names escaped as in text output, and one that
    starts as a formula would (``=``, ``+``, ``-``, ``@``) led by ``'``, as in the score
    sheet (:func:`referee.render.report.csv_text`)."""
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_HEADER)
    for r in records:
        if r["kind"] != "player":
            continue
        w.writerow([r["game"] or "", csv_text(r["player"]), r["matches"], r["won"], r["hands"],
                    "" if r["points"] is None else r["points"]])


_STYLE = """body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#f6f7f4}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0;background:#fff}
th,td{border:1px solid #c8cdc4;padding:.25em .6em;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#e4eadf}
.felt{background:#2f6b3f;color:#fff;padding:.4em .8em;border-radius:.4em;display:inline-block}
ul{margin:.3em 0}"""


def write_html(out: IO[str], records: Iterable[dict[str, Any]]) -> None:
    """One self-contained page (style inline, no script, no network): per game the players'
    table, the statistics and the crosstable as a grid; then every player across games."""
    games, overall, left_out = _by_game(records)

    def e(text: str) -> str:
        return html.escape(visible(text))
    parts = ["<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
             "<meta name=\"viewport\" content=\"width=device-width\">",
             f"<title>Standings</title><style>{_STYLE}</style></head><body>",
             "<h1 class=\"felt\">Standings</h1>"]
    for game, g in games.items():
        s = g["game"]
        parts.append(f"<h2 id=\"{e(game)}\">{e(game)}: {s['matches']} matches, "
                     f"{s['hands']} hands</h2><table><tr><th>player</th><th>matches</th>"
                     "<th>won</th><th>hands</th><th>points</th></tr>")
        for r in g["players"]:
            parts.append(f"<tr><td>{e(r['player'])}</td><td>{r['matches']}</td>"
                         f"<td>{_n(r['won'])}</td><td>{r['hands']}</td>"
                         f"<td>{_n(r['points'])}</td></tr>")
        parts.append("</table><ul>")
        parts.extend(f"<li>{e(x)}</li>" for x in _stat_lines(game, s["statistics"]))
        parts.append("</ul>")
        names = [r["player"] for r in sorted(g["players"], key=lambda r: r["player"])]
        cell = {(tuple(r["players"])): r for r in g["pairs"]}
        if g["pairs"]:
            parts.append("<table><tr><th>crosstable</th>"
                         + "".join(f"<th>{e(n)}</th>" for n in names) + "</tr>")
            for a in names:
                row = [f"<td>{e(a)}</td>"]
                for b in names:
                    r = cell.get((a, b)) or cell.get((b, a))
                    if a == b or r is None:
                        row.append("<td></td>")
                        continue
                    mine, theirs = (r["won"][0], r["won"][1]) if r["players"][0] == a \
                        else (r["won"][1], r["won"][0])
                    row.append(f"<td title=\"{r['matches']} matches\">{_n(mine)}-"
                               f"{_n(theirs)}</td>")
                parts.append("<tr>" + "".join(row) + "</tr>")
            parts.append("</table>")
    if overall:
        parts.append("<h2>every game</h2><table><tr><th>player</th><th>matches</th>"
                     "<th>won</th><th>hands</th></tr>")
        for r in overall:
            parts.append(f"<tr><td>{e(r['player'])}</td><td>{r['matches']}</td>"
                         f"<td>{_n(r['won'])}</td><td>{r['hands']}</td></tr>")
        parts.append("</table>")
    if left_out:
        parts.append(f"<p>{left_out} players past the standings' limit are left out.</p>")
    parts.append("</body></html>\n")
    out.write("".join(parts))
