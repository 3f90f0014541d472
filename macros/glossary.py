"""Glossary terms: the glossary page, and per-game abbreviations that become tooltips.

Each game has `calc/data/glossary_<game>.json`: `{"terms": [{"term", "definition", "rule"}]}`
where `rule` (optional) is a docs path with anchor. A number the engine also uses is not typed in a
definition: `{rk_numbers:crippled_dice}` (or `{file:path:format}`, a format of
`macros/rule_numbers.py`) is filled from `calc/data`, as a page's `rule_number` quote is. A rules page of a game gets that game's
terms appended as Markdown abbreviations, so the same word explains itself differently in
different games.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from calc import data

from macros.games import GAMES
from macros.links import relative_href
from macros.rule_numbers import lookup, shown

RULE_NUMBER = re.compile(r"\{(\w+):([\w.]+)(?::(\w+))?\}")   # {file:path} or {file:path:format}


def filled(definition: str) -> str:
    """A definition with its rule numbers written in from `calc/data`."""
    return RULE_NUMBER.sub(lambda m: shown(lookup(m[1], m[2]), m[3] or "plain"), definition)


def terms(game: str) -> list[dict[str, Any]]:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    name = f"glossary_{game}"
    if name not in data.names():
        return []
    listed = [dict(t, definition=filled(t["definition"])) for t in data.load(name)["terms"]]
    return sorted(listed, key=lambda t: t["term"].lower())


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
