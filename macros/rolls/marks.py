"""Rolls written in the rules text become buttons that show their exact odds (docs/assets/js/rolls.js).

A Markdown treeprocessor, added to every page's Markdown by `hooks.forum.on_config`. It runs after
attr_list (so headings carry their anchors) and before the ruling links. Each roll that
`macros.rolls.reading` finds and reads becomes

    <button type="button" class="cx-roll" data-roll="rk-test/6/3" aria-label="6k3: odds">6k3</button>

and the page gets one hidden `<div class="cx-rolls-data" data-rolls="...">` holding as JSON, per roll,
the figures `calc.built.roll_odds` worked out, already written as the popover shows them, with the link
to the calculator set to that roll. A roll's key (its `data-roll`) is the question its sentence asks,
not only its dice: the same 4k2 against TN 25 and with no TN are two popovers. Each popover says that
question as data too (`question`: the calculator and the settings its link carries, from
`calc.question.Question`), and which of its rows is the number the sentence names (`mark`). Text in links, code and headings is left alone; raw HTML
(calculators) never reaches a treeprocessor. A roll that cannot be read or that calc refuses stops
the build, naming the page and the text.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
import xml.etree.ElementTree as etree
from typing import Any, Sequence

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from calc import CALCULATORS, InputError
from calc.question import Question
from calc.built.roll_odds import RollOdds, roll_odds
from calc.wording import figure, number
from macros.games import game_of
from macros.links import relative_href
from macros.rolls.draws import keep_rolls
from macros.rolls.reading import Found, Reading, Unsettled, Where, find_rolls, read
from macros.ruling_links import RULINGS_PAGE
from macros.text_marks import LEFT_ALONE, mark_text

PRIORITY = 6   # after attr_list (8): headings have their ids; before the ruling links (5)
BLOCKS = frozenset({"p", "li", "td", "dt", "dd"})
ROLL_CLASS = "cx-roll"   # the button a roll becomes (rolls.js and the share pages find it by it)
SKIPPED = LEFT_ALONE | {"th", "button", "abbr"}
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
THRESHOLD_WORDS = {"TN": "Against TN", "Damage": "Damage of at least", "Dice total": "Dice total of at least",
                   "Successes": "Successes, at least", "Brawn": "With Brawn", "Panache": "With Panache"}
FIGURE_WORDS = {"percent": "Chance", "number": "Average damage"}


class RollError(ValueError):
    """A roll on a page that the build cannot make live (the message names the page and the text)."""


def entry(odds: RollOdds, page: str) -> dict[str, Any]:
    """One roll's popover, every word and figure as it is shown."""
    calculator = CALCULATORS[odds.calculator]
    question = Question.of(odds.calculator, odds.params)
    href = f"{relative_href(page, question.page)}?{question.query()}#{question.fragment}"
    marked = [i for i, row in enumerate(odds.rows) if odds.mark is not None and row[0] == odds.mark]
    return {
        "title": f"{odds.roll}: {odds.dice}",
        "mean": " ".join(filter(None, ["Average", number(odds.mean), odds.mean_note])),
        "head": [THRESHOLD_WORDS[odds.threshold], *(odds.columns or [FIGURE_WORDS[odds.shown]])],
        "rows": [[str(row[0]), *(figure(p, odds.shown) for p in row[1:])] for row in odds.rows],
        **({"mark": marked[0]} if marked else {}),
        "rulings": [[r, relative_href(page, f"{RULINGS_PAGE}#{r.lower()}")] for r in odds.rulings],
        "reading": "The Codex's reading:",
        "question": {"calc": question.calculator, **dict(question.pairs())},
        "href": href,
        "link": f"{calculator.title}, set to {odds.set_to or odds.roll}",
    }


def context(page: str, game: str, chain: Sequence[etree.Element], sections: dict[etree.Element, str]) -> Where:
    """Where text sitting in the last element of `chain` stands (no block: `block` stays empty)."""
    blocks = [i for i, el in enumerate(chain) if el.tag in BLOCKS]
    if not blocks:
        return Where(page, game)
    i = blocks[-1]
    block = chain[i]
    column = row = None
    if block.tag == "td":
        table = next(el for el in reversed(chain[:i]) if el.tag == "table")
        head = table.find("thead/tr")
        cells = list(chain[i - 1])
        index = cells.index(block)
        column = "".join(head[index].itertext()).strip() if head is not None and index < len(head) else None
        row = unescaped("".join(cells[0].itertext())).strip() if index > 0 else None
    return Where(page, game, sections.get(block), tab_label(chain), column, "".join(block.itertext()), row=row)


