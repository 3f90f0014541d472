"""A page written for a forum's preview (a share page, s/<anchor>/, or an odds page, q/<calculator>/<slug>/),
read as an unfurler reads it: its meta tags, canonical link, component embed, scripts, the link it
sends a reader on by, its other links and its text. The share and odds tests read both with it."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from macros.share import embed
from macros.share.pages import TARGET_ID


class PreviewPage(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.canonical: list[str] = []
        self.target: str | None = None
        self.scripts: list[str] = []      # the scripts that run (src); a JSON data block runs nothing
        self.embeds: list[str] = []       # each component embed's JSON text
        self.text: list[str] = []         # every piece of text, the embed's included
        self.hrefs: list[str] = []        # the links other than the one onward
        self._in_embed = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "meta" and ("property" in a or "name" in a):
            self.meta[a.get("property") or a["name"]] = a["content"]
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical.append(a["href"])
        elif tag == "a" and a.get("id") == TARGET_ID:
            self.target = a["href"]
        elif tag == "a":
            self.hrefs.append(a["href"])
        elif tag == "script" and a.get("id") == embed.ID:
            self._in_embed = True
            self.embeds.append("")
        elif tag == "script" and a.get("type") != "application/json":
            self.scripts.append(a.get("src", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_embed = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_embed:
            self.embeds[-1] += data


def read(path: Path) -> PreviewPage:
    page = PreviewPage()
    page.feed(path.read_text(encoding="utf-8"))
    return page
