"""A Pyodide memory snapshot with `calc` imported, made once per wheel by Node and cached.

Restoring it in the browser skips Python's start-up: see scripts/make_snapshot.mjs. The
snapshot is gzipped (the worker inflates it with DecompressionStream). It is made with the
standard library the worker will restore it with (the trimmed one, macros/runtime/stdlib.py, when there
is one: Python's zip importer keeps the zip's directory in memory, so the zip must not change).
It is cached under `.cache/snapshots/` keyed by the wheel's, the standard library's and
Pyodide's bytes, so rebuilds of one commit reuse it.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import shutil
import subprocess
import tempfile
from pathlib import Path

from macros.build_cache import write_whole

log = logging.getLogger("mkdocs.plugins.codex")
SCRIPT = "scripts/make_snapshot.mjs"


def _key(root: Path, pyodide_dir: Path, wheel: bytes, stdlib: bytes | None = None) -> str:
    digest = hashlib.sha256(wheel)
    if stdlib is not None:
        digest.update(hashlib.sha256(stdlib).digest())
    digest.update((root / SCRIPT).read_bytes())
    digest.update((pyodide_dir / "package.json").read_bytes())
    return digest.hexdigest()[:16]


def snapshot(root: Path, pyodide_dir: Path, wheel: bytes, stdlib: bytes | None = None) -> tuple[str, bytes] | None:
    """(file name, gzipped snapshot), or None when Node cannot make one (the site then boots normally).

    `stdlib`: the zip the worker restores it with, or None for Pyodide's own python_stdlib.zip.
    """
    key = _key(root, pyodide_dir, wheel, stdlib)
    name = f"snapshot-{key}.bin.gz"
    cache = root / ".cache" / "snapshots"
    cached = cache / name
    if cached.exists():
        return name, cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        log.info("codex: no `node` on PATH, so no Pyodide snapshot; calculators will boot more slowly")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        wheel_path = Path(tmp) / "calc.whl"
        wheel_path.write_bytes(wheel)
        raw = Path(tmp) / "snapshot.bin"
        stdlib_path = Path(tmp) / "stdlib.zip"
        if stdlib is None:
            stdlib_path = pyodide_dir / "python_stdlib.zip"
        else:
            stdlib_path.write_bytes(stdlib)
        done = subprocess.run(
            [node, str(root / SCRIPT), str(pyodide_dir), str(wheel_path), str(raw), str(stdlib_path)],
            capture_output=True, text=True, timeout=300, check=False,
        )
        if done.returncode != 0 or not raw.exists():
            tail = (done.stderr or done.stdout)[-600:]
            log.info("codex: making the Pyodide snapshot failed; calculators will boot normally: %s", tail)
            return None
        data = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
    write_whole(cached, data)
    return name, data
