"""Every calculator in the browser, driven as a person would (docs/calculators.md).

The Calculators page holds all of them, so Pyodide boots once for the module. Each test
reads the form as the page shows it and checks the figure against `calc.evaluate`.
"""

from __future__ import annotations

from typing import Any, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

import calc
from calc.params import IntParam
from tests.browser import READY_TIMEOUT_MS, form_params, root, type_into, wait_for_result, wait_state
from tests.param_values import kind
from tests.support import PageWatch

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def calcs_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    page.goto(served + "calculators/")
    for cid in calc.CALCULATORS:
        wait_state(page, cid, "ready")
    yield page
    assert page.watch.outside == [] and page.watch.errors == []
    page.close()


def headline(cid: str) -> str:
    return calc.CALCULATORS[cid].headlines[0].key


def first_int_param(cid: str) -> IntParam:
    return next(p for p in calc.CALCULATORS[cid].params if kind(p) == "int" and not p.optional)


@pytest.mark.parametrize("cid", [c for c in sorted(calc.CALCULATORS) if c != "dice"])
def test_typing_a_number_updates_the_headline(calcs_page: Any, cid: str) -> None:
    param = first_int_param(cid)
    value = param.default + 1 if param.default < param.maximum else param.default - 1
    type_into(calcs_page, cid, param.name, str(value))
    params = form_params(calcs_page, cid)
    assert params[param.name] == str(value)
    wait_for_result(calcs_page, cid, headline(cid), params)


def test_dice_expression_typed_and_targeted(calcs_page: Any) -> None:
    type_into(calcs_page, "dice", "expr", "4d6kh3+2")
    type_into(calcs_page, "dice", "target", "15")
    wait_for_result(calcs_page, "dice", "chance", {"expr": "4d6kh3+2", "target": "15"})


def test_dice_expression_error_points_at_the_character(calcs_page: Any) -> None:
    type_into(calcs_page, "dice", "expr", "3d6+x")
    wait_state(calcs_page, "dice", "error")
    message = root(calcs_page, "dice").locator('[data-field="expr"] .cx-error').inner_text()
    assert "“x”" in message and "column" not in message  # plain words, no parser position
    type_into(calcs_page, "dice", "expr", "3d6")
    wait_state(calcs_page, "dice", "ready")


def test_choices_and_checkboxes_count(calcs_page: Any) -> None:
    more = calcs_page.locator('[data-calculator="rk-check"] details.cx-more')
    if more.get_attribute("open") is None:
        more.locator("summary").click()   # "Tens explode" is a rarely used field (issue 11.5)
    calcs_page.locator('[data-calculator="rk-check"] [name="explode"]').uncheck()
    params = form_params(calcs_page, "rk-check")
    assert params["explode"] == "false"
    wait_for_result(calcs_page, "rk-check", "chance", params)


def test_tn_builder_hands_its_tn_to_the_roll(calcs_page: Any) -> None:
    type_into(calcs_page, "rk-tn", "knack", "3")
    tn = wait_for_result(calcs_page, "rk-tn", "tn", form_params(calcs_page, "rk-tn"))
    root(calcs_page, "rk-tn").locator(".cx-chain").click()
    assert calcs_page.locator('[data-calculator="rk-check"] [name="tn"]').input_value() == str(tn)
    wait_for_result(calcs_page, "rk-check", "chance", form_params(calcs_page, "rk-check"))


def test_copy_link_reopens_the_same_odds(calcs_page: Any, context: Any, served: str) -> None:
    type_into(calcs_page, "sun-check", "target", "17")
    wait_state(calcs_page, "sun-check", "ready")
    root(calcs_page, "sun-check").locator(".cx-copy").click()
    link = calcs_page.evaluate("navigator.clipboard.readText()")
    parts = urlsplit(link)
    assert parts.fragment == "calc-sun-check"
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    assert query["calc"] == "sun-check" and query["target"] == "17"
    other = context.new_page()
    try:
        other.goto(link)
        params = {k: v for k, v in query.items() if k != "calc"}
        wait_for_result(other, "sun-check", "chance", params)
    finally:
        other.close()


def test_url_state_on_a_rule_page(page: Any, served: str) -> None:
    page.goto(served + "rk/basics/?calc=rk-check&rolled=7&kept=5&tn=30")
    wait_for_result(page, "rk-check", "chance", {**calc.CALCULATORS["rk-check"].defaults(), "rolled": 7, "kept": 5, "tn": 30})
    assert page.watch.errors == []


def test_a_url_value_out_of_range_is_explained(page: Any, served: str) -> None:
    page.goto(served + "rk/basics/?rolled=99")
    wait_state(page, "rk-check", "error")
    assert "rolled" in root(page, "rk-check").locator('[data-field="rolled"] .cx-error').inner_text()


def test_calculators_work_without_javascript_as_prerendered_results(browser: Any, served: str) -> None:
    ctx = browser.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(served + "calculators/", timeout=READY_TIMEOUT_MS)
        for cid, calculator in calc.CALCULATORS.items():
            result = calc.evaluate(cid, calculator.defaults())
            key = next(h.key for h in calculator.headlines if result.get(h.key) is not None)
            value = root(page, cid).locator(f'[data-result="{key}"]').get_attribute("data-value")
            assert float(value) == result[key], cid
    finally:
        ctx.close()


