"""Seventh Sun content (docs/sun/): the data tables say what the seeds say, the published
anchors exist, links land, and the key numbers appear on their pages. (Rendered tables and
glossary rules: tests/test_content_tables.py.)

Seeds: 004_ca98477a52c726c3.txt (core rules) and 002_b5bfbad34da70bcb.txt (combat).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from calc import data
from tests.support import ROOT
from tests.html_pages import broken_anchor_links, page_text, parse

# --- (1) the data tables against the seeds, one hard-coded expectation per seed table ---------

# Seed 004, "Difficulties": number and name of each step.
SEED_DIFFICULTIES = [
    ("9", 9, "Routine under pressure"),
    ("12", 12, "Challenging"),
    ("15", 15, "Difficult"),
    ("18", 18, "Formidable"),
    ("21", 21, "Extraordinary"),
    ("24+", 24, "Legendary"),
]

# Seed 002, the action table: each action and the facts its row must keep.
SEED_ACTIONS = [
    ("Short action", ["mov", "attack", "quick task", "Skill", "brief ability"]),
    ("Long action", ["whole turn", "running", "careful aim", "several seconds"]),
    ("Free action", ["few words", "object", "incidental", "your turn"]),
    ("Reaction", ["immediate", "stated trigger", "someone else's turn"]),
]

# Seed 002, "Conditions": each condition and its key mechanics.
SEED_CONDITIONS = [
    ("Hidden", ["not located you", "target you directly", "first attack", "bonus die", "ends Hidden"]),
    ("Prone", ["Melee attacks against you", "bonus die", "ranged attacks against you", "penalty die",
               "Standing up is a short action"]),
    ("Restrained", ["Speed 0", "attacks and Agility rolls", "penalty die", "short action",
                    "Brawn or Agility roll", "effect's Difficulty"]),
    ("Stunned", ["No reactions", "only one short action on your next turn", "Stunned ends"]),
    ("Blinded", ["depend on sight", "penalty die", "cannot Parry", "cannot perceive"]),
]


def test_difficulties_match_seed_004() -> None:
    table = data.load("sun_difficulties")
    assert table["seed"] == "004"
    assert [(r["difficulty"], r["tn"], r["name"]) for r in table["rows"]] == SEED_DIFFICULTIES


def test_actions_match_seed_002() -> None:
    table = data.load("sun_actions")
    assert table["seed"] == "002"
    assert [r["action"] for r in table["rows"]] == [name for name, _ in SEED_ACTIONS]
    for row, (name, facts) in zip(table["rows"], SEED_ACTIONS):
        for fact in facts:
            assert fact.lower() in row["use"].lower(), f"{name}: {fact!r} missing"


def test_conditions_match_seed_002() -> None:
    table = data.load("sun_conditions")
    assert table["seed"] == "002"
    assert [r["condition"] for r in table["rows"]] == [name for name, _ in SEED_CONDITIONS]
    for row, (name, facts) in zip(table["rows"], SEED_CONDITIONS):
        for fact in facts:
            assert fact in row["effect"], f"{name}: {fact!r} missing"


# (2) the rendered tables equal the data files, cell by cell: tests/test_content_tables.py.

# --- (3) the required anchors exist on the right pages ----------------------------------------

REQUIRED_ANCHORS = {
    "sun/index.md": ["sun"],
    "sun/rules.md": ["sun-rules", "sun-basic-roll", "sun-difficulties", "sun-bonus-penalty-dice",
                     "sun-degrees", "sun-who-rolls"],
    "sun/combat.md": ["sun-combat", "sun-initiative", "sun-actions", "sun-parry", "sun-conditions"],
    "sun/attributes.md": ["sun-attributes"],
    "sun/skills-talents.md": ["sun-skills-talents", "sun-skills", "sun-talents"],
    "sun/paths.md": ["sun-paths"],
    "sun/nerve.md": ["sun-nerve"],
    "sun/hazards.md": ["sun-hazards"],
    "sun/phasm.md": ["sun-phasm"],
}


@pytest.mark.parametrize("src", sorted(REQUIRED_ANCHORS))
def test_required_anchors(site_dir: Path, src: str) -> None:
    ids = parse(site_dir, src).ids
    assert [a for a in REQUIRED_ANCHORS[src] if a not in ids] == []


def test_sun_check_sits_in_the_basic_roll_section() -> None:
    text = (ROOT / "docs" / "sun" / "rules.md").read_text(encoding="utf-8")
    section = text.split("{ #sun-basic-roll }", 1)[1].split("\n## ", 1)[0]
    assert '{{ calculator("sun-check") }}' in section


# --- (4) links land on anchors (glossary rules: tests/test_content_tables.py) ---------------


def test_every_link_between_sun_pages_lands_on_an_anchor(site_dir: Path) -> None:
    assert broken_anchor_links(site_dir, list(REQUIRED_ANCHORS)) == []


# --- (5) key facts appear on their pages ------------------------------------------------------

KEY_FACTS = {
    "sun/rules.md": [
        "3d6 + Attribute + Skill ≥ target number",
        "roll 4d6 and keep the highest three",
        "roll 4d6 and keep the lowest three",
        "Margin 5:",
        "Margin 10:",
        "Brawn, Agility, Vigor, Intellect, Spirit, Presence",
    ],
    "sun/combat.md": [
        "3d6 + Initiative",
        "two short actions",
        "one long action",
        "making it ends your turn",
        "four times your Speed",
        "2 Defense",
        "two meters",
        "one reaction per round",
        "use Brawn instead of Agility",
    ],
    "sun/attributes.md": ["Brawn", "Agility", "Vigor", "Intellect", "Spirit", "Presence", "fixed number"],
    "sun/nerve.md": ["no character levels"],
    "sun/phasm.md": ["vinculum", "Optimates", "reintegration", "architectonic surgery", "Emissaries", "Monitors"],
    "sun/hazards.md": ["Difficulty"],
}


@pytest.mark.parametrize("src", sorted(KEY_FACTS))
def test_key_facts_appear(site_dir: Path, src: str) -> None:
    text = page_text(site_dir, src)
    assert [f for f in KEY_FACTS[src] if f not in text] == []

