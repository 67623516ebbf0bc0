"""The stylesheet and the script of the HTML hand viewer (``history --format html``), inlined
into every page so that it opens from disk with no network.

The script stands in the page's head and listens on the document, so it works while a long
page is still being read.  A hand is set up the first time it is used (a button, a key, a
link to one of its moments, the address): the script reads its JSON block
(``script.hand-data``) then and replays the hand on its table diagram: the cards each player
holds (face down but for one seat in a seat view), the trick on the table and its winner, the
tricks won so far, the caption and the findings of each step, and at the last step the hand's
result and score.  It decides nothing: every value it shows is in the data (each step names
the holdings it changed; the script carries the others forward).  It writes text with
``textContent`` only (never markup), so nothing from a log can become HTML, and it reads the
address only as numbers (``#hand-2-line-58``): any other fragment does nothing.
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
/* the script's controls show once it runs; a hand off screen is laid out when scrolled to */
html.js .controls[hidden] { display: flex; }
.hand { content-visibility: auto; contain-intrinsic-size: auto 1400px; }
.controls label { font-size: 0.85rem; color: var(--muted); }
.controls select { font: inherit; font-size: 0.85rem; max-width: 14rem; }
.card.later { border-style: dashed; border-color: #666; background: #f7f7f2; }
.card.back.down { color: #fff; background: repeating-linear-gradient(45deg, #7d1d2c, #7d1d2c 3px,
  #a33a4a 3px, #a33a4a 6px); border-color: #5a1420; }
.seat .tally { margin: 0.15rem 0 0; font-size: 0.8rem; opacity: 0.9; }
.centre .end { margin: 0.4rem 0 0; padding: 0.3rem 0.5rem; border-radius: 6px;
  background: var(--paper); color: var(--ink); font-size: 0.9rem; overflow-wrap: anywhere; }
/* the index */
.up { margin: 0 0 0.4rem; }
nav.index { background: var(--paper); border: 1px solid var(--line); border-radius: 8px;
  padding: 0.25rem 1rem 0.6rem; margin: 1rem auto; max-width: 72rem; }
.index-match h3 { font-size: 1rem; overflow-wrap: anywhere; }
td.st-penalty, td.st-irregular, td.st-unscored { color: var(--error); font-weight: 700; }
table.match-index .delta { color: var(--muted); font-size: 0.85em; }
ul.summary { margin: 0.3rem 0; padding-left: 1.2rem; font-size: 0.92rem; }
ul.summary li { margin: 0.15rem 0; overflow-wrap: anywhere; }
.sev-error { color: var(--error); } .sev-warning { color: var(--warning); }
.keys { position: fixed; z-index: 10; right: 1rem; top: 1rem; max-width: 24rem;
  background: var(--paper); border: 2px solid var(--ink); border-radius: 8px;
  padding: 0.3rem 1rem 0.6rem; box-shadow: 0 4px 16px rgba(0,0,0,0.3); }
.keys dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.8rem; }
.keys dd { margin: 0; }
kbd { font: 0.85rem ui-monospace, monospace; border: 1px solid #999; border-radius: 3px;
  padding: 0 0.3em; background: #f4f4f4; }
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
  document.documentElement.classList.add("js");
  var MOMENT = /^#(?:f([0-9]{1,6})-m([0-9]{1,9})-)?hand-([0-9]{1,9})(?:-line-([0-9]{1,12}))?$/;
  var ID = /^#f([0-9]{1,6})-m([0-9]{1,9})-h([0-9]{1,9})(?:-L([0-9]{1,12}))?$/;
  // the page is still being read when this runs (it is in the head): what it looks up, it
  // looks up when it is used
  function matches() { return document.querySelectorAll("section.match"); }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function face(text, spoken, cls) {
    var e = make("span", cls);
    var shown = make("span", "", text);
    shown.setAttribute("aria-hidden", "true");
    e.appendChild(shown);
    e.appendChild(make("span", "sr", spoken));
    return e;
  }
  function chip(data, card, later) {
    var info = has(data.cards, card) ? data.cards[card] : [card, card, "j"];
    return face(info[0], info[1] + (later ? " (seen later in the hand)" : ""),
      "card s-" + info[2] + (later ? " later" : ""));
  }
  function fill(node, children) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
    children.forEach(function (c, i) {
      if (i) { node.appendChild(document.createTextNode(" ")); }
      node.appendChild(c);
    });
  }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  // a moment named by the address: [the hand's section, the line or null], or null
  function moment(hash) {
    var m = MOMENT.exec(hash) || ID.exec(hash);
    if (!m) { return null; }
    var id = null;
    var all = matches();
    if (m[1] !== undefined) { id = "f" + Number(m[1]) + "-m" + Number(m[2]); }
    else if (all.length) { id = all[0].id; }
    if (id === null) { return null; }
    var hand = document.getElementById(id + "-h" + Number(m[3]));
    if (!hand || !hand.classList.contains("hand")) { return null; }
    return [hand, m[4] === undefined ? null : Number(m[4])];
  }
  function viewerOf(hand) {
    if (hand.referee) { return hand.referee; }
    var node = null;
    Array.prototype.forEach.call(hand.querySelectorAll("script.hand-data"), function (s) {
      if (s.getAttribute("data-for") === hand.id) { node = s; }
    });
    if (!node) { return null; }
    var v = new Viewer(hand, JSON.parse(node.textContent));
    if (!v.steps.length) { return null; }
    hand.referee = v;
    return v;
  }
  function Viewer(hand, data) {
    var v = this;
    v.hand = hand;
    v.data = data;
    v.steps = data.steps;
    v.at = 0;
    v.timer = null;
    v.view = "";
    var el = v.el = hand.querySelector(".viewer");
    v.table = el.querySelector(".table");
    v.controls = el.querySelector(".controls");
    v.played = el.querySelector(".played");
    v.caption = el.querySelector(".caption");
    v.found = el.querySelector(".step-findings");
    v.end = el.querySelector(".end");
    v.where = el.querySelector(".where");
    v.playButton = v.controls.querySelector("[data-go=play]");
    v.speed = v.controls.querySelector("[data-speed]");
    v.seats = Object.create(null);
    var full = Object.create(null);  // each step names the holdings it changed: make them whole
    v.steps.forEach(function (s) {
      var h = Object.create(null), p;
      for (p in full) { h[p] = full[p]; }
      for (p in s.h) { if (has(s.h, p)) { h[p] = s.h[p]; } }
      s.h = full = h;
    });
    Array.prototype.forEach.call(el.querySelectorAll(".seat"), function (s) {
      v.seats[s.getAttribute("data-player")] = s;
    });
    var id = /^(f[0-9]+-m[0-9]+)-h([0-9]+)$/.exec(hand.id);
    v.prefix = id ? id[1] : "";
    v.number = id ? id[2] : "";
  }
  Viewer.prototype.address = function () {
    return "#" + (matches().length > 1 ? this.prefix + "-" : "") + "hand-" + this.number + "-line-" +
      this.steps[this.at].l;
  };
  Viewer.prototype.stepOf = function (line) {
    var k = 0;
    for (var j = 0; j < this.steps.length; j++) { if (this.steps[j].l <= line) { k = j; } }
    return k;
  };
  Viewer.prototype.side = function (i, counts) {
    var teams = this.data.teams || [];
    for (var t = 0; t < teams.length; t++) {
      if (teams[t].indexOf(i) >= 0) {
        return teams[t].reduce(function (a, j) { return a + (counts[j] || 0); }, 0);
      }
    }
    return null;
  };
  Viewer.prototype.show = function (k, how) {
    var v = this, data = v.data, steps = v.steps;
    v.at = Math.max(0, Math.min(steps.length - 1, k));
    var step = steps[v.at], last = v.at === steps.length - 1;
    var end = last && data.end ? data.end : null;
    data.players.forEach(function (p, i) {
      var seat = v.seats[p];
      if (!seat) { return; }
      var held = step.h[p] || [];
      var later = step.s && has(step.s, p) ? step.s[p] : [];
      var hidden = step.u && has(step.u, p) ? step.u[p] : 0;
      var chips;
      if (v.view === "" || v.view === p) {
        chips = held.map(function (c) { return chip(data, c, false); })
          .concat(later.map(function (c) { return chip(data, c, true); }));
        if (hidden) {
          chips.push(face("? \u00d7 " + hidden, hidden + " cards not recorded", "card back"));
        }
      } else {
        var n = held.length + later.length + hidden;
        chips = n ? [face("\u00d7 " + n, n + " cards, face down", "card back down")] : [];
      }
      fill(seat.querySelector(".held"), chips);
      seat.classList.toggle("to-win", step.w === p);
      seat.classList.toggle("face-down", v.view !== "" && v.view !== p);
      var tally = seat.querySelector(".tally");
      if (tally && step.n) {
        var words = plural(step.n[i], "trick");
        if (step.q) { words += ", " + plural(step.q[i], "card point"); }
        var side = v.side(i, step.n);
        if (side !== null) {
          words += "; side " + plural(side, "trick");
          if (step.q) { words += ", " + plural(v.side(i, step.q), "card point"); }
        }
        if (end && end.change[i] !== "") {
          words += "; score " + end.change[i] + ", total " + end.total[i];
        }
        tally.textContent = words;
      }
    });
    fill(v.played, step.t.map(function (t) {
      var seat = v.seats[t[0]];
      var place = seat ? " at-" + seat.getAttribute("data-place") : "";
      var e = make("span", "play" + place + (step.w === t[0] ? " won" : ""), t[0] + " ");
      e.setAttribute("data-player", t[0]);
      e.appendChild(chip(data, t[1], false));
      if (step.w === t[0]) { e.appendChild(make("span", "sr", " (wins the trick)")); }
      return e;
    }));
    v.caption.textContent = data.file + ":" + step.l + ": " + step.c;
    fill(v.found, step.f.map(function (i) {
      var f = data.findings[i];
      var e = make("div", "finding " + f.severity);
      e.setAttribute("role", "note");
      e.appendChild(make("strong", "", f.severity + "[" + f.code + "]"));
      e.appendChild(document.createTextNode(" " + data.file + ":" + f.line + ": " +
        f.message + (f.rule ? " (rule: " + f.rule + ")" : "")));
      return e;
    }));
    v.end.hidden = !end;
    if (end) {
      fill(v.end, [make("strong", "", "Result (" + end.status + ")")]);
      v.end.appendChild(document.createTextNode(end.summary ? ": " + end.summary : ""));
    }
    v.where.textContent = "step " + (v.at + 1) + " of " + steps.length +
      (step.k ? ", trick " + step.k : "");
    ["start", "back", "trick-back"].forEach(function (go) {
      v.controls.querySelector("[data-go=" + go + "]").disabled = v.at === 0;
    });
    ["forward", "trick-forward", "end"].forEach(function (go) {
      v.controls.querySelector("[data-go=" + go + "]").disabled = last;
    });
    v.playButton.disabled = steps.length < 2;
    v.el.setAttribute("data-step", String(v.at));
    var to = v.address();
    if (how && location.hash !== to) {
      try {
        if (how === "push") { history.pushState(null, "", to); }
        else { history.replaceState(null, "", to); }
      } catch (e) { /* an address the browser will not set (a sandboxed frame) */ }
    }
    if (last) { v.stop(); }
  };
  Viewer.prototype.trickForward = function () {
    for (var j = this.at + 1; j < this.steps.length; j++) { if (this.steps[j].w) { return j; } }
    return this.steps.length - 1;
  };
  Viewer.prototype.trickBack = function () {
    for (var j = this.at - 1; j > 0; j--) { if (this.steps[j].w) { return j; } }
    return 0;
  };
  Viewer.prototype.go = function (how) {
    var v = this;
    if (how === "play") { v.toggle(); return; }
    v.stop();
    var to = { start: 0, back: v.at - 1, forward: v.at + 1, end: v.steps.length - 1 }[how];
    if (how === "trick-forward") { to = v.trickForward(); }
    if (how === "trick-back") { to = v.trickBack(); }
    if (to !== undefined) { v.show(to, "push"); }
  };
  Viewer.prototype.toggle = function () {
    var v = this;
    if (v.timer !== null) { v.stop(); return; }
    if (v.at === v.steps.length - 1) { v.show(0, "push"); }
    v.timer = window.setInterval(function () { v.show(v.at + 1, "replace"); },
      Number(v.speed.value) || 1000);
    v.playButton.setAttribute("aria-pressed", "true");
    v.playButton.querySelector(".label").textContent = "Pause";
  };
  Viewer.prototype.stop = function () {
    if (this.timer === null) { return; }
    window.clearInterval(this.timer);
    this.timer = null;
    this.playButton.setAttribute("aria-pressed", "false");
    this.playButton.querySelector(".label").textContent = "Play";
  };
  function follow(how, scroll) {
    var at = moment(location.hash);
    if (!at) { return false; }
    var v = viewerOf(at[0]);
    if (!v) { return false; }
    v.stop();
    v.show(at[1] === null ? 0 : v.stepOf(at[1]), how);
    if (scroll) { v.el.scrollIntoView({ block: "start" }); }
    return true;
  }
  function inHand(node) {
    var hand = node.closest ? node.closest("section.hand") : null;
    return hand ? viewerOf(hand) : null;
  }
  var before = null;  // what had the focus when the list of keys was opened
  function keys(open) {
    var help = document.getElementById("keys");
    if (!help || help.hidden === !open) { return; }
    help.hidden = !open;
    if (open) { before = document.activeElement; help.focus(); }
    else if (before && before.focus) { before.focus(); before = null; }
  }
  document.addEventListener("click", function (ev) {
    var t = ev.target;
    if (!(t instanceof Element)) { return; }
    if (t.closest("[data-keys=close]")) { keys(false); return; }
    var b = t.closest("button[data-go]");
    if (b) {
      var v = inHand(b);
      if (v) { v.go(b.getAttribute("data-go")); }
      return;
    }
    var a = t.closest("a[href]");
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) { return; }
    var at = moment(a.getAttribute("href"));
    if (!at) { return; }
    var w = viewerOf(at[0]);
    if (!w) { return; }
    ev.preventDefault();
    w.stop();
    w.show(at[1] === null ? 0 : w.stepOf(at[1]), "push");
    w.table.focus({ preventScroll: true });
    w.el.scrollIntoView({ block: "nearest" });
  });
  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!(t instanceof Element)) { return; }
    var v = inHand(t);
    if (!v) { return; }
    if (t.hasAttribute("data-view")) { v.view = t.value; v.show(v.at, null); }
    if (t.hasAttribute("data-speed") && v.timer !== null) { v.stop(); v.toggle(); }
  });
  var KEYS = { ArrowRight: "forward", ArrowLeft: "back", ArrowDown: "trick-forward",
    ArrowUp: "trick-back", Home: "start", End: "end", p: "play", P: "play" };
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var t = ev.target;
    var help = document.getElementById("keys");
    if (ev.key === "Escape" && help && !help.hidden) { keys(false); return; }
    if (t instanceof Element && t.closest("input, select, textarea")) { return; }
    if (ev.key === "?") { ev.preventDefault(); keys(help ? help.hidden : false); return; }
    var how = KEYS[ev.key];
    if (!how || !(t instanceof Element) || !t.closest(".viewer")) { return; }
    if (t.closest("button") && (ev.key === " " || ev.key === "Enter")) { return; }
    var v = inHand(t);
    if (!v) { return; }
    ev.preventDefault();
    v.go(how);
  });
  window.addEventListener("popstate", function () { follow(null, true); });
  window.addEventListener("hashchange", function () { follow(null, true); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { follow(null, true); });
  } else { follow(null, true); }
})();
"""

