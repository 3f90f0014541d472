"""Dice-pool combat and recovery content (docs/pool/): the data tables say what the seed says,
the published anchors exist, glossary terms become tooltips, links land, and the key numbers
appear on their pages. (Rendered tables and glossary rules: tests/test_content_tables.py.)

Seed: 003_e92a6dceb17a0dd8.txt (dice-pool combat and recovery).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from calc import data
from tests.support import ROOT
from tests.html_pages import broken_anchor_links, page_file, page_text, parse

PAGES = [
    "pool/index.md",
    "pool/initiative.md",
    "pool/actions.md",
    "pool/melee.md",
    "pool/ranged.md",
    "pool/special-attacks.md",
    "pool/damage.md",
    "pool/recovery.md",
    "pool/reference.md",
]

# --- (1) the data tables against the seed, one hard-coded expectation per table ---------------

# Seed 003: every modifier as (situation starts with, black dice, bonus dice, weapon damage).
# The targeted penalty's size is not in the seed; firing from a rest only cancels volley fire's
# 2 black dice, so it takes none off in general (its row says so in the "Also" column).
SEED_MODIFIERS = [
    ("Targeted attack", "amount not stated", None, None),
    ("Any action from horseback", 6, None, None),
    ("Any action from horseback, Cavalry Trained", 2, None, None),
    ("Melee weapon of sword length or longer", None, None, 2),
    ("Unarmed", 3, None, None),
    ("Charge", 4, None, 3),
    ("Charge by a centaur", 4, None, 6),
    ("Horseback charge", 6, None, 4),
    ("Horseback charge, Cavalry Trained", 2, None, 6),
    ("Firing into melee", 5, None, None),
    ("Surprise", None, None, None),
    ("Stick them up: intimidating", None, 6, None),
    ("Stick them up: attacking", None, None, None),
    ("First action", None, 2, None),
    ("Aiming", None, "+1 per action", None),
    ("Firing from a rest", None, None, None),
]
# ...and the facts carried in the "Also" column.
SEED_MODIFIER_NOTES = {
    "Any action from horseback": ["Ride skill of 4"],
    "Surprise (ambush or unexpected attack)": ["+6", "initiative total"],
    "Stick them up: attacking": ["targeted attack", "no penalty"],
    "Aiming": ["one target", "capped at the skill's level"],
    "Firing from a rest": ["2 black dice penalty", "volley fire", "no other black dice", "one extra round of aiming",
                           "no dodging or moving"],
    "Firing into melee": ["someone else in the melee"],
}

# Seed 003, "Massive damage": the severity list as (seed's line, best, worst net result, key words).
SEED_INJURIES = [
    ("• • 1", -1, -2, ["distinctive scar", "moves"]),
    ("• • 3", -3, -5, ["fingers", "toes", "hands", "feet", "eye", "ear", "surgeon"]),
    ("-6", -6, None, ["limb", "paralysed"]),
]

# Seed 003, dodging: what can be dodged and with how much.
SEED_DODGING = [
    ("Bullets", "None, as a rule", ["point blank", "half the dodge pool", "an action", "more successes"]),
    ("Arrows or bolts", "Half", []),
    ("Thrown objects", "Full", []),
    # The all-out dodge and Prone change the pool, not what can be dodged (bullets stay out).
    ("During an all-out dodge", "Dodge skill doubled", ["initiative roll", "only dodge or Evade", "bullets still cannot"]),
    ("While Prone", "Halved", ["already halved cannot be used", "whatever can be dodged"]),
]

# Seed 003: costs in actions.
SEED_ACTION_COSTS = [
    ("walk", "Free"),
    ("3 seconds", "Free"),
    ("wound", "Free"),
    ("holster", "1 action"),
    ("bag", "2 actions"),
    ("Prone", "1 action"),
    ("bullet", "1 action"),
    ("bleeding", "2 actions per bleed"),
]

# Seed 003: every roll it names, with its pool and what sets its black dice.
SEED_ROLLS = [
    ("Initiative", "Dex + Wits + Initiative skill", None),
    ("Intimidate after a stick them up", "Your intimidation pool, with +6 dice", None),
    ("Quick draw", "The weapon skill", None),
    ("Engage or Evade", "Each side's roll to hit", None),
    ("Shot", "Your roll to hit", None),
    ("Dodge a missile", "Your dodge pool", None),
    ("Break free", "STR + Fisticuffs", None),
    ("Choke", "STR + Fisticuffs", None),
    ("Resist a choke", "Fortitude + Resolve", "margins of success"),
    ("Resist a knockout", "Fortitude + Resolve", "Three times the damage done"),
    ("Damage", "The weapon's damage dice", None),
    ("Massive damage", "Fortitude + Fortitude", "point of damage above your Fortitude"),
    ("Stop all bleeding", "Wits + Medicine, Animal Care or Science: Biology", None),
    ("Stabilise", "Wits + Medicine", None),
    ("Treat a wound", "Wits + Medicine", None),
]

# Seed 003, "Damage & Heath": the two kinds, their marks and usual sources.
SEED_DAMAGE_TYPES = [
    ("Bruising", "/", ["Blunt", "unarmed"], ["Unconscious", "wraps around into Lethal"]),
    ("Lethal", "X", ["Blades", "firearms"], ["Unconscious and dying"]),
]


def test_every_table_names_seed_003() -> None:
    for name in (n for n in data.names() if n.startswith("pool_")):
        table = data.load(name)
        assert (table["seed"], table["source"]) == ("003", "Dice-pool combat and recovery"), name


def test_modifiers_match_seed() -> None:
    rows = data.load("pool_modifiers")["rows"]
    assert len(rows) == len(SEED_MODIFIERS)
    for row, (start, black, bonus, damage) in zip(rows, SEED_MODIFIERS):
        assert row["situation"].startswith(start)
        assert (row["black"], row["bonus"], row["damage"]) == (black, bonus, damage), start
    by_name = {r["situation"]: r for r in rows}
    for name, facts in SEED_MODIFIER_NOTES.items():
        assert [f for f in facts if f not in by_name[name]["other"]] == [], name


def test_injuries_match_seed() -> None:
    rows = data.load("pool_injuries")["rows"]
    assert [(r["seed_line"], r["best"], r["worst"]) for r in rows] == [s[:3] for s in SEED_INJURIES]
    for row, (_, _, _, words) in zip(rows, SEED_INJURIES):
        assert [w for w in words if w not in row["injury"]] == []


def test_dodging_matches_seed() -> None:
    rows = data.load("pool_dodging")["rows"]
    assert [(r["threat"], r["dodge"]) for r in rows] == [s[:2] for s in SEED_DODGING]
    for row, (_, _, words) in zip(rows, SEED_DODGING):
        assert [w for w in words if w not in (row["terms"] or "")] == []


def test_action_costs_match_seed() -> None:
    rows = data.load("pool_action_costs")["rows"]
    assert len(rows) == len(SEED_ACTION_COSTS)
    for row, (word, cost) in zip(rows, SEED_ACTION_COSTS):
        assert word in row["task"] and row["cost"] == cost, row


def test_rolls_match_seed() -> None:
    rows = data.load("pool_rolls")["rows"]
    assert len(rows) == len(SEED_ROLLS)
    for row, (roll, pool, black) in zip(rows, SEED_ROLLS):
        assert row["roll"].startswith(roll) and row["pool"].startswith(pool), row
        assert (row["black"] is None) if black is None else (black in row["black"]), row


def test_damage_types_match_seed() -> None:
    rows = data.load("pool_damage_types")["rows"]
    assert len(rows) == len(SEED_DAMAGE_TYPES)
    for row, (kind, mark, sources, out) in zip(rows, SEED_DAMAGE_TYPES):
        assert row["kind"].startswith(kind) and row["mark"] == mark
        assert [s for s in sources if s not in row["usual_sources"]] == []
        assert [o for o in out if o not in row["out_of_health"]] == []
    assert "Bashing" in rows[0]["kind"]


# --- (2) the tables come from data files (rendered cell by cell: tests/test_content_tables.py) --


def test_pool_tables_come_from_data_files() -> None:
    """No table is typed by hand: every Markdown table row on a pool page comes from a macro."""
    for src in PAGES:
        text = (ROOT / "docs" / src).read_text(encoding="utf-8")
        assert not re.search(r"^\s*\|.*\|\s*$", text, re.M), src


# --- (3) the required anchors exist on the right pages ----------------------------------------

REQUIRED_ANCHORS = {
    "pool/index.md": ["pool", "pool-black-dice", "pool-pages"],
    "pool/initiative.md": ["pool-initiative", "pool-initiative-total", "pool-initiative-repeat",
                           "pool-first-action", "pool-surprise", "pool-stick-them-up", "pool-hold",
                           "pool-interrupt", "pool-all-out-dodge"],
    "pool/actions.md": ["pool-actions", "pool-free", "pool-two-things", "pool-ready-weapon", "pool-action-costs"],
    "pool/melee.md": ["pool-melee", "pool-engage", "pool-unarmed", "pool-evade", "pool-extra-defences",
                      "pool-odds", "pool-melee-next"],
    "pool/ranged.md": ["pool-ranged", "pool-range", "pool-targeted", "pool-dodging", "pool-firing-into-melee",
                       "pool-aiming", "pool-rest"],
    "pool/special-attacks.md": ["pool-special-attacks", "pool-grapple", "pool-break-free", "pool-hold-still",
                                "pool-choke", "pool-charge", "pool-horseback", "pool-horseback-charge",
                                "pool-disarm", "pool-knockout"],
    "pool/damage.md": ["pool-damage", "pool-cover", "pool-armour", "pool-damage-types", "pool-out-of-health",
                       "pool-base-damage", "pool-massive-damage", "pool-bleeds", "pool-prone"],
    "pool/recovery.md": ["pool-recovery", "pool-dying", "pool-stabilise", "pool-limb-rounds", "pool-battered",
                         "pool-patched-up", "pool-healing"],
    "pool/reference.md": ["pool-reference", "pool-modifiers", "pool-rolls"],
}


@pytest.mark.parametrize("src", sorted(REQUIRED_ANCHORS))
def test_required_anchors(site_dir: Path, src: str) -> None:
    ids = parse(site_dir, src).ids
    assert [a for a in REQUIRED_ANCHORS[src] if a not in ids] == []


def test_every_heading_has_an_explicit_pool_anchor() -> None:
    for src in PAGES:
        for line in (ROOT / "docs" / src).read_text(encoding="utf-8").splitlines():
            if re.match(r"#{1,4} ", line):
                assert re.search(r"\{ ?#pool(-[a-z0-9-]+)? ?\}\s*$", line), f"{src}: {line}"


def test_pool_check_sits_after_engage_and_evade(site_dir: Path) -> None:
    text = (ROOT / "docs" / "pool" / "melee.md").read_text(encoding="utf-8")
    assert text.index("{ #pool-engage }") < text.index("{ #pool-evade }") < text.index("{ #pool-odds }")
    section = text.split("{ #pool-odds }", 1)[1].split("\n## ", 1)[0]
    assert '{{ calculator("pool-check") }}' in section
    assert 'data-calculator="pool-check"' in page_file(site_dir, "pool/melee.md").read_text(encoding="utf-8")


def test_the_die_reading_quotes_the_calculator_defaults(site_dir: Path) -> None:
    """The seed fixes no die; index.md must state the pool-check defaults (a d10, success on 7+)."""
    from calc.dice_pool import check as dice_pool

    assert (dice_pool.DEFAULT_SIDES, dice_pool.DEFAULT_SUCCESS_AT) == (10, 7)
    text = page_text(site_dir, "pool/index.md")
    assert "ten-sided die that succeeds on 7 or more" in text


# --- (4) glossary terms become tooltips, links land on anchors ----------------------------
# (glossary rules resolve: tests/test_content_tables.py)


@pytest.mark.parametrize("term", data.load("glossary_pool")["terms"], ids=lambda t: t["term"])
def test_glossary_term_becomes_a_tooltip(site_dir: Path, term: dict) -> None:
    """Terms match case-sensitively as whole words: each must occur in the pool pages' text."""
    html = "".join(page_file(site_dir, src).read_text(encoding="utf-8") for src in PAGES)
    assert f">{term['term']}</abbr>" in html


