"""What a build makes slowly from fixed inputs, kept in `.cache/<folder>/` under a hash of them.

A later build (`mkdocs serve` rebuilding, the next `make build`, the test suite's copies) reads
the kept bytes instead of making them again. The key must hold everything the bytes depend on.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent


def cached(folder: str, key: bytes, make: Callable[[], bytes]) -> bytes:
    """`make()`, kept under a hash of `key`."""
    cache = ROOT / ".cache" / folder
    path = cache / hashlib.sha256(key).hexdigest()[:24]
    if path.exists():
        return path.read_bytes()
    made = make()
    write_whole(path, made)
    return made


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to `path` whole: into a file of this process's own, then renamed over `path`
    (atomic), so a build running beside this one never reads half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(data)
    partial.replace(path)
