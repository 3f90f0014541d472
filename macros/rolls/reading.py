"""Which written rolls are live, and which rules each follows: the one place that decides.

`find_rolls(text, game)` finds the rolls a game's pages write (XkY on Roll & Keep pages, 3d6 and
4d6 on Seventh Sun pages, "N dice" and "a pool of N" on dice-pool pages). `read(found, where)`
settles each one from where it stands (`Where`: the page, its section, the Summary/House tab, the
table column, the paragraph or cell around it) into a `Reading`: a kind of `calc.built.roll_odds` and
its settings, or `None` for text that names dice without being a roll of its own (a "+1k0"
added to another roll). A 0kY is a damage rating whose dice the wielder's Brawn adds. A roll whose
context does not settle its rules raises `Unsettled`, so the strict build stops and names it.

A reading holds what the sentence says besides the dice (`said`): the TN a test is rolled against
("rolls 6k2 against 4 x 5 = 20", "needs 27 or more", "on 22 Flesh Wounds rolls 3k3"), the total
the Seventh Sun dice must make ("10 or more on 3d6"), the weapon a damage roll is (its table row,
or its name in the sentence: "Sabre 2k2", "a heavy weapon (3k2)") with the Brawn the sentence gives
it, and the Panache of Social Damage. A weapon or a base named near the dice counts only when its
dice are the roll's (its rating), or its rating with the Brawn (Panache) and damage raises the
text names added ("Brawn 2 after one damage Raise rolls ... 6k2"); otherwise the roll is its dice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from calc.roll_keep.weapons import HOUSE_WEAPONS, IMPROVISED, SUMMARY_WEAPONS, weapon_row
from calc.roll_keep.social import BASES
from calc.built.roll_odds import weapon_dice

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
# the numbers a sentence gives a roll: a test's TN after it ("against TN 15", "against 4 × 5 = 20",
# "against an opponent whose Parry 2 gives a TN of 15", "and needs 27 or more") or before it ("on 22
# Flesh Wounds rolls"), the Seventh Sun dice's total ("10 or more on"), a pool's successes
TN_AFTER = (re.compile(r"^\W*against\s+(?:the\s+same\s+|a\s+)?(?:TN\s+(?:of\s+)?)?(?:[\d\s×x*+]+=\s*)?(\d+)(?![\d\s]*[×x*+])", re.I),
            re.compile(r"^\W*against\b[^.;:]*?\bTN\s+of\s+(\d+)", re.I),
            re.compile(r"^[^.;:]*?\bneeds?\s+(\d+)\s+or\s+more\b", re.I))
TN_BEFORE = (re.compile(r"\bon\s+(\d+)\s+Flesh\s+Wounds\b[^.;:]*$", re.I),)
SUN_TOTAL_BEFORE = re.compile(r"\b(\d+)\s+or\s+more\s+on\W*$", re.I)
POOL_NEED_AFTER = re.compile(r"^[^.;:]*?\bneeds?\s+(\d+)\s+successes\b", re.I)
WOUND_CHECK_AFTER = re.compile(r"^\W*wound\s+check\b", re.I)
SOCIAL_PAGES = frozenset({"rk/social.md"})
SOCIAL_SECTIONS = frozenset({"rk-social-damage"})
BRAWN = re.compile(r"\bBrawn\s+(\d+)\b")
PANACHE = re.compile(r"\bPanache\s+(\d+)\b")
COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
RAISES = re.compile(r"\b(\d+|one|two|three|four|five)\s+damage\s+raises?\b", re.I)
# what prose calls a weapon besides its table's name ("barehanded damage (0k1)" is the Fist's)
ALSO_CALLED = {"summary": {"fist": ("barehanded",)}}


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
    row: str | None = None   # in a table, the text of its row's first cell ("Bow")


@dataclass(frozen=True)
class Reading:
    """A roll's kind (a key of calc.built.roll_odds.KINDS) and its settings."""

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


# -- what else the sentence says ----------------------------------------------------------------


def nearest(pattern: re.Pattern[str], where: Where, found: Found, *, sentence: bool = True) -> list[re.Match[str]]:
    """The matches of `pattern` around the roll, nearest first: in its sentence, or (`sentence=False`)
    anywhere in its block up to the end of its sentence. A match overlapping the roll is no match."""
    start, end = where.at, where.at + len(found.text)
    text = where.block[:end + len(sentence_after(where, found))]
    low = start - len(before(where)) if sentence else 0
    around = []
    for m in pattern.finditer(text, low):
        if m.end() <= start:
            around.append((start - m.end(), m))
        elif m.start() >= end:
            around.append((m.start() - end, m))
    return [m for _, m in sorted(around, key=lambda pair: pair[0])]


