"""The live rolls of built pages, read with the standard library: each page's roll buttons (in
order, with the text they show) and its popovers' JSON (macros/rolls/marks.py: the data-rolls
attribute of its .cx-rolls-data element); and `render`, Markdown turned into HTML with the roll marks
as a page of the site gets them, for the tests that need no build."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import markdown
from markdown.treeprocessors import Treeprocessor

from macros.rolls.marks import RollMarksExtension


class RollPage(HTMLParser):
    """`buttons`: (data-roll key, shown text, aria-label) in page order; `popovers`: the page's JSON;
    `rows`: for each button, the first cell of its table row ("Bow"), or None outside a table."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.buttons: list[tuple[str, str, str]] = []
        self.rows: list[str | None] = []
        self.popovers: dict[str, Any] = {}
        self.raw = ""   # the JSON as the page carries it
        self._button: list[str] | None = None
        self._attrs: dict[str, str | None] = {}
        self._cells: list[list[str]] = []   # the cells of the table row being read
        self._in_cell = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr":
            self._cells = []
        elif tag in ("td", "th"):
            self._cells.append([])
            self._in_cell = True
        if tag == "button" and "cx-roll" in (a.get("class") or "").split():
            self._button, self._attrs = [], a
        elif "cx-rolls-data" in (a.get("class") or "").split():
            self.raw = str(a["data-rolls"])
            self.popovers = json.loads(self.raw)

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)
        if self._in_cell and self._cells:
            self._cells[-1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th", "table"):
            self._in_cell = False
        if tag == "table":
            self._cells = []
        if tag == "button" and self._button is not None:
            self.buttons.append((str(self._attrs["data-roll"]), "".join(self._button),
                                 str(self._attrs.get("aria-label"))))
            in_row = self._in_cell and len(self._cells) > 1
            self.rows.append("".join(self._cells[0]).strip() if in_row else None)
            self._button = None


def roll_pages(site: Path) -> dict[str, RollPage]:
    """Every built page with live rolls, by its path under the site (`rk/basics/index.html`)."""
    out = {}
    for path in sorted(site.rglob("*.html")):
        parser = RollPage()
        parser.feed(path.read_text(encoding="utf-8"))
        if parser.buttons:
            out[path.relative_to(site).as_posix()] = parser
    return out


class PageFile(Treeprocessor):
    """Stands in for MkDocs' relpath treeprocessor, which carries the page's file."""

    def __init__(self, md: markdown.Markdown, src_uri: str) -> None:
        super().__init__(md)
        self.file = SimpleNamespace(src_uri=src_uri)

    def run(self, root: object) -> None:
        return None


def render(text: str, page: str = "rk/weapons.md") -> str:
    """`text` as the page `page` of the site renders it, its rolls marked (macros/rolls/marks.py)."""
    md = markdown.Markdown(extensions=["attr_list", "tables", "pymdownx.superfences", "pymdownx.tabbed",
                                       RollMarksExtension()],
                           extension_configs={"pymdownx.tabbed": {"alternate_style": True}})
    md.treeprocessors.register(PageFile(md, page), "relpath", 0)
    return md.convert(text)
