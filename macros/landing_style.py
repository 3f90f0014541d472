"""The look of a link's calculator before the page's scripts reach it, from the stylesheet alone.

A shared link (`?calc=rk-check`) lands on its calculator with its answer first and its parts unseen
until they are all in (codex.css: `.cx-calc--answer-first`, `.cx-calc--landing`). The page's head
says which calculator the link names (linked.js sets `data-codex-link` on <html> to its id) before
the body is parsed; no script then watches the parsing (a script running inside the parser's tasks
makes them its own long tasks on a phone): the stylesheet itself gives the named calculator that
look, with one selector per calculator of the site, written here into the shipped codex.css:

    html[data-codex-link="rk-check"]:not([data-codex-landed]) #calc-rk-check

linked.js, in a task of its own once the calculator is parsed, sets its classes and
`data-codex-landed`, and the classes carry the look on from there. The landing look has no class
of its own in the page: it is the selector alone.
"""

from __future__ import annotations

import re
from typing import Iterable

STYLESHEET = "assets/css/codex.css"
ANSWER_FIRST = "cx-calc--answer-first"
LANDING = "cx-calc--landing"


def named_by_link(ids: Iterable[str]) -> str:
    """The selectors of the calculator a link names, for each id, until linked.js has taken it."""
    return ", ".join(f'html[data-codex-link="{cid}"]:not([data-codex-landed]) #calc-{cid}' for cid in sorted(ids))


def shipped(css: str, ids: Iterable[str]) -> str:
    """codex.css as shipped: `.cx-calc--answer-first` also matches the calculator a link names
    while it lands, and `.cx-calc--landing` is that calculator's selector."""
    early = named_by_link(ids)
    css = re.sub(rf"\.{ANSWER_FIRST}(?![\w-])", f":is(.{ANSWER_FIRST}, {early})", css)
    return re.sub(rf"\.{LANDING}(?![\w-])", f":is({early})", css)