def said_number(pattern: re.Pattern[str], where: Where, found: Found, *, sentence: bool = True) -> int | None:
    """The number the nearest match of `pattern` gives ("Brawn 2" -> 2), or None."""
    matches = nearest(pattern, where, found, sentence=sentence)
    if not matches:
        return None
    word = matches[0].group(1).lower()
    return COUNTS[word] if word in COUNTS else int(word)


def first_number(patterns: tuple[re.Pattern[str], ...], text: str) -> int | None:
    for pattern in patterns:
        m = pattern.search(text)
        if m:
            return int(m.group(1))
    return None


def weapon_names(rules: str) -> dict[str, tuple[str, ...]]:
    """Each weapon of the rules' tables (by the damage calculator's id) with the names prose gives it:
    "Fencing weapon (Foil, Rapier, Sabre)" is each of the four; "Improvised weapon, blunt" is also a
    "blunt improvised weapon", and "a blunt one" after it; a house improvised weapon is "small
    improvised weapon"."""
    names: dict[str, tuple[str, ...]] = {}
    if rules == "house":
        names.update({wid: (row["weapon"],) for wid, row in HOUSE_WEAPONS.items() if row["damage"] is not None})
        names.update({f"improvised_{iid}": (f"{row['size']} improvised weapon",) for iid, row in IMPROVISED.items()})
        return names
    for wid, row in SUMMARY_WEAPONS.items():
        label = row["weapon"].rstrip("*")
        listed = re.fullmatch(r"(.+?) \((.+)\)", label)
        if listed:
            names[wid] = (listed.group(1), *listed.group(2).split(", "))
        elif ", " in label:
            kind, adjective = label.split(", ", 1)
            names[wid] = (label, f"{adjective} {kind}", f"{adjective} one")
        else:
            names[wid] = (label,)
    for wid, more in ALSO_CALLED.get(rules, {}).items():
        names[wid] = (*names[wid], *more)
    return names


def row_weapon(rules: str, label: str) -> str | None:
    """The weapon a weapons table's row names by its first cell ("Bow", "Small" in the house
    improvised weapons' table, "Improvised weapon, blunt*" in the summary's)."""
    if rules == "house":
        rows = {row["weapon"]: wid for wid, row in HOUSE_WEAPONS.items()}
        rows.update({row["size"]: f"improvised_{iid}" for iid, row in IMPROVISED.items()})
    else:
        rows = {row["weapon"]: wid for wid, row in SUMMARY_WEAPONS.items()}
    return rows.get(label.strip())


def named_weapons(rules: str, where: Where, found: Found, *, sentence: bool) -> Iterator[str]:
    """The weapons the text names around the roll, nearest first."""
    spots = []
    for wid, names in weapon_names(rules).items():
        for name in names:
            for m in nearest(re.compile(rf"\b{re.escape(name)}\b", re.I), where, found, sentence=sentence)[:1]:
                spots.append((abs(m.start() - where.at), wid))
    return (wid for _, wid in sorted(spots))


def read_weapon(rolled: int, kept: int, rules: str, found: Found, where: Where) -> Reading | None:
    """A damage roll that is a weapon's: its rating (the weapon in its row, or named in its sentence,
    with the Brawn that sentence gives), or its rating with the Brawn and damage raises the text
    names before it added up (`rk-hit`)."""
    row = row_weapon(rules, where.row) if where.row else None
    for wid in ([row] if row else named_weapons(rules, where, found, sentence=True)):
        if weapon_rating(rules, wid) == (rolled, kept):
            brawn = said_number(BRAWN, where, found)
            return Reading("rk-weapon", (("rules", rules), ("weapon", wid), *given("brawn", brawn)))
    brawn = said_number(BRAWN, where, found, sentence=False)
    raises = said_number(RAISES, where, found, sentence=False) or 0
    if brawn is None or row:
        return None
    for wid in named_weapons(rules, where, found, sentence=False):
        if weapon_dice(rules, wid, brawn, raises)[:2] == (rolled, min(kept, rolled)):
            return Reading("rk-hit", (("rules", rules), ("weapon", wid), ("brawn", brawn), ("raises", raises)))
    return None


def weapon_rating(rules: str, weapon: str) -> tuple[int, int]:
    """A weapon's XkY as its table gives it, before anything is added."""
    row = weapon_row(rules, weapon)
    return row["rolled"], row["kept"]


