"""Glossary terms: the glossary page, and per-game abbreviations that become tooltips.

Each game has `calc/data/glossary_<game>.json`: `{"terms": [{"term", "definition", "rule"}]}`
where `rule` (optional) is a docs path with anchor. A rules page of a game gets that game's
terms appended as Markdown abbreviations, so the same word explains itself differently in
different games.
"""

from __future__ import annotations

from html import escape
from typing import Any

from calc import data

from .games import GAMES
from .links import relative_href


def terms(game: str) -> list[dict[str, Any]]:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    name = f"glossary_{game}"
    if name not in data.names():
        return []
    return sorted(data.load(name)["terms"], key=lambda t: t["term"].lower())


def term_anchor(game: str, term: str) -> str:
    slug = "".join(ch if ch.isalnum() else "-" for ch in term.lower()).strip("-")
    while "--" in slug:
        slug = slug.replace("--", "-")
    return f"glossary-{game}-{slug}"


def abbreviations(game: str) -> str:
    """Markdown abbreviation definitions (`*[Term]: definition`) for one game's pages."""
    lines = []
    for t in terms(game):
        definition = " ".join(t["definition"].split()).replace("]", ")")
        lines.append(f"*[{t['term']}]: {definition}")
    return "\n".join(lines)


def glossary_html(game: str, page_uri: str) -> str:
    """A definition list of one game's terms, each with a stable anchor and a link to its rule."""
    items = []
    for t in terms(game):
        anchor = term_anchor(game, t["term"])
        rule = t.get("rule")
        link = (
            f' <a class="cx-glossary__rule" href="{escape(relative_href(page_uri, rule))}">See the rule</a>'
            if rule
            else ""
        )
        items.append(
            f'<dt id="{anchor}">{escape(t["term"])}</dt><dd>{escape(t["definition"])}{link}</dd>'
        )
    return f'<dl class="cx-glossary" data-game="{game}">{"".join(items)}</dl>'
