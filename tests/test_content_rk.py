"""Roll & Keep content (docs/rk/): the data tables say what the seeds say, the published anchors
exist, both sources are shown side by side where they differ, glossary terms become tooltips,
and the key numbers appear on their pages. (Rendered tables and glossary rules:
tests/test_content_tables.py.)

Seeds: 001_d286ca8e1c595c14.txt (summary) and 000_1d31b84b0ef0d6e3.txt (house rules).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import calc
from calc import data
from macros.mdsource import strip_front_matter
from tests.support import ROOT
from tests import html_pages
from tests.html_pages import page_file, parse, shown

TAB_LABELS = ["Summary rules", "House rules"]


def page_text(site_dir: Path, src: str) -> str:
    """The article's text, whitespace collapsed, with × written as x and − as -."""
    return html_pages.page_text(site_dir, src, article_only=True).replace("×", "x").replace("−", "-")


# --- (1) the data tables against the seeds, one hard-coded expectation per seed table ---------

# Seed 000, the weapons table, row by row exactly as the seed prints it.
SEED_WEAPONS_HOUSE = [
    ("Bow", "3k3", "N/A", "150 yds", "+5", "+5", "+10", "1 Action"),
    ("Claymore", "5k3", "2", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Buckler", "2k2", "0(1*)", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Cloak", "N/A", "1", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Crossbow", "4k4", "N/A", "100 yds", "+5", "+5", "+10", "6 Actions"),
    ("Fencing Weapon", "3k3", "1", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Heavy Weapon", "4k3", "1", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Knife", "2k3", "0(1*)", "5+2xBrawn", "+5", "+5", "+10", "1 Action"),
    ("Musket", "8k5", "N/A", "80 yds", "0", "+10", "+15", "30 Actions"),
    ("Panzerhand", "1k3", "0(1*)", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Pistol", "5k5", "N/A", "30 yds", "0", "+10", "+15", "20 Actions"),
    ("Polearm", "4k3", "2", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Whip", "2k2", "2", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Unarmed", "0k2", "0", "N/A", "N/A", "N/A", "N/A", "N/A"),
    ("Zweihander", "4k4", "2", "N/A", "N/A", "N/A", "N/A", "N/A"),
]

# Seed 001, "Typical weapon damages": the 13 damages in the seed's order.
SEED_WEAPONS_SUMMARY = [
    ("fist", "0k1"), ("improvised_blunt", "1k1"), ("improvised_sharp", "1k2"), ("shield_bash", "1k1"),
    ("dagger", "1k2"), ("fencing", "2k2"), ("bow", "2k2"), ("heavy", "3k2"), ("claymore", "4k2"),
    ("crossbow", "2k3"), ("pistol", "4k3"), ("zweihander", "4k3"), ("musket", "5k3"),
]

# Seed 000, Physical TN adjustments.
SEED_PHYSICAL_TN = {
    "grappled": -10, "prone": -15, "ranged_no_cover": -5, "ranged_some_cover": 0,
    "ranged_good_cover": 5, "more_reach": -5, "less_reach": 5,
}

# Seed 000, interrupt promotion chart: (phases, lowest, highest, TN penalty).
SEED_INTERRUPT = [("1-2", 1, 2, 5), ("3-4", 3, 4, 10), ("5-6", 5, 6, 15), ("7+", 7, None, 20)]

# Seed 000, improvised weapons: size, damage, range, extra TN to use, how far thrown.
SEED_IMPROVISED = [
    ("Small", "1k3", "0(1)", 0, "5+2xBrawn"),
    ("Medium", "2k3", "1", 0, "3+Brawn"),
    ("Large", "3k3", "1", 5, "3 yards"),
]

# Seed 001, Drama Dice: the three uses.
SEED_DRAMA_DICE = [("bonus", ["+1k1", "not a damage roll"]), ("recover", ["knocked out", "Crippled", "next round"]),
                   ("virtue_flaw", ["Virtue", "Villain's Flaw"])]

# Seed 000, Social Attacks: attack, resisting Repartee Specialty, improved Swordsman Knack.
SEED_SOCIAL = [("Charm", "Willpower", "Banter"), ("Intimidate", "Courage", "Cutting Remark"),
               ("Taunt", "Self-Control", "Quip")]

# Seed 000, falling from a horse: damage not galloping / galloping; TN 5 + 5 x wounds.
SEED_HORSE_FALL = [("not_galloping", "4k2", 4, 2), ("galloping", "6k3", 6, 3)]

# Seed 000, attacks made by a Grappled target: extra TN.
SEED_GRAPPLE_ATTACKS = {"dirty_fighting": 5, "panzerhand": 5, "pugilism": 5, "knife": 10, "pistol": 10,
                        "other": 15, "social": 0}


def test_house_weapons_match_seed_000() -> None:
    table = data.load("rk_weapons_house")
    assert table["seed"] == "000"
    keys = [c["key"] for c in table["columns"]]
    assert keys == ["weapon", "damage", "reach", "range", "point_blank", "short", "long", "reload"]
    formats = [c.get("format") for c in table["columns"]]
    shown_rows = [tuple(shown(r.get(k), f) for k, f in zip(keys, formats)) for r in table["rows"]]
    assert shown_rows == SEED_WEAPONS_HOUSE
    assert {r["id"] for r in table["rows"] if r["firearm"]} == {"musket", "pistol"}


def test_summary_weapons_match_seed_001() -> None:
    table = data.load("rk_weapons_summary")
    assert table["seed"] == "001"
    assert [(r["id"], r["damage"]) for r in table["rows"]] == SEED_WEAPONS_SUMMARY


def test_physical_tn_matches_seed_000() -> None:
    table = data.load("rk_physical_tn")
    assert table["seed"] == "000"
    assert {r["id"]: r["adjustment"] for r in table["rows"]} == SEED_PHYSICAL_TN


def test_interrupt_matches_seed_000() -> None:
    table = data.load("rk_interrupt")
    assert table["seed"] == "000"
    assert [(r["phases"], r["min"], r["max"], r["tn"]) for r in table["rows"]] == SEED_INTERRUPT


def test_improvised_matches_seed_000() -> None:
    table = data.load("rk_improvised_house")
    assert table["seed"] == "000"
    rows = table["rows"]
    assert [(r["size"], r["damage"], r["range"], r["tn_penalty"]) for r in rows] == [s[:4] for s in SEED_IMPROVISED]
    for row, seed in zip(rows, SEED_IMPROVISED):
        assert seed[4] in row["thrown"]
    assert any("+1k0" in note for note in table["notes"])


def test_drama_dice_match_seed_001() -> None:
    table = data.load("rk_drama_dice")
    assert table["seed"] == "001"
    assert [r["id"] for r in table["rows"]] == [i for i, _ in SEED_DRAMA_DICE]
    for row, (_, facts) in zip(table["rows"], SEED_DRAMA_DICE):
        for fact in facts:
            assert fact in row["effect"], f"{row['id']}: {fact!r} missing"


def test_social_attacks_match_seed_000() -> None:
    table = data.load("rk_social_attacks")
    assert table["seed"] == "000"
    assert [(r["attack"], r["resist"], r["improved"]) for r in table["rows"]] == SEED_SOCIAL


def test_horse_fall_matches_seed_000() -> None:
    table = data.load("rk_horse_fall")
    assert table["seed"] == "000"
    assert [(r["id"], r["damage"], r["rolled"], r["kept"]) for r in table["rows"]] == SEED_HORSE_FALL
    assert table["stay_in_saddle_tn"] == {"base": 5, "per_dramatic_wound": 5}


def test_grapple_attacks_match_seed_000() -> None:
    table = data.load("rk_grapple_attacks")
    assert table["seed"] == "000"
    assert {r["id"]: r["tn"] for r in table["rows"]} == SEED_GRAPPLE_ATTACKS


def test_range_bands_match_seed_000() -> None:
    table = data.load("rk_range_bands")
    assert table["seed"] == "000"
    assert [r["band"] for r in table["rows"]] == ["Point Blank", "Short Range", "Long Range"]
    assert table["rows"][0]["max_feet"] == 10
    assert "half" in table["rows"][1]["distance"]


# (2) the rendered tables equal the data files, cell by cell: tests/test_content_tables.py.

# --- (3) the required anchors exist on the right pages ----------------------------------------

REQUIRED_ANCHORS = {
    "rk/index.md": ["rk"],
    "rk/basics.md": ["rk-basics", "rk-basic-roll", "rk-raises", "rk-opposed-tests"],
    "rk/initiative.md": ["rk-initiative", "rk-phases", "rk-interrupts", "rk-initiative-wounds"],
    "rk/attacking.md": ["rk-attacking", "rk-target-numbers", "rk-active-defense", "rk-prone", "rk-firearms"],
    "rk/damage.md": ["rk-damage", "rk-damage-rolls", "rk-wound-checks", "rk-crippled", "rk-knocked-out"],
    "rk/weapons.md": ["rk-weapons", "rk-weapon-tables", "rk-improvised-weapons"],
    "rk/social.md": ["rk-social-combat"],
    "rk/mounted.md": ["rk-mounted", "rk-falling-from-a-horse", "rk-chases"],
    "rk/wrestling.md": ["rk-wrestling"],
    "rk/drama-dice.md": ["rk-drama-dice"],
    "rk/knacks.md": ["rk-knacks", "rk-swordsman-knacks"],
}


@pytest.mark.parametrize("src", sorted(REQUIRED_ANCHORS))
def test_required_anchors(site_dir: Path, src: str) -> None:
    ids = parse(site_dir, src).ids
    assert [a for a in REQUIRED_ANCHORS[src] if a not in ids] == []


def test_h1_anchors() -> None:
    for src, anchor in [("index.md", "rk"), ("weapons.md", "rk-weapons"), ("initiative.md", "rk-initiative")]:
        first = strip_front_matter((ROOT / "docs" / "rk" / src).read_text(encoding="utf-8")).lstrip().splitlines()[0]
        assert first.startswith("# ") and first.endswith(f"{{ #{anchor} }}"), src


def test_every_heading_has_an_rk_anchor() -> None:
    for path in sorted((ROOT / "docs" / "rk").glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#") and line.lstrip("#").startswith(" "):
                assert "{ #rk" in line, f"{path.name}: {line!r} has no rk- anchor"


# --- (4) both sources side by side where they differ ------------------------------------------

DIFFERING_SECTIONS = {
    "rk/basics.md": ["rk-which-dice"],
    "rk/initiative.md": ["rk-action-dice", "rk-phases", "rk-initiative-total", "rk-held-actions", "rk-interrupts"],
    "rk/attacking.md": ["rk-attack-roll", "rk-target-numbers", "rk-active-defense"],
    "rk/damage.md": ["rk-damage-rolls", "rk-wound-checks", "rk-crippled", "rk-knocked-out"],
    "rk/weapons.md": ["rk-weapon-tables", "rk-improvised-weapons"],
}


@pytest.mark.parametrize("src", sorted(DIFFERING_SECTIONS))
def test_source_tabs_where_sources_differ(site_dir: Path, src: str) -> None:
    tab_sets = parse(site_dir, src).tab_sets
    assert all(labels == TAB_LABELS for _, labels in tab_sets), tab_sets
    with_tabs = {section for section, _ in tab_sets}
    assert [s for s in DIFFERING_SECTIONS[src] if s not in with_tabs] == []


@pytest.mark.parametrize("src", ["rk/social.md", "rk/mounted.md", "rk/wrestling.md", "rk/drama-dice.md"])
def test_single_source_pages_name_their_source(site_dir: Path, src: str) -> None:
    assert parse(site_dir, src).tab_sets == []
    assert "Source: house rules" in page_text(site_dir, src) or "Source: summary rules" in page_text(site_dir, src)


# --- (5) glossary terms (their rules resolve: tests/test_content_tables.py) ------------------


def test_glossary_terms_become_tooltips(site_dir: Path) -> None:
    html = page_file(site_dir, "rk/damage.md").read_text(encoding="utf-8")
    assert '<abbr title="' in html and ">Wound Check</abbr>" in html


# --- (6) key facts on their pages ----------------------------------------------------------------

KEY_FACTS = {
    "rk/basics.md": ["(2 x stat) k (skill)", "+5 to the TN", "the other's (stat + skill) x 5"],
    "rk/initiative.md": ["11 phases", "down from Phase 10 to Phase 0", "ten phases", "1 (first) to 10 (last)",
                         "Last Call", "drops by 2 (never below 0)", "one die set to the current phase"],
    "rk/attacking.md": ["TN = (Defense Knack + 1) x 5", "-3 to the roll", "+10 to the TN", "+1k1 damage",
                        "+5 per damage Raise", "can not be Parried"],
    "rk/damage.md": ["Failure by 20 or more: take 2 Serious Wounds", "10 or more", "Brawn k Brawn",
                     "Failure by more than 20", "each 20 points", "each 10 points", "six-sided",
                     "2 unkept dice from every action", "twice his Resolve", "do explode"],
    "rk/mounted.md": ["5 + 5 x (his current Physical Dramatic Wounds)", "4k2", "6k3",
                      "5 + 5 x (the attacker's Brawn)", "10 yard lead", "loses 20 yards"],
    "rk/social.md": ["(opponent's Panache)k2", "1k3", "2k4", "+5 to his SD"],
    "rk/wrestling.md": ["+5 to the TN", "-10 to PD", "Every two Raises"],
    "rk/drama-dice.md": ["+1k1"],
    "rk/knacks.md": ["Adds 15 to the TN", "0k2", "0k1", "Virtual Drama Die"],
}


@pytest.mark.parametrize("src", sorted(KEY_FACTS))
def test_key_facts(site_dir: Path, src: str) -> None:
    text = page_text(site_dir, src)
    assert [f for f in KEY_FACTS[src] if f not in text] == []


# --- calculators: placed in the section of the rule they answer ---------------------------------

# every Roll & Keep calculator of the registry, with the rule it answers (its declaration's `rule`)
CALCULATOR_SECTIONS = {cid: c.rule.partition("#")[::2] for cid, c in calc.CALCULATORS.items() if c.rule.startswith("rk/")}


@pytest.mark.parametrize("cid", sorted(CALCULATOR_SECTIONS))
def test_calculator_in_its_section(cid: str) -> None:
    src, anchor = CALCULATOR_SECTIONS[cid]
    text = (ROOT / "docs" / src).read_text(encoding="utf-8")
    section = text.split(f"{{ #{anchor} }}", 1)[1].split("\n## ", 1)[0]
    assert f'{{{{ calculator("{cid}"' in section
