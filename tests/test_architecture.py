"""The shape of the package (issue 25 item 5): no import circle in ``referee/`` and no private
name of one module used by another.

The import graph is built from the source with :mod:`ast`: every ``import`` and ``from ...
import`` counts, at module level or inside a function (a function-level import is a circle all
the same, only a later one); an import under ``if TYPE_CHECKING:`` does not (it never runs).  A
private name is one that starts with ``_`` and is no dunder (``__version__``); it crosses modules
when it is imported from another module of ``referee`` or read as ``module._name`` off a module
imported by name.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "referee"


def _imported_from(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` in ``package`` names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _modules() -> dict[str, Path]:
    """Module name → its file, for every module of the package."""
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of every node under an ``if TYPE_CHECKING:`` (imports there never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING",
                                                                   "typing.TYPE_CHECKING"):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    return skip


@functools.cache
def _analyse() -> tuple[dict[str, set[str]], list[str]]:
    """(module → the modules of ``referee`` it imports, the private names used across modules,
    each as ``user:line: module.name``)."""
    mods = _modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    private: list[str] = []
    for mod, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        skip = _type_checking_nodes(tree)
        bound: dict[str, str] = {}  # a local name → the module it is bound to
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.ImportFrom):
                source = _imported_from(node, package)
                for a in node.names:
                    whole = f"{source}.{a.name}"
                    if whole in mods:  # a module imported from its package
                        edges[mod].add(whole)
                        bound[a.asname or a.name] = whole
                    elif source in mods:
                        edges[mod].add(source)
                        if _is_private(a.name):
                            private.append(f"{mod}:{node.lineno}: {source}.{a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in mods:
                        edges[mod].add(a.name)
                        bound[a.asname or a.name] = a.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _is_private(node.attr):
                target = None
                if isinstance(node.value, ast.Name):
                    target = bound.get(node.value.id)
                elif isinstance(node.value, ast.Attribute):  # referee.api._x
                    dotted = ast.unparse(node.value)
                    target = dotted if dotted in mods else None
                if target is not None and target != mod:
                    private.append(f"{mod}:{node.lineno}: {target}.{node.attr}")
        private.extend(_foreign_attributes(mod, tree, bound))
        edges[mod].discard(mod)
    return edges, private


def _foreign_attributes(mod: str, tree: ast.AST, bound: dict[str, str]) -> list[str]:
    """``obj._name`` read off an object that is not the module's own (not ``self``, ``cls``
    or ``super()``) where ``_name`` is no private name the module defines itself: another
    module's private attribute (``engine._HANDLERS`` in a module that is not the engine's).
    Names bound to modules outside ``referee`` (``os._exit``) are the standard library's
    business."""
    own: set[str] = set()
    outside: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            own.add(node.value)  # __slots__ entries, setattr names
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                name = a.asname or a.name.split(".")[0]
                if name not in bound:
                    outside.add(name)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr) and node.attr not in own:
            holder = ast.unparse(node.value)
            if holder in ("self", "cls", "super()", "type(self)") or holder in outside or \
                    holder in bound:  # (a module of referee: checked above)
                continue
            out.append(f"{mod}:{node.lineno}: {holder}.{node.attr}")
    return out


def _circles(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: set[frozenset[str]] = set()
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    scc = set()
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        scc.add(w)
                        if w == v:
                            break
                    if len(scc) > 1:
                        out.add(frozenset(scc))
    return out


def test_the_graph_sees_every_kind_of_import():
    """The analysis itself: a module-level, a function-level and a relative import are edges; a
    TYPE_CHECKING import is not (the cli imports the batch runner; the api imports the driver
    inside functions too)."""
    edges, _ = _analyse()
    assert "referee.replay" in edges["referee.api"]
    assert "referee.events" in edges["referee.games.base"]  # `from .. import events as ev`
    assert "referee.batch" in edges["referee.cli"]
    assert "referee.events" not in edges["referee.model"]  # under TYPE_CHECKING only
    # `_circles` on a hand-made graph: a → b → c → a is one circle, d → a none
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {frozenset("abc")}
    assert _circles({"a": {"b"}, "b": set()}) == set()
    # a private attribute of another module's object is seen; one's own, and the standard
    # library's, are not
    assert _foreign_attributes("m", ast.parse("def f(engine):\n    return engine._HANDLERS\n"),
                               {}) == ["m:2: engine._HANDLERS"]
    own = ("import os\nclass A:\n    def f(self, b):\n        b._x = self._y = 1\n"
           "        os._exit(b._x)\n")
    assert _foreign_attributes("m", ast.parse(own), {}) == []


def test_no_import_circle():
    """The import graph of ``referee/`` has no circle (issue 25 item 5): the rules modules
    import no commentary, the registry does not import the engine base (it knows a rules core
    by ``referee.games.RULES_CORES``), and the shared commentary, which words the log
    reader's errors, names the games from the registry, not from the reader."""
    assert sorted(map(sorted, _circles(_analyse()[0]))) == []


def test_no_private_name_crosses_modules():
    """No module of ``referee`` imports another's ``_name``, reads ``module._name``, or reads
    a private attribute another module defines off one of its objects."""
    assert _analyse()[1] == []


