"""Values keep their own invariants, and a calculator's meaning is its declaration's (issue 51 items 2, 3).

A Roll & Keep roll or hit clamps its kept dice itself and records the keep-all reading (R-0050),
which no caller states again; Social Damage is a value beside the exchange's, which every place
that rolls it asks; the build works out each roll of the text once; what a total means for a Roll
is part of each calculator's declaration, and codex_view names no calculator."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any


import calc
from calc.built import roll_odds as odds_module
from calc.dice.draw import Band
from calc.registry import CALCULATORS, parse_params
from calc.roll_keep.exchange import FAILED_KEPT, SOCIAL_BASES, Hit, Roll, SocialDamage, Weapon
from calc.roll_keep.rules import KEEP_ALL_RULING
from codex_view.draws import answer_draw
from macros.rolls import draws as roll_draws
from tests.roll_pages import render

ROOT = Path(__file__).resolve().parent.parent
# a kept count compared with, or clamped to, a rolled count: the keep-all reading written out
CLAMP = re.compile(r"min\([^)]*kept|\bkept\w*\s*>\s*\w|\w\s*<\s*\w*kept\b", re.I)


def test_the_keep_all_reading_is_written_in_at_most_two_places_outside_the_dice_notation() -> None:
    found = []
    for path in sorted((ROOT / "calc").rglob("*.py")):
        if "notation" in path.relative_to(ROOT / "calc").parts:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if CLAMP.search(code) and not code.strip().startswith(('"', "f\"", "help=")):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert len(found) <= 2, "\n".join(found)


def test_a_roll_and_a_hit_clamp_their_kept_dice_and_record_it() -> None:
    roll = Roll(3, 5)
    assert (roll.rolled, roll.kept, roll.keeps_all) == (3, 3, True)
    assert len(roll.notes) == 1 and KEEP_ALL_RULING in roll.notes[0] and "3k5" in roll.notes[0]
    assert Roll(5, 3).keeps_all is False and Roll(5, 3).notes == ()
    assert replace(roll, explode=False).keeps_all and replace(roll, explode=False).notes == roll.notes
    read = Roll.read(None, None, 2, 5)   # Finesse 2 rolls 4 dice, the Knack keeps 5: every die
    assert (read.rolled, read.kept, read.keeps_all) == (4, 4, True) and len(read.notes) == 2
    hit = Hit("house", 1, 3)
    assert (hit.rolled, hit.kept, hit.keeps_all) == (1, 1, True) and hit.dist.mean() == Hit("house", 1, 1).dist.mean()
    weapon = Weapon("house", "unarmed", attacker_brawn=1).hit()
    assert weapon.keeps_all and sum(KEEP_ALL_RULING in note for note in weapon.notes) == 1


def test_social_damage_is_one_value_that_every_place_rolling_it_asks() -> None:
    for base, (rolled, kept) in SOCIAL_BASES.items():
        for panache, raises in ((1, 0), (2, 1), (3, 2)):
            hit = SocialDamage.of(base, panache, raises).hit
            assert (hit.rolled, hit.kept) == (rolled + panache + raises, min(kept, rolled + panache + raises))
            odds = odds_module.roll_odds("rk-social-hit", base=base, panache=panache, raises=raises)
            assert odds.roll == f"{hit.rolled}k{hit.kept}" and odds.dist == hit.dist
            assert (KEEP_ALL_RULING in odds.rulings) == hit.keeps_all
    plan = calc.evaluate("rk-attack", {"rules": "house", "kind": "social", "attacker_panache": 1, "panache": 1,
                                       "base_damage": "1k3", "max_raises": 2, "tn": 15})
    for row in plan["rows"]:
        hit = SocialDamage.of("1k3", 1, row["raises"]).hit
        assert row["damage_dice"] == f"{hit.rolled}k{hit.kept} on six-sided dice"
        assert row["expected_damage"] == hit.dist.mean()
    price = SocialDamage.backlash(1).hit   # the target's Panache 1 k FAILED_KEPT: every die kept
    assert (price.rolled, price.kept, price.keeps_all) == (1, 1, FAILED_KEPT > 1)
    assert any(f"A miss's price: {note}" in plan["notes"] for note in price.notes)


PAGE = """\
## Damage { #rk-damage-rolls }

A test rolls 6k3 against TN 20, and a claymore does 4k2 damage. Social Damage of 1k3 grows with Panache 2.

=== "House rules"

    | Weapon | Damage |
    | --- | --- |
    | Sabre | 3k2 |
"""


def test_the_build_works_out_each_roll_of_the_text_once(monkeypatch: Any) -> None:
    asked: Counter[tuple[str, tuple[tuple[str, Any], ...]]] = Counter()

    def counting(kind: str, work: Any) -> Any:
        def counted(**params: Any) -> Any:
            asked[(kind, tuple(sorted(params.items())))] += 1
            return work(**params)
        return counted

    for kind, work in list(odds_module.KINDS.items()):
        monkeypatch.setitem(odds_module.KINDS, kind, counting(kind, work))
    forget = getattr(odds_module, "worked_out", None)   # the figures kept from an earlier test
    if forget is not None:
        forget.cache_clear()
    roll_draws.reset()
    render(PAGE, page="rk/damage.md")
    rolls = roll_draws.page_json("rk/damage.md")
    roll_draws.reset()
    if forget is not None:
        forget.cache_clear()
    assert rolls is not None and len(asked) >= 3, asked
    assert set(asked.values()) == {1}, asked


def test_codex_view_names_no_calculator_id() -> None:
    text = {path: path.read_text() for path in sorted((ROOT / "codex_view").rglob("*.py"))}
    for cid in CALCULATORS:
        named = re.compile(rf"""["']{re.escape(cid)}["']""" + (rf"|(?<![\w-]){re.escape(cid)}(?![\w-])" if "-" in cid else ""))
        for path, source in text.items():
            assert not named.search(source), f"{path.relative_to(ROOT)} names the calculator {cid!r}"


def test_what_a_total_means_is_the_declarations() -> None:
    rollable = 0
    for cid, calculator in CALCULATORS.items():
        params = parse_params(calculator, calculator.defaults())
        result = calc.evaluate(cid, calculator.defaults())
        if not result.get("distribution"):
            continue
        rollable += 1
        said = replace(calculator, meaning=lambda c, p, r, cid=cid: (f"{cid} as declared", [Band(None, "{total}!")]))
        draw = answer_draw(said, params, result)
        assert draw is not None and draw.label == f"{cid} as declared" and draw.meaning(draw.totals[0]).endswith("!")
        plain = answer_draw(replace(calculator, meaning=None), params, result)
        assert plain is not None and plain.meaning(plain.totals[0]) == str(plain.totals[0])
    assert rollable >= 10
