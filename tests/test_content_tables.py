"""Every game's data tables and glossary against the built site: each table is on its page cell by
cell as its data file says, and each glossary term's rule points at an anchor that exists.

What each table must hold (the seeds) is checked in each game's own test_content_<game>.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from calc import data
from macros.games import GAMES
from macros.glossary import terms as terms_of
from macros.tables import cell
from tests.html_pages import expected_rows, parse, shown

# Data file -> the docs page that shows it.
TABLE_PAGES = {
    "sun_difficulties": "sun/rules.md",
    "sun_actions": "sun/combat.md",
    "sun_conditions": "sun/combat.md",
    "rk_weapons_house": "rk/weapons.md",
    "rk_weapons_summary": "rk/weapons.md",
    "rk_improvised_house": "rk/weapons.md",
    "rk_physical_tn": "rk/attacking.md",
    "rk_range_bands": "rk/attacking.md",
    "rk_interrupt": "rk/initiative.md",
    "rk_drama_dice": "rk/drama-dice.md",
    "rk_social_attacks": "rk/social.md",
    "rk_horse_fall": "rk/mounted.md",
    "rk_grapple_attacks": "rk/wrestling.md",
    "pool_modifiers": "pool/reference.md",
    "pool_rolls": "pool/reference.md",
    "pool_action_costs": "pool/actions.md",
    "pool_dodging": "pool/ranged.md",
    "pool_damage_types": "pool/damage.md",
    "pool_injuries": "pool/damage.md",
}

# Glossary rules that point at a game's home page rather than at one of its sections.
HOME_PAGE_RULES = {"pool/index.md#pool"}


def test_cell_formats_signs_na_and_tn() -> None:
    """Written out by hand, so the formatting the tables below rely on is itself checked."""
    assert [cell(5, "signed"), cell(-10, "signed"), cell(0, "signed"), cell(None, "signed")] == ["+5", "-10", "0", ""]
    assert [cell(None, "na"), cell(None, "signed_na"), cell(10, "signed_na"), cell(None)] == ["N/A", "N/A", "+10", ""]
    assert [cell(5, "tn"), cell("3k3", "signed"), cell(2)] == ["+5 TN", "3k3", "2"]
    assert (cell("0(1*) a_b | <c>"), shown("0(1*) a_b | <c>")) == (r"0(1\*) a\_b \| &lt;c&gt;", "0(1*) a_b | <c>")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_table_is_placed_on_a_page(game: str) -> None:
    placed = sorted(n for n, src in TABLE_PAGES.items() if n.startswith(f"{game}_") and src.startswith(f"{game}/"))
    # files without columns hold numbers the prose quotes one by one (tests/test_rule_numbers.py)
    tables = (n for n in data.names() if n.startswith(f"{game}_") and "columns" in data.load(n))
    assert sorted(tables) == placed


@pytest.mark.parametrize("name", sorted(TABLE_PAGES))
def test_rendered_table_equals_data_file(site_dir: Path, name: str) -> None:
    rendered = parse(site_dir, TABLE_PAGES[name]).table_sources.get(name)
    assert rendered is not None, f"{name} is not rendered on {TABLE_PAGES[name]}"
    assert rendered == expected_rows(name)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_glossary_is_well_formed(game: str) -> None:
    glossary = data.load(f"glossary_{game}")
    assert glossary["game"] == game
    terms = [t["term"] for t in glossary["terms"]]
    assert len(terms) == len(set(terms))
    for t in terms_of(game):   # as shown: its rule numbers filled in from calc/data
        assert t["definition"].strip() and not re.search(r"[\[\]*_`<>{}]", t["definition"]), t["term"]


GLOSSARY_TERMS = [(game, term) for game in sorted(GAMES) for term in data.load(f"glossary_{game}")["terms"]]


@pytest.mark.parametrize(("game", "term"), GLOSSARY_TERMS, ids=[f"{g}:{t['term']}" for g, t in GLOSSARY_TERMS])
def test_glossary_rule_points_at_an_anchor(site_dir: Path, game: str, term: dict) -> None:
    src, _, anchor = term["rule"].partition("#")
    assert src.startswith(f"{game}/") and (anchor.startswith(f"{game}-") or term["rule"] in HOME_PAGE_RULES), term["term"]
    assert anchor in parse(site_dir, src).ids, f"{term['term']}: {term['rule']} does not resolve"
