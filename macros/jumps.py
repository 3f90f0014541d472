"""A short way down to the calculators: "Jump to the calculator" near the top of a page.

On a phone a calculator placed after the rules it serves can sit many screens down. A page
whose calculator comes after more than `FAR` characters of text, or that holds several
calculators (the Calculators page), opens with a small list of links to them, placed after
the page's first paragraph. `macros/hooks/jump.py` applies it to each page.
"""

from __future__ import annotations

import re
from html import escape

from calc.registry import get

from macros.mdsource import HEADING, strip_front_matter
from macros.widgets import by_game

FAR = 800   # characters of source before the first calculator: about one phone screen of text
CALL = re.compile(r"\{\{\s*calculator\(\s*[\"'](?P<id>[\w-]+)[\"']\s*\)\s*\}\}")
LIST = re.compile(r"\{\{\s*calculators_by_game\(\s*\)\s*\}\}")   # the Calculators page's list


def calculators_in(source: str) -> list[tuple[str, int]]:
    """Each calculator a page's source places (a `calculator("id")` call, or each of the Calculators
    page's list), with the characters of text before it."""
    body = strip_front_matter(source)
    found = [(m.start(), [m.group("id")]) for m in CALL.finditer(body)]
    found += [(m.start(), [c.id for _, members in by_game() for c in members]) for m in LIST.finditer(body)]
    return [(cid, at) for at, ids in sorted(found) for cid in ids]


def wanted(found: list[tuple[str, int]]) -> list[str]:
    """The calculators worth a jump link: every one on a page with several, else one far down."""
    ids = list(dict.fromkeys(cid for cid, _ in found))
    if len(ids) > 1 or (ids and found[0][1] > FAR):
        return ids
    return []


def jump_html(ids: list[str]) -> str:
    """The links, as one HTML block (`nav.cx-jumps`); empty for no calculator."""
    if not ids:
        return ""
    links = [f'<a href="#calc-{escape(cid, quote=True)}">{escape(get(cid).title)}</a>' for cid in ids]
    if len(links) == 1:
        return (f'<nav class="cx-jumps" aria-label="Calculator on this page"><p>'
                f'<span class="cx-jumps__label">Jump to the calculator:</span> {links[0]}</p></nav>')
    items = "".join(f"<li>{link}</li>" for link in links)
    return (f'<nav class="cx-jumps" aria-label="Calculators on this page">'
            f'<p class="cx-jumps__label">Calculators on this page:</p><ul>{items}</ul></nav>')


def insert_after_intro(markdown: str, block: str) -> str:
    """`block` after the paragraph that follows the page's h1 (after the h1 if none follows)."""
    if not block:
        return markdown
    lines = markdown.split("\n")
    h1 = next((n for n, line in enumerate(lines) if (m := HEADING.match(line)) and m.group("hashes") == "#"
               and not m.group("indent")), None)
    if h1 is None:
        return markdown
    at = h1 + 1
    while at < len(lines) and not lines[at].strip():
        at += 1
    intro = at < len(lines) and not lines[at].startswith(("#", "=== ", "!!!", "???", "{{", "<", "|", "    "))
    if intro:
        while at < len(lines) and lines[at].strip():
            at += 1
    else:
        at = h1 + 1
    return "\n".join(lines[:at] + ["", block, ""] + lines[at:])
