"""Reproducible builds: two builds of one checkout give byte-identical sites.

What could differ, and how it is pinned:
- sitemap.xml `<lastmod>` and the gzip header of sitemap.xml.gz carry the build date: MkDocs
  takes it from SOURCE_DATE_EPOCH, which the Makefile sets to the last commit's time (and the
  tests' builds set to scripts/harness.py BUILD_EPOCH).
- the calc wheel: zipped with fixed timestamps and sorted entries (macros/runtime/wheel.py).
- the Pyodide memory snapshot: made by Node, its bytes differ between machines and runs, so it
  is cached under .cache/snapshots keyed by the wheel's, the script's and Pyodide's bytes
  (macros/runtime/snapshot.py); the same checkout on the same machine reuses it. A fresh clone on
  another machine makes its own: same name, different bytes. This test checks the checkout
  case, and that the snapshot's name depends only on its inputs.
- the service worker's cache version: a hash of the files it keeps (macros/hooks/security.py).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support import BUILD_EPOCH, ROOT, build_site


def _digests(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_a_second_build_of_the_checkout_is_identical(site_dir: Path, base_url: str, tmp_path: Path) -> None:
    """The session's build against one more build of the same checkout, with the same date."""
    again = tmp_path / "again"
    done = build_site(again, base_url)
    assert done.returncode == 0, done.stderr[-2000:]
    one, two = _digests(site_dir), _digests(again)
    assert sorted(one) == sorted(two), "the two builds wrote different files"
    differ = [name for name in one if one[name] != two[name]]
    print(f"\nreproducible build: {len(one)} files, {len(differ)} differ")
    assert differ == []
    day = dt.datetime.fromtimestamp(int(BUILD_EPOCH), dt.timezone.utc).date().isoformat()
    assert f"<lastmod>{day}</lastmod>" in (again / "sitemap.xml").read_text()


def test_make_builds_with_the_last_commits_date() -> None:
    """What a `make` recipe sees as SOURCE_DATE_EPOCH, with none set outside: the commit's time."""
    commit = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=False)
    if commit.returncode != 0 or shutil.which("make") is None:
        pytest.skip("needs git history and GNU make")
    env = {k: v for k, v in os.environ.items() if k not in {"SOURCE_DATE_EPOCH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    shown = subprocess.run(
        ["make", "-s", "--no-print-directory", "-C", str(ROOT), "--eval", "codex-epoch: ; @echo \"<$$SOURCE_DATE_EPOCH>\"",
         "codex-epoch"], env=env, capture_output=True, text=True, check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == f"<{commit.stdout.strip()}>"


def test_the_snapshot_name_depends_only_on_its_inputs(tmp_path: Path) -> None:
    """Same wheel bytes, same script, same Pyodide -> same cached file, whoever builds, wherever;
    a change to any of them -> another name."""
    from macros.runtime.snapshot import SCRIPT, _key
    from macros.runtime.wheel import build_wheel

    pyodide = ROOT / "node_modules" / "pyodide"
    clone, clone_pyodide = tmp_path / "clone", tmp_path / "pyodide"
    for folder in ("calc", "codex_view", "scripts"):
        shutil.copytree(ROOT / folder, clone / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", clone / "pyproject.toml")
    clone_pyodide.mkdir()
    shutil.copy(pyodide / "package.json", clone_pyodide / "package.json")
    _, wheel = build_wheel(ROOT)
    assert build_wheel(clone)[1] == wheel, "the wheel's bytes depend on where the checkout is"
    stdlib = b"trimmed stdlib"
    name = _key(ROOT, pyodide, wheel, stdlib)
    assert _key(clone, clone_pyodide, wheel, stdlib) == name
    assert _key(clone, clone_pyodide, wheel + b"\0", stdlib) != name
    assert _key(clone, clone_pyodide, wheel, stdlib + b"\0") != name
    assert _key(clone, clone_pyodide, wheel, None) != name
    (clone / SCRIPT).write_text((clone / SCRIPT).read_text() + "\n// changed\n")
    assert _key(clone, clone_pyodide, wheel, stdlib) != name
    shutil.copy(ROOT / SCRIPT, clone / SCRIPT)
    (clone_pyodide / "package.json").write_text((pyodide / "package.json").read_text().replace('"version"', '"version" ', 1))
    assert _key(clone, clone_pyodide, wheel, stdlib) != name
