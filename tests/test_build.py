"""The site builds strictly, ships its own Pyodide and wheel, and carries prerendered results."""

from __future__ import annotations

import gzip
import json
import zipfile
from pathlib import Path

import calc
from macros.runtime.wheel import build_wheel
from tests.support import ROOT


def test_runtime_files_and_wheel_are_in_the_build(site_dir: Path) -> None:
    assets = site_dir / "assets" / "pyodide"
    runtime = json.loads((assets / "runtime.json").read_text())
    # Pyodide's files live in a folder named by their content (a deploy that changes Pyodide
    # changes the path, so no cache pairs an old runtime with a new snapshot)
    assert runtime["core"].startswith("core-") and runtime["core"].endswith("/")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (assets / runtime["core"] / name).stat().st_size > 0, name
        assert runtime["sizes"][runtime["core"] + name] == (assets / runtime["core"] / name).stat().st_size
    assert not (assets / "pyodide.asm.wasm").exists(), "an unversioned copy would be served stale"
    # the wasm the worker fetches where it can inflate: gzipped by the build, smaller than a
    # host's gzip of it (the zlib level a host uses), and the same wasm inside
    packed = (assets / runtime["wasm_gz"]).read_bytes()
    raw = (assets / runtime["core"] / "pyodide.asm.wasm").read_bytes()
    assert runtime["wasm_gz"] == runtime["core"] + "pyodide.asm.wasm.gz" and gzip.decompress(packed) == raw
    assert len(packed) < len(gzip.compress(raw, compresslevel=6)) - 100_000
    assert runtime["gzip"][runtime["wasm_gz"]] == len(packed)
    # the trimmed standard library, precompiled (without line tables) and as bare source
    # (macros/runtime/stdlib.py; tests/test_stdlib.py): STORED zips the build gzips whole
    assert runtime["stdlib"].startswith("stdlib-") and runtime["gzip"][runtime["stdlib"]] < 800_000
    assert runtime["gzip"][runtime["stdlib_source"]] < 0.6 * runtime["gzip"][runtime["stdlib"]]
    assert runtime["sizes"][runtime["stdlib"]] == (assets / runtime["stdlib"]).stat().st_size
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert runtime["pyodide"] == pinned
    # the memory snapshot (made by Node at build time) is what keeps boot under the targets
    assert runtime["snapshot"].endswith(".bin.gz") and (assets / runtime["snapshot"]).stat().st_size > 1_000_000
    with zipfile.ZipFile(assets / runtime["wheel"]) as wheel:
        names = wheel.namelist()
    assert runtime["wheel"].endswith("-py3-none-any.whl")
    assert "calc/__init__.py" in names and "codex_view/browser.py" in names
    assert any(n.startswith("calc/data/") and n.endswith(".json") for n in names)


def test_wheel_is_reproducible() -> None:
    assert build_wheel(ROOT) == build_wheel(ROOT)


def test_default_result_is_prerendered(site_dir: Path) -> None:
    html = (site_dir / "sun" / "rules" / "index.html").read_text()
    expected = calc.evaluate("sun-check", calc.CALCULATORS["sun-check"].defaults())["chance"]
    assert 'data-calculator="sun-check" data-state="static"' in html
    assert f'data-result="chance" data-value="{expected!r}"' in html


def test_no_page_loads_anything_from_another_origin(site_dir: Path) -> None:
    for page in site_dir.rglob("*.html"):
        text = page.read_text()
        for marker in ("fonts.googleapis", "fonts.gstatic", "cdn.jsdelivr", "unpkg.com", "cdnjs"):
            assert marker not in text, f"{page} refers to {marker}"
