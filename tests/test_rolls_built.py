"""Every roll the rules pages write is live (issue 34): the built pages' roll buttons, each with the
reading it must get, and each popover's figures against the calculator its link opens.

The list below is every roll the pages name, in page order, with its reading: a test on exploding
d10s (`rk-test`), damage under the summary (d10) or house (d6, R-0016) rules (`rk-damage`), the
Seventh Sun dice (`sun-roll`: 3d6, or 4d6 with a bonus or penalty die) and a dice pool counted in
successes (`pool`); a 0kY damage rating, whose dice the wielder's Brawn adds, shows an average per
Brawn (`rk-brawn-damage`); "4d6 and keep the best or worst three" shows both extra dice side by
side (`sun-either`). Left out on purpose, and so absent: "+1k0"-style dice added to another roll,
and the pages outside the three games (home, calculators, glossary, print).
"""

from __future__ import annotations

import gzip
from math import fsum
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

import calc
from calc.wording import number, percent
from tests.roll_pages import RollPage, roll_pages

# the weapons tables, row by row
SUMMARY_WEAPONS = ["0k1", "1k1", "1k2", "1k1", "1k2", "2k2", "2k2", "3k2", "4k2", "2k3", "4k3", "4k3", "5k3"]
HOUSE_WEAPONS = ["3k3", "5k3", "2k2", "4k4", "3k3", "4k3", "2k3", "8k5", "1k3", "5k5", "4k3", "2k2", "0k2", "4k4"]


def damage(rules: str, rolls: list[str]) -> list[tuple[str, str]]:
    """Damage rolls under `rules`; a 0kY is a rating whose dice the wielder's Brawn adds."""
    return [(r, f"rk-brawn-damage/{r[2:]}/{rules}" if r.startswith("0k") else f"rk-damage/{r.replace('k', '/')}/{rules}")
            for r in rolls]


def rk_test(roll: str) -> tuple[str, str]:
    return roll, f"rk-test/{roll.replace('k', '/')}"

SUN = ("3d6", "sun-roll/none")
EXPECTED: dict[str, list[tuple[str, str]]] = {
    "pool/actions/index.html": [("2", "pool/2")],
    "pool/damage/index.html": [("3", "pool/3"), ("4", "pool/4")],
    "pool/melee/index.html": [("7", "pool/7"), ("7", "pool/7")],
    "rk/attacking/index.html": [rk_test("6k2"), rk_test("6k2")],
    "rk/basics/index.html": [rk_test("6k3"), rk_test("4k2"), rk_test("4k3"), rk_test("6k2"), rk_test("4k2")],
    "rk/choosing-raises/index.html": [rk_test("8k4"), rk_test("4k2")] * 3,
    "rk/damage/index.html": [
        *damage("summary", ["2k2", "3k2", "6k2"]), *damage("house", ["3k3", "7k3", "0k2", "1k1"]),
        rk_test("3k3"), rk_test("6k2"), rk_test("4k2"), rk_test("8k4"), rk_test("4k2"),
    ],
    "rk/drama-dice/index.html": [rk_test("6k2"), rk_test("7k3"), *damage("summary", ["4k2"])],
    "rk/knacks/index.html": [*damage("summary", ["0k1", "0k2"]), *damage("house", ["2k4"])],
    "rk/mounted/index.html": [*damage("house", ["4k2", "6k3"]), *damage("house", ["6k3"])],
    "rk/social/index.html": [*damage("house", ["3k2", "1k3", "2k4", "4k3", "3k2"]), rk_test("2k2")],
    "rk/weapons/index.html": [
        *damage("summary", SUMMARY_WEAPONS), *damage("house", HOUSE_WEAPONS), *damage("summary", ["1k1", "1k2"]), *damage("house", ["1k3", "2k3", "3k3"]),
    ],
    "sun/combat/index.html": [SUN],
    "sun/hazards/index.html": [SUN, SUN],
    "sun/index.html": [SUN, ("4d6", "sun-either")],
    "sun/rules/index.html": [SUN, SUN, ("4d6", "sun-roll/bonus"), ("4d6", "sun-roll/penalty"), SUN],
}


@pytest.fixture(scope="module")
def pages(site_dir: Path) -> dict[str, RollPage]:
    return roll_pages(site_dir)