CONSUMERS = ("referee.render", "referee.diff", "referee.follow", "referee.dask", "referee.cli",
             "referee.batch")
"""The modules that consume a replay (renderers, ``diff``, ``--follow``, Dask, the command line
and the batch runner): they see the model and what the driver hands on."""

ENGINE_INTERNALS = frozenset({"finding_floor", "revoke", "_HANDLERS"})
"""What a consumer once read off the engine (``finding_floor()``, ``engine.current.revoke``):
the driver says it now (``FileReplay.held_from``, ``FileReplay.open_revoke``)."""


def test_consumers_do_not_read_what_the_driver_holds_back_off_the_engine():
    reads = []
    for mod, path in _modules().items():
        if not any(mod == c or mod.startswith(c + ".") for c in CONSUMERS):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ENGINE_INTERNALS:
                reads.append(f"{mod}:{node.lineno}: {ast.unparse(node)}")
    assert reads == []


CONSUMERS = ("referee.render", "referee.follow", "referee.batch", "referee.dask",
             "referee.diff", "referee.cli")
"""The consumers of a replay (issue 25 item 5): they see the model's values only."""


def _is_consumer(mod: str) -> bool:
    return any(mod == c or mod.startswith(c + ".") for c in CONSUMERS)


def _engine_uses(mod: str, path: Path) -> list[str]:
    """What in module ``mod`` (file ``path``) reaches an engine: an import of a module under
    ``referee.games`` (the rules, the commentary that reads an engine, the engine base; the
    registry ``referee.games`` itself names the games and is allowed) or of
    :mod:`referee.values` (which reads an engine's state), under ``TYPE_CHECKING`` too; the
    name ``MatchEngine`` or ``ENGINES`` (the engine classes), also in a string annotation; or
    an attribute ``engine`` read off anything (``replay.engine``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        sources: list[str] = []
        if isinstance(node, ast.ImportFrom):
            source = _imported_from(node, package)
            mods = _modules()
            sources = [source] + [f"{source}.{a.name}" for a in node.names
                                  if f"{source}.{a.name}" in mods]
            out.extend(f"{mod}:{node.lineno}: imports {a.name}" for a in node.names
                       if a.name in ("MatchEngine", "ENGINES"))
        elif isinstance(node, ast.Import):
            sources = [a.name for a in node.names]
        for s in sources:
            if s.startswith("referee.games.") or s == "referee.values":
                out.append(f"{mod}:{node.lineno}: imports {s}")
        if isinstance(node, ast.Name) and node.id in ("MatchEngine", "ENGINES"):
            out.append(f"{mod}:{node.lineno}: names {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in ("engine", "MatchEngine",
                                                               "ENGINES"):
            out.append(f"{mod}:{node.lineno}: reads {ast.unparse(node)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                ("MatchEngine[" in node.value or node.value == "MatchEngine"):
            out.append(f"{mod}:{node.lineno}: names MatchEngine in {node.value!r}")
    return sorted(set(out))


def test_the_check_for_engines_sees_each_way_in(tmp_path):
    """The analysis itself, on made-up modules: an import of the engine base (also under
    TYPE_CHECKING, also inside a function), of values, the names MatchEngine and ENGINES, a
    string annotation and an ``.engine`` read are each seen; the registry and the model are
    not engines."""
    bad = tmp_path / "bad.py"
    bad.write_text("from typing import TYPE_CHECKING\n"
                   "from ..games import SPECS\n"
                   "from ..model import Hand\n"
                   "if TYPE_CHECKING:\n    from ..games.base import MatchEngine\n"
                   "def f(run, e: 'MatchEngine[Any]'):\n"
                   "    from .. import values\n"
                   "    from ..games import ENGINES\n"
                   "    return run.engine\n")
    found = _engine_uses("referee.render.bad", bad)
    assert found == sorted([
        "referee.render.bad:5: imports referee.games.base",
        "referee.render.bad:5: imports MatchEngine",
        "referee.render.bad:6: names MatchEngine in 'MatchEngine[Any]'",
        "referee.render.bad:7: imports referee.values",
        "referee.render.bad:8: imports ENGINES",
        "referee.render.bad:9: reads run.engine"])
    good = tmp_path / "good.py"
    good.write_text("from ..games import SPECS\nfrom ..model import Hand, Step\n"
                    "def f(step: Step) -> str:\n    return SPECS['x'].title + step.text\n")
    assert _engine_uses("referee.render.good", good) == []


def test_no_consumer_reads_an_engine():
    """No renderer, nor ``--follow``, the batch runner, Dask, ``diff`` or the command line
    imports or reads a :class:`~referee.games.base.MatchEngine` (issue 25 item 5): what they
    see is the model's values (:mod:`referee.model`, the driver's ``MatchInfo`` and
    ``MatchSummary``, ``referee legal``'s :class:`~referee.position.Position`), made by
    :mod:`referee.values` and :mod:`referee.position` from the engine."""
    mods = _modules()
    consumers = [m for m in mods if _is_consumer(m)]
    assert {"referee.render.history", "referee.render.html", "referee.cli",
            "referee.diff"} <= set(consumers)
    found = [x for m in consumers for x in _engine_uses(m, mods[m])]
    assert found == []
