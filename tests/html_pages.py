"""Built pages read with the standard library (html.parser), for the content tests: tables (and
which data file each shows), element ids, links, source tabs and plain text; and what a data
table should look like once rendered.
"""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from calc import data
from macros.tables import cell


class Page(HTMLParser):
    """One built page: ids, tables (rows of cell texts), `table_sources` (data file name -> the
    table its source line follows), links, tab sets (with the h2 section they sit in) and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.tables: list[list[list[str]]] = []
        self.table_sources: dict[str, list[list[str]]] = {}
        self.links: list[str] = []
        self.tab_sets: list[tuple[str | None, list[str]]] = []
        self.text: list[str] = []  # every text outside <script>/<style>
        self.article_text: list[str] = []  # ... of that, what is inside <article>
        self._section: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._label: list[str] | None = None
        self._skip = 0  # inside <script>/<style>
        self._in_article = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "article":
            self._in_article = True
        if tag in ("script", "style"):
            self._skip += 1
        elif tag == "h2" and a.get("id"):
            self._section = a["id"]
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        elif tag == "div" and "tabbed-set" in (a.get("class") or "").split():
            self.tab_sets.append((self._section, []))
        elif tag == "label" and self.tab_sets and "tabbed" in (a.get("for") or ""):
            self._label = []
        elif tag == "p" and a.get("data-source-table") and self.tables:
            self.table_sources[a["data-source-table"] or ""] = self.tables[-1]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        elif tag == "article":
            self._in_article = False
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1].append(self._row)
            self._row = None
        elif tag == "label" and self._label is not None:
            self.tab_sets[-1][1].append(" ".join("".join(self._label).split()))
            self._label = None

    def handle_data(self, text: str) -> None:
        if self._skip:
            return
        if self._cell is not None:
            self._cell.append(text)
        if self._label is not None:
            self._label.append(text)
        self.text.append(text)
        if self._in_article:
            self.article_text.append(text)


def page_file(site_dir: Path, src: str) -> Path:
    """The built HTML of docs page `src` (`sun/combat.md` -> `sun/combat/index.html`)."""
    stem = src[:-3]
    return site_dir / (stem[: -len("index")] if stem.endswith("index") else stem + "/") / "index.html"


@cache
def parse_file(path: Path) -> Page:
    """The built HTML file at `path`, parsed once per test session (do not change the result)."""
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def parse(site_dir: Path, src: str) -> Page:
    """The built page of docs page `src`."""
    return parse_file(page_file(site_dir, src))


def page_text(site_dir: Path, src: str, *, article_only: bool = False) -> str:
    """The page's text (or only its article's), whitespace collapsed."""
    page = parse(site_dir, src)
    return " ".join("".join(page.article_text if article_only else page.text).split())


def broken_anchor_links(site_dir: Path, srcs: list[str]) -> list[str]:
    """`src: href` for each link with a #fragment on pages `srcs` whose target page or id is missing."""
    broken = []
    for src in srcs:
        here = page_file(site_dir, src)
        for href in parse(site_dir, src).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.fragment:
                continue
            target = (here.parent / parts.path / "index.html").resolve() if parts.path else here
            if not target.is_file() or parts.fragment not in parse_file(target).ids:
                broken.append(f"{src}: {href}")
    return broken


# --- what a rendered data table should show ----------------------------------------------------


def shown(value: Any, fmt: str | None = None) -> str:
    """A data cell as the reader sees it: `macros.tables.cell` with its Markdown and HTML escapes undone."""
    return unescape(re.sub(r"\\(.)", r"\1", cell(value, fmt)))


def expected_rows(name: str) -> list[list[str]]:
    """Data table `name` as rendered rows of cell texts: the header labels, then each row."""
    table = data.load(name)
    columns = table["columns"]
    rows = [[c["label"] for c in columns]]
    rows += [[shown(r.get(c["key"]), c.get("format")) for c in columns] for r in table["rows"]]
    return rows
