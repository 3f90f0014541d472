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
from calc.roll_keep.rules import damage_dist
from calc.roll_keep.weapons import weapon_row
from calc.wording import number, percent
from tests.roll_pages import RollPage, roll_pages

# the weapons tables, row by row: each roll is its weapon's (a table row names it)
SUMMARY_WEAPONS = ["fist", "improvised_blunt", "improvised_sharp", "shield_bash", "dagger", "fencing", "bow", "heavy",
                   "claymore", "crossbow", "pistol", "zweihander", "musket"]
HOUSE_WEAPONS = ["bow", "claymore", "buckler", "crossbow", "fencing", "heavy", "knife", "musket", "panzerhand", "pistol",
                 "polearm", "whip", "unarmed", "zweihander"]


def damage(rules: str, rolls: list[str]) -> list[tuple[str, str]]:
    """Damage rolls under `rules` that no weapon or base names; a 0kY is a rating whose dice the
    wielder's Brawn adds."""
    return [(r, f"rk-brawn-damage/{r[2:]}/{rules}" if r.startswith("0k") else f"rk-damage/{r.replace('k', '/')}/{rules}")
            for r in rolls]


def weapons(rules: str, ids: list[str], *said: object) -> list[tuple[str, str]]:
    """A weapon's rating (its table's XkY), each the roll of its own weapon, with what its sentence says."""
    out = []
    for wid in ids:
        row = weapon_row(rules, wid)
        out.append((row["damage"], "/".join(["rk-weapon", rules, wid, *map(str, said)])))
    return out


def rk_test(roll: str, *said: object) -> tuple[str, str]:
    return roll, "/".join(["rk-test", *roll.split("k"), *map(str, said)])


SUN = ("3d6", "sun-roll/none")
EXPECTED: dict[str, list[tuple[str, str]]] = {
    "pool/actions/index.html": [("2", "pool/2")],
    "pool/damage/index.html": [("3", "pool/3"), ("4", "pool/4")],
    "pool/melee/index.html": [("7", "pool/7"), ("7", "pool/7")],
    "rk/attacking/index.html": [rk_test("6k2"), rk_test("6k2", 27)],
    "rk/basics/index.html": [rk_test("6k3"), rk_test("4k2"), rk_test("4k3"), rk_test("6k2", 20), rk_test("4k2", 25)],
    "rk/choosing-raises/index.html": [rk_test("8k4", 15), rk_test("4k2"), rk_test("8k4"), rk_test("4k2"),
                                      rk_test("8k4"), rk_test("4k2", 15)],
    "rk/damage/index.html": [
        *weapons("summary", ["fencing"]), *weapons("summary", ["heavy"], 2), ("6k2", "rk-hit/summary/heavy/2/1"),
        *weapons("house", ["fencing"], 3), ("7k3", "rk-hit/house/fencing/3/1"),
        *weapons("house", ["unarmed"], 1), ("1k1", "rk-hit/house/unarmed/1/0"),
        rk_test("3k3", 22), rk_test("6k2"), rk_test("4k2"), rk_test("8k4", 15), rk_test("4k2"),
    ],
    "rk/drama-dice/index.html": [rk_test("6k2"), rk_test("7k3"), *damage("summary", ["4k2"])],
    "rk/knacks/index.html": [*weapons("summary", ["fist"]), *damage("summary", ["0k2"]), ("2k4", "rk-social/2k4")],
    "rk/mounted/index.html": [*damage("house", ["4k2", "6k3"]), *damage("house", ["6k3"])],
    "rk/social/index.html": [*damage("house", ["3k2"]), ("1k3", "rk-social/1k3"), ("2k4", "rk-social/2k4"),
                             ("4k3", "rk-social-hit/1k3/2/1"), *damage("house", ["3k2"]), rk_test("2k2", "social")],
    "rk/weapons/index.html": [
        *weapons("summary", SUMMARY_WEAPONS), *weapons("house", HOUSE_WEAPONS),
        *weapons("summary", ["improvised_blunt", "improvised_sharp"]),
        *weapons("house", ["improvised_small", "improvised_medium", "improvised_large"]),
    ],
    "sun/combat/index.html": [SUN],
    "sun/hazards/index.html": [SUN, SUN],
    "sun/index.html": [SUN, ("4d6", "sun-either")],
    "sun/rules/index.html": [SUN, ("3d6", "sun-roll/none/10"), ("4d6", "sun-roll/bonus"), ("4d6", "sun-roll/penalty"), SUN],
}

