"""The live rolls of built pages, read with the standard library: each page's roll buttons (in
order, with the text they show) and its popovers' JSON (macros/roll_marks.py: the data-rolls
attribute of its .cx-rolls-data element)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any


class RollPage(HTMLParser):
    """`buttons`: (data-roll key, shown text, aria-label) in page order; `popovers`: the page's JSON."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.buttons: list[tuple[str, str, str]] = []
        self.popovers: dict[str, Any] = {}
        self.raw = ""   # the JSON as the page carries it
        self._button: list[str] | None = None
        self._attrs: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button" and "cx-roll" in (a.get("class") or "").split():
            self._button, self._attrs = [], a
        elif "cx-rolls-data" in (a.get("class") or "").split():
            self.raw = str(a["data-rolls"])
            self.popovers = json.loads(self.raw)

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None:
            self.buttons.append((str(self._attrs["data-roll"]), "".join(self._button),
                                 str(self._attrs.get("aria-label"))))
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
