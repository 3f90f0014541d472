"""The card text a page writes for its sections, in its front matter.

A section that opens with a list, a table or Summary/House tabs has no sentence of its own that
could stand as its card (macros/share/card_check.py says why each is refused), so its page writes one:

    ---
    cards:
      rk-phases: >-
        A round has ten phases, 1 to 10, under the summary rules, and eleven under the house
        rules, counting down from 10 to 0.
    ---

Each key is a heading anchor of that page; each value is one to three sentences of plain text
(no Markdown), the section's rule in whole, for both rule sets where it has both. The page's own
`description` is its top heading's card unless `cards:` names that anchor. Nothing else is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from macros.mdsource import FRONT_MATTER, headings
from macros.widgets import calculators_page_anchors

KEY = "cards"


class CardError(ValueError):
    """A page's `cards:` names an anchor it does not have, or gives something other than text."""


def page_cards(meta: Mapping[str, Any], *, page: str, anchors: Iterable[str], top: str | None,
               problems: list[str] | None = None) -> dict[str, str]:
    """anchor -> card text for one page (`top`: its h1's anchor, which takes `description`).

    A key that names no heading of the page, or a card that is not text, raises CardError; with a
    `problems` list, it is added there instead and left out (the build reports them all at once)."""
    def refuse(message: str) -> None:
        if problems is None:
            raise CardError(message)
        problems.append(message)

    written = meta.get(KEY) or {}
    if not isinstance(written, Mapping):
        refuse(f"{page}: `{KEY}:` must map heading anchors to text")
        written = {}
    known = set(anchors)
    out: dict[str, str] = {}
    for anchor, text in written.items():
        if anchor not in known:
            refuse(f"{page}: `{KEY}:` names {anchor!r}, which is no heading anchor of this page")
        elif not isinstance(text, str) or not text.strip():
            refuse(f"{page}: the card for {anchor!r} must be text")
        else:
            out[anchor] = " ".join(text.split())
    description = meta.get("description")
    if top and top not in out and isinstance(description, str) and description.strip():
        out[top] = " ".join(description.split())
    return out


def docs_cards(docs_dir: Path) -> dict[str, str]:
    """Every card the pages write, read from their sources without MkDocs: anchor -> text (for
    the tests and tools; the build reads each page's front matter as MkDocs parsed it)."""
    out: dict[str, str] = {}
    for path in sorted(docs_dir.rglob("*.md")):
        markdown = path.read_text(encoding="utf-8")
        found = FRONT_MATTER.match(markdown)
        meta = (yaml.safe_load("\n".join(found.group(0).splitlines()[1:-1])) if found else None) or {}
        marks = list(headings(markdown))
        top = next((h.anchor for h in marks if h.level == 1), None)
        made = calculators_page_anchors() if "calculators_by_game()" in markdown else []
        out.update(page_cards(meta, page=path.relative_to(docs_dir).as_posix(),
                              anchors=[h.anchor for h in marks if h.anchor] + made, top=top))
    return out
