"""The card check: what a share page says in the Codex's name must stand as a statement of its rule.

A forum shows a pasted rule's title and description as the Codex's words, cut off from the page.
So each description must end as a sentence (not at a colon that promised a list, not cut with an
ellipsis), start with words rather than a list marker, fit a card (titles and descriptions have
limits), point nowhere ("see below" means nothing on a card), cite the ruling whose reading it
states, name both rule sets where the section has Summary and House tabs, name its one rule set
where the section follows one source on a page of both (`Share.must_name`, from
macros/share/rule_sets.py: "Under the house rules, ..."), and say something no other rule's card
says. `problems` and `duplicates` return one line per fault naming the section;
the share hook stops the build on any (macros/hooks/share.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Iterable, Protocol

TITLE_LIMIT = 70
DESCRIPTION_LIMIT = 200
BOTH_TABS = ("Summary rules", "House rules")

_ENDS_AS_SENTENCE = re.compile(r"[.!?][\"”’)]*$")
_LIST_MARKER = re.compile(r"^(?:[*•·\-–—+]|\d+[.)]|[a-z][.)])\s")
_POINTS_AWAY = re.compile(
    r"\b(?:see|reading|shown|listed|given|as|rules?|calculators?|planner|tables?|lists?|examples?|sections?) "
    r"(?:below|above)\b|\(see\b|\bas follows\b", re.I)
_READING = re.compile(r"Codex['’]s reading|\bthe Codex (?:reads|counts|takes|treats|gives|keeps|plays|applies|sets)\b", re.I)
_RULING_ID = re.compile(r"\bR-\d{4}\b")


class Card(Protocol):
    anchor: str
    title: str
    description: str
    target: str
    tabs: tuple[str, ...]
    opens_with: str
    must_name: str


def problems(card: Card) -> list[str]:
    """What is wrong with one card's title and description ([] when nothing)."""
    d, out = card.description, []
    if not d:
        why = f" (it opens with {card.opens_with})" if card.opens_with else ""
        return [f"{card.anchor}: no text of its own that could stand as its card{why}"]
    if not _ENDS_AS_SENTENCE.search(d):
        out.append(f"{card.anchor}: does not end as a sentence ({d[-30:]!r})")
    if _LIST_MARKER.match(d):
        out.append(f"{card.anchor}: starts with a list marker ({d[:20]!r})")
    if len(d) > DESCRIPTION_LIMIT:
        out.append(f"{card.anchor}: description of {len(d)} characters, over {DESCRIPTION_LIMIT}")
    if len(card.title) > TITLE_LIMIT:
        out.append(f"{card.anchor}: title of {len(card.title)} characters, over {TITLE_LIMIT} ({card.title!r})")
    if _POINTS_AWAY.search(d):
        out.append(f"{card.anchor}: points elsewhere ({_POINTS_AWAY.search(d).group(0)!r})")
    if _READING.search(d) and not _RULING_ID.search(card.title + " " + d):
        out.append(f"{card.anchor}: states the Codex's reading without its ruling ID")
    if all(t in card.tabs for t in BOTH_TABS) and not ("summary" in d.lower() and "house" in d.lower()):
        out.append(f"{card.anchor}: has Summary and House tabs, but its description names only one rule set or none")
    if card.must_name and card.must_name not in d.lower():
        out.append(f"{card.anchor}: follows the {card.must_name} rules only, on a page of both, but its description "
                   f"does not say so (\"Under the {card.must_name} rules, ...\")")
    return out


def duplicates(cards: Iterable[Card]) -> list[str]:
    """Cards of different rules that say the same thing (an old anchor that moved shares its
    rule's card, as it leads to the same place)."""
    by_text: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for card in cards:
        if card.description:
            by_text[card.description][card.target].append(card.anchor)
    return [
        f"{' and '.join(sorted(a for anchors in targets.values() for a in anchors))}: the same description ({text[:60]!r}…)"
        for text, targets in by_text.items() if len(targets) > 1
    ]


def check(cards: Iterable[Card]) -> list[str]:
    """Every fault of every card: each card's own, then the texts two rules share."""
    cards = list(cards)
    return [p for card in cards for p in problems(card)] + duplicates(cards)
