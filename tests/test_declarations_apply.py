"""Each calculator's declaration says when a field applies, and everything reads that one rule.

- The walk over every calculator, both ways (a field that applies changes the answer, one that does
  not never does: issue 17, item 1; issue 30, item 3; issue 39, item 2), is tests/test_fields_used.py.
- `Param.applies` compares values in one canonical form (a yes/no is "true"/"false"), the form
  the page's checkbox sends; the page's `applies` (docs/assets/js/form-state.js), run under
  Node on the same data the build writes, agrees with it on every case here.
- The form carries that data (`data-shown-when`), hidden where the field does not apply.
- Copy as text and compare word only the settings that apply.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
import shutil
import subprocess
from typing import Any, Mapping

import pytest

import calc
from calc.calculator import Calculator
from calc.in_words import question_text
from calc.params import BoolParam, IntParam, Param, canonical
from calc.registry import parse_params
from codex_view.render import widget_html
from tests.param_values import near

ROOT = Path(__file__).resolve().parent.parent
FORM_STATE = ROOT / "docs" / "assets" / "js" / "form-state.js"


def _alternatives(param: Param, values: Mapping[str, Any]) -> list[Any]:
    """Values to try in a field: each choice offered, yes and no, or a few whole numbers."""
    return near(param, values, steps=(1, 3), bottom=(0,), clamp=True, texts={})


# ---------------------------------------------------------------- one rule, one canonical form
FLAG = BoolParam("flag", "A switch", False, required=False)
SHOWN_WHEN_TICKED = IntParam("count", "How many", 1, minimum=0, maximum=9, required=False,
                             shown_when=(("flag", ("true",)),))
SHOWN_WHEN_UNTICKED = IntParam("other", "How many else", 1, minimum=0, maximum=9, required=False,
                               shown_when=(("flag", (False,)),))


def test_canonical_form_of_values() -> None:
    assert [canonical(v) for v in (True, False, None, 3, "house", "")] == ["true", "false", "", "3", "house", ""]


def test_applies_reads_a_yes_no_as_the_checkbox_sends_it() -> None:
    assert SHOWN_WHEN_TICKED.applies({"flag": True}) and SHOWN_WHEN_TICKED.applies({"flag": "true"})
    assert not SHOWN_WHEN_TICKED.applies({"flag": False}) and not SHOWN_WHEN_TICKED.applies({"flag": "false"})
    assert not SHOWN_WHEN_TICKED.applies({})   # a deciding field left out is blank
    # a declaration that writes the Python value means the same as its canonical string
    assert SHOWN_WHEN_UNTICKED.when() == {"flag": ["false"]}
    assert SHOWN_WHEN_UNTICKED.applies({"flag": False}) and not SHOWN_WHEN_UNTICKED.applies({"flag": True})


def _fake() -> Calculator:
    return Calculator(id="fake", title="Fake", rule="calculators.md", params=(FLAG, SHOWN_WHEN_TICKED),
                      compute=lambda **kw: {})


@pytest.mark.parametrize("ticked", [True, False])
def test_the_form_carries_the_rule_and_hides_by_it(ticked: bool) -> None:
    html = widget_html(_fake(), {}, values={"flag": ticked})
    field = re.search(r'<div class="cx-field cx-field--int" data-field="count"([^>]*)>', html)
    assert field, html
    assert 'data-shown-when="{&quot;flag&quot;: [&quot;true&quot;]}"' in field.group(1)
    assert (" hidden" in field.group(1)) is (not ticked)
    box = re.search(r'<input type="checkbox" value="([^"]*)"[^>]*name="flag"([^>]*)>', html)
    assert box and box.group(1) == "true" and ("checked" in box.group(2)) is ticked


def _cases() -> list[tuple[dict[str, list[str]], dict[str, str], bool]]:
    """Every hideable field of every calculator over its settings, and the switch above, as the page
    sees them: the field's `when()` data, the form's values in canonical form, Python's answer."""
    cases = []
    for c in [*calc.CALCULATORS.values(), _fake()]:
        for p in c.params:
            if not p.when():
                continue
            base = c.defaults()
            tried = [base] + [{**base, name: v} for name in p.deciding()
                              for q in c.params if q.name == name for v in _alternatives(q, base)]
            for values in tried:
                cases.append((p.when(), {k: canonical(v) for k, v in values.items()}, p.applies(values)))
    return cases


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the page's module")
def test_the_page_script_applies_the_same_rule() -> None:
    cases = _cases()
    assert any(want for *_, want in cases) and not all(want for *_, want in cases)
    script = """
        import { readFileSync } from "node:fs";
        const src = readFileSync(process.argv[1], "utf8");
        const { applies } = await import("data:text/javascript;base64," + Buffer.from(src).toString("base64"));
        const cases = JSON.parse(readFileSync(0, "utf8"));
        process.stdout.write(JSON.stringify(cases.map(([when, params]) => applies(when, params))));
    """
    done = subprocess.run(["node", "--input-type=module", "-e", script, str(FORM_STATE)],
                          input=json.dumps([[w, v] for w, v, _ in cases]), capture_output=True, text=True,
                          timeout=60, check=True)
    assert json.loads(done.stdout) == [want for *_, want in cases]