ANALYSIS_CSS = """
/* the analysis (history --analyse): a move's mark and cost, the best line, a claim's verdict */
.cost { display: inline-block; font-weight: 700; font-size: 0.85em; padding: 0 0.3em;
  margin-left: 0.15em; border-radius: 3px; background: #ffe08a; color: #000; }
.cost.m2 { background: #ffb3b3; }
.centre .analysis { margin: 0.4rem 0 0; padding: 0.3rem 0.5rem; border-radius: 6px;
  background: var(--paper); color: var(--ink); font-size: 0.9rem; overflow-wrap: anywhere; }
.centre .analysis p { margin: 0.1rem 0; }
.analysis .act { white-space: nowrap; }
.analysis .act:not(:last-child)::after { content: ","; }
.analysis-note { margin: 0.2rem 0 0.6rem; font-size: 0.92rem; color: var(--muted); }
.claim-verdict { border-left: 4px solid #0f7a2c; padding: 0.2rem 0.5rem; background: #eef8ee; }
.claim-verdict.unsound, .analysis .unsound { border-left-color: var(--error);
  background: #fff3f3; }
"""
"""The stylesheet's part for the analysis (only on a page made with ``--analyse``)."""

_ANALYSIS_SHOW = r"""    if (v.analysis === undefined) {
      v.analysis = v.el.querySelector(".analysis");
      v.marks = Object.create(null);
      steps.forEach(function (s) { if (s.a && s.a.m) { v.marks[s.l] = [s.a.m, s.a.x]; } });
    }
    if (v.analysis) {
      Array.prototype.forEach.call(v.played.children, function (e, i) {
        var t = step.t[i], mk = t ? v.marks[t[2]] : null;
        if (mk) {
          e.appendChild(document.createTextNode(" "));
          e.appendChild(face(mk[0] + " −" + mk[1], "(" + mk[0] + " costs " + mk[1] +
            ")", "cost m" + mk[0].length));
        }
      });
      var acts = function (xs) {
        return xs.map(function (x) {
          var e = make("span", "act", x[2] ? x[0] + " " : x[1]);
          if (x[2]) { e.appendChild(chip(data, x[1], false)); }
          return e;
        });
      };
      var parts = [], p, side = (data.side || []).join(" & ");
      if (step.a) {
        p = make("p", "");
        p.appendChild(make("strong", "", step.a.m ? step.a.m + " cost " + step.a.x :
          "no cost"));
        p.appendChild(document.createTextNode(": value for " + side + " " + step.a.v[0] +
          " → " + step.a.v[1] + " (perfect play by everyone)"));
        parts.push(p);
        p = make("p", "best-line");
        fill(p, [make("span", "", "Best line from before this move:")].concat(
          acts(step.a.b).length ? acts(step.a.b) : [make("span", "", "the hand ends")]));
        parts.push(p);
      }
      if (step.cl) {
        p = make("p", step.cl.s ? "verdict" : "verdict unsound");
        p.appendChild(make("strong", "", "Claim check: " + step.cl.p + "'s claim is " +
          (step.cl.s ? "sound" : "NOT sound")));
        if (step.cl.s) {
          p.appendChild(document.createTextNode(
            ": every remaining trick is theirs against any defence (A10)"));
        } else {
          p.appendChild(document.createTextNode(": the defenders win trick " + step.cl.k +
            " against this play:"));
          acts(step.cl.d).forEach(function (e) {
            p.appendChild(document.createTextNode(" "));
            p.appendChild(e);
          });
          p.appendChild(document.createTextNode(" (A10)"));
        }
        parts.push(p);
      }
      v.analysis.hidden = !parts.length;
      fill(v.analysis, parts);
    }
"""
"""The script's part for the analysis, in the viewer's step (only on a page made with
``--analyse``): the marks on the cards of the trick, the move's value and cost, the best line
from before it, a claim's verdict with the defence that beats it."""

_ANCHOR = "    if (last) { v.stop(); }\n"


def page_script(analysis: bool) -> str:
    """The page's script: :data:`SCRIPT`, with the analysis's part where a page has one."""
    if not analysis:
        return SCRIPT
    return SCRIPT.replace(_ANCHOR, _ANALYSIS_SHOW + _ANCHOR, 1)

