"""Which Roll & Keep rule sets a section of a page covers, read from the page's Markdown.

Roll & Keep has two sources, the summary rules and the house rules (a calculator's `rules` field:
`summary`, `house`). A passage follows one of them when it stands in a Summary/House tab, or when
its section says it follows one: its page's line "Source: house rules." (or "Source: summary
rules.", `{ .cx-source }`) names the source of the section it stands in and of that section's
subsections, unless a subsection names its own (a page whose top section has one follows it
throughout, as `rk/social.md` does; `rk/knacks.md` follows the summary but for its
house-rule section). Any other Roll & Keep passage states what both say. A section covers the
rule sets of every passage in it, its subsections' included; a section of another game covers
none (those games have one source).

A section that covers one rule set on a page of both must say so on its card ("Under the house
rules, ..."): `must_name` tells which, and the card check (macros/share/card_check.py) refuses a
card without it. The roll reader's own table of one-source pages (`macros.rolls.reading.PAGE_RULES`)
marks the pages that follow one source throughout; their cards need not repeat it.
"""

from __future__ import annotations

import re

from macros.mdsource import headings, strip_front_matter
from macros.rolls.reading import PAGE_RULES, TAB_RULES

BOTH = ("summary", "house")            # in the order the calculators offer them
_TAB = re.compile(r'^(?P<indent>\s*)=== "(?P<label>[^"]+)"')
# "Source: house rules." / "Source: summary rules, except ..." (not "summary rules and house rules")
SOURCE_LINE = re.compile(r"^Source: (?P<rules>summary|house) rules(?! and\b)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def stated_sources(markdown: str) -> dict[str, str]:
    """`anchor` -> the one source its section's "Source:" line names (sections without one are left out)."""
    text = strip_front_matter(markdown)
    lines = text.splitlines()
    found = [h for h in headings(text) if h.anchor]
    out: dict[str, str] = {}
    for at, h in enumerate(found):
        end = found[at + 1].line if at + 1 < len(found) else len(lines)
        named = next((m.group("rules") for m in map(SOURCE_LINE.match, lines[h.line + 1:end]) if m), None)
        if named:
            out[h.anchor] = named
    return out


def _line_rules(lines: list[str], owner: list[str | None]) -> list[tuple[str, ...]]:
    """The rule sets each line follows (`owner`: the source the section a line stands in follows)."""
    out: list[tuple[str, ...]] = []
    tab: tuple[int, str] | None = None     # (indent of the `===` line, its rules) while inside a tab
    for line, own in zip(lines, owner):
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
            out.append((own,) if own else BOTH)
    return out


def rule_sets(markdown: str, game: str | None) -> dict[str, tuple[str, ...]]:
    """`anchor` -> the rule sets its section covers, for every heading with an anchor on a page of
    `game` (`rk`, or None off the game pages); empty tuples off the Roll & Keep pages."""
    text = strip_front_matter(markdown)
    found = list(headings(text))
    if game != "rk":
        return {h.anchor: () for h in found if h.anchor}
    stated = stated_sources(text)
    lines = text.splitlines()
    owner: list[str | None] = [None] * len(lines)
    stack: list[tuple[int, str | None]] = []     # open headings: (level, the source in force)
    for at, h in enumerate(found):
        stack = [s for s in stack if s[0] < h.level]
        inherited = stack[-1][1] if stack else None
        stack.append((h.level, stated.get(h.anchor or "", inherited)))
        end = found[at + 1].line if at + 1 < len(found) else len(lines)
        for n in range(h.line, end):
            owner[n] = stack[-1][1]
    per_line = _line_rules(lines, owner)
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


def must_name(covered: tuple[str, ...], page: str) -> str:
    """The rule set a section's card must name: its one source, when its page (`rk/damage.md`) has
    both; '' when it covers both or none, or its page follows one source throughout."""
    return covered[0] if len(covered) == 1 and page not in PAGE_RULES else ""
