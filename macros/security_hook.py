"""MkDocs hook: a Content-Security-Policy on every page, and the offline service worker's manifest.

Content-Security-Policy
    GitHub Pages sends no custom headers, so the policy travels in the page itself as
    `<meta http-equiv="Content-Security-Policy">`, which must come before any script to
    cover it: it is inserted right after `<head>`. Scripts, workers, wasm and fetches may come
    only from the site's origin. Material's templates put a few small inline scripts in every
    page (the `__md_scope`/`__md_get` localStorage helpers, restoring the chosen colour palette,
    restoring the chosen content tab, opening the tab a `#hash` points at); they are allowed one
    by one by their sha256, computed here per page because their text differs with the page's
    depth. Styles come only from the site's stylesheets: measured in Chromium, Material needs
    no inline style (its JavaScript styles elements through the CSSOM, which CSP allows), and
    the calculators draw their stacked bar in SVG with widths as attributes (codex_view/render.py).

Offline
    `docs/sw.js` is the service worker's source. It names its data `self.__CODEX_MANIFEST`; this
    hook replaces that one placeholder with the build's manifest (cache version and the files to
    keep), the injectManifest pattern of Workbox, so each build that changes what is cached
    ships a different `sw.js` and browsers install it.
"""

from __future__ import annotations

import base64
import hashlib
import json
from html.parser import HTMLParser
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

POLICY = (
    ("default-src", "'self'"),
    # 'wasm-unsafe-eval': Pyodide compiles pyodide.asm.wasm (the policy reaches the worker
    # only when a host sends it as a header; the meta tag covers the page, whose workers
    # load from their own URL). No 'unsafe-eval': measured unneeded, see tests/test_security.py.
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("worker-src", "'self'"),
    ("connect-src", "'self'"),
    ("img-src", "'self' data:"),  # Material's icons are data: SVGs used as CSS masks
    ("style-src", "'self'"),  # no inline styles anywhere: see the module docstring
    ("font-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)
EXECUTABLE_TYPES = frozenset({"", "text/javascript", "application/javascript", "module"})
PLACEHOLDER = "self.__CODEX_MANIFEST"
SERVICE_WORKER = "sw.js"


class _InlineScripts(HTMLParser):
    """Collects the text of every inline script the browser would run."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self._current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "script":
            return
        found = dict(attrs)
        runs = "src" not in found and (found.get("type") or "").strip().lower() in EXECUTABLE_TYPES
        self._current = [] if runs else None

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self._current.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._current is not None:
            self.scripts.append("".join(self._current))
            self._current = None


def inline_script_hashes(html: str) -> list[str]:
    """CSP source expressions ('sha256-...') for the page's inline scripts, in page order, unique."""
    parser = _InlineScripts()
    parser.feed(html)
    parser.close()
    out: list[str] = []
    for text in parser.scripts:
        digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
        source = f"'sha256-{digest}'"
        if source not in out:
            out.append(source)
    return out


def policy_for(html: str) -> str:
    """The page's Content-Security-Policy: the fixed policy plus its inline scripts' hashes."""
    hashes = " ".join(inline_script_hashes(html))
    parts = [f"{name} {value} {hashes}" if name == "script-src" and hashes else f"{name} {value}" for name, value in POLICY]
    return "; ".join(parts)


def with_policy(html: str) -> str:
    """`html` with its policy as the first element of `<head>`.

    This is the one place the built HTML is edited rather than templated: the hashes are of
    the final page's inline scripts, known only once the page is rendered, and a CSP meta
    tag only covers what comes after it, so it cannot live in a theme block further down.
    """
    marker = "<head>"
    at = html.find(marker)
    if at < 0:
        raise ValueError("security_hook: no <head> in the page; the CSP meta tag has nowhere to go")
    tag = f'<meta http-equiv="Content-Security-Policy" content="{policy_for(html)}">'
    end = at + len(marker)
    return html[:end] + "\n    " + tag + html[end:]


# `mkdocs serve` injects its live-reload script inline after every hook has run, so a policy
# there would block it: the dev server shows pages without the policy; every build has it.
_serving = False


def on_startup(*, command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def on_post_page(output: str, *, page: Page, config: MkDocsConfig) -> str:
    return output if _serving else with_policy(output)


def on_post_template(output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
    """Theme templates rendered as pages (404.html) get the policy too; sitemap.xml does not."""
    if _serving or not template_name.endswith(".html"):
        return output_content
    return with_policy(output_content)


# ---------------------------------------------------------------------------- offline manifest
RUNTIME_PREFIX = "assets/pyodide/"
# Theme and site files kept for offline reading, besides every page and the Pyodide runtime.
KEEP_SUFFIXES = (".css", ".js", ".mjs", ".json", ".png", ".svg", ".ico", ".xml")
SKIP_PREFIXES = ("assets/javascripts/lunr/",)  # search languages the English site never loads
# Written after the build by Material or the search plugin, so not in `files`.
EXTRA = ("sitemap.xml", "search/search_index.json")


def offline_manifest(files: Files) -> dict[str, Any]:
    """The service worker's data: a version and the site-relative URLs to keep.

    `runtime` (the Pyodide runtime, the wheel, the snapshot) is served cache-first, as
    [url, revision] pairs (revision: the file's sha256), so a new build refetches only the
    files that changed. `pages` (every page, the theme's assets, runtime.json) is served
    network-first. `version` names the cache and changes with any of them.
    """
    runtime, pages = [], list(EXTRA)
    digest = hashlib.sha256()
    for file in sorted(files, key=lambda f: f.dest_uri):
        uri = file.dest_uri
        if uri == SERVICE_WORKER or uri.startswith(SKIP_PREFIXES):
            continue
        if uri.startswith(RUNTIME_PREFIX) and uri != RUNTIME_PREFIX + "runtime.json":
            revision = hashlib.sha256(file.content_bytes).hexdigest()[:16]
            runtime.append([uri, revision])
            digest.update(f"{uri}\0{revision}\0".encode())
        elif file.is_documentation_page():
            pages.append(uri[: -len("index.html")] if uri.endswith("index.html") else uri)
        elif uri.endswith(KEEP_SUFFIXES):
            pages.append(uri)
    digest.update(json.dumps(sorted(pages)).encode())
    return {"version": digest.hexdigest()[:16], "runtime": runtime, "pages": sorted(set(pages))}


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    """Swap docs/sw.js for a copy whose placeholder holds this build's manifest.

    Runs after site_hook.py (listed before it in `hooks:`), so the runtime files, the wheel
    and the snapshot are in `files`.
    """
    source = files.get_file_from_path(SERVICE_WORKER)
    if source is None:
        raise FileNotFoundError("security_hook: docs/sw.js (the offline service worker) is missing")
    text = source.content_string
    if text.count(PLACEHOLDER) != 1:
        raise ValueError(f"security_hook: docs/sw.js must name {PLACEHOLDER} exactly once")
    files.remove(source)
    manifest = offline_manifest(files)
    content = text.replace(PLACEHOLDER, json.dumps(manifest, indent=1, sort_keys=True))
    files.append(File.generated(config, SERVICE_WORKER, content=content))
    return files
