"""Which written rolls are live, and which rules each follows: the one place that decides.

`find_rolls(text, game)` finds the rolls a game's pages write (XkY on Roll & Keep pages, 3d6 and
4d6 on Seventh Sun pages, "N dice" and "a pool of N" on dice-pool pages). `read(found, where)`
settles each one from where it stands (`Where`: the page, its section, the Summary/House tab, the
table column, the paragraph or cell around it) into a `Reading`: a kind of `calc.roll_odds` and
its settings, or `None` for text that names dice without being a roll of its own (a "+1k0"
added to another roll). A 0kY is a damage rating whose dice the wielder's Brawn adds. A roll whose
context does not settle its rules raises `Unsettled`, so the strict build stops and names it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# -- what a roll looks like, per game ----------------------------------------------------------

PATTERNS: dict[str, re.Pattern[str]] = {
    # a leading "+" is matched so that a modifier ("+1k0 damage") can be told from a roll
    "rk": re.compile(r"(?<![\w.])(?P<plus>\+)?(?P<rolled>\d+)k(?P<kept>\d+)(?!\w)"),
    "sun": re.compile(r"(?<![\w+])(?P<count>\d+)d(?P<sides>\d+)(?!\w)"),
    # any whole number: "roll 4 dice" and "rolls **7** dice" (the number in bold, apart from its
    # word) are told from other numbers by the words around them in `read_pool`
    "pool": re.compile(r"(?<![\w+.,])(?P<dice>\d+)(?!\w|[.,]\d)"),
}

# -- what the context says ----------------------------------------------------------------------

TAB_RULES = {"Summary rules": "summary", "House rules": "house"}
# pages whose every roll is under one set of rules (their source says so at the head of the page)
PAGE_RULES = {"rk/social.md": "house", "rk/mounted.md": "house", "rk/drama-dice.md": "summary",
              "rk/knacks.md": "summary"}
SECTION_RULES = {"rk-house-knacks": "house"}   # the one house section of a summary page
RULES_NAMED = {"summary": re.compile(r"\bsummary\b", re.I), "house": re.compile(r"\bhouse\b", re.I)}
# Social Damage exists only in the house rules, which roll it on six-sided dice
SOCIAL = re.compile(r"\bsocial\s+damage\b", re.I)
# "4k2 damage roll", "3k2 Social Damage", "a 3k2 roll of six-sided dice" (only damage is six-sided)
DAMAGE_AFTER = re.compile(r"^\W*(?:(?:physical\s+|social\s+)?damage\b|roll\s+of\s+six-sided\s+dice)", re.I)
# "a sharp one does 1k2", "He takes 3k2", "raise the base Social Damage of one kind of attack to 2k4"
DAMAGE_BEFORE = re.compile(r"\b(?:does|do|takes|damage\b[^.;]*\bto)\W*$", re.I)
DAMAGE_COLUMN = re.compile(r"\bdamage\b", re.I)   # "Damage", "Physical Damage"
DAMAGE_SECTIONS = frozenset({"rk-damage-rolls", "rk-social-damage"})
TEST_AFTER = re.compile(r"^\W*(?:wound\s+check|attack|roll\s+against)\b", re.I)
SUN_DIE = {"highest": "bonus", "best": "bonus", "lowest": "penalty", "worst": "penalty"}
POOL_BEFORE = re.compile(r"\b(?:rolls?|rolling)\W*$", re.I)
POOL_AFTER = re.compile(r"^\W*(?:damage\s+)?(?:dice|die)\b", re.I)
POOL_OF = re.compile(r"\bpool\s+of\W*$", re.I)


class Unsettled(ValueError):
    """A roll whose context does not say which rules it follows."""


@dataclass(frozen=True)
class Found:
    """A roll as written, where it starts and ends in its text, and its numbers."""

    text: str
    start: int
    end: int
    numbers: dict[str, Any]


@dataclass(frozen=True)
class Where:
    """Where a roll stands: its page, section anchor, tab label, table column and paragraph (or cell)."""

    page: str
    game: str
    section: str | None = None
    tab: str | None = None
    column: str | None = None
    block: str = ""          # the text of the paragraph, list item or cell
    at: int = 0              # where the roll starts in `block`


@dataclass(frozen=True)
class Reading:
    """A roll's kind (a key of calc.roll_odds.KINDS) and its settings."""

    kind: str
    params: tuple[tuple[str, Any], ...]

    @property
    def key(self) -> str:
        """A short name for the roll, the same for the same roll anywhere: `rk-test/6/3`."""
        return "/".join([self.kind, *(str(v) for _, v in self.params)])   # `sun-either` alone


