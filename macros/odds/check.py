"""The odds card check: what an odds page says in the Codex's name must be its question's answer.

Held to the share pages' standard (macros/share/card_check.py): the description ends as a whole
sentence; it names the rules the answer follows (the rule set, where the calculator has a Rules
field); its first figure, and every figure the page lists, is the one `calc.evaluate` gives for the
question, as its headline shows it; the title is the question; the embed is within Discord's limits
(macros/share/embed.py); the page's link on is relative and inside the site, so an odds address
never leads off it. `problems` returns one line per fault, naming the address; the odds hook stops
the build on any (macros/hooks/answers.py).
"""

from __future__ import annotations

import posixpath
import re

from calc.registry import evaluate
from calc.wording import rules_words
from macros.odds.card import DESCRIPTION_LIMIT, OddsCard, headline_figures, settings
from macros.share import embed

_ENDS_AS_SENTENCE = re.compile(r"[.!?]$")
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def stays_inside(target: str, here: str) -> bool:
    """Whether a relative link from `here` (a folder from the site's root) stays inside the site."""
    if _SCHEME.match(target) or target.startswith(("/", "\\")) or "\\" in target:
        return False
    path = target.split("#", 1)[0].split("?", 1)[0]
    joined = posixpath.normpath(posixpath.join(here, path or "."))
    return not (joined == ".." or joined.startswith("../"))


def problems(card: OddsCard, *, payload: str, site: str,
             figures: tuple[tuple[str, str], ...] | None = None) -> list[str]:
    """What is wrong with one odds page's words, figures, embed and link ([] when nothing); `figures`:
    the headline figures of `calc.evaluate`'s answer to the card's question, worked out here when not given."""
    q, d, out = card.question, card.description, []
    calculator = q.declaration
    params = settings(q)
    if figures is None:
        figures = headline_figures(calculator, evaluate(q.calculator, params))
    if not _ENDS_AS_SENTENCE.search(d) or d.endswith("…"):
        out.append(f"does not end as a sentence ({d[-30:]!r})")
    if len(d) > DESCRIPTION_LIMIT:
        out.append(f"description of {len(d)} characters, over {DESCRIPTION_LIMIT}")
    if card.rules not in d:
        out.append(f"does not name its rules ({card.rules!r})")
    if "rules" in params and rules_words(params["rules"]) not in d:
        out.append(f"does not name the {rules_words(params['rules'])} it was answered under")
    if not figures or f"{figures[0][0]}: {figures[0][1]}" not in d:
        out.append(f"its first figure is not calc's ({figures[:1]!r})")
    if card.figures != figures:
        out.append(f"its figures {card.figures!r} are not calc's {figures!r}")
    if not card.title.startswith(calculator.title):
        out.append(f"its title does not name the calculator ({card.title!r})")
    if not stays_inside(card.target, ""):   # from the site's root
        out.append(f"its link leads off the site ({card.target!r})")
    out += [f"embed: {p}" for p in embed.problems(payload, site=site)]
    return [f"{card.path}: {p}" for p in out]


__all__ = ["problems", "stays_inside"]
