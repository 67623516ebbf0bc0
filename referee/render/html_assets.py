"""The stylesheet and the script of the HTML hand viewer (``history --format html``), inlined
into every page so that it opens from disk with no network.

The script reads each hand's JSON block (``script.hand-data``) and replays the hand on its
table diagram: the cards each player holds, the trick on the table and its winner, the caption
and the findings of each step.  It decides nothing: every value it shows is in the data.  It
writes text with ``textContent`` only (never markup), so nothing from a log can become HTML.
"""

CSS = """
:root { --felt: #1d5e3a; --ink: #1b1b1b; --paper: #fff; --muted: #555; --line: #bbb;
  --error: #a40000; --warning: #7a5200; --focus: #ffbf00; }
* { box-sizing: border-box; }
body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: #f4f4f0; margin: 0; padding: 0 0.75rem 2rem; }
header, main { max-width: 72rem; margin: 0 auto; }
h1 { font-size: 1.4rem; margin: 0.8rem 0 0.3rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; overflow-wrap: anywhere; }
h3 { font-size: 1.1rem; margin: 1.2rem 0 0.3rem; }
h4 { margin: 0.8rem 0 0.3rem; font-size: 1rem; }
.help { color: var(--muted); font-size: 0.9rem; margin: 0 0 0.5rem; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 0.5rem; top: 0.5rem; background: var(--paper); padding: 0.3rem; z-index: 9; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  clip-path: inset(50%); white-space: nowrap; }
.match { background: var(--paper); border: 1px solid var(--line); border-radius: 8px;
  padding: 0.25rem 1rem 1rem; margin: 1rem 0; }
.hand { border-top: 2px solid var(--line); margin-top: 1rem; }
.facts { margin: 0.2rem 0 0.6rem; }
a.ln { font: 0.8rem/1.2 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color: #1a4f9c; white-space: nowrap; }
span.ln { font-family: ui-monospace, monospace; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
/* cards: four suit colours, and the suit also in words for screen readers */
.s-s { color: #111; } .s-h { color: #c8102e; } .s-d { color: #0a52b8; }
.s-c { color: #0f7a2c; } .s-j { color: #6a1b9a; }
.card { display: inline-block; min-width: 2.1em; padding: 0.05em 0.3em; margin: 0.1em 0.05em;
  text-align: center; font-weight: 700; background: var(--paper); border: 1px solid #999;
  border-radius: 4px; box-shadow: 0 1px 0 rgba(0,0,0,0.25); white-space: nowrap; }
.card.back { color: #555; background: repeating-linear-gradient(45deg, #eee, #eee 3px,
  #ddd 3px, #ddd 6px); font-weight: 400; }
/* the table diagram */
.controls { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center;
  margin: 0.4rem 0; }
.controls button { font: inherit; font-size: 0.9rem; padding: 0.3rem 0.6rem; border-radius: 5px;
  border: 1px solid #777; background: #f0f0f0; cursor: pointer; min-height: 2.2rem; }
.controls button:disabled { opacity: 0.45; cursor: default; }
.controls .where { font-size: 0.85rem; color: var(--muted); margin-left: 0.3rem; }
.table { display: grid; gap: 0.5rem; padding: 0.75rem; border-radius: 14px;
  background: var(--felt); color: #fff;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 1fr);
  grid-template-areas: ". north ." "west centre east" ". south ."; }
.seats-2 { grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "north" "centre" "south"; }
.seat { background: rgba(255,255,255,0.1); border-radius: 8px; padding: 0.3rem 0.5rem;
  min-width: 0; align-self: start; }
.seat.north { grid-area: north; } .seat.south { grid-area: south; }
.seat.west { grid-area: west; } .seat.east { grid-area: east; }
.seat .name { margin: 0 0 0.2rem; font-size: 1rem; overflow-wrap: anywhere; }
.seat .team { font-size: 0.8rem; opacity: 0.85; display: block; margin-top: -0.2rem; }
.seat .held { margin: 0; line-height: 1.9; }
.seat.to-win { box-shadow: 0 0 0 3px var(--focus); }
.mark { display: inline-block; font-size: 0.75rem; padding: 0 0.35em; border-radius: 3px;
  margin-left: 0.2em; vertical-align: middle; }
.mark.dealer { background: #fff; color: #1d5e3a; }
.mark.declarer { background: var(--focus); color: #000; }
.centre { grid-area: centre; background: rgba(0,0,0,0.18); border-radius: 8px;
  padding: 0.4rem; min-height: 6rem; min-width: 0; }
.centre .played { margin: 0; display: grid; gap: 0.25rem; justify-items: center;
  grid-template-columns: repeat(3, minmax(0, auto)); justify-content: center;
  grid-template-areas: ". north ." "west . east" ". south ."; }
.centre .played:empty { display: none; }
.play.at-north { grid-area: north; } .play.at-south { grid-area: south; }
.play.at-west { grid-area: west; } .play.at-east { grid-area: east; }
.centre .play { display: inline-block; background: rgba(255,255,255,0.12); border-radius: 5px;
  padding: 0.1rem 0.3rem; font-size: 0.9rem; }
.centre .play.won { box-shadow: 0 0 0 3px var(--focus); font-weight: 700; }
.centre .caption { margin: 0.3rem 0 0; font-size: 0.9rem; overflow-wrap: anywhere; }
.step-findings .finding { margin-top: 0.3rem; color: var(--ink); }
/* tables */
.wide { overflow-x: auto; margin: 0.6rem 0; position: relative; }
table { border-collapse: collapse; background: var(--paper); font-size: 0.92rem; }
caption { text-align: left; font-weight: 700; padding: 0.2rem 0; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.45rem; text-align: left;
  vertical-align: top; }
thead th { background: #eceee8; }
td.won { background: #fff4c2; font-weight: 700; }
tr.finding-row td { background: #fff0f0; }
.finding { border-left: 4px solid var(--error); background: #fff3f3; padding: 0.3rem 0.5rem;
  border-radius: 3px; overflow-wrap: anywhere; }
.finding.warning { border-left-color: var(--warning); background: #fff8e6; }
.finding p { margin: 0; }
.finding dl { margin: 0.2rem 0 0; display: grid; grid-template-columns: max-content 1fr;
  gap: 0 0.6rem; font-size: 0.88rem; }
.finding dt { font-weight: 700; } .finding dd { margin: 0; }
ul.findings { list-style: none; padding: 0; margin: 0.3rem 0; }
ul.findings li { margin: 0.3rem 0; }
.result { margin: 0.6rem 0 0.2rem; }
.error { color: var(--error); }
@media (max-width: 640px) {
  body { padding: 0 0.4rem 1rem; font-size: 15px; }
  .match { padding: 0.2rem 0.5rem 0.6rem; }
  .table { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); padding: 0.4rem;
    grid-template-areas: "north north" "west east" "centre centre" "south south"; }
  .seats-2 { grid-template-columns: minmax(0, 1fr);
    grid-template-areas: "north" "centre" "south"; }
  .table.seats-3 { grid-template-areas: "west east" "centre centre" "south south"; }
  .controls button { padding: 0.3rem 0.45rem; }
}
@media print { .controls { display: none; } }
"""

