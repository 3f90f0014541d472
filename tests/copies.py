"""Edited copies of the project, each built once a session, for the tests that check the build stops.

Each case builds an edited copy of the project. The copies link the project's `.cache` (Pyodide's
snapshot and compiled library are keyed by their inputs, so a copy whose `calc/` is unchanged
reuses them) and `node_modules`; a copy is built once per session however many tests read it.
Edits whose checks cannot hide each other share a copy (a build costs 10-15 s).
"""

from __future__ import annotations

from pathlib import Path
import shutil
import subprocess
from typing import Callable

from tests.support import ROOT, build_site

COPY_SKIP = {".git", ".venv", ".venv-lock", "node_modules", "site", "dist", "build", ".pytest_cache", "__pycache__",
             ".hypothesis", ".cache", "bench-results"}


Edit = Callable[[Path], None]


class Copies:
    """Edited copies of the project, each built once: name -> (project, site, build result)."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.built: dict[str, tuple[Path, Path, subprocess.CompletedProcess[str]]] = {}

    def build(self, name: str, edit: Edit) -> tuple[Path, subprocess.CompletedProcess[str]]:
        if name not in self.built:
            project = copy_project(self.base / name)
            edit(project)
            site = self.base / name / "site"
            self.built[name] = (project, site, build_site(site, "http://127.0.0.1:8000/", root=project))
        _, site, done = self.built[name]
        return site, done


def copy_project(where: Path) -> Path:
    dest = where / "project"
    shutil.copytree(ROOT, dest, ignore=lambda folder, names: [n for n in names if n in COPY_SKIP])
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    (ROOT / ".cache").mkdir(exist_ok=True)
    (dest / ".cache").symlink_to(ROOT / ".cache")
    return dest


# ------------------------------------------------------------------------------ the build stops
# A case that only a whole build can show (the share cards' check reads every rendered page) builds
# an edited copy (the `built_copy` fixture); edits whose checks cannot hide each other share a copy.
# A check that reads one thing the build makes runs in process instead (tests/test_deploy_contract.py).
def edit_text(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a file of a copy with `new` (failing if it is not there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
