"""Issue 31: the Roll & Keep calculators speak one vocabulary (calc/roll_keep/vocabulary.py).

- A field two calculators share is declared once, in the vocabulary, and composed by each; no
  calculator module imports another calculator's declaration.
- Stat + Skill is read one way everywhere: the same dice as typing X and Y, the same note, an
  error that names the field as the form labels it.
- XkY and the rules' names are written by `calc.wording`, never by hand.
- A field replaced by others (`replaced_by`) does not apply, in calc and in the built form (issue 30).
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import calc
from calc.roll_keep import vocabulary as rk_vocabulary
from calc.errors import InputError
from calc.in_words import question_text
from calc.params import Param
from calc.registry import parse_params
from codex_view.render import widget_html

CALC = Path(calc.__file__).resolve().parent
RK = [cid for cid in calc.CALCULATORS if cid.startswith("rk-")]
# each calculator module, and the sibling modules it may call: rk-attack plans a Social Attack with its
# own other half, rk_social (which declares no calculator); never another calculator's declaration
MODULES = {"check", "tn", "wounds", "horse_fall", "attack", "social", "fight", "opposed", "initiative"}
CALLS = {("attack", "social"): {"plan_social", "question", "SOCIAL_PARAMS"}}
RK_PACKAGE = "calc.roll_keep"


def _vocabulary_fields() -> list[Param]:
    out: list[Param] = []
    for name in rk_vocabulary.__all__:
        value = getattr(rk_vocabulary, name)
        if isinstance(value, Param):
            out.append(value)
        elif isinstance(value, dict):
            out += [v for v in value.values() if isinstance(v, Param)]
        elif isinstance(value, tuple):
            out += [v for v in value if isinstance(v, Param)]
    return out + [rk_vocabulary.defender_brawn(), *rk_vocabulary.roll_fields(1, 1, "roll")]


def _core(param: Param) -> Param:
    """A field less what a calculator may set when composing it: its default and when it applies."""
    return replace(param, default=None, shown_when=(), shown_any=(), replaced_by=())


def test_a_field_two_calculators_share_is_the_vocabularys() -> None:
    """Fields of two calculators with one name, label and help are one field: the vocabulary's, so a copy
    that drifts (a limit, a choice, a flag) is caught."""
    shared = [_core(p) for p in _vocabulary_fields()]
    seen: dict[tuple[str, str, str], list[tuple[str, Param]]] = {}
    for cid in RK:
        for p in calc.CALCULATORS[cid].params:
            seen.setdefault((p.name, p.label, p.help), []).append((cid, p))
    twice = [uses for uses in seen.values() if len(uses) > 1]
    assert len(twice) >= 15
    for uses in twice:
        for cid, p in uses:
            assert _core(p) in shared, f"{cid}.{p.name} is shared with {[c for c, _ in uses]} but not the vocabulary's"


def _imports(module: str) -> list[tuple[str, set[str]]]:
    """(sibling calculator module, the names taken from it) for each import of one."""
    tree = ast.parse((CALC / "roll_keep" / f"{module}.py").read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            package, _, name = node.module.rpartition(".")
            if package == RK_PACKAGE and name in MODULES:
                out.append((name, {a.name for a in node.names}))
            elif node.module == RK_PACKAGE:
                out += [(a.name, {"*"}) for a in node.names if a.name in MODULES]
    return out


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_calculator_imports_a_siblings_declaration(module: str) -> None:
    for sibling, names in _imports(module):
        allowed = CALLS.get((module, sibling), set())
        if names == {"*"}:   # `from calc.roll_keep import x`: every use must be an allowed call
            tree = ast.parse((CALC / "roll_keep" / f"{module}.py").read_text())
            names = {n.attr for n in ast.walk(tree)
                     if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == sibling}
        assert names <= allowed, f"{module} takes {sorted(names - allowed)} from {sibling}"


def _calculator_modules() -> dict[str, Any]:
    """Every calc module that declares calculators, dotted under calc (`roll_keep.wounds`, `expression`)."""
    return {c.compute.__module__.removeprefix("calc.") for c in calc.CALCULATORS.values()}


def test_no_calculator_module_imports_another() -> None:
    """Issue 40: calculators share Roll & Keep's rules through calc.roll_keep.exchange's values, never by calling
    another calculator (rk-attack no longer runs rk-wounds once per raise and reads its dict)."""
    modules = _calculator_modules()
    assert {"roll_keep.wounds", "roll_keep.attack", "roll_keep.fight", "seventh_sun.check", "dice_pool.check",
            "expression"} <= modules
    taken = []
    for path in sorted(CALC.rglob("*.py")):
        own = ".".join(path.relative_to(CALC).with_suffix("").parts)
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
                found = {n.removeprefix("calc.") for n in names} & modules
                if found and own not in found and own in modules | {"roll_keep.social", "roll_keep.fight_chain"}:
                    taken.append((own, sorted(found)))
    assert taken == []


HAND_XKY = re.compile(r"\}k\{")
HAND_RULES = re.compile(r"\"(house|summary) rules\" if")


@pytest.mark.parametrize("module", sorted(MODULES | {"vocabulary", "rules"}))
def test_xky_and_rules_words_come_from_wording(module: str) -> None:
    text = (CALC / "roll_keep" / f"{module}.py").read_text()
    assert not HAND_XKY.findall(text), f"{module} writes XkY by hand"
    assert not HAND_RULES.findall(text), f"{module} picks the rules' words inline"


# ---------------------------------------------------------------- one reading of Stat + Skill
STAT_SKILL = [("rk-check", {"tn": 20}), ("rk-horse-fall", {}), ("rk-attack", {"rules": "summary"}),
              ("rk-attack", {"rules": "house"}), ("rk-fight", {"rules": "summary"}), ("rk-fight", {"rules": "house"})]


@pytest.mark.parametrize("cid, base", STAT_SKILL)
def test_stat_and_skill_roll_what_x_and_y_would(cid: str, base: dict[str, Any]) -> None:
    calculator = calc.CALCULATORS[cid]
    base = {**calculator.defaults(), **base}
    stat, skill = calculator.param("stat").title, calculator.param("skill").title
    for s, k in ((3, 2), (2, 5)):
        by_stat = calc.evaluate(cid, {**base, "stat": s, "skill": k, "rolled": 9, "kept": 1})
        by_dice = calc.evaluate(cid, {**base, "rolled": 2 * s, "kept": k})
        numbers = {key: v for key, v in by_dice.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        assert numbers and all(by_stat[key] == v for key, v in numbers.items())
        note = f"A {stat} + {skill} test rolls twice the stat and keeps the skill: {s} + {k} is {2 * s}k{k}"
        assert any(n.startswith(note) for n in by_stat["notes"]), by_stat["notes"]
    with pytest.raises(InputError) as raised:
        calc.evaluate(cid, {**base, "skill": 2})
    assert raised.value.field == "stat"
    assert raised.value.message == f"{stat} is needed too: with {skill}, give both, or leave both blank."


def test_copy_as_text_names_the_weapon_as_the_chosen_rules_offer_it() -> None:
    for cid in ("rk-attack", "rk-fight"):
        calculator = calc.CALCULATORS[cid]
        params = parse_params(calculator, {**calculator.defaults(), "rules": "house", "weapon": "pistol"})
        label = dict(calculator.param("weapon").options(params))["pistol"]
        assert label in question_text(calculator, params, calculator.compute(**params))


# ---------------------------------------------------------------- replaced fields (issue 30)
HOSTILE = {"rules": "house", "kind": "social", "stat": 3, "skill": 4, "rolled": 12, "kept": 6}


def test_a_social_attacks_dice_are_not_replaced_by_a_hidden_stat_and_skill() -> None:
    attack = calc.CALCULATORS["rk-attack"]
    values = {**attack.defaults(), **HOSTILE}
    assert attack.applies(attack.param("rolled"), values) and not attack.applies(attack.param("stat"), values)
    assert calc.evaluate("rk-attack", values)["roll"] == "12k6"
    blow = {**values, "kind": "physical"}
    assert not attack.applies(attack.param("rolled"), blow) and attack.applies(attack.param("stat"), blow)
    assert calc.evaluate("rk-attack", blow)["roll"] == "6k4"
    assert {"rolled", "kept"} & {p.name for p in attack.changed(blow)} == set()
    assert {"rolled", "kept"} <= {p.name for p in attack.changed(values)}


@pytest.mark.parametrize("kind, replaced", [("physical", True), ("social", False)])
def test_the_built_form_disables_a_replaced_field_with_the_declarations_reason(kind: str, replaced: bool) -> None:
    attack = calc.CALCULATORS["rk-attack"]
    values = {**attack.defaults(), **HOSTILE, "kind": kind}
    html = widget_html(attack, {}, values=values)
    field = re.search(r'<div class="cx-field cx-field--int" data-field="rolled"([^>]*)>(.*?)</div>', html)
    assert field and 'data-replaced-by="[&quot;stat&quot;, &quot;skill&quot;]"' in field.group(1)
    control = re.search(r"<input [^>]*>", field.group(2)).group(0)
    reason = re.search(r'<small class="cx-overridden" id="rk-attack-rolled-overridden"( hidden)?>([^<]*)</small>',
                       field.group(2))
    assert reason and reason.group(2) == "Not used: Finesse and Attack Knack replace it."
    assert (" disabled" in control) is replaced and (reason.group(1) is None) is replaced
    assert ("rk-attack-rolled-overridden" in control) is replaced


def test_replacing_fields_exist_and_replace_nothing_themselves() -> None:
    for c in calc.CALCULATORS.values():
        for p in c.params:
            for name in p.replaced_by:
                assert name != p.name and not c.param(name).replaced_by, (c.id, p.name, name)


# ---------------------------------------------------------------- offered under these rules (issue 40, item 3)
def _filtered() -> list[tuple[str, str]]:
    return [(cid, p.name) for cid, c in calc.CALCULATORS.items() for p in c.params
            if getattr(p, "filtered_by", "")]


def test_a_choice_its_rules_do_not_offer_is_refused_once_in_one_wording() -> None:
    """Every field whose choices depend on the rules (the weapon, the kind of attack) is checked where the
    params are parsed, with one sentence naming the field and the rules; the weapon gets the same
    sentence from every calculator that takes one."""
    assert {("rk-wounds", "weapon"), ("rk-attack", "weapon"), ("rk-fight", "weapon"), ("rk-attack", "kind"),
            ("rk-fight", "category")} <= set(_filtered())
    by_pair: dict[tuple[str, str, str], set[str]] = {}
    refused = 0
    for cid, name in _filtered():
        calculator = calc.CALCULATORS[cid]
        param = calculator.param(name)
        by = calculator.param(param.filtered_by)
        for under, _ in by.choices:
            values = {**calculator.defaults(), by.name: under}
            offered = {v for v, _ in param.options(values)}
            for value, label in param.choices:
                state = {**values, name: value}
                if value in offered or not calculator.applies(param, state):
                    continue
                with pytest.raises(InputError) as caught:
                    parse_params(calculator, state)
                refused += 1
                assert caught.value.field == name
                short = label.split(":")[0].split(" (")[0]
                under_words = by.words(under, values).split(" (")[0]
                assert caught.value.message == (f"{param.title}: \u201c{short}\u201d is not offered under "
                                                f"\u201c{under_words}\u201d; choose one from the list, or change {by.title}.")
                by_pair.setdefault((name, under, value), set()).add(caught.value.message)
    weapons = {pair: said for pair, said in by_pair.items() if pair[0] == "weapon"}
    assert len(weapons) >= 12 and all(len(said) == 1 for said in weapons.values())
    assert refused >= 3 * len(weapons)   # each weapon pair refused by rk-wounds, rk-attack and rk-fight alike


def test_a_hidden_choice_is_not_refused() -> None:
    """A field that does not apply is never refused: the kind of defender under the house rules (always a
    hero there) and a weapon behind a Social Attack are ignored, as every hidden field is."""
    fight = calc.CALCULATORS["rk-fight"]
    assert calc.evaluate("rk-fight", {**fight.defaults(), "rules": "house", "category": "brute"})["category"] == "hero"
    attack = calc.CALCULATORS["rk-attack"]
    calc.evaluate("rk-attack", {**attack.defaults(), "rules": "house", "kind": "social", "weapon": "dagger"})