def read_social(rolled: int, kept: int, found: Found, where: Where) -> Reading | None:
    """Social Damage (house rules): a base (1k3, 2k4) with the Panache its sentence gives the attacker,
    or a base with the Panache and damage raises the text names before it added up (`rk-social-hit`)."""
    if not (SOCIAL.search(where.block) or where.section in SOCIAL_SECTIONS):
        return None
    for base, dice in BASES.items():
        if dice == (rolled, kept):
            return Reading("rk-social", (("base", base), *given("panache", said_number(PANACHE, where, found))))
    panache = said_number(PANACHE, where, found, sentence=False)
    raises = said_number(RAISES, where, found, sentence=False) or 0
    for base, (base_rolled, base_kept) in BASES.items():
        if panache is not None and (base_rolled + panache + raises, base_kept) == (rolled, kept):
            return Reading("rk-social-hit", (("base", base), ("panache", panache), ("raises", raises)))
    return None


def given(name: str, value: Any) -> tuple[tuple[str, Any], ...]:
    """A setting the sentence gives, or none when it gives no value."""
    return () if value is None else ((name, value),)


def read_test(rolled: int, kept: int, found: Found, where: Where) -> Reading:
    """A test, with the TN its sentence names and, for a Wound Check on words, the Social Wound Check."""
    tn = first_number(TN_AFTER, sentence_after(where, found)) or first_number(TN_BEFORE, before(where))
    social = bool(WOUND_CHECK_AFTER.search(sentence_after(where, found))) and (
        where.page in SOCIAL_PAGES or bool(re.search(r"\bsocial\b", where.block, re.I)))
    return Reading("rk-test", (("rolled", rolled), ("kept", kept), *given("tn", tn),
                               *given("check", "social" if social else None)))


def read_rk(found: Found, where: Where) -> Reading | None:
    rolled, kept = int(found.numbers["rolled"]), int(found.numbers["kept"])
    if "plus" in found.numbers or kept == 0:
        return None   # dice added to another roll ("+1k0"), not a roll of their own
    if rolled and not rk_is_damage(found, where):
        return read_test(rolled, kept, found, where)
    rules = rk_rules(where)   # damage, or a 0kY rating (only damage has no dice until Brawn adds them)
    if rules is None:
        raise Unsettled(f"{where.page}: nothing says which rules the damage roll {found.text!r} follows "
                        f"(in: {where.block[:80]!r}); add its page to PAGE_RULES or put it under a tab")
    said = (read_social(rolled, kept, found, where) if rules == "house" else None) \
        or read_weapon(rolled, kept, rules, found, where)
    if said is not None:
        return said
    if rolled == 0:
        return Reading("rk-brawn-damage", (("kept", kept), ("rules", rules),
                                           *given("brawn", said_number(BRAWN, where, found))))
    return Reading("rk-damage", (("rolled", rolled), ("kept", kept), ("rules", rules)))


def read_sun(found: Found, where: Where) -> Reading | None:
    count, sides = int(found.numbers["count"]), int(found.numbers["sides"])
    target = first_number((SUN_TOTAL_BEFORE,), before(where))
    if (count, sides) == (3, 6):
        return Reading("sun-roll", (("die", "none"), *given("target", target)))
    if (count, sides) != (4, 6):
        raise Unsettled(f"{where.page}: {found.text!r} is not a Seventh Sun roll (3d6, or 4d6 with a bonus "
                        "or penalty die)")
    words = re.findall(r"\w+", sentence_after(where, found).lower())
    dice = {SUN_DIE[w] for w in words if w in SUN_DIE}
    if len(dice) == 2:
        return Reading("sun-either", ())   # "keep the best or worst three": both extra dice at once
    if not dice:
        raise Unsettled(f"{where.page}: {found.text!r} says neither which three dice are kept")
    return Reading("sun-roll", (("die", dice.pop()), *given("target", target)))


def read_pool(found: Found, where: Where) -> Reading | None:
    dice, head = int(found.numbers["dice"]), before(where)
    rolled = POOL_BEFORE.search(head) and POOL_AFTER.search(sentence_after(where, found))
    if not (rolled or POOL_OF.search(head)):
        return None   # any other number: "+2 dice", "half of 7", "AV 2"
    need = first_number((POOL_NEED_AFTER,), sentence_after(where, found))
    return Reading("pool", (("dice", dice), *given("need", need)))


READERS = {"rk": read_rk, "sun": read_sun, "pool": read_pool}


def read(found: Found, where: Where) -> Reading | None:
    """The reading of one found roll, or None when the text is not a roll of its own."""
    return READERS[where.game](found, where)


__all__ = ["Found", "PATTERNS", "Reading", "Unsettled", "Where", "find_rolls", "read"]
