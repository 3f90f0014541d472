"""A reader's heroes on the site: what the hero scripts read, written once a build from the declarations.

`assets/heroes.json` holds the heroes' rules (`calc.hero.spec`: each game's values, names and
ranges, the name's limits, the file's format) and, for each calculator a hero can fill, its game,
its page and which of its fields each hero value fills (`calc.hero.hero_fields`, read from each
field's `Param.hero`). Only the hero scripts fetch it (docs/assets/js/heroes.js), and they are
loaded only on the hero page or when this device keeps a hero (docs/assets/js/codex.js), so a page
load that never opens a hero carries none of it. The service worker keeps these files when used
(`LOADED_ON_HERO`), never at install.
"""

from __future__ import annotations

from typing import Any

from calc.hero import game_of, hero_fields, spec
from calc.question import page_url
from calc.registry import CALCULATORS

FILE = "assets/heroes.json"
LOADED_ON_HERO = (FILE, "assets/js/heroes.js", "assets/js/hero-pick.js", "assets/js/hero-page.js")


def document() -> dict[str, Any]:
    """The heroes' rules and, by calculator id, what a hero fills there."""
    calculators = {
        c.id: {"game": game_of(c), "title": c.title, "page": page_url(c.rule),
               "fragment": f"calc-{c.id}", "fields": hero_fields(c)}
        for c in CALCULATORS.values() if hero_fields(c)
    }
    return {"spec": spec(), "calculators": calculators}


__all__ = ["FILE", "LOADED_ON_HERO", "document"]
