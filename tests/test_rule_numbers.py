"""Rule numbers: the fixed numbers the engine uses come from `calc/data`, and pages quote them from there.

`rk_numbers.json` and `sun_degrees.json` are checked against the source texts (as the other
tables are in test_content_*.py); the built pages are checked for the quotes: each shows its
data value, every number is quoted where its rule is stated, and no section that quotes a number
also types it by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

from calc import data
from calc.roll_keep.damage import DAMAGE_SIDES, FIREARM_STEP, SUMMARY_MOST, WOUND_STEP, wound_count
from calc.roll_keep.fight import CRIPPLED_DICE, KNOCKED_OUT
from calc.roll_keep.initiative import PENALTY
from calc.roll_keep.rules import RAISE, RANK_TN, ROLL_SIDES, STAT_DICE
from calc.roll_keep.weapons import THROWABLE
from calc.roll_keep.tn import DRAWING, GETTING_UP, MOUNTED, OFF_HAND, TWO_PISTOLS, WRESTLING
from calc.seventh_sun.check import DEGREES
from macros import rule_numbers

# What the source texts state (house rules, summary rules, Seventh Sun's core rules).
SOURCE_RK = {
    "tn.drawing": 10, "tn.getting_up": 10, "tn.two_pistols": 5, "roll.off_hand": -3,
    "wrestling.attack_ungrappled.tn": 5, "wrestling.escape_athletics.tn": 5, "wrestling.unseat.tn": 10,
    "mounted.leap_athletics.tn": 10, "mounted.shared_horse.tn": 5, "mounted.carriage_chase.tn": 5,
    "mounted.on_foot.tn": 10, "crippled_dice": 2, "initiative_penalty": 2, "raise": 5,
    # summary: "Overall TN = (Defense Knack + 1) * 5", "(skill + stat) total * 5", "roll (twice stat), keep skill",
    # "All dice referred to are ten-siders"; house: damage dice "are always 6-sided dice"
    "rank_tn": 5, "stat_dice": 2, "dice.roll": 10, "dice.damage.summary": 10, "dice.damage.house": 6,
    # summary: "fails by 20 or more ... 2 Serious wounds ... (eg. firearms) ... 10 or more"; house: "more than 20 ...
    # each 20 points", "For Firearms ... more than 10 ... each 10 points"
    "wound_check.step": 20, "wound_check.firearm_step": 10, "wound_check.summary_most": 2,
    "knocked_out_resolve": 2,   # "twice their Resolve" (summary), "twice as many ... as he has Resolve" (house)
    "damage.two_pistols.rolled": 1, "damage.two_pistols.kept": 1,   # "increases the damage by +1k1"
    # house: "Social Damage is usually 1k3", "can increase the base damage ... to 2k4", "(Opponent's Panache)k2",
    # "the defender gains +5 to his SD"
    "social_damage.usual.rolled": 1, "social_damage.usual.kept": 3, "social_damage.swordsman.rolled": 2,
    "social_damage.swordsman.kept": 4, "social_damage.failed_kept": 2, "social_defense_per_wound": 5,
    "disarm_hold_raises": 2,   # summary, Disarm: "With two Raises you may end up holding the weapon"
}
SOURCE_THROWABLE = {"house": {"knife", "improvised_small", "improvised_medium", "improvised_large"},
                    "summary": {"dagger"}}
SOURCE_DEGREES = {"strong.low": 5, "exceptional.low": 10}

# Where each number is stated: the built page and the quotes it must carry.
QUOTED = {
    "rk/attacking/index.html": {"rk_numbers.roll.off_hand", "rk_numbers.tn.drawing", "rk_numbers.tn.getting_up",
                                "rk_numbers.tn.two_pistols", "rk_physical_tn.prone.adjustment", "rk_numbers.raise"},
    "rk/basics/index.html": {"rk_numbers.raise"},
    "rk/choosing-raises/index.html": {"rk_numbers.raise"},
    "rk/social/index.html": {"rk_numbers.raise", "rk_numbers.wound_check.step"},
    "rk/mounted/index.html": {"rk_numbers.wrestling.unseat.tn", "rk_numbers.mounted.leap_athletics.tn",
                              "rk_numbers.mounted.shared_horse.tn", "rk_numbers.mounted.carriage_chase.tn",
                              "rk_numbers.mounted.on_foot.tn"},
    "rk/wrestling/index.html": {"rk_numbers.wrestling.attack_ungrappled.tn",
                                "rk_numbers.wrestling.escape_athletics.tn", "rk_physical_tn.grappled.adjustment"},
    "rk/damage/index.html": {"rk_numbers.crippled_dice", "rk_numbers.wound_check.step", "rk_numbers.wound_check.firearm_step",
                             "rk_numbers.wound_check.summary_most"},
    "rk/initiative/index.html": {"rk_numbers.initiative_penalty", "rk_interrupt.5-6.tn"},
    "sun/rules/index.html": {"sun_degrees.strong.low", "sun_degrees.strong.high", "sun_degrees.exceptional.low"},
}
QUOTE = re.compile(r'<span data-rule-number="([^"]+)" data-format="([^"]+)">([^<]*)</span>')
SECTION = re.compile(r"<h[23][^>]*>")
# Other rules that happen to share a quoted number's value in the same section (calc does not use them).
OTHER_RULES = ("another +5 to the TN",   # rk-grapple-escape: each failed try
               # rk-chase-escape, one section with the carriage's +5 on the print page
               "adds +5 to the TN of the quarry's escape rolls", "add +5 to that escape penalty")
RULINGS_LINE = re.compile(r'<p class="cx-rulings">.*?</p>', re.S)
DATA_TABLE = re.compile(r"<table>.*?</table>", re.S)


def test_rk_numbers_are_the_source_texts() -> None:
    assert {path: rule_numbers.lookup("rk_numbers", path) for path in SOURCE_RK} == SOURCE_RK
    assert {rules: set(ids) for rules, ids in data.load("rk_numbers")["throwable"].items()} == SOURCE_THROWABLE


def test_degrees_are_the_source_texts() -> None:
    assert {path: rule_numbers.lookup("sun_degrees", path) for path in SOURCE_DEGREES} == SOURCE_DEGREES


def test_the_engine_reads_the_data() -> None:
    numbers = data.load("rk_numbers")
    assert (DRAWING, GETTING_UP, TWO_PISTOLS, OFF_HAND) == (
        numbers["tn"]["drawing"], numbers["tn"]["getting_up"], numbers["tn"]["two_pistols"], numbers["roll"]["off_hand"])
    assert {k: tn for k, (_, tn) in WRESTLING.items()} == {r["id"]: r["tn"] for r in numbers["wrestling"]}
    assert {k: tn for k, (_, tn) in MOUNTED.items()} == {r["id"]: r["tn"] for r in numbers["mounted"]}
    assert (CRIPPLED_DICE, PENALTY, RAISE) == (numbers["crippled_dice"], numbers["initiative_penalty"], numbers["raise"])
    assert (RANK_TN, STAT_DICE, ROLL_SIDES, DAMAGE_SIDES) == (
        numbers["rank_tn"], numbers["stat_dice"], numbers["dice"]["roll"], numbers["dice"]["damage"])
    assert (WOUND_STEP, FIREARM_STEP, SUMMARY_MOST, KNOCKED_OUT) == (
        numbers["wound_check"]["step"], numbers["wound_check"]["firearm_step"], numbers["wound_check"]["summary_most"],
        numbers["knocked_out_resolve"])
    assert [wound_count(s, rules="summary", firearm=False) for s in (1, WOUND_STEP - 1, WOUND_STEP)] == [1, 1, SUMMARY_MOST]
    assert [wound_count(s, rules="house", firearm=True) for s in (FIREARM_STEP, FIREARM_STEP + 1, 2 * FIREARM_STEP)] == [1, 2, 3]
    assert THROWABLE == {rules: frozenset(ids) for rules, ids in numbers["throwable"].items()}
    rows = data.load("sun_degrees")["rows"]
    assert [(key, low, high) for key, _, low, high in DEGREES] == [(r["key"], r["low"], r["high"]) for r in rows]


def test_a_bad_path_or_format_is_named() -> None:
    for call, words in (((lambda: rule_numbers.lookup("rk_numbers", "tn.flying")), "tn.flying"),
                        ((lambda: rule_numbers.lookup("rk_numbers", "throwable")), "whole number"),
                        ((lambda: rule_numbers.shown(5, "roman")), "roman")):
        try:
            call()
        except (KeyError, TypeError, ValueError) as e:
            assert words in str(e)
        else:
            raise AssertionError(f"no error for {words}")


def test_pages_quote_every_number_where_its_rule_is_stated(site_dir: Path) -> None:
    missing = {}
    for page, wanted in QUOTED.items():
        found = {name for name, _, _ in QUOTE.findall((site_dir / page).read_text(encoding="utf-8"))}
        if wanted - found:
            missing[page] = sorted(wanted - found)
    assert missing == {}


def test_every_quote_shows_its_data_value(site_dir: Path) -> None:
    wrong = []
    for html in site_dir.rglob("*.html"):
        for name, fmt, text in QUOTE.findall(html.read_text(encoding="utf-8")):
            file, path = name.split(".", 1)
            if text != rule_numbers.shown(rule_numbers.lookup(file, path), fmt):
                wrong.append((html.relative_to(site_dir).as_posix(), name, text))
    assert wrong == []


def _pages_that_quote(site_dir: Path) -> list[str]:
    """Every built page that quotes a rule number (the rule pages, a print page, the calculators page...)."""
    return sorted(html.relative_to(site_dir).as_posix() for html in site_dir.rglob("*.html")
                  if "data-rule-number=" in html.read_text(encoding="utf-8") and "/s/" not in f"/{html.parent}/")


def test_no_section_types_a_number_it_quotes(site_dir: Path) -> None:
    """Within a section (h2/h3 to the next) of any page that quotes, a signed number that is quoted is not
    also typed: not in the prose, and not in the form, help or built answer of a calculator placed
    there (those are written from calc/data: tests/test_numbers_from_data.py)."""
    typed = []
    pages = _pages_that_quote(site_dir)
    assert set(QUOTED) <= set(pages)
    for page in pages:
        html = (site_dir / page).read_text(encoding="utf-8")
        for section in SECTION.split(html):
            quoted = {text for _, fmt, text in QUOTE.findall(section) if fmt == "signed"}
            prose = RULINGS_LINE.sub(" ", QUOTE.sub(" ", section))   # a locked ruling's title may name it
            prose = DATA_TABLE.sub(" ", prose)   # a table of the same data (test_content_tables checks it)
            bare = " ".join(re.sub(r"<[^>]+>", "", prose).split())
            for other in OTHER_RULES:
                bare = bare.replace(other, " ")
            for value in quoted:
                found = re.search(rf"(?<![\w+\u2212-]){re.escape(value)}\b", bare)
                if found:
                    typed.append((page, value, bare[max(0, found.start() - 80):found.end() + 40]))
    assert typed == []


# Glossary terms that state a number the engine uses, and the rule numbers each must fill in.
GLOSSARY_NUMBERS = {
    "Crippled": {"rk_numbers:crippled_dice", "rk_numbers:initiative_penalty"},
    "Distracted": {"rk_numbers:initiative_penalty"},
    "Prone": {"rk_physical_tn:prone.adjustment:signed", "rk_numbers:tn.getting_up:signed"},
    "Grappled": {"rk_physical_tn:grappled.adjustment:signed"},
    "Reach": {"rk_physical_tn:more_reach.adjustment:signed", "rk_physical_tn:less_reach.adjustment:signed"},
    "TN": {"rk_numbers:raise"},
    "Raise": {"rk_numbers:raise:signed"},
    "Raises": {"rk_numbers:raise:signed"},
    "PA": {"rk_numbers:raise"},
    "SA": {"rk_numbers:raise"},
}


def test_glossary_definitions_fill_in_the_numbers_the_engine_uses() -> None:
    """A tooltip states the engine's number from calc/data, never a typed copy of it."""
    from macros import glossary

    raw = {t["term"]: t["definition"] for t in data.load("glossary_rk")["terms"]}
    shown = {t["term"]: t["definition"] for t in glossary.terms("rk")}
    for term, wanted in GLOSSARY_NUMBERS.items():
        assert set(glossary.RULE_NUMBER.findall(raw[term])) >= {tuple((w + ":").split(":")[:3]) for w in wanted}, term
        assert "{" not in shown[term], term
    assert f"loses {CRIPPLED_DICE} unkept dice" in shown["Crippled"]
    assert f"Wits dice drop by {PENALTY} and" in shown["Distracted"]
    assert f"standing up adds {rule_numbers.shown(GETTING_UP, 'signed')} to the TN" in shown["Prone"]
