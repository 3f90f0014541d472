"""MkDocs hook: ship Pyodide and the `calc` wheel with the site, and give game pages their glossary.

Nothing is copied into `docs/`: the runtime files are served straight from
`node_modules/pyodide` (pinned in package.json) and the wheel is built in memory, so both
`mkdocs build` and `mkdocs serve` include them, and a change under `calc/` rebuilds the wheel.

Every runtime path names its content, so no cache (HTTP or service worker) can pair files of
two builds: Pyodide's files live under `assets/pyodide/<hash of them>/`, the wheel under
`calc-<hash>/` (with calc's sourceless bytecode zip), the trimmed standard library (bytecode,
and source for readers saving data) and the memory snapshot carry their hash in their names.
`assets/pyodide/runtime.json`, fetched without cache by the worker, names them all with their
sizes, raw and gzipped (the worker reports loading progress in bytes on the wire).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import deflate

ROOT = Path(__file__).resolve().parents[2]  # the project

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from macros import glossary

from macros.runtime import stdlib
from macros.build_cache import cached
from macros.games import game_of
from macros.runtime.snapshot import snapshot
from macros.runtime.wheel import build_wheel

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ASSETS = "assets/pyodide"
WASM_GZ = "pyodide.asm.wasm.gz"


def _short_hash(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:12]


def gzip_size(content: bytes) -> int:
    """Bytes on the wire from a host that gzips (as GitHub Pages does), cached by content."""
    return int(cached("gzip", content, lambda: str(len(gzip.compress(content, compresslevel=6, mtime=0))).encode()))


def gzipped(content: bytes) -> bytes:
    """`content` gzipped by libdeflate at its best level (~4% under zlib's best, ~2 s for the
    wasm, so cached by content), for a file the worker inflates itself (DecompressionStream):
    - a zip of STORED entries: a host sends zips as they are (GitHub Pages and
      scripts/phone_host.py gzip text, JSON, JavaScript and wasm only), and one gzip over the
      whole zip beats a deflate of each entry;
    - the wasm: a host's own gzip (zlib at level 6 or so) sends 0.16 MB more of it."""
    return cached("deflate", content, lambda: deflate.gzip_compress(content, 12))


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    missing = [name for name in RUNTIME_FILES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise FileNotFoundError(
            f"Pyodide runtime files missing from {PYODIDE_DIR}: {', '.join(missing)}. Run `npm ci` (or `make setup`)."
        )
    core_bytes = {name: (PYODIDE_DIR / name).read_bytes() for name in RUNTIME_FILES}
    core = f"core-{_short_hash(*core_bytes.values())}/"
    sizes: dict[str, int] = {}
    wire: dict[str, int] = {}

    def ship(path: str, content: bytes) -> None:
        files.append(File.generated(config, f"{ASSETS}/{path}", content=content))
        sizes[path] = len(content)
        # a gzipped file (snapshot, zips) is served as it is; the rest compresses on a host that gzips
        wire[path] = len(content) if path.endswith(".gz") else min(len(content), gzip_size(content))

    for name, content in core_bytes.items():
        ship(core + name, content)
    # the wasm as the worker fetches it where DecompressionStream exists (pyodide.asm.wasm for
    # a browser without it, and for Pyodide under Node)
    ship(core + WASM_GZ, gzipped(core_bytes["pyodide.asm.wasm"]))
    wheel, content = build_wheel(ROOT)
    wheel_path = f"calc-{hashlib.sha256(content).hexdigest()[:12]}/{wheel}"
    ship(wheel_path, content)
    version = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    lock = json.loads(core_bytes["pyodide-lock.json"])
    runtime: dict[str, object] = {"pyodide": version, "core": core, "wheel": wheel_path, "stdlib": None, "snapshot": None,
                                  "stdlib_source": None, "modules": None, "wasm_gz": core + WASM_GZ,
                                  # the boot loads no package: Pyodide is handed the lock's header only
                                  "lock": {"info": lock["info"], "packages": {}}}
    used = stdlib.used_files(ROOT, PYODIDE_DIR, content)
    source = stdlib.trimmed_zip(PYODIDE_DIR / "python_stdlib.zip", used) if used else None
    converted = stdlib.converted(ROOT, PYODIDE_DIR, content, source)
    modules, trimmed, bare = (converted.get(mode) for mode in ("sourceless", "bytecode", "source"))
    # calc as bytecode beside its data files, in place of the wheel on the bytecode path, so
    # Python does not compile calc at each visit (the snapshot has it imported already)
    if modules is not None:
        runtime["modules"] = f"{wheel_path.split('/')[0]}/modules-{_short_hash(modules)}.zip.gz"
        ship(str(runtime["modules"]), gzipped(modules))
    if trimmed is not None:
        runtime["stdlib"] = f"stdlib-{_short_hash(trimmed)}.zip.gz"
        ship(str(runtime["stdlib"]), gzipped(trimmed))
    if bare is not None:
        runtime["stdlib_source"] = f"stdlib-source-{_short_hash(bare)}.zip.gz"
        ship(str(runtime["stdlib_source"]), gzipped(bare))
    made = snapshot(ROOT, PYODIDE_DIR, content, trimmed)
    if made is not None:
        runtime["snapshot"] = made[0]
        ship(made[0], made[1])
    runtime["sizes"] = sizes
    runtime["gzip"] = wire
    files.append(File.generated(config, f"{ASSETS}/runtime.json", content=json.dumps(runtime, sort_keys=True)))
    return files


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Append the page's game glossary as abbreviations, which Material shows as tooltips."""
    game = game_of(page.file.src_uri)
    if game is None:
        return markdown
    extra = glossary.abbreviations(game)
    return markdown + ("\n\n" + extra + "\n" if extra else "")


def on_serve(server, *, config: MkDocsConfig, builder) -> None:  # type: ignore[no-untyped-def]
    for folder in ("calc", "codex_view", "macros"):
        server.watch(str(ROOT / folder))
