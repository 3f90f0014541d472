"""The Codex's JavaScript as it is shipped: minified by esbuild, pinned in package.json.

The scripts in docs/assets/js (and docs/sw.js) explain themselves at length; a reader's phone
needs none of that. The build hands every script to esbuild's minifier in one Node process
(`minify.mjs` beside this module): comments and spaces go and local names shorten, while each
file keeps its imports, exports and globals (nothing is bundled, no source map is written). A
script esbuild cannot parse stops the build, naming the file and line.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MINIFIER = Path(__file__).with_name("minify.mjs")
_SHIPPED = re.compile(r"\.m?js$")


def ships(src_uri: str) -> bool:
    """Whether a docs file is one of the Codex's scripts (`assets/js/*.js`, `*.mjs`, `sw.js`)."""
    return src_uri == "sw.js" or (src_uri.startswith("assets/js/") and bool(_SHIPPED.search(src_uri)))


def minified(sources: dict[str, str]) -> dict[str, str]:
    """Each script of `sources` (name -> text) as esbuild minifies it (RuntimeError naming the file if it cannot)."""
    return dict(_minified(tuple(sorted(sources.items()))))


@lru_cache(maxsize=8)   # `properdocs serve` rebuilds on every edit: unchanged scripts are not minified again
def _minified(items: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "esbuild").is_dir():
        raise RuntimeError("shipping the scripts needs Node and esbuild: run `npm ci` (make setup does)")
    done = subprocess.run([node, str(MINIFIER)], input=json.dumps(dict(items)), capture_output=True,
                          text=True, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"esbuild could not minify a script: {done.stderr.strip()}")
    out = json.loads(done.stdout)
    return tuple((name, out[name]) for name, _ in items)
