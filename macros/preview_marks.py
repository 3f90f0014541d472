"""Each link to another rule carries its touch screen's preview control from the build (previews.js).

On a touch screen, a small info control beside a link to a rule opens Material's preview of it
(docs/assets/js/previews.js). The control makes its line taller (a 44 px tap target), so made by the
script after the page is drawn it moved the text under it: a shared link's calculator, landed on,
jumped as the text above it grew (issue 39 item 5). Written into the page here, the control has
its room from the first paint; CSS shows it only where it works (a touch screen with scripts on:
`@media (hover: none) and (scripting: enabled)`), and previews.js binds it.

A Markdown treeprocessor, added by `hooks.forum.on_config`, after the ruling links (5) and before
MkDocs turns `page.md#anchor` into the page's URL (0). A rule link: a link to a heading anchor
within the site (`#x`, `page.md#x`), not a calculator's (`#calc-...`), not one with a query, not a
heading's own `#` link. Its control is

    <span class="cx-preview-keep"><button type="button" class="cx-preview-tap" aria-label="Preview: Wound Checks"
    aria-expanded="false"></button>).</span>

with the punctuation that closes the link's sentence or bracket kept on the control's line.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

PRIORITY = 4   # after the ruling links (5), before MkDocs' relative paths (0)
KEEP_CLASS = "cx-preview-keep"
TAP_CLASS = "cx-preview-tap"
CLOSING = re.compile(r"^[)\].,;:!?\u2019\u201d]+")   # stays on the control's line (as previews.js)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:|^//", re.I)


def rule_link(link: etree.Element) -> bool:
    """A link to a heading of the site, which the preview shows."""
    href = link.get("href") or ""
    page, _, anchor = href.partition("#")
    classes = (link.get("class") or "").split()
    return (bool(anchor) and not anchor.startswith("calc-") and "?" not in href and not EXTERNAL.match(page)
            and "headerlink" not in classes)


def control(link: etree.Element) -> etree.Element:
    """The control's span: its button, and the closing punctuation taken from the link's tail."""
    keep = etree.Element("span", {"class": KEEP_CLASS})
    words = " ".join("".join(link.itertext()).split())
    button = etree.SubElement(keep, "button", {"type": "button", "class": TAP_CLASS, "aria-label": f"Preview: {words}",
                                               "aria-expanded": "false"})
    tail = link.tail or ""
    closing = CLOSING.match(tail)
    button.tail = closing.group(0) if closing else None
    keep.tail = tail[closing.end():] if closing else tail
    link.tail = None
    return keep


def mark(parent: etree.Element) -> None:
    """Put a control after each rule link under `parent`, in document order."""
    for child in list(parent):
        if child.tag == "a" and rule_link(child):
            parent.insert(list(parent).index(child) + 1, control(child))
        else:
            mark(child)


class PreviewMarks(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        mark(root)


class PreviewMarksExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(PreviewMarks(md), "codex_preview_marks", PRIORITY)


__all__ = ["PRIORITY", "PreviewMarksExtension", "control", "rule_link"]
