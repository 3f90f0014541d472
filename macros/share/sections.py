"""A built page read as sections: each heading with an id, what opens it, and its tabs.

A share page's card says what a section says (macros/share/pages.py), so the build must know more than
"the first paragraph somewhere below the heading": whether the section opens with a paragraph of
its own or with a list, a table, tabs or a note, and which Summary/House tabs its own text holds.
The content HTML is read into a small tree (html.parser; nothing is rewritten), and each
heading's own blocks are the ones that follow it up to the next heading of any level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from macros.rolls.marks import ROLL_CLASS

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_HEADING = re.compile(r"h[1-6]")
_NOT_TEXT = {"script", "style", "sup", "svg", "select", "form"}
SUMMARY = "cx-calc__summary"     # a calculator's one-line summary (codex_view/render.py)

# What can open a section, by its first block (`Section.opens_with`).
PARAGRAPH, CALCULATOR, LIST, TABLE, TABS, NOTE, QUOTE, SUBHEADING, NOTHING = (
    "a paragraph", "a calculator", "a list", "a table", "tabs", "a note", "a quotation", "a subheading", "nothing",
)


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    children: list["_Node | str"] = field(default_factory=list)

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, _Node):
                yield from child.walk()


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):   # close up to the matching element
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def _text(node: _Node) -> str:
    """The words a reader sees: no footnote marks, scripts, heading links or controls (a roll the
    text writes is a button whose words are the prose's own, so it stays)."""
    parts: list[str] = []

    def visit(n: _Node) -> None:
        for child in n.children:
            if isinstance(child, str):
                parts.append(child)
            elif child.tag in _NOT_TEXT or "headerlink" in child.classes or "hidden" in child.attrs:
                continue
            elif child.tag == "button" and ROLL_CLASS not in child.classes:
                continue
            else:
                visit(child)

    visit(node)
    return " ".join("".join(parts).split())


@dataclass(frozen=True)
class Section:
    """A heading of a built page and what opens it."""

    anchor: str
    page_url: str        # `rk/damage/` (the home page: ``)
    heading: str
    level: int
    opening: str         # the paragraph (or the calculator's summary) that opens it; '' when something else does
    opens_with: str = PARAGRAPH   # what its first block is (PARAGRAPH, LIST, TABS, ...)
    tabs: tuple[str, ...] = ()    # the labels of the tabs in its own text ("Summary rules", "House rules")


def _skipped(node: _Node) -> bool:
    """Blocks that are not the section's text: the rulings and source lines, the jump link, data."""
    return (
        node.tag in ("nav", "script", "style") or "hidden" in node.attrs
        or (node.tag == "p" and bool(node.classes)) or not _text(node) and node.tag == "p"
    )


def _opens(node: _Node) -> tuple[str, str]:
    """What a first block is, and the words it gives as an opening ('' for anything but prose)."""
    calculator = next((n for n in node.walk() if "data-calculator" in n.attrs), None)
    if calculator is not None:
        summary = next((n for n in calculator.walk() if SUMMARY in n.classes), None)
        return CALCULATOR, _text(summary) if summary else ""
    if node.tag == "p":
        return PARAGRAPH, _text(node)
    if node.tag in ("ul", "ol", "dl"):
        return LIST, ""
    if "tabbed-set" in node.classes:
        return TABS, ""
    if "admonition" in node.classes or node.tag == "details":
        return NOTE, ""
    if node.tag == "blockquote":
        return QUOTE, ""
    if any(n.tag == "table" for n in node.walk()):
        return TABLE, ""
    return node.tag, ""


def _tab_labels(node: _Node) -> list[str]:
    if "tabbed-set" not in node.classes:
        return []
    return [_text(n) for n in node.walk() if n.tag == "label"]


def sections(content_html: str, page_url: str) -> list[Section]:
    """Every heading with an id in a page's content HTML, in order, with what opens it."""
    tree = _Tree()
    tree.feed(content_html)
    tree.close()
    blocks = [c for c in tree.root.children if isinstance(c, _Node)]
    found: list[Section] = []
    for i, node in enumerate(blocks):
        if not (_HEADING.fullmatch(node.tag) and node.attrs.get("id")):
            continue
        own: list[_Node] = []
        for later in blocks[i + 1:]:
            if _HEADING.fullmatch(later.tag):
                break
            own.append(later)
        shown = [b for b in own if not _skipped(b)]
        is_last = i + 1 + len(own) >= len(blocks)
        opens_with, opening = _opens(shown[0]) if shown else (NOTHING if is_last else SUBHEADING, "")
        tabs = tuple(dict.fromkeys(label for b in own for label in _tab_labels(b)))
        found.append(Section(node.attrs["id"], page_url, _text(node), int(node.tag[1]), opening, opens_with, tabs))
    return found
