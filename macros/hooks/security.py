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
    `docs/sw.js` is the service worker's source. It names its data `self.__CODEX_MANIFEST`; after
    the build this hook writes `sw.js` with that placeholder replaced by the manifest of the
    written site (`offline_manifest`: which files reading needs first, which pages, which runtime
    files with their sha256, their sizes, a version), the injectManifest pattern of Workbox, so
    each build that changes what is kept ships a different `sw.js` and browsers install it. The
    same pass writes the size of the whole offline copy into the offline control of every page.
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from calc.built.addresses import ROOT as ODDS_FOLDER
from macros.answers.store import ANSWER_FILE, INDEX_FILE
from macros.api import TOP as API_FOLDER
from macros.links import SHARE_FOLDER
from macros.odds.pages import TARGETS as ODDS_TARGETS
from macros.rolls.draws import FILE as ROLL_DATA, LOADED_ON_ROLL
from macros.search_files import LOADED_ON_OPEN
from macros.heroes import LOADED_ON_HERO
from macros.share.pages import TARGET_ID as SHARE_TARGET_ID
from macros.runtime.shipped_js import minified

POLICY = (
    ("default-src", "'self'"),
    # No 'wasm-unsafe-eval' here: only the worker compiles WebAssembly (Pyodide), and a worker
    # takes its policy from its own response (WORKER_POLICY below, with headers), never from
    # the page's meta tag. No 'unsafe-eval' anywhere: measured unneeded, tests/test_security.py.
    ("script-src", "'self'"),
    ("worker-src", "'self'"),
    ("connect-src", "'self'"),
    ("img-src", "'self' data:"),  # Material's icons are data: SVGs used as CSS masks
    ("style-src", "'self'"),  # no inline styles anywhere: see the module docstring
    ("font-src", "'self'"),
    ("manifest-src", "'self'"),
    ("media-src", "'none'"),  # no audio or video anywhere
    ("frame-src", "'none'"),  # nothing is framed in a page
    ("object-src", "'none'"),
    ("base-uri", "'none'"),  # no <base>: relative links cannot be redirected elsewhere
    ("form-action", "'self'"),
)
# Only a header can carry these (a meta tag's frame-ancestors is ignored): `_headers` adds them.
HEADER_ONLY = (("frame-ancestors", "'none'"),)
# Workers take their policy from their own response, never from the page's meta tag: with
# headers, each worker script (the calculator's worker, the service worker, Material's search
# worker) gets this one. Pyodide: modules and wasm from the site, compiled ('wasm-unsafe-eval').
WASM = "'wasm-unsafe-eval'"   # compiling WebAssembly: Pyodide in the calculator's worker
WORKER_POLICY = (
    ("default-src", "'none'"),
    ("script-src", f"'self' {WASM}"),
    ("connect-src", "'self'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
    ("frame-ancestors", "'none'"),
)
WORKER_SCRIPTS = ("sw.js", "assets/js/worker.mjs", "assets/javascripts/workers/*")
HEADERS_FILE = "_headers"
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
        raise ValueError("security hook: no <head> in the page; the CSP meta tag has nowhere to go")
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


# ------------------------------------------------------------- pages written after the page events
META_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def protect_written_pages(site: Path, config: MkDocsConfig) -> None:
    """The policy for pages no page event saw (mkdocs-redirects' stubs, written in its
    on_post_build, before the hooks'), then `_headers` for hosts that send headers."""
    if _serving:
        return
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if 'http-equiv="Content-Security-Policy"' not in html:
            path.write_text(with_policy(html), encoding="utf-8")
    (site / HEADERS_FILE).write_text(headers_file(site, urlsplit(config.site_url or "/").path or "/"), encoding="utf-8")


def _directives(pairs: tuple[tuple[str, str], ...], hashes: list[str] = ()) -> str:
    extra = " ".join(hashes)
    return "; ".join(f"{n} {v} {extra}" if n == "script-src" and extra else f"{n} {v}" for n, v in pairs)


def headers_file(site: Path, base: str) -> str:
    """Netlify / Cloudflare Pages `_headers`: every page gets the meta tag's policy (with the
    inline-script hashes of all pages: the header applies per path pattern, not per page) plus
    what only a header can say; worker scripts get WORKER_POLICY. GitHub Pages ignores the file."""
    hashes: list[str] = []
    for path in sorted(site.rglob("*.html")):
        found = META_POLICY.search(path.read_text(encoding="utf-8"))
        for value in (found.group(1).replace(";", " ").split() if found else ()):
            if value.startswith("'sha256-") and value not in hashes:   # only script-src has hashes
                hashes.append(value)
    base = base if base.endswith("/") else base + "/"
    lines = [
        "# Written by macros/hooks/security.py: response headers for hosts that read _headers",
        "# (Netlify, Cloudflare Pages). GitHub Pages sends none; the pages carry their policy in a meta tag.",
        f"{base}*",
        # hosts apply every rule whose pattern matches, so this one reaches the worker scripts too,
        # beside their own, and a response with two policies must satisfy both: the worker's
        # WebAssembly needs 'wasm-unsafe-eval' here as well (the meta tag, read by pages only,
        # goes without it)
        f"  Content-Security-Policy: {_directives(POLICY + HEADER_ONLY, sorted(hashes) + [WASM])}",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: strict-origin-when-cross-origin",
        "  Cross-Origin-Opener-Policy: same-origin",
        "  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ]
    for worker in WORKER_SCRIPTS:
        lines += [f"{base}{worker}", f"  Content-Security-Policy: {_directives(WORKER_POLICY)}"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- offline manifest
OFFLINE_PAGE = "offline.html"  # a theme template (overrides/offline.html), answered for unknown pages offline
# In the offline control's markup (overrides/partials/offline.html) until the build is written,
# then replaced in every page by the size of the whole offline copy ("21.9 MB").
SIZE_TOKEN = "@@codex-offline-size@@"
# Never kept: source maps (for developer tools), search languages the English site never loads,
# feeds and sitemaps (read by machines), host configuration files, the 404 page, the share pages
# (a forum's preview of one rule, which a reader's browser leaves at once: macros/share/pages.py), the
# data for bots and scripts (api/: macros/api.py), the built questions' odds pages (q/: a forum's preview
# of one built question, which a reader's browser leaves at once, as a share page: macros/odds/pages.py)
# and their answers (an answer fetched online is kept as a page is, once the reader keeps the Codex).
NEVER_SUFFIXES = (".map", ".xml", ".xml.gz")
NEVER_PREFIXES = ("assets/javascripts/lunr/", SHARE_FOLDER + "/", API_FOLDER + "/", ODDS_FOLDER + "/")
# Where each odds address leads (macros/odds/pages.py `TARGETS`) is kept with the offline copy, never at
# install, so that offline an odds address goes on to its calculator's page when that page is kept.
NEVER = frozenset({SERVICE_WORKER, "404.html"})
IMAGES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".ico")  # kept when shown, not at install
RUNTIME_INDEX = "runtime.json"  # names the calculator runtime's files; the folder holding it is the runtime's
# What the search loads when it is first opened (macros/search_files.py): kept then, as a page is,
# not at install, so a first visit that never searches never fetches them.
ON_SEARCH = frozenset(LOADED_ON_OPEN)
# What a Roll loads when a roll's popover opens or a calculator's Roll is first tapped
# (macros/rolls/draws.py), and each page's roll data (rolls.json): kept then, as a page is, never at install.
ON_ROLL = frozenset(LOADED_ON_ROLL)
# The hero scripts and their data (macros/heroes.py): kept when the hero page or a kept hero loads them.
ON_HERO = frozenset(LOADED_ON_HERO)


def _cards_folder() -> str:
    """Where macros/share/cards.py publishes the social cards (link previews, never kept offline)."""
    from macros.share import cards

    return cards.card_path("index.md").rsplit("/", 1)[0] + "/"


def _page_url(uri: str) -> str:
    return uri[: -len("index.html")] if uri == "index.html" or uri.endswith("/index.html") else uri


class _ShareTarget(HTMLParser):
    """The rule a share page sends its reader on to: its `#cx-share-target` link (macros/share/pages.py)."""

    def __init__(self) -> None:
        super().__init__()
        self.href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("id") == SHARE_TARGET_ID and self.href is None:
            self.href = found.get("href")


def share_targets(site: Path) -> dict[str, list[str | list[str]]]:
    """The rule each share page sends its reader on to, by page: `{"rk/damage/": ["rk-wound-checks",
    ...]}` (the share page `s/rk-wound-checks/` leads to `rk/damage/#rk-wound-checks`), or
    `[share anchor, anchor on the page]` for one that leads elsewhere (a moved anchor). Offline,
    the service worker sends a share address on to its rule when that page is kept."""
    out: dict[str, list[str | list[str]]] = {}
    for path in sorted((site / SHARE_FOLDER).glob("*/index.html")):
        reader = _ShareTarget()
        reader.feed(path.read_text(encoding="utf-8"))
        if not reader.href:
            continue
        link, _, anchor = reader.href.partition("#")
        target = posixpath.normpath(posixpath.join(path.parent.relative_to(site).as_posix(), link))
        share = path.parent.name
        out.setdefault("" if target == "." else target + "/", []).append(share if anchor == share else [share, anchor])
    return out


def offline_manifest(site: Path) -> dict[str, Any]:
    """The service worker's data, derived from the files of the written site.

    - `runtime`: [url, sha256 hex] of every file in the folder holding the runtime's index
      (Pyodide, the wheel, the snapshot, whatever the build ships there): served cache-first
      once used, fetched with `integrity`.
    - `core`: the theme's and the Codex's CSS, JavaScript, search index and the offline page,
      kept at install (what reading needs on a first visit).
    - `pages`: every page, image and the runtime's index, served network-first, kept when visited;
      so are the files the search loads when it opens (`ON_SEARCH`), and what a Roll loads (`ON_ROLL`,
      and each page's `rolls.json`).
    - `sizes`: bytes of each of them (the reader's offline copy is their sum), except a runtime
      file the build also ships gzipped (`x` beside `x.gz`: the wasm): every browser with a
      service worker that can inflate takes the `.gz`, so the offline copy does not carry both.
    - `shares`: each share page's anchor and the rule page it leads to (`share_targets`), which
      the worker answers offline for a share address (`share_folder`) whose page it has kept.
    - `odds_folder` (`q/`), holding each built question's odds page and answer: `answer_files`, the
      names of the built answers' files there (macros/answers/), none of them listed: the worker
      keeps one fetched online only once the reader keeps the Codex; `odds_targets`, the file naming
      where each odds address leads (a page of the offline copy), read offline for an odds address.
    - `version`: names the cache; it changes with the content of any of them.
    Social cards, source maps, feeds and anything else for machines are left out.
    """
    indexes = sorted(p.relative_to(site).as_posix() for p in (site / "assets").rglob(RUNTIME_INDEX))
    runtime_dir = indexes[0].rsplit("/", 1)[0] + "/" if indexes else None
    cards = _cards_folder()
    core: list[str] = []
    pages: list[str] = []
    runtime: list[list[str]] = []
    sizes: dict[str, int] = {}
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        uri = path.relative_to(site).as_posix()
        name = uri.rsplit("/", 1)[-1]
        if uri in NEVER or uri.startswith((cards, *NEVER_PREFIXES)) or uri.endswith(NEVER_SUFFIXES):
            continue
        if name.startswith(("_", ".")) or "." not in name:
            continue
        content = path.read_bytes()
        sha = hashlib.sha256(content).hexdigest()
        offline = True   # in the offline copy
        if runtime_dir and uri.startswith(runtime_dir) and name != RUNTIME_INDEX:
            runtime.append([uri, sha])
            url = uri
            offline = not path.with_name(name + ".gz").is_file()   # served when asked; the .gz is kept
        elif uri.endswith(".html") and uri != OFFLINE_PAGE or name in (RUNTIME_INDEX, ROLL_DATA) \
                or uri.endswith(IMAGES) or uri in ON_SEARCH or uri in ON_ROLL or uri in ON_HERO or uri == ODDS_TARGETS:
            url = _page_url(uri)
            pages.append(url)
        else:
            url = uri
            core.append(url)
        if offline:
            sizes[url] = len(content)
        digest.update(f"{url}\0{sha}\0".encode())
    return {
        "version": digest.hexdigest()[:16],
        "core": core,
        "pages": pages,
        "runtime": runtime,
        "sizes": sizes,
        "offline_page": OFFLINE_PAGE,
        "share_folder": SHARE_FOLDER + "/",
        "shares": share_targets(site),
        "answer_files": [ANSWER_FILE, INDEX_FILE],
        "odds_folder": ODDS_FOLDER + "/",
        "odds_targets": ODDS_TARGETS,
    }


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.theme.static_templates.add(OFFLINE_PAGE)
    return config


def on_env(env: Any, *, config: MkDocsConfig, files: Files) -> Any:
    env.globals["codex_offline_size"] = SIZE_TOKEN
    return env


def on_template_context(context: dict[str, Any], *, template_name: str, config: MkDocsConfig) -> dict[str, Any]:
    """The offline page answers at any address: its links start from the site's root, as 404.html's do."""
    if template_name == OFFLINE_PAGE:
        context["base_url"] = urlsplit(config.site_url or "/").path
    return context


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    """Check docs/sw.js early; it is written with this build's manifest after the build."""
    source = files.get_file_from_path(SERVICE_WORKER)
    if source is None:
        raise FileNotFoundError("security hook: docs/sw.js (the offline service worker) is missing")
    if source.content_string.count(PLACEHOLDER) != 1:
        raise ValueError(f"security hook: docs/sw.js must name {PLACEHOLDER} exactly once")
    return files


def on_post_build(*, config: MkDocsConfig) -> None:
    """Write the offline copy's size into the pages, then sw.js with the manifest of the written site.

    Runs after every plugin (hooks come last), so the search index and the redirect stubs are
    on disk. The size shown counts the pages as they are once the size is written in them.
    """
    site = Path(config.site_dir)
    protect_written_pages(site, config)
    marked = [p for p in site.rglob("*.html") if SIZE_TOKEN in p.read_text(encoding="utf-8")]
    count = sum(p.read_text(encoding="utf-8").count(SIZE_TOKEN) for p in marked)
    total = sum(offline_manifest(site)["sizes"].values())
    shown = megabytes(total)
    for _ in range(3):  # the text's own length is part of the total
        shown = megabytes(total + count * (len(shown.encode()) - len(SIZE_TOKEN)))
    for path in marked:
        path.write_text(path.read_text(encoding="utf-8").replace(SIZE_TOKEN, shown), encoding="utf-8")
    manifest = offline_manifest(site)
    source = (Path(config.docs_dir) / SERVICE_WORKER).read_text(encoding="utf-8")
    text = minified({SERVICE_WORKER: source})[SERVICE_WORKER]
    if text.count(PLACEHOLDER) != 1:
        raise ValueError(f"security hook: the minified sw.js must keep {PLACEHOLDER} exactly once")
    (site / SERVICE_WORKER).write_text(text.replace(PLACEHOLDER, json.dumps(manifest, indent=1, sort_keys=True)), encoding="utf-8")