def test_every_link_between_pool_pages_lands_on_an_anchor(site_dir: Path) -> None:
    assert broken_anchor_links(site_dir, PAGES) == []


# --- (5) key facts appear on their pages ------------------------------------------------------

KEY_FACTS = {
    "pool/index.md": ["The Codex's reading", "which die a pool uses", "cancels one of your successes"],
    "pool/initiative.md": [
        "Dex + Wits + Initiative skill + one die",
        "Resolve group",
        "knock 10 off",
        "acts at 25, then 15, then 5",
        "+2 dice",
        "+6 to your initiative total",
        "+6 dice on the intimidation roll",
        "no penalty",
        "9 below the action you interrupted",
        "11 - 9 = 2",
        "8 - 9 = -1",
        "dodge skill counts double",
    ],
    "pool/actions.md": ["3 seconds", "move as far as your walk", "halve it, rounding down",
                        "half of 5, rounded down, is 2", "holster: 1 action", "bag: 2 actions"],
    "pool/melee.md": [
        "more successes lands the hit",
        "over a foot long",
        "+3 black dice",
        "adds their dodge skill",
        "next initiative",
        "halved, rounding down, for each extra defence",
        "the fencer rolls 7 dice",
        "against the second, 3",
        "against the third, 1",
    ],
    "pool/ranged.md": [
        "red card means the target's left side, a black card their right",
        "no card is drawn",
        "+5 black dice",
        "one of the other people in the melee",
        "+1 die",
        "no higher than your level in the skill",
        "counters the 2 black dice penalty that volley fire brings",
        "one extra round of aiming",
        "cannot dodge or move",
    ],
    "pool/special-attacks.md": [
        "STR + Fisticuffs",
        "margin of 5 successes",
        "black dice equal to your STR",
        "Fortitude + Resolve",
        "2 + 3 = 5",
        "+4 black dice",
        "+3 weapon damage, or +6 if you are a centaur",
        "+6 black dice",
        "Cavalry Trained rider takes only +2 black dice",
        "+2 weapon damage",
        "Ride skill of 4",
        "+4 weapon damage, or +6 if you are Cavalry Trained",
        "hand, or both hands",
        "blunt",
        "head or neck",
        "three times the damage done",
    ],
    "pool/damage.md": [
        "AV straight off the damage total",
        "only half its AV, rounded down",
        "Bashing",
        "unconscious and dying",
        "Strength modifier",
        "automatic success",
        "more damage than your Fortitude",
        "Fortitude + Fortitude",
        "one black die for every point of damage above your Fortitude",
        "1 extra Bruising every initiative",
        "halves the bleeding, rounding up",
        "2 actions per bleed",
        "Getting up takes 1 action",
        "-1 or -2, -3 to -5, and -6 or worse",
    ],
    "pool/recovery.md": [
        "Fortitude + Resolve + natural limbs",
        "normally 4",
        "a centaur has 6",
        "3 + 2 + 4 = 9",
        "3 + 2 + 6 = 11",
        "Wits + Medicine",
        "1 Bruising box for every hour",
        "Wits + Medicine once for each wound",
        "lost limbs do not grow back",
    ],
}


@pytest.mark.parametrize("src", sorted(KEY_FACTS))
def test_key_facts_appear(site_dir: Path, src: str) -> None:
    text = page_text(site_dir, src)
    assert [f for f in KEY_FACTS[src] if f not in text] == []


def test_pages_are_in_own_words() -> None:
    """No run of 10 words on a pool page repeats the seed word for word."""
    words = re.compile(r"[a-z0-9']+")
    seed = words.findall((ROOT.parent / "shared" / "seeds" / "003_e92a6dceb17a0dd8.txt").read_text(encoding="utf-8").lower()) \
        if (ROOT.parent / "shared" / "seeds").is_dir() else []
    if not seed:
        pytest.skip("the seed documents are not beside the project")
    grams = {tuple(seed[i : i + 10]) for i in range(len(seed) - 9)}
    for src in PAGES:
        w = words.findall((ROOT / "docs" / src).read_text(encoding="utf-8").lower())
        shared = [" ".join(w[i : i + 10]) for i in range(len(w) - 9) if tuple(w[i : i + 10]) in grams]
        assert shared == [], src
