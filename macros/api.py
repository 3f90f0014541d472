"""The Codex as data for bots and scripts: every ruling, section and calculator as JSON at `api/v1/`.

Three files, each with a JSON Schema beside it (`<name>.schema.json`, kept in contracts/api/v1/:
what the files promise, checked by tests/test_api.py):

- `rulings.json`: each ruling's ID, title, statement, whether it is in force, its dates, the
  sections it touches and its addresses (`rulings/#r-0045`, the share address `s/r-0045/`);
- `sections.json`: each section a share address describes (every published anchor and every
  heading since): its anchor, heading, game, the Roll & Keep rule sets it covers, its page,
  addresses and the text of its card;
- `calculators.json`: each calculator's fields and the link a bot fills in (`calc.catalogue`).

and `hero.schema.json`, alone: a file of heroes as the hero page exports it (`calc.hero.schema`,
committed in contracts/api/v1/ like the others; tests/test_hero.py checks they agree).

The card text and the sections are what the share pages say (macros/share/pages.py, the same `Share`
values), so a bot and a forum preview never disagree. Every address is relative to the site's
root, `site` in each file (the `site_url` the site was built for; it is also `../../` from the file).
Written by macros/hooks/api.py; not kept offline (macros/hooks/security.py) and not in the sitemap.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Mapping

from calc.catalogue import catalogue

from macros.links import page_url, share_path
from macros.rulings import Ruling, rule_label
from macros.share.pages import Section, Share

TOP = "api"                      # every version's folder is under it
VERSION = "v1"
FOLDER = f"{TOP}/{VERSION}"
NAMES = ("rulings", "sections", "calculators")
SCHEMAS = Path(__file__).resolve().parent.parent / "contracts" / FOLDER   # `<name>.schema.json`


def card(item: Share, image: str) -> dict[str, str]:
    """A share page's preview: the card's title and the line above it, the description, the image."""
    return {"title": item.card_title, "line": item.card_line, "description": item.description, "image": image}


def _address(rule: str) -> str:
    """`rk/damage.md#rk-wound-checks` -> `rk/damage/#rk-wound-checks`."""
    page, _, anchor = rule.partition("#")
    return f"{page_url(page)}#{anchor}"


def ruling_entry(r: Ruling, item: Share, image: str, index: Mapping[str, str]) -> dict[str, Any]:
    """One ruling, with the sections it touches (`index`: mdsource.heading_index, for their labels)."""
    return {
        "id": r.id,
        "title": r.title,
        "statement": r.statement,
        "status": "in force" if r.active else "withdrawn",
        "date": r.date,
        "withdrawn": r.withdrawn,
        "withdrawn_reason": r.withdrawn_reason,
        "superseded_by": r.superseded_by,
        "sections": [
            {"anchor": rule.partition("#")[2], "label": rule_label(rule, index), "address": _address(rule),
             "share": share_path(rule.partition("#")[2])}
            for rule in r.rules
        ],
        "address": item.target,
        "share": share_path(r.anchor),
        "card": card(item, image),
    }


def section_entry(item: Share, built: tuple[Section, Section, str | None], *, rule_sets: Iterable[str],
                  rulings: Iterable[str], image: str) -> dict[str, Any]:
    """One section: `built` is the section as the build read it, its page's h1 section and its game."""
    section, page, game = built
    return {
        "anchor": item.anchor,
        "title": section.heading,
        "level": section.level,
        "game": game,
        "rule_sets": list(rule_sets),
        "page": {"title": page.heading, "address": section.page_url},
        "address": item.target,
        "share": share_path(item.anchor),
        "rulings": list(rulings),
        "card": card(item, image),
    }


def document(name: str, site: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """A file's whole content: the version, the site its addresses are relative to, its schema, the entries."""
    return {"api": VERSION, "site": site, "schema": f"{name}.schema.json", name: entries}


def calculators(site: str) -> dict[str, Any]:
    return document("calculators", site, catalogue())


def encoded(content: Mapping[str, Any]) -> bytes:
    """The bytes written: compact UTF-8 JSON, keys in the order the entries give them."""
    return json.dumps(content, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def schema(name: str) -> bytes:
    """The JSON Schema a file follows, as published beside it."""
    return (SCHEMAS / f"{name}.schema.json").read_bytes()
