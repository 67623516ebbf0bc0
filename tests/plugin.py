"""The fifth game, installed for the tests as an outside package is (issue 25 item 6).

``tests/plugin_game`` is a package of its own (``referee-whist``, with a ``pyproject.toml``) that
registers Whist through the ``referee.games`` entry-point group.  :func:`install` builds it with
pip into a directory of its own (``pip install --no-deps --target DIR``: never into the running
environment) and puts that directory first on ``sys.path`` and on ``PYTHONPATH`` (for the
subprocesses the tests start), so the registry finds the game through its metadata exactly as
it finds an installed package's.  The directory is kept between runs under the system's
temporary directory, named by a digest of the plugin's sources (a changed source is a new
build).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "plugin_game"
NAME = "whist"
"""The plugin's game, as its logs name it."""


def _digest() -> str:
    """A digest of the plugin's sources (its pyproject.toml and modules)."""
    h = hashlib.sha256()
    for p in [SOURCE / "pyproject.toml", *sorted((SOURCE / "referee_whist").glob("*.py"))]:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def build(target: Path) -> None:
    """``pip install`` the plugin into ``target``: with the environment's own setuptools where
    it can build a wheel (``--no-build-isolation``, offline), else in pip's build isolation
    (setuptools from the package index).  Raises RuntimeError with pip's words when neither
    works."""
    base = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-input",
            "--disable-pip-version-check", "--target", str(target)]
    errors = []
    for extra in (["--no-build-isolation"], []):
        done = subprocess.run(base + extra + [str(SOURCE)], capture_output=True, text=True)
        if done.returncode == 0:
            return
        errors.append(done.stderr[-2000:])
    raise RuntimeError("cannot install tests/plugin_game:\n" + "\n".join(errors))


def install() -> Path:
    """Build the plugin (once per change of its sources) and put it on the path of this
    process and of its subprocesses; the registry is read anew.  Returns the directory."""
    target = Path(tempfile.gettempdir()) / f"referee-plugin-game-{_digest()}"
    done = target / ".complete"
    if not done.exists():
        work = Path(tempfile.mkdtemp(prefix="referee-plugin-game-"))
        build(work)
        (work / ".complete").write_text("built\n")
        try:
            work.rename(target)
        except OSError:  # another run built it meanwhile
            pass
    if str(target) not in sys.path:
        sys.path.insert(0, str(target))
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(target) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(target)] + [p for p in paths if p])
    import referee.games
    referee.games._load.cache_clear()
    return target