def test_tn_builder_hands_the_tn_before_raises_and_says_so(calcs_page: Any) -> None:
    """Issue 11.11: Knack 3, 2 raises and the off-hand used to send tn=33&raises=0; now the TN
    before raises (20, plus 3 for the off-hand) and the raises travel apart, and the roll
    calculator says what arrived."""
    type_into(calcs_page, "rk-tn", "knack", "3")
    type_into(calcs_page, "rk-tn", "raises", "2")
    calcs_page.locator('[data-calculator="rk-tn"] [name="off_hand"]').check()
    wait_for_result(calcs_page, "rk-tn", "tn", form_params(calcs_page, "rk-tn"))
    root(calcs_page, "rk-tn").locator(".cx-chain").click()
    check = '[data-calculator="rk-check"]'
    assert calcs_page.locator(f'{check} [name="tn"]').input_value() == "23"
    assert calcs_page.locator(f'{check} [name="raises"]').input_value() == "2"
    arrived = calcs_page.locator(f"{check} .cx-arrived")
    assert arrived.inner_text().startswith("TN 23 and 2 raises from the TN builder")
    wait_for_result(calcs_page, "rk-check", "chance", form_params(calcs_page, "rk-check"))
    in_view = """() => { const r = document.querySelector('[data-calculator="rk-check"]').getBoundingClientRect();
                         return r.top < window.innerHeight && r.bottom > 0; }"""
    try:
        calcs_page.wait_for_function(in_view, timeout=5000)
    except Exception:
        where = calcs_page.evaluate("""() => [window.scrollY, window.innerHeight,
            document.querySelector('[data-calculator="rk-check"]').getBoundingClientRect().top,
            document.activeElement && document.activeElement.outerHTML.slice(0, 120)]""")
        raise AssertionError(f"the roll calculator was not scrolled into view: {where}")
    # back to the defaults, for the tests that share this page
    calcs_page.locator('[data-calculator="rk-tn"] [name="off_hand"]').uncheck()
    type_into(calcs_page, "rk-tn", "raises", "0")
    type_into(calcs_page, "rk-check", "raises", "0")
    wait_state(calcs_page, "rk-check", "ready")


def test_weapon_list_follows_the_rules(calcs_page: Any) -> None:
    """Issue 11.10: under the summary rules the Buckler is not offered (it was, and gave an error);
    under the house rules it is, and each weapon shows that table's damage."""
    wounds = '[data-calculator="rk-wounds"]'
    visible = """(sel) => Array.from(document.querySelectorAll(sel + ' [name="weapon"] option'))
                     .filter((o) => !o.hidden).map((o) => [o.value, o.textContent])"""
    summary = dict(calcs_page.evaluate(visible, wounds))
    assert "buckler" not in summary and summary["dagger"] == "Dagger: 1k2"
    assert summary["fencing"] == "Fencing weapon (Foil, Rapier, Sabre): 2k2"
    calcs_page.locator(f'{wounds} [name="rules"]').select_option("house")
    house = dict(calcs_page.evaluate(visible, wounds))
    assert house["buckler"] == "Buckler: 2k2" and "dagger" not in house and house["fencing"] == "Fencing Weapon: 3k3"
    calcs_page.locator(f'{wounds} [name="weapon"]').select_option("buckler")
    wait_for_result(calcs_page, "rk-wounds", "p_wound", form_params(calcs_page, "rk-wounds"))
    calcs_page.locator(f'{wounds} [name="rules"]').select_option("summary")
    params = form_params(calcs_page, "rk-wounds")
    assert params["weapon"] == "fencing"   # the Buckler is not a summary weapon: back to the default
    wait_for_result(calcs_page, "rk-wounds", "p_wound", params)


def test_attackers_brawn_is_shown_only_where_it_counts(calcs_page: Any) -> None:
    """Issue 39.2: with Weapon Other the form shows "Used in hand (Other)", and Attacker's Brawn only once
    it is ticked; a bow hides it; the answer follows what the form shows."""
    wounds = root(calcs_page, "rk-wounds")
    brawn = wounds.locator('[data-field="attacker_brawn"]')
    in_hand = wounds.locator('[data-field="in_hand"]')
    wounds.locator('[name="rules"]').select_option("summary")
    wounds.locator('[name="weapon"]').select_option("fencing")
    assert brawn.is_visible() and not in_hand.is_visible()         # a Fencing weapon: in hand
    wounds.locator('[name="weapon"]').select_option("bow")
    assert not brawn.is_visible() and not in_hand.is_visible()
    wounds.locator('[name="weapon"]').select_option("custom")
    type_into(calcs_page, "rk-wounds", "damage_rolled", "2")
    type_into(calcs_page, "rk-wounds", "damage_kept", "2")
    assert in_hand.is_visible() and not brawn.is_visible()
    wait_for_result(calcs_page, "rk-wounds", "expected_damage", form_params(calcs_page, "rk-wounds"))
    before = wounds.locator('[data-result="expected_damage"]').get_attribute("data-value")
    in_hand.locator('input[type="checkbox"]').check()
    assert brawn.is_visible()
    params = form_params(calcs_page, "rk-wounds")
    assert params["in_hand"] == "true"
    wait_for_result(calcs_page, "rk-wounds", "expected_damage", params)
    assert wounds.locator('[data-result="expected_damage"]').get_attribute("data-value") != before
