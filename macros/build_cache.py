"""What a build makes slowly from fixed inputs, kept in `.cache/<folder>/` under a hash of them.

A later build (`mkdocs serve` rebuilding, the next `make build`, the test suite's copies) reads
the kept bytes instead of making them again. The key must hold everything the bytes depend on.
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
# the code whose work a build keeps (built answers, the search's figures): calc's answers, codex_view's
# markup, and the macros that word them
CODE = ("calc", "codex_view", "macros")


# Below this many missing items a batch is made here: starting worker processes costs more
PARALLEL_FROM = 16


def _path(folder: str, key: bytes) -> Path:
    return ROOT / ".cache" / folder / hashlib.sha256(key).hexdigest()[:24]


def cached(folder: str, key: bytes, make: Callable[[], bytes]) -> bytes:
    """`make()`, kept under a hash of `key`."""
    path = _path(folder, key)
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


def cached_batch(folder: str, jobs: list[tuple[bytes, dict[str, Any]]], make: Callable[..., bytes]) -> tuple[list[bytes], int]:
    """`make(**kwargs)` for each `(key, kwargs)`, kept like `cached`; the missing ones are made in
    worker processes, one per core (`make` is a module-level function, so it can be sent there).
    Returns the bytes in job order and how many were made (the rest came from `.cache`)."""
    paths = [_path(folder, key) for key, _ in jobs]
    missing = [n for n, path in enumerate(paths) if not path.exists()]
    if len(missing) >= PARALLEL_FROM and (os.cpu_count() or 1) > 1:
        with ProcessPoolExecutor() as pool:
            made = list(pool.map(_call, [(make, jobs[n][1]) for n in missing], chunksize=8))
    else:
        made = [make(**jobs[n][1]) for n in missing]
    for n, data in zip(missing, made):
        write_whole(paths[n], data)
    fresh = dict(zip(missing, made))
    return [fresh[n] if n in fresh else path.read_bytes() for n, path in enumerate(paths)], len(missing)


def code_fingerprint() -> bytes:
    """A key part for work that follows from the code alone: the contents of every file of `CODE`
    (read again when one of their sizes or times changes)."""
    files = sorted(p for folder in CODE for p in (ROOT / folder).rglob("*")
                   if p.suffix in (".py", ".json") and "__pycache__" not in p.parts)
    return _fingerprint(tuple((p.relative_to(ROOT).as_posix(), p.stat().st_size, p.stat().st_mtime_ns) for p in files))


@lru_cache(maxsize=1)
def _fingerprint(stamp: tuple[tuple[str, int, int], ...]) -> bytes:
    digest = hashlib.sha256()
    for name, _, _ in stamp:
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256((ROOT / name).read_bytes()).digest())
    return digest.digest()


def _call(job: tuple[Callable[..., bytes], dict[str, Any]]) -> bytes:
    make, kwargs = job
    return make(**kwargs)
