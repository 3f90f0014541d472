"""Read a built site: every page's element ids, heading anchors and links (standard library only)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from calc.built.addresses import ROOT as ODDS_FOLDER
from macros.links import SHARE_FOLDER

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


@dataclass
class PageIndex:
    ids: set[str] = field(default_factory=set)
    headings: list[str] = field(default_factory=list)  # ids of h1-h6 inside the article
    links: list[str] = field(default_factory=list)     # href and src values


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.index = PageIndex()
        self._article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.index.ids.add(a["id"])  # type: ignore[arg-type]
        if a.get("name") and tag == "a":
            self.index.ids.add(a["name"])  # type: ignore[arg-type]
        if tag == "article":
            self._article += 1
        if tag in HEADINGS and self._article and a.get("id"):
            self.index.headings.append(a["id"])  # type: ignore[arg-type]
        for key in ("href", "src"):
            if a.get(key):
                self.index.links.append(a[key])  # type: ignore[arg-type]

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1


def read_page(path: Path) -> PageIndex:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader.index


def page_key(site: Path, html: Path) -> str:
    """`sun/rules/index.html` -> `sun/rules/`; `index.html` -> ``."""
    rel = html.relative_to(site).as_posix()
    return rel[: -len("index.html")] if rel.endswith("index.html") else rel


def content_pages(site: Path) -> dict[str, PageIndex]:
    """Every built page except the 404 and offline pages, redirect stubs, share pages (a rule's
    preview for forums, `s/<anchor>/`, which sends its reader on) and odds pages (a built question's,
    `q/<calculator>/<slug>/`), keyed by its URL path.

    Reading a site's pages takes about a second; a site read before is not read again while
    none of its pages changed (same paths, sizes and modification times). Callers get their own
    dict of the shared indexes, which they only read."""
    stats = [(html, html.stat()) for html in sorted(site.rglob("*.html"))]
    return dict(_content_pages(site, tuple((html, st.st_mtime_ns, st.st_size) for html, st in stats)))


@functools.lru_cache(maxsize=8)
def _content_pages(site: Path, files: tuple[tuple[Path, int, int], ...]) -> dict[str, PageIndex]:
    pages = {}
    for html, _, _ in files:
        if html.relative_to(site).as_posix() in ("404.html", "offline.html"):
            continue  # theme pages shown instead of a missing one (offline.html: by the service worker)
        if html.relative_to(site).parts[0] in (SHARE_FOLDER, ODDS_FOLDER):
            continue  # share and odds pages: tests/test_share.py and tests/test_odds_built.py read them
        text = html.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in text and "<article" not in text:
            continue  # a redirect stub left by mkdocs-redirects
        pages[page_key(site, html)] = read_page(html)
    return pages


def rule_pages(site: Path) -> dict[str, PageIndex]:
    """The content pages less the printable pages (`print/<game>/`), which repeat the rules
    under `print-` ids: they are link-checked, but their anchors are not rule anchors."""
    return {key: index for key, index in content_pages(site).items() if not key.startswith("print/")}


def published_anchors(site: Path) -> set[str]:
    """`page#anchor` for every heading anchor in the site's content (print pages excluded)."""
    return {f"{key}#{anchor}" for key, index in rule_pages(site).items() for anchor in index.headings}