# Every popover of these pages whose sentence names the number it is about (a TN, a Brawn, the
# total the dice must make), with that number: its row is marked, and its link carries it. (The
# pool pages' sentences name the pool's dice, never the successes needed: none is marked there.)
# A roll that is a sum the sentence spells out ("Brawn 2 after one damage Raise rolls ... 6k2",
# `rk-hit`) has its numbers in its dice and its link, and no row of them.
MARKED: dict[str, dict[str, tuple[str, str]]] = {
    "rk/basics/index.html": {"rk-test/6/2/20": ("tn", "20"), "rk-test/4/2/25": ("tn", "25")},
    "rk/damage/index.html": {
        "rk-weapon/summary/heavy/2": ("attacker_brawn", "2"), "rk-weapon/house/fencing/3": ("attacker_brawn", "3"),
        "rk-weapon/house/unarmed/1": ("attacker_brawn", "1"), "rk-test/3/3/22": ("tn", "22"),
        "rk-test/8/4/15": ("tn", "15"),
    },
    "sun/rules/index.html": {"sun-roll/none/10": ("target", "10")},
    "pool/actions/index.html": {}, "pool/damage/index.html": {}, "pool/melee/index.html": {},
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


def answer(calculator_id: str, params: dict[str, str]) -> dict:
    return calc.evaluate(calculator_id, dict(calc.CALCULATORS[calculator_id].defaults(), **params))


def chance_from_calculator(calculator_id: str, params: dict[str, str], at: int) -> tuple[float, float]:
    """(chance to reach `at`, mean) as the calculator the link opens works them out."""
    field = {"rk-check": "tn", "sun-check": "target", "pool-check": "need"}.get(calculator_id)
    if field:
        result = answer(calculator_id, dict(params, **{field: at}))
        return result["chance"], result["mean"]
    assert calculator_id == "rk-wounds"
    result = answer(calculator_id, params)
    pmf = result["damage"]
    return (1.0 if at <= pmf[0][0] else fsum(p for outcome, p in pmf if outcome >= at)), result["expected_damage"]


def trait_field(calculator_id: str) -> str:
    """The field the rows of averages by trait vary: the wielder's Brawn (a weapon of a table, or a 0kY
    no weapon names, an Other weapon used in hand), a Social Attack's Panache."""
    return "attacker_panache" if calculator_id == "rk-attack" else "attacker_brawn"


def average_damage(calculator_id: str, params: dict[str, str], raises: int = 0) -> float:
    result = answer(calculator_id, params)
    return result["rows"][raises]["expected_damage"] if calculator_id == "rk-attack" else result["expected_damage"]


def trait_rows(entry: dict, calculator_id: str, params: dict[str, str]) -> int:
    """Averages by Brawn (Panache), each against the calculator its link opens with that trait."""
    field, trait = trait_field(calculator_id), entry["head"][0].removeprefix("With ")
    for value, shown in entry["rows"]:
        assert shown == number(average_damage(calculator_id, dict(params, **{field: value}))), (entry["title"], value)
    mean = average_damage(calculator_id, params)
    assert entry["mean"] == f"Average {number(mean)} with {trait} {params[field]}"
    return len(entry["rows"])


def social_hit_rows(entry: dict, key: str, params: dict[str, str]) -> int:
    """A Social Damage sum: the planner's row for its raises rolls those dice, to that average; the
    chances are those dice's (the planner shows no chances of damage)."""
    raises = int(key.split("/")[-1])
    row = answer("rk-attack", params)["rows"][raises]
    assert row["damage_dice"] == f"{entry['title'].split(':')[0]} on six-sided dice"
    assert entry["mean"] == f"Average {number(row['expected_damage'])}"
    rolled, kept = map(int, entry["title"].split(":")[0].split("k"))
    dist = damage_dist(rolled, kept, rules="house")
    assert [shown for _, shown in entry["rows"]] == [percent(dist.at_least(int(at))) for at, _ in entry["rows"]]
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
            assert entry["question"] == {"calc": calculator_id, **params}, "the popover says the question its link asks"
            if entry["head"][0] in ("With Brawn", "With Panache"):
                checked += trait_rows(entry, calculator_id, params)
                continue
            if key.startswith("rk-social-hit/"):
                checked += social_hit_rows(entry, key, params)
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


def test_every_weapons_table_roll_opens_the_damage_calculator_on_its_own_weapon(pages: dict[str, RollPage]) -> None:
    """rk/weapons/: each row's damage opens rk-wounds on that row's weapon under its tab's rules (a
    house Bow is the Bow, not "Other 3k3"), and the calculator's weapon has the dice the row shows."""
    page = pages["rk/weapons/index.html"]
    seen = {"summary": [], "house": []}
    for (key, text, _), row in zip(page.buttons, page.rows):
        if row is None:
            continue
        calculator_id, params = link_params(page.popovers[key]["href"])
        assert calculator_id == "rk-wounds" and params["rules"] == key.split("/")[1]
        weapon = weapon_row(params["rules"], params["weapon"])
        assert row.rstrip("*") in (weapon["weapon"], f"{weapon.get('size')}"), (row, params)
        assert weapon["damage"] == text
        seen[params["rules"]].append(params["weapon"])
    assert seen["house"] == HOUSE_WEAPONS + ["improvised_small", "improvised_medium", "improvised_large"]
    assert seen["summary"] == SUMMARY_WEAPONS


def test_a_popover_whose_sentence_names_a_number_marks_its_row_and_passes_it_on(pages: dict[str, RollPage]) -> None:
    for name, expected in MARKED.items():
        page = pages[name]
        marked = {key: entry for key, entry in page.popovers.items() if "mark" in entry}
        assert set(marked) == set(expected), name
        for key, (field, value) in expected.items():
            entry = marked[key]
            assert entry["rows"][entry["mark"]][0] == value, (name, key)
            assert link_params(entry["href"])[1][field] == value, (name, key)


def test_the_popovers_of_a_page_weigh_little(pages: dict[str, RollPage]) -> None:
    """The JSON of the heaviest page stays well under the issue's 10 kB gzipped."""
    sizes = {name: len(gzip.compress(page.raw.encode(), 9)) for name, page in pages.items()}
    assert max(sizes.values()) < 10_000, sizes
