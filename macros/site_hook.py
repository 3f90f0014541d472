"""MkDocs hook: ship Pyodide and the `calc` wheel with the site, and give game pages their glossary.

Nothing is copied into `docs/`: the runtime files are served straight from
`node_modules/pyodide` (pinned in package.json) and the wheel is built in memory, so both
`mkdocs build` and `mkdocs serve` include them, and a change under `calc/` rebuilds the wheel.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `calc` and `macros` live at the project root
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from macros import glossary  # noqa: E402
from macros.games import game_of  # noqa: E402
from macros.snapshot import snapshot  # noqa: E402
from macros.wheel import build_wheel  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ASSETS = "assets/pyodide"


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    missing = [name for name in RUNTIME_FILES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise FileNotFoundError(
            f"Pyodide runtime files missing from {PYODIDE_DIR}: {', '.join(missing)}. Run `npm ci` (or `make setup`)."
        )
    for name in RUNTIME_FILES:
        files.append(File.generated(config, f"{ASSETS}/{name}", abs_src_path=str(PYODIDE_DIR / name)))
    wheel, content = build_wheel(ROOT)
    # The folder names the wheel's content, so a cached copy (HTTP cache, service worker) can
    # never pair an old wheel with a new snapshot; the file keeps a valid wheel name.
    wheel_path = f"calc-{hashlib.sha256(content).hexdigest()[:12]}/{wheel}"
    files.append(File.generated(config, f"{ASSETS}/{wheel_path}", content=content))
    version = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    runtime = {"wheel": wheel_path, "pyodide": version}
    made = snapshot(ROOT, PYODIDE_DIR, content)
    if made is not None:
        runtime["snapshot"] = made[0]
        files.append(File.generated(config, f"{ASSETS}/{made[0]}", content=made[1]))
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
