"""Ruling IDs written in running text ("R-0045") become links to the ruling on the Rulings page.

A Markdown treeprocessor, added to every page's Markdown by `hooks.forum.on_config`. It runs
before MkDocs' own link processor ("relpath"), so it writes each link as a relative `.md`
link with the ruling's anchor, which MkDocs then turns into the page's URL and checks like any
other link (`build --strict` stops on an ID with no ruling). Text inside links, code and
headings is left as it is; raw HTML (calculators, tables a macro wrote) never reaches it.
A link to another rule shows that rule in a preview (Material's instant previews on a desktop,
the info control of docs/assets/js/previews.js on a touch screen).
"""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from macros.text_marks import mark_text

RULING_ID = re.compile(r"\bR-(\d{4})\b")
RULINGS_PAGE = "rulings.md"
PRIORITY = 5   # above MkDocs' relpath (0): the .md links written here are resolved by it


def ruling_href(src_uri: str, number: str) -> str:
    """The link from the page `src_uri` to ruling R-`number`, as a relative Markdown link."""
    here = posixpath.dirname(src_uri)
    return f"{posixpath.relpath(RULINGS_PAGE, here or '.')}#r-{number}"


def _split(text: str, src_uri: str) -> list[str | etree.Element]:
    """`text` as plain strings and link elements, in order."""
    pieces: list[str | etree.Element] = []
    last = 0
    for found in RULING_ID.finditer(text):
        pieces.append(text[last:found.start()])
        link = etree.Element("a", {"href": ruling_href(src_uri, found.group(1)), "class": "cx-ruling-link"})
        link.text = found.group(0)
        pieces.append(link)
        last = found.end()
    pieces.append(text[last:])
    return pieces


class RulingLinks(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        relpath = self.md.treeprocessors["relpath"] if "relpath" in self.md.treeprocessors else None
        page_file = getattr(relpath, "file", None)
        if page_file is None or page_file.src_uri == RULINGS_PAGE:
            return   # not a page of the site, or the Rulings page itself (its IDs are its headings)
        src_uri = page_file.src_uri
        mark_text(root, lambda text, _: _split(text, src_uri) if RULING_ID.search(text) else None)


class RulingLinksExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(RulingLinks(md), "codex_ruling_links", PRIORITY)