def _replacement_cases() -> list[tuple[str, dict[str, str], dict[str, bool]]]:
    """Each calculator with a replaceable field, over settings that fill the replacing fields and vary
    what decides whether they apply: its id, the form's values (canonical), Python's answer per field."""
    cases = []
    for c in calc.CALCULATORS.values():
        replacers = {name for p in c.params for name in p.replaced_by}
        if not replacers:
            continue
        base = c.defaults()
        filled = {**base, **{name: _alternatives(c.param(name), base)[1] for name in replacers}}
        deciding = {name for r in replacers for name, _ in c.param(r).shown_when}
        tried = [base, filled, {**filled, sorted(replacers)[0]: None}]
        for name in deciding:   # each value of what decides them, under each value its options depend on
            decider = c.param(name)
            by = getattr(decider, "filtered_by", "")
            for around in ([{**filled, by: v} for v in _alternatives(c.param(by), filled)] if by else [filled]):
                tried += [{**around, name: v} for v in _alternatives(decider, around)]
        for values in tried:
            cases.append((c.id, {k: canonical(v) for k, v in values.items()},
                          {p.name: c.applies(p, values) for p in c.params}))
    return cases


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the page's module")
def test_the_page_script_replaces_fields_as_calc_does() -> None:
    """form-state.js `fieldApplies` on a form carrying the build's data (data-shown-when,
    data-replaced-by) agrees with `Calculator.applies` on every field of every case."""
    cases = _replacement_cases()
    assert any(not ok for *_, answers in cases for ok in answers.values())
    forms = {c.id: {p.name: {"shownWhen": json.dumps(p.when()), "replacedBy": json.dumps(list(p.replaced_by))}
                    for p in c.params} for c in calc.CALCULATORS.values()}
    script = """
        import { readFileSync } from "node:fs";
        globalThis.CSS = { escape: (text) => text };
        const src = readFileSync(process.argv[1], "utf8");
        const { fieldApplies } = await import("data:text/javascript;base64," + Buffer.from(src).toString("base64"));
        const { forms, cases } = JSON.parse(readFileSync(0, "utf8"));
        const form = (fields) => ({ querySelector: (selector) => {
            const name = selector.match(/data-field="([^"]*)"/)[1];
            return fields[name] ? { dataset: fields[name] } : null;
        } });
        process.stdout.write(JSON.stringify(cases.map(([cid, params]) =>
            Object.fromEntries(Object.keys(forms[cid]).map((name) => [name, fieldApplies(form(forms[cid]), name, params)])))));
    """
    payload = {"forms": forms, "cases": [[cid, values] for cid, values, _ in cases]}
    done = subprocess.run(["node", "--input-type=module", "-e", script, str(FORM_STATE)],
                          input=json.dumps(payload), capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == [answers for *_, answers in cases]


# ---------------------------------------------------------------- the question in words
@pytest.mark.parametrize("cid, values, hidden, shown", [
    ("pool-check", {"opp_dice": 9, "black": 2}, "Defender's dice", "Black dice: 2"),
    ("pool-check", {"mode": "opposed", "opp_dice": 9, "need": 3}, "Net successes needed", "Defender's dice: 9"),
    ("rk-tn", {"attacker_weapon": "heavy", "knack": 3}, "Reach", "Defense Knack: 3"),
    ("rk-wounds", {"d6_explode": False, "brawn": 3}, "d6", "Defender's Brawn: 3"),
    ("rk-wounds", {"rules": "house", "d6_explode": False}, "Thrown", "House d6 damage dice explode: no"),
])
def test_question_words_only_the_settings_that_apply(cid: str, values: dict[str, Any], hidden: str, shown: str) -> None:
    calculator = calc.CALCULATORS[cid]
    params = parse_params(calculator, {**calculator.defaults(), **values})
    text = question_text(calculator, params, calculator.compute(**params))
    assert shown in text and hidden not in text, text


def test_changed_lists_what_applies_and_differs() -> None:
    pool = calc.CALCULATORS["pool-check"]
    assert [p.name for p in pool.changed({"opp_dice": 9, "black": 2})] == ["black"]
    assert [p.name for p in pool.changed({"mode": "opposed", "opp_dice": 9})] == ["mode", "opp_dice"]
    assert [p.name for p in pool.applicable({})] == ["mode", "dice", "black", "sides", "success_at", "need", "other_pool"]
