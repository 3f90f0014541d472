"""The fifth review's corrections (issue 43, item 5), each read against its source line.

Sources (../shared/seeds): 000 Roll & Keep house rules, 001 the summary, 003 dice pool, 004
Seventh Sun core rules. Each test names the line it was read against.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from calc import data, evaluate
from calc.registry import get
from macros import rulings
from tests.html_pages import page_file
from tests.support import ROOT
from tests.site_pages import glossary_entry, section_text

RULING = re.compile(r"\bR-\d{4}\b")


def ruling(rid: str) -> rulings.Ruling:
    return next(r for r in rulings.load() if r.id == rid)


# --- pool/reference: "every roll the section names" (003:17, 32, 56-61, 71, 130-133) ------------

def test_the_quick_reference_lists_every_roll_the_dice_pool_rules_name(site_dir: Path) -> None:
    rolls = [r["roll"] for r in data.load("pool_rolls")["rows"]]
    for named in ("Intimidate after a stick them up", "Quick draw", "Engage or Evade (opposed)", "Dodge a missile", "Damage"):
        assert named in rolls, named
    text = section_text(site_dir, "pool/reference.md", "pool-rolls")
    assert "point blank" in text and "automatic success" in text and "+6 dice" in text


# --- Roll & Keep: action dice and R-0012 (001:15, 20; 000:2) ----------------------------------

@pytest.mark.parametrize("name", ["Action Dice", "Action Die"])
def test_the_glossary_ties_the_extra_die_to_the_nonaggressive_action_as_a_reading(site_dir: Path, name: str) -> None:
    text = glossary_entry(site_dir, "rk", name)
    summary = text.split("Summary rules:", 1)[1].split("House rules:", 1)[0]
    assert "nonaggressive" in summary and "R-0012" in summary and "Codex's reading" in summary


def test_exploding_tens_names_the_house_action_dice_with_their_ruling(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/basics.md", "rk-exploding-tens")
    assert "house rules' action dice" in text and "R-0012" in text
    assert "rk/basics.md#rk-exploding-tens" in ruling("R-0012").rules


# --- rk/attacking: a repeated paragraph, a doubled source line, firearms (000:16-25, 30, 62) ------

def test_target_numbers_state_the_pd_blend_once(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/attacking.md", "rk-target-numbers")
    assert text.count("no formula for PD") == 1 and "R-0015" in text


def test_range_has_one_source_line(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/attacking.md", "rk-range")
    assert text.count("Source:") == 1


def test_a_firearm_hit_is_not_said_to_make_the_check_harder(site_dir: Path) -> None:
    firearms = section_text(site_dir, "rk/attacking.md", "rk-firearms")
    assert "harder to shrug off" not in firearms and "10 short" in firearms and "20 short" in firearms
    tables = section_text(site_dir, "rk/weapons.md", "rk-weapon-tables")
    assert "make Wound Checks harder" not in tables
    assert "every 10 points short instead of every 20" in tables


# --- rk/damage: Brawn for melee, thrown weapons, "until the next roll" (000:40, 60; 001:51, 72) ---

def test_damage_rolls_do_not_claim_only_melee_adds_brawn(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/damage.md", "rk-damage-rolls")
    assert "only melee" not in text
    assert "name melee attacks as the ones that add Brawn" in text and "R-0051" in text
    assert "Throw Knack" in text and "Throw skill" not in text


def test_a_passed_house_wound_check_keeps_the_damage_until_the_next_roll(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/damage.md", "rk-wound-checks")
    assert "until the next roll" in text and "until the next Wound Check" not in text
    assert "R-0058" in text


# --- dice pool: cover quotes nothing the source does not say (003:118) ---------------------------

def test_cover_example_is_not_put_in_quotation_marks(site_dir: Path) -> None:
    text = section_text(site_dir, "pool/damage.md", "pool-cover")
    assert '"' not in text and "“" not in text
    assert "lower half" in text and "wooden fence" in text


# --- glossaries: Protection, Fortitude (004:278; 003:138) ---------------------------------------

def test_protection_says_the_rules_never_define_it(site_dir: Path) -> None:
    assert "never say what it is" in glossary_entry(site_dir, "sun", "Protection")


def test_fortitude_names_a_hit_to_one_area(site_dir: Path) -> None:
    assert "single hit to one area" in glossary_entry(site_dir, "pool", "Fortitude")


# --- rk/social: the Social Wound Check's reading (000:60-61) and Repartee said once (000:32) -----

def test_the_social_wound_check_reading_says_what_is_open(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/social.md", "rk-social-wounds")
    assert "stop there" not in text
    assert "how many of those dice are kept" in text and "counts at later checks" in text and "R-0058" in text


def test_repartee_and_the_dangerous_weapons_plus_one_are_said_once(site_dir: Path) -> None:
    assert section_text(site_dir, "rk/social.md", "rk-social-attack-types").count("belong to the Repartee Skill") == 1
    assert section_text(site_dir, "rk/weapons.md", "rk-improvised-weapons").count("+1k0") == 1


# --- rk index and Choosing raises ---------------------------------------------------------------

def test_the_rk_index_lists_choosing_raises(site_dir: Path) -> None:
    assert "Choosing raises" in section_text(site_dir, "rk/index.md", "rk-pages")


def test_choosing_raises_says_how_a_big_hit_counts(site_dir: Path) -> None:
    text = section_text(site_dir, "rk/choosing-raises.md", "rk-choosing-raises-numbers")
    assert "counts for two wounds on average" not in text
    assert "adds two to the average, but counts only once" in text


# --- calculators cite the rulings whose readings they state ------------------------------------

def test_the_pool_calculator_cites_r_0023_and_r_0054() -> None:
    fields = {p.name: p for p in get("pool-check").params}
    assert "R-0023" in fields["black"].help and "R-0054" in fields["extra_actions"].help
    result = evaluate("pool-check", {"dice": 7, "black": 2})
    assert any("black die" in n and "R-0023" in n for n in result["notes"])


def test_the_seventh_sun_calculator_cites_r_0003_for_its_bands() -> None:
    result = evaluate("sun-check", {"bonus": 5, "target": 15})
    assert any("R-0003" in n and "5 to 9" in n for n in result["notes"])


# --- rulings: touches, and three wordings that keep their meaning --------------------------------

def test_r_0035_touches_breaking_free(site_dir: Path) -> None:
    assert "pool/special-attacks.md#pool-break-free" in ruling("R-0035").rules
    assert "R-0035" in section_text(site_dir, "pool/special-attacks.md", "pool-break-free")


def test_three_rulings_read_clearly() -> None:
    assert "as in the example" not in ruling("R-0041").statement
    assert "Bruising" in ruling("R-0044").statement and "heals one box an hour" in ruling("R-0044").statement
    r51 = ruling("R-0051").statement
    assert "Throw Knack" in r51 and "Throw skill" not in r51 and "only melee" not in r51


def test_every_reading_box_cites_its_ruling() -> None:
    box = re.compile(r'^([ \t]*)!!! note "The Codex.s reading[^"]*"\n((?:\1    .*\n|[ \t]*\n)+)', re.M)
    missing = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        for m in box.finditer(path.read_text(encoding="utf-8")):
            if not RULING.search(m.group(2)):
                missing.append(f"{path.relative_to(ROOT / 'docs')}: {m.group(2).strip()[:60]}")
    assert missing == []


def test_each_ruling_touches_every_rule_section_that_cites_it(site_dir: Path) -> None:
    """A rule section whose own text cites an active ruling is in that ruling's `rules` (the
    glossary, the rulings page and the changelog cite rulings without being what they settle)."""
    from macros.links import page_url

    active = {r.id: r for r in rulings.load() if r.active}
    missing = []
    for path in sorted((ROOT / "docs").glob("*/*.md")):
        src = path.relative_to(ROOT / "docs").as_posix()
        if src.startswith("print/"):
            continue
        html = page_file(site_dir, src).read_text(encoding="utf-8")
        html = html[html.index("<article"): html.index("</article>")]
        html = re.sub(r'<p class="cx-rulings">.*?</p>|<section class="cx-calc".*?</section>'
                      r'|<div class="cx-rolls-data".*?</div>', "", html, flags=re.S)
        parts = re.split(r'<h[1-6] id="([^"]+)"', html)
        for anchor, body in zip(parts[1::2], parts[2::2]):
            for rid in set(RULING.findall(unescape(re.sub(r"<[^>]+>", " ", body)))):
                if rid in active and f"{src}#{anchor}" not in active[rid].rules:
                    missing.append(f"{rid} not touching {src}#{anchor}")
    assert missing == [], page_url
