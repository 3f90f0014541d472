"""Reproducible builds: two builds of one checkout give byte-identical sites.

What could differ, and how it is pinned:
- sitemap.xml `<lastmod>` and the gzip header of sitemap.xml.gz carry the build date: MkDocs
  takes it from SOURCE_DATE_EPOCH, which the Makefile sets to the last commit's time (and this
  test sets to a fixed time).
- the calc wheel: zipped with fixed timestamps and sorted entries (macros/wheel.py).
- the Pyodide memory snapshot: made by Node, its bytes differ between machines and runs, so it
  is cached under .cache/snapshots keyed by the wheel's, the script's and Pyodide's bytes
  (macros/snapshot.py); the same checkout on the same machine reuses it. A fresh clone on
  another machine makes its own: same name, different bytes. This test checks the checkout
  case, and that the snapshot's name depends only on its inputs.
- the service worker's cache version: a hash of the files it keeps (macros/security_hook.py).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.conftest import ROOT, build_site

EPOCH = "1700000000"  # 2023-11-14


def _digests(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


@pytest.fixture()
def pinned_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


def test_two_builds_of_one_checkout_are_identical(tmp_path: Path, base_url: str, pinned_date: None) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    for dest in (first, second):
        done = build_site(dest, base_url)
        assert done.returncode == 0, done.stderr[-2000:]
    one, two = _digests(first), _digests(second)
    assert sorted(one) == sorted(two), "the two builds wrote different files"
    differ = [name for name in one if one[name] != two[name]]
    print(f"\nreproducible build: {len(one)} files, {len(differ)} differ")
    assert differ == []
    assert "<lastmod>2023-11-14</lastmod>" in (first / "sitemap.xml").read_text()


def test_the_makefile_pins_the_build_date_to_the_commit() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "export SOURCE_DATE_EPOCH" in makefile and "git log -1" in makefile


def test_the_snapshot_name_depends_only_on_its_inputs() -> None:
    """Same wheel bytes, same script, same Pyodide -> same cached file, whoever builds."""
    from macros.snapshot import _key
    from macros.wheel import build_wheel

    pyodide = ROOT / "node_modules" / "pyodide"
    _, wheel = build_wheel(ROOT)
    assert _key(ROOT, pyodide, wheel) == _key(ROOT, pyodide, wheel)
    assert _key(ROOT, pyodide, wheel) != _key(ROOT, pyodide, wheel + b"\0")