def test_every_roll_the_pages_name_is_a_button_with_its_own_reading(pages: dict[str, RollPage]) -> None:
    found = {name: [(text, key) for key, text, _ in page.buttons] for name, page in pages.items()}
    assert found == EXPECTED
    for page in pages.values():
        assert all(label == f"{text}: odds" for _, text, label in page.buttons)
        assert {key for key, _, _ in page.buttons} == set(page.popovers), "a popover for each roll, and no other"


def link_params(href: str) -> tuple[str, dict[str, str]]:
    """The calculator a popover's link opens, and the settings it carries."""
    query = dict(parse_qsl(urlsplit(href).query))
    assert urlsplit(href).fragment == "calc-" + query["calc"]
    return query.pop("calc"), query


def chance_from_calculator(calculator_id: str, params: dict[str, str], at: int) -> tuple[float, float]:
    """(chance to reach `at`, mean) as the calculator the link opens works them out."""
    settings = dict(calc.CALCULATORS[calculator_id].defaults(), **params)
    if calculator_id == "rk-check":
        result = calc.evaluate(calculator_id, dict(settings, tn=at))
        return result["chance"], result["mean"]
    if calculator_id == "sun-check":
        result = calc.evaluate(calculator_id, dict(settings, target=at))
        return result["chance"], result["mean"]
    if calculator_id == "pool-check":
        result = calc.evaluate(calculator_id, dict(settings, need=at))
        return result["chance"], result["mean"]
    assert calculator_id == "rk-wounds"
    result = calc.evaluate(calculator_id, settings)
    pmf = result["damage"]
    return (1.0 if at <= pmf[0][0] else fsum(p for outcome, p in pmf if outcome >= at)), result["expected_damage"]


def brawn_rows(entry: dict, params: dict[str, str]) -> int:
    """A 0kY rating's averages, one per Brawn, against the damage calculator with that many dice."""
    for brawn, shown in entry["rows"]:
        result = calc.evaluate("rk-wounds", dict(calc.CALCULATORS["rk-wounds"].defaults(),
                                                 **dict(params, damage_rolled=brawn)))
        assert shown == number(result["expected_damage"]), (entry["title"], brawn)
    mean = calc.evaluate("rk-wounds", dict(calc.CALCULATORS["rk-wounds"].defaults(), **params))["expected_damage"]
    assert entry["mean"] == f"Average {number(mean)} with Brawn {params['damage_rolled']}"
    return len(entry["rows"])


def either_rows(entry: dict) -> int:
    """4d6 with the bonus die and with the penalty die, side by side, against the Seventh Sun calculator."""
    assert entry["head"][1:] == ["Bonus die", "Penalty die"]
    for at, *shown in entry["rows"]:
        assert shown == [percent(chance_from_calculator("sun-check", {"bonus": "0", "die": die}, int(at))[0])
                         for die in ("bonus", "penalty")], at
    means = [number(calc.evaluate("sun-check", {"bonus": 0, "target": 15, "die": d})["mean"]) for d in ("bonus", "penalty")]
    assert entry["mean"] == f"Average {means[0]} with a bonus die, {means[1]} with a penalty die"
    return 2 * len(entry["rows"])


def test_each_popover_shows_what_its_calculator_works_out_to_the_digits_shown(pages: dict[str, RollPage]) -> None:
    checked = 0
    for name, page in pages.items():
        for key, entry in page.popovers.items():
            calculator_id, params = link_params(entry["href"])
            if key.startswith("rk-brawn-damage/"):
                checked += brawn_rows(entry, params)
                continue
            if key == "sun-either":
                checked += either_rows(entry)
                continue
            for at, shown in entry["rows"]:
                chance, mean = chance_from_calculator(calculator_id, params, int(at))
                assert shown == percent(chance), (name, key, at)
                assert entry["mean"] == f"Average {number(mean)}", (name, key)
                checked += 1
    assert checked > 100


def test_the_popovers_of_a_page_weigh_little(pages: dict[str, RollPage]) -> None:
    """The JSON of the heaviest page stays well under the issue's 10 kB gzipped."""
    sizes = {name: len(gzip.compress(page.raw.encode(), 9)) for name, page in pages.items()}
    assert max(sizes.values()) < 10_000, sizes
