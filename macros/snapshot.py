"""A Pyodide memory snapshot with `calc` imported, made once per wheel by Node and cached.

Restoring it in the browser skips Python's start-up: see scripts/make_snapshot.mjs. The
snapshot is gzipped (the worker inflates it with DecompressionStream). It is cached under
`.cache/snapshots/` keyed by the wheel's and Pyodide's bytes, so rebuilds of one commit reuse it.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.codex")
SCRIPT = "scripts/make_snapshot.mjs"


def _key(root: Path, pyodide_dir: Path, wheel: bytes) -> str:
    digest = hashlib.sha256(wheel)
    digest.update((root / SCRIPT).read_bytes())
    digest.update((pyodide_dir / "package.json").read_bytes())
    return digest.hexdigest()[:16]


def snapshot(root: Path, pyodide_dir: Path, wheel: bytes) -> tuple[str, bytes] | None:
    """(file name, gzipped snapshot), or None when Node cannot make one (the site then boots normally)."""
    key = _key(root, pyodide_dir, wheel)
    name = f"snapshot-{key}.bin.gz"
    cache = root / ".cache" / "snapshots"
    cached = cache / name
    if cached.exists():
        return name, cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        log.info("codex: no `node` on PATH, so no Pyodide snapshot; calculators will boot more slowly")
        return None
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        wheel_path = Path(tmp) / "calc.whl"
        wheel_path.write_bytes(wheel)
        raw = Path(tmp) / "snapshot.bin"
        done = subprocess.run(
            [node, str(root / SCRIPT), str(pyodide_dir), str(wheel_path), str(raw)],
            capture_output=True, text=True, timeout=300, check=False,
        )
        if done.returncode != 0 or not raw.exists():
            tail = (done.stderr or done.stdout)[-600:]
            log.info("codex: making the Pyodide snapshot failed; calculators will boot normally: %s", tail)
            return None
        data = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
    partial = cached.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(data)
    partial.replace(cached)  # atomic: parallel builds never read half a file
    return name, data
