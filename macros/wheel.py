"""Build the `calc` wheel in memory, byte-for-byte reproducible, for the browser to load.

A py3-none-any wheel is a zip of the packages plus a `.dist-info` folder. Building it here
(instead of calling pip) takes well under a second, so `mkdocs serve` rebuilds it on every change
to `calc/`, and two builds of one commit give identical bytes (fixed timestamps, sorted order).
Of `calc/data` it carries only the tables the calculators read, not the pages' glossaries,
rulings and rules tables (a fifth of the wheel), and of `calc` not its command line.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

PACKAGES = ("calc", "codex_view")  # what the browser needs: the engine and its renderer
SUFFIXES = (".py", ".json")
# calc's command line (`python -m calc`) and the catalogue it and api/v1/calculators.json print:
# never imported in the browser, so the browser's wheel leaves them out (4 kB gzipped)
COMMAND_LINE_ONLY = frozenset({"calc/__main__.py", "calc/catalogue.py"})
EPOCH = (1980, 1, 1, 0, 0, 0)


def project_meta(root: Path) -> tuple[str, str]:
    meta = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return meta["name"].replace("-", "_"), meta["version"]


def wheel_name(root: Path) -> str:
    name, version = project_meta(root)
    return f"{name}-{version}-py3-none-any.whl"


# what a fresh interpreter has read of calc/data once the browser's entry point is imported
# (every calculator reads its tables as it is imported)
BROWSER_DATA = "import json, codex_view.browser, calc.data as d; print(json.dumps(d.loaded()))"


def browser_data(root: Path) -> set[str]:
    """The calc/data files the calculators read; the glossaries, rulings and rules tables are
    the pages' (tests/test_stdlib.py runs every calculator from what ships)."""
    done = subprocess.run([sys.executable, "-c", BROWSER_DATA], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root)}, check=True)
    return {f"calc/data/{name}.json" for name in json.loads(done.stdout)}


def _sources(root: Path) -> list[tuple[str, bytes]]:
    files = []
    data = browser_data(root)
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*")):
            name = path.relative_to(root).as_posix()
            if name.startswith("calc/data/") and path.suffix == ".json" and name not in data or name in COMMAND_LINE_ONLY:
                continue
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                files.append((name, path.read_bytes()))
    return files


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_wheel(root: Path) -> tuple[str, bytes]:
    """Return (file name, wheel bytes) for the packages under `root`."""
    name, version = project_meta(root)
    info = f"{name}-{version}.dist-info"
    entries = _sources(root)
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: codex-macros\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    entries.append((f"{info}/top_level.txt", "\n".join(PACKAGES).encode() + b"\n"))
    record = "".join(f"{path},{_digest(data)},{len(data)}\n" for path, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            item = zipfile.ZipInfo(path, date_time=EPOCH)
            item.compress_type = zipfile.ZIP_DEFLATED
            item.external_attr = 0o644 << 16
            archive.writestr(item, data)
    return wheel_name(root), buffer.getvalue()
