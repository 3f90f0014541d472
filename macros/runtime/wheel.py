"""Build the `calc` wheel in memory, byte-for-byte reproducible, for the browser to load.

A py3-none-any wheel is a zip of the packages plus a `.dist-info` folder. Building it here
(instead of calling pip) takes well under a second, so `mkdocs serve` rebuilds it on every change
to `calc/`, and two builds of one commit give identical bytes (fixed timestamps, sorted order).
It carries what the browser's entry point (`codex_view.browser`) imports and reads: every
calculator and its renderer, and of `calc/data` only the tables the calculators read. What only the
build or a terminal uses stays out: the pages' glossaries, rulings and rules tables (a fifth of the
wheel), the roll popovers' and the search's figures, the planner's page table, the command line.
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
EPOCH = (1980, 1, 1, 0, 0, 0)


def project_meta(root: Path) -> tuple[str, str]:
    meta = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return meta["name"].replace("-", "_"), meta["version"]


def wheel_name(root: Path) -> str:
    name, version = project_meta(root)
    return f"{name}-{version}-py3-none-any.whl"


# what a fresh interpreter has imported of the packages and read of calc/data once the browser's
# entry point is imported (every calculator is imported by the registry and reads its tables then)
BROWSER_IMPORTS = """import json, sys, codex_view.browser, calc.data as d
print(json.dumps({"modules": [m.__file__ for n, m in sys.modules.items() if n.split(".")[0] in %r],
                  "data": d.loaded()}))"""


def browser_files(root: Path) -> set[str]:
    """The package files the browser runs: the modules `codex_view.browser` imports and the
    calc/data files the calculators read (tests/test_stdlib.py runs every calculator from what
    ships)."""
    done = subprocess.run([sys.executable, "-c", BROWSER_IMPORTS % (PACKAGES,)], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(root)}, check=True)
    loaded = json.loads(done.stdout)
    return ({Path(f).resolve().relative_to(root.resolve()).as_posix() for f in loaded["modules"]}
            | {f"calc/data/{name}.json" for name in loaded["data"]})


def _sources(root: Path) -> list[tuple[str, bytes]]:
    return [(name, (root / name).read_bytes()) for name in sorted(browser_files(root))]


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