def unescaped(text: str) -> str:
    """Text as the page will show it: Markdown holds a backslash-escaped character ("blunt\\*") as a
    placeholder (STX, its code, ETX) until its last step."""
    return re.sub("\x02(\\d+)\x03", lambda m: chr(int(m.group(1))), text)


def tab_label(chain: Sequence[etree.Element]) -> str | None:
    """The label of the innermost Summary/House tab holding the text (pymdownx.tabbed, alternate style)."""
    for i in range(len(chain) - 1, 1, -1):
        if "tabbed-block" in (chain[i].get("class") or "").split():
            content, tab_set = chain[i - 1], chain[i - 2]
            labels = next((el for el in tab_set if "tabbed-labels" in (el.get("class") or "")), None)
            index = list(content).index(chain[i])
            if labels is not None and index < len(labels):
                return "".join(labels[index].itertext()).strip()
    return None


def section_of(root: etree.Element) -> dict[etree.Element, str]:
    """Each element's section: the anchor of the last heading before it, in document order."""
    sections: dict[etree.Element, str] = {}
    current = ""
    for el in root.iter():
        if el.tag in HEADINGS and el.get("id"):
            current = el.get("id") or ""
        sections[el] = current
    return sections


class PageRolls:
    """The rolls of one page: reads and marks its text nodes, keeps each roll's popover once."""

    def __init__(self, page: str, game: str, sections: dict[etree.Element, str]) -> None:
        self.page, self.game, self.sections = page, game, sections
        self.entries: dict[str, dict[str, Any]] = {}
        self.readings: dict[str, Reading] = {}   # by key: what the Roll draws from (macros/rolls/draws.py)
        self.cursor: dict[etree.Element, int] = {}   # how far into each block's text the walk has come

    def split(self, text: str, chain: Sequence[etree.Element]) -> list[str | etree.Element] | None:
        found = find_rolls(text, self.game)
        if not found:
            return None
        where = context(self.page, self.game, chain, self.sections)
        block = next((el for el in reversed(chain) if el.tag in BLOCKS), None)
        node_at = where.block.find(text, self.cursor.get(block, 0)) if block is not None else -1
        if block is not None and node_at >= 0:
            self.cursor[block] = node_at + len(text)
        pieces: list[str | etree.Element] = []
        last = 0
        for roll in found:
            reading = self.reading(roll, replace(where, at=max(node_at, 0) + roll.start))
            if reading is None:
                continue
            pieces.append(text[last:roll.start])
            pieces.append(self.button(roll.text, reading))
            last = roll.end
        if not pieces:
            return None
        pieces.append(text[last:])
        return pieces

    def reading(self, roll: Found, where: Where) -> Reading | None:
        try:
            reading = read(roll, where) if where.block else None
            if reading is not None and reading.key not in self.entries:
                self.entries[reading.key] = entry(roll_odds(reading.kind, **dict(reading.params)), self.page)
                self.readings[reading.key] = reading
        except (Unsettled, InputError) as error:
            raise RollError(f"{self.page}: the roll {roll.text!r} in {where.block[:80]!r}: {error}") from error
        return reading

    def button(self, text: str, reading: Reading) -> etree.Element:
        button = etree.Element("button", {"type": "button", "class": ROLL_CLASS, "data-roll": reading.key,
                                          "aria-label": f"{text}: odds", "aria-expanded": "false"})
        button.text = text
        return button

    def data(self) -> etree.Element:
        """The page's popovers as one JSON attribute of an empty hidden element (not a <script>:
        Material's instant navigation re-creates a swapped page's scripts as ones to run, which the
        content policy then refuses; an attribute is escaped by the serializer like any other)."""
        return etree.Element("div", {"class": "cx-rolls-data", "hidden": "hidden",
                                     "data-rolls": json.dumps(self.entries, separators=(",", ":"), ensure_ascii=False)})


class RollMarks(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        relpath = self.md.treeprocessors["relpath"] if "relpath" in self.md.treeprocessors else None
        page_file = getattr(relpath, "file", None)
        game = game_of(page_file.src_uri) if page_file is not None else None
        if game is None:
            return   # not a game's rules page (home, calculators, glossary, print pages)
        rolls = PageRolls(page_file.src_uri, game, section_of(root))
        mark_text(root, rolls.split, SKIPPED)
        if rolls.entries:
            root.append(rolls.data())
            keep_rolls(page_file.src_uri, rolls.readings)


class RollMarksExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(RollMarks(md), "codex_roll_marks", PRIORITY)


__all__ = ["PRIORITY", "PageRolls", "RollError", "RollMarksExtension", "context", "entry", "section_of"]