SCRIPT = r"""
(function () {
  "use strict";
  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function chip(data, card) {
    var info = data.cards[card] || [card, card, "j"];
    var e = make("span", "card s-" + info[2]);
    var shown = make("span", "", info[0]);
    shown.setAttribute("aria-hidden", "true");
    e.appendChild(shown);
    e.appendChild(make("span", "sr", info[1]));
    return e;
  }
  function back(n) {
    var e = make("span", "card back");
    var shown = make("span", "", "? \u00d7 " + n);
    shown.setAttribute("aria-hidden", "true");
    e.appendChild(shown);
    e.appendChild(make("span", "sr", n + " cards not recorded"));
    return e;
  }
  function fill(node, children) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
    children.forEach(function (c, i) {
      if (i) { node.appendChild(document.createTextNode(" ")); }
      node.appendChild(c);
    });
  }
  function setUp(node) {
    var data = JSON.parse(node.textContent);
    var hand = document.getElementById(node.getAttribute("data-for"));
    if (!hand || !data.steps.length) { return; }
    var viewer = hand.querySelector(".viewer");
    var table = viewer.querySelector(".table");
    var controls = viewer.querySelector(".controls");
    var played = viewer.querySelector(".played");
    var caption = viewer.querySelector(".caption");
    var found = viewer.querySelector(".step-findings");
    var where = viewer.querySelector(".where");
    var seats = {};
    Array.prototype.forEach.call(viewer.querySelectorAll(".seat"), function (s) {
      seats[s.getAttribute("data-player")] = s;
    });
    var steps = data.steps;
    var at = 0;
    function show(k) {
      at = Math.max(0, Math.min(steps.length - 1, k));
      var step = steps[at];
      data.players.forEach(function (p) {
        var seat = seats[p];
        if (!seat) { return; }
        var held = (step.h[p] || []).map(function (c) { return chip(data, c); });
        var hidden = step.u ? step.u[p] || 0 : 0;
        if (hidden) { held.push(back(hidden)); }
        fill(seat.querySelector(".held"), held);
        seat.classList.toggle("to-win", step.w === p);
      });
      fill(played, step.t.map(function (t) {
        var seat = seats[t[0]];
        var place = seat ? " at-" + seat.getAttribute("data-place") : "";
        var e = make("span", "play" + place + (step.w === t[0] ? " won" : ""), t[0] + " ");
        e.setAttribute("data-player", t[0]);
        e.appendChild(chip(data, t[1]));
        if (step.w === t[0]) { e.appendChild(make("span", "sr", " (wins the trick)")); }
        return e;
      }));
      caption.textContent = data.file + ":" + step.l + ": " + step.c;
      fill(found, step.f.map(function (i) {
        var f = data.findings[i];
        var e = make("div", "finding " + f.severity);
        e.setAttribute("role", "note");
        e.appendChild(make("strong", "", f.severity + "[" + f.code + "]"));
        e.appendChild(document.createTextNode(" " + data.file + ":" + f.line + ": " +
          f.message + (f.rule ? " (rule: " + f.rule + ")" : "")));
        return e;
      }));
      where.textContent = "step " + (at + 1) + " of " + steps.length +
        (step.k ? ", trick " + step.k : "");
      controls.querySelector("[data-go=start]").disabled = at === 0;
      controls.querySelector("[data-go=back]").disabled = at === 0;
      controls.querySelector("[data-go=trick-back]").disabled = at === 0;
      controls.querySelector("[data-go=forward]").disabled = at === steps.length - 1;
      controls.querySelector("[data-go=trick-forward]").disabled = at === steps.length - 1;
      controls.querySelector("[data-go=end]").disabled = at === steps.length - 1;
      viewer.setAttribute("data-step", String(at));
    }
    function trickForward() {
      for (var j = at + 1; j < steps.length; j++) { if (steps[j].w) { return j; } }
      return steps.length - 1;
    }
    function trickBack() {
      for (var j = at - 1; j > 0; j--) { if (steps[j].w) { return j; } }
      return 0;
    }
    function go(how) {
      if (how === "start") { show(0); }
      else if (how === "back") { show(at - 1); }
      else if (how === "forward") { show(at + 1); }
      else if (how === "trick-forward") { show(trickForward()); }
      else if (how === "trick-back") { show(trickBack()); }
      else if (how === "end") { show(steps.length - 1); }
    }
    controls.addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-go]");
      if (b) { go(b.getAttribute("data-go")); }
    });
    var keys = { ArrowRight: "forward", ArrowLeft: "back", ArrowDown: "trick-forward",
      ArrowUp: "trick-back", Home: "start", End: "end" };
    viewer.addEventListener("keydown", function (ev) {
      var how = keys[ev.key];
      if (!how || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
      ev.preventDefault();
      go(how);
    });
    Array.prototype.forEach.call(hand.querySelectorAll("a.ln[data-line]"), function (a) {
      a.addEventListener("click", function (ev) {
        var line = Number(a.getAttribute("data-line"));
        var k = 0;
        for (var j = 0; j < steps.length; j++) { if (steps[j].l <= line) { k = j; } }
        ev.preventDefault();
        show(k);
        table.focus();
        viewer.scrollIntoView({ block: "nearest" });
      });
    });
    controls.hidden = false;
    show(0);
  }
  Array.prototype.forEach.call(document.querySelectorAll("script.hand-data"), setUp);
})();
"""
