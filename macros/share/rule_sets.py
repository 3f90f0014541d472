"""Which Roll & Keep rule sets a section of a page covers, read from the page's Markdown.

Roll & Keep has two sources, the summary rules and the house rules (a calculator's `rules` field:
`summary`, `house`). A passage follows one of them when it stands in a Summary/House tab, when its
section is one of the house rules' own (`roll_reading.SECTION_RULES`) or its page follows one source
throughout (`roll_reading.PAGE_RULES`); any other Roll & Keep passage states what both say. A
section covers the rule sets of every passage in it, its subsections' included; a section of
another game covers none (those games have one source).
"""

from __future__ import annotations

import re

from macros.games import game_of
from macros.mdsource import headings, strip_front_matter
from macros.rolls.reading import PAGE_RULES, SECTION_RULES, TAB_RULES

BOTH = ("summary", "house")            # in the order the calculators offer them
_TAB = re.compile(r'^(?P<indent>\s*)=== "(?P<label>[^"]+)"')


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _line_rules(lines: list[str], owner: list[str | None], page: str) -> list[tuple[str, ...]]:
    """The rule sets each line follows (`owner`: the innermost section anchor a line stands in)."""
    out: list[tuple[str, ...]] = []
    tab: tuple[int, str] | None = None     # (indent of the `===` line, its rules) while inside a tab
    for line, anchor in zip(lines, owner):
        found = _TAB.match(line)
        if found:
            rules = TAB_RULES.get(found.group("label"))
            tab = (_indent(line), rules) if rules else None
            out.append(())
            continue
        if tab is not None and line.strip() and _indent(line) <= tab[0]:
            tab = None
        if not line.strip():
            out.append(())
        elif tab is not None:
            out.append((tab[1],))
        else:
            own = SECTION_RULES.get(anchor or "") or PAGE_RULES.get(page)
            out.append((own,) if own else BOTH)
    return out


def rule_sets(markdown: str, page: str) -> dict[str, tuple[str, ...]]:
    """`anchor` -> the rule sets its section covers, for every heading with an anchor on the page
    (`page`: its docs path, `rk/damage.md`); empty tuples off the Roll & Keep pages."""
    text = strip_front_matter(markdown)
    found = list(headings(text))
    if game_of(page) != "rk":
        return {h.anchor: () for h in found if h.anchor}
    lines = text.splitlines()
    owner: list[str | None] = [None] * len(lines)
    stack: list[tuple[int, str | None]] = []     # open headings: (level, the anchor in force)
    for at, h in enumerate(found):
        stack = [s for s in stack if s[0] < h.level]
        inherited = next((a for _, a in reversed(stack) if a in SECTION_RULES), None)
        stack.append((h.level, h.anchor if h.anchor in SECTION_RULES else inherited))
        end = found[at + 1].line if at + 1 < len(found) else len(lines)
        for n in range(h.line, end):
            owner[n] = stack[-1][1]
    per_line = _line_rules(lines, owner, page)
    for h in found:
        per_line[h.line] = ()          # a heading names a section; its passages say what it covers
    out = {}
    for at, h in enumerate(found):
        if not h.anchor:
            continue
        end = next((later.line for later in found[at + 1:] if later.level <= h.level), len(lines))
        covered = {rules for line in per_line[h.line + 1:end] for rules in line}
        out[h.anchor] = tuple(r for r in BOTH if r in covered)
    return out