def find_rolls(text: str, game: str) -> list[Found]:
    """Every roll-shaped piece of `text` on a page of `game` (modifiers included; `read` drops them)."""
    pattern = PATTERNS.get(game)
    if pattern is None:
        return []
    found = []
    for m in pattern.finditer(text):
        numbers = {k: v for k, v in m.groupdict().items() if v is not None}
        found.append(Found(m.group(0), m.start(), m.end(), numbers))
    return found


def sentence_after(where: Where, found: Found) -> str:
    """The block's text after the roll, to the end of its sentence."""
    rest = where.block[where.at + len(found.text):]
    return re.split(r"(?<=[.;!?])\s", rest, maxsplit=1)[0]


def before(where: Where) -> str:
    """The block's text before the roll, from the start of its sentence."""
    head = where.block[:where.at]
    return re.split(r"(?<=[.;!?])\s", head)[-1]


def rk_rules(where: Where) -> str | None:
    """The Roll & Keep rules a damage roll follows: its tab, Social Damage, the rules its paragraph
    names, or its page's; None when nothing says."""
    if where.tab in TAB_RULES:
        return TAB_RULES[where.tab]
    if SOCIAL.search(where.block):
        return "house"
    named = [rules for rules, pattern in RULES_NAMED.items() if pattern.search(where.block)]
    if len(named) == 1:
        return named[0]
    return SECTION_RULES.get(where.section or "") or PAGE_RULES.get(where.page)


def rk_is_damage(found: Found, where: Where) -> bool:
    """Whether an XkY is a damage roll (else a test): its column, the words around it, its section."""
    after = sentence_after(where, found)
    if where.column is not None:
        return bool(DAMAGE_COLUMN.search(where.column))
    if TEST_AFTER.search(after):
        return False
    if DAMAGE_AFTER.search(after) or DAMAGE_BEFORE.search(before(where)):
        return True
    return where.section in DAMAGE_SECTIONS


def read_rk(found: Found, where: Where) -> Reading | None:
    rolled, kept = int(found.numbers["rolled"]), int(found.numbers["kept"])
    if "plus" in found.numbers or kept == 0:
        return None   # dice added to another roll ("+1k0"), not a roll of their own
    if rolled and not rk_is_damage(found, where):
        return Reading("rk-test", (("rolled", rolled), ("kept", kept)))
    rules = rk_rules(where)   # damage, or a 0kY rating (only damage has no dice until Brawn adds them)
    if rules is None:
        raise Unsettled(f"{where.page}: nothing says which rules the damage roll {found.text!r} follows "
                        f"(in: {where.block[:80]!r}); add its page to PAGE_RULES or put it under a tab")
    if rolled == 0:
        return Reading("rk-brawn-damage", (("kept", kept), ("rules", rules)))
    return Reading("rk-damage", (("rolled", rolled), ("kept", kept), ("rules", rules)))


def read_sun(found: Found, where: Where) -> Reading | None:
    count, sides = int(found.numbers["count"]), int(found.numbers["sides"])
    if (count, sides) == (3, 6):
        return Reading("sun-roll", (("die", "none"),))
    if (count, sides) != (4, 6):
        raise Unsettled(f"{where.page}: {found.text!r} is not a Seventh Sun roll (3d6, or 4d6 with a bonus "
                        "or penalty die)")
    words = re.findall(r"\w+", sentence_after(where, found).lower())
    dice = {SUN_DIE[w] for w in words if w in SUN_DIE}
    if len(dice) == 2:
        return Reading("sun-either", ())   # "keep the best or worst three": both extra dice at once
    if not dice:
        raise Unsettled(f"{where.page}: {found.text!r} says neither which three dice are kept")
    return Reading("sun-roll", (("die", dice.pop()),))


def read_pool(found: Found, where: Where) -> Reading | None:
    dice, head = int(found.numbers["dice"]), before(where)
    rolled = POOL_BEFORE.search(head) and POOL_AFTER.search(sentence_after(where, found))
    if not (rolled or POOL_OF.search(head)):
        return None   # any other number: "+2 dice", "half of 7", "AV 2"
    return Reading("pool", (("dice", dice),))


READERS = {"rk": read_rk, "sun": read_sun, "pool": read_pool}


def read(found: Found, where: Where) -> Reading | None:
    """The reading of one found roll, or None when the text is not a roll of its own."""
    return READERS[where.game](found, where)


__all__ = ["Found", "PATTERNS", "Reading", "Unsettled", "Where", "find_rolls", "read"]
