"""Worked examples are computed, never typed (issue 20, "Make it hard to repeat").

Two ways keep an example honest:
- the numbers come from `calc` at build time (macros/examples.py: `rk_duel`, `rk_roll`, `rk_tn`,
  `massive_damage`), so a page states the inputs and cannot pair them with an impossible result;
- what is still typed is recomputed here from the example's own stated inputs: every
  "Stat N and Knack M rolls XkY", every "(K + 1) × 5 = T" and every small sum such as
  "5 + 5 × 2 = 15" on the rules pages.

Sources: ../shared/seeds/001 (STAT + SKILL is (2 x stat)k(skill); TN = (Defense Knack + 1) x 5;
the defense roll is Wits + Defense Knack), 003 (massive damage: Fortitude + Fortitude with one
black die per point of damage over Fortitude).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import calc
from calc.registry import get
from macros import examples

DOCS = Path(__file__).resolve().parent.parent / "docs"
RULES_PAGES = sorted(p for d in ("sun", "rk", "pool") for p in (DOCS / d).glob("*.md"))
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


# --- the macros derive; inconsistent inputs cannot be stated ------------------------------------

@pytest.mark.parametrize("wits, knack", [(1, 1), (2, 2), (2, 4), (3, 2), (4, 4), (5, 3)])
def test_a_duel_derives_tn_and_defense_from_wits_and_knack(wits: int, knack: int) -> None:
    duel = examples.rk_duel(finesse=3, attack_knack=2, wits=wits, defense_knack=knack)
    assert duel["tn"] == (knack + 1) * 5                                   # 001: (Defense Knack + 1) x 5
    assert duel["defense"] == f"{2 * wits}k{knack}"                        # 001: Wits + Knack, 2 x stat
    assert duel["attack"] == "6k2"
    assert (duel["plan"]["defense_rolled"], duel["plan"]["defense_kept"]) == (2 * wits, knack)


def test_the_old_impossible_defender_cannot_be_written_any_more() -> None:
    """Issue 20 item 2: a defense roll of 8k4 at TN 15. Keeping 4 means Knack 4, so TN 25."""
    for wits in range(1, 8):
        for knack in range(1, 8):
            duel = examples.rk_duel(finesse=4, attack_knack=4, wits=wits, defense_knack=knack)
            assert not (duel["defense"] == "8k4" and duel["tn"] == 15)
    assert examples.rk_duel(finesse=4, attack_knack=4, wits=4, defense_knack=4)["tn"] == 25


def test_inputs_the_rules_cannot_take_fail_the_example() -> None:
    with pytest.raises(examples.ExampleError):
        examples.rk_duel(finesse=0, attack_knack=2, wits=2, defense_knack=2)
    with pytest.raises(examples.ExampleError):
        examples.massive_damage(fortitude=3, damage=3)      # not more than Fortitude: no massive damage


@pytest.mark.parametrize("rules, weapon, brawn, raises, dice", [
    ("summary", "heavy", 2, 1, "6k2"),       # 001: Heavy weapon 3k2, + Brawn + 1 per damage Raise
    ("summary", "fencing", 3, 0, "5k2"),
    ("house", "fencing", 3, 1, "7k3"),       # 000: Fencing Weapon 3k3, melee adds Brawn
    ("house", "musket", 3, 2, "10k5"),       # 000: Musket 8k5; ranged adds no Brawn
])
def test_damage_dice_come_from_the_weapon_brawn_and_raises(rules: str, weapon: str, brawn: int, raises: int,
                                                          dice: str) -> None:
    assert examples.rk_damage(rules=rules, weapon=weapon, attacker_brawn=brawn, raises=raises) == dice


def test_the_planner_starts_with_the_duel_on_choosing_raises() -> None:
    """The page says the planner starts with its typical duel: the defaults must be that duel."""
    text = (DOCS / "rk" / "choosing-raises.md").read_text(encoding="utf-8")
    found = re.search(r"\{% set duel = rk_duel\(([^)]*)\) %\}", text)
    assert found, "choosing-raises states its duel through rk_duel"
    inputs = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", found.group(1))}
    plan = examples.rk_duel(**inputs)["plan"]
    defaults = get("rk-attack").defaults()
    assert {k: defaults[k] for k in plan} == plan


def test_massive_damage_reaches_only_what_its_black_dice_allow() -> None:
    """Issue 20 item 8: with 2 black dice the net cannot fall below -2 (R-0023)."""
    old = examples.massive_damage(fortitude=3, damage=5)
    assert (old["dice"], old["black"], old["lowest"]) == (6, 2, -2)
    assert old["rows"][-1]["chance"] == "0%" and old["rows"][-2]["chance"] == "0%"   # unreachable: truly none
    now = examples.massive_damage(fortitude=2, damage=9)
    assert (now["dice"], now["black"], now["lowest"], now["highest"]) == (4, 7, -7, 4)
    assert all(row["chance"] != "0%" for row in now["rows"]), "the page's example reaches every band"
    assert "partly paralysed" in now["rows"][-1]["injury"]


def test_the_computed_examples_type_no_derived_number() -> None:
    """Outside the macro calls, the two rebuilt examples type no roll, TN, chance or net result."""
    raises = (DOCS / "rk" / "choosing-raises.md").read_text(encoding="utf-8")
    body = JINJA.sub("", raises[raises.index("## A typical duel"):raises.index("## The Codex's reading")])
    assert not re.findall(r"\b\d+k\d+\b|\d+(?:\.\d+)?%|TN of \**\d", body)
    damage = (DOCS / "pool" / "damage.md").read_text(encoding="utf-8")
    example = damage[damage.index("{% set md = massive_damage"):damage.index("## Bleeds")]
    example = JINJA.sub("", example[:example.index('!!! note')])
    assert not re.findall(r"[-+]\d|\d+(?:\.\d+)?%|\d+ (?:black )?dice|Fortitude \d|for \d", example), example


# --- typed examples recomputed from their stated inputs -----------------------------------------

STAT_SKILL = re.compile(
    r"\b(Finesse|Wits|Brawn|Panache|Resolve) (\d+) (?:and|with) (?:an? )?(?:Attack|Parry|Footwork|skill|"
    r"Knack)(?: \([A-Za-z ]+\))?(?: of)? (\d+),? (?:rolls|throws) \**(\d+)k(\d+)\b"
)
KNACK_TN = re.compile(r"\((\d+) \+ 1\) × 5 = \**(\d+)\b")
SUM = re.compile(r"(?<![\w.])(\d+(?: ?[-+×x−] ?\d+)+) ?= ?\**(\d+)\b")


def arithmetic(expr: str) -> int:
    """The value of a sum such as '5 + 5 × 2' (× before + and −), with no eval."""
    terms = re.split(r" ?([-+−]) ?", expr.replace("x", "×"))
    total, sign = 0, 1
    for i, term in enumerate(terms):
        if i % 2:
            sign = 1 if term == "+" else -1
            continue
        product = 1
        for factor in term.split("×"):
            product *= int(factor.strip())
        total += sign * product
    return total


def typed_example_errors(text: str) -> list[str]:
    """Every typed derivation in `text` that the rules (through calc) do not give."""
    text = " ".join(JINJA.sub("", text).split())
    wrong = []
    for stat_name, stat, skill, rolled, kept in STAT_SKILL.findall(text):
        roll = examples.stat_plus_skill(int(stat), int(skill))["roll"]
        if roll != f"{rolled}k{kept}":
            wrong.append(f"{stat_name} {stat} + {skill} is {roll}, not {rolled}k{kept}")
    for knack, tn in KNACK_TN.findall(text):
        if examples.defense_tn(int(knack)) != int(tn):
            wrong.append(f"Defense Knack {knack} gives TN {examples.defense_tn(int(knack))}, not {tn}")
    for expr, value in SUM.findall(text):
        if arithmetic(expr) != int(value):
            wrong.append(f"{expr} is {arithmetic(expr)}, not {value}")
    return wrong


@pytest.mark.parametrize("path", RULES_PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_typed_examples_agree_with_their_inputs(path: Path) -> None:
    assert typed_example_errors(path.read_text(encoding="utf-8")) == []


def test_the_recomputation_finds_the_typed_examples() -> None:
    """Not vacuous: the patterns meet real examples on the pages."""
    text = " ".join(JINJA.sub("", p.read_text(encoding="utf-8")) for p in RULES_PAGES)
    text = " ".join(text.split())
    assert len(SUM.findall(text)) >= 15


def test_planted_inconsistent_examples_are_caught() -> None:
    planted = ("The defender, with Wits 2 and Parry 4, rolls 8k4. A target with Parry 3 has a TN of "
               "(3 + 1) × 5 = **15**. He rolls against 5 + 5 × 2 = **20**. Fine: 2 + 3 = **5**.")
    assert typed_example_errors(planted) == [
        "Wits 2 + 4 is 4k4, not 8k4",
        "Defense Knack 3 gives TN 20, not 15",
        "5 + 5 × 2 is 15, not 20",
    ]
    assert calc.evaluate  # the recomputation goes through calc, as the pages do
