"""Compare mode, "Copy as text" and the attack planner in the browser, driven as a reader would.

Code: docs/assets/js/compare.js (with hooks in calculators.js and form-state.js),
codex_view/compare.py (the comparison and the text), calc/roll_keep/attack.py (the planner).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

import calc
from codex_view.browser import compare_reply, reply
from tests.browser import READY_TIMEOUT_MS, root, type_into, wait_for_result, wait_state
from tests.browser import form_params
from tests.links import share_link, wait_compare

pytestmark = pytest.mark.browser

A = {"bonus": "5", "target": "15", "die": "bonus"}
LINK = "sun/rules/?calc=sun-check&bonus=5&target=15&die=bonus&b.die=none#calc-sun-check"


def query_of(page: Any) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(page.url).query, keep_blank_values=True)


def test_a_b_link_opens_in_compare_mode_and_leaving_drops_b(page: Any, served: str) -> None:
    page.goto(served + LINK)
    b = dict(A, die="none")
    wait_compare(page, "sun-check", "chance", A, b)
    calc_root = root(page, "sun-check")
    # the form holds B; the pinned A is what the plain keys said
    assert form_params(page, "sun-check")["die"] == "none"
    expected = compare_reply("sun-check", {"a": A, "b": b})["html"]
    diff = calc_root.locator('[data-diff="chance"]').inner_text()
    assert diff.startswith("B: \u2212") and diff.endswith(" points") and diff in expected
    assert calc_root.locator(".cx-compare-bar").is_visible()
    assert calc_root.locator(".cx-chart--compare rect.cx-series-b").count() > 0
    assert ("b.die", "none") in query_of(page)

    calc_root.locator(".cx-compare-exit").click()
    wait_for_result(page, "sun-check", "chance", b)
    assert calc_root.get_attribute("data-compare") is None
    assert calc_root.locator("[data-result-b]").count() == 0
    query = query_of(page)
    assert not [k for k, _ in query if k.startswith("b.")]
    assert dict(query) == {"calc": "sun-check", **form_params(page, "sun-check")}
    assert page.watch.errors == [] and page.watch.outside == []


def test_compare_with_pins_a_and_the_url_carries_b(page: Any, served: str) -> None:
    # TN 32 is off the built grid: the calculator's own link (a built question's is its odds address, test_odds_built)
    page.goto(served + "rk/basics/?calc=rk-check&rolled=7&kept=5&tn=32")
    a = {**calc.CALCULATORS["rk-check"].defaults(), "rolled": 7, "kept": 5, "tn": 32}
    wait_for_result(page, "rk-check", "chance", a)
    a_form = form_params(page, "rk-check")
    root(page, "rk-check").locator(".cx-compare").click()
    type_into(page, "rk-check", "kept", "4")
    type_into(page, "rk-check", "rolled", "8")
    b_form = form_params(page, "rk-check")
    assert b_form["rolled"] == "8" and b_form["kept"] == "4"
    wait_compare(page, "rk-check", "chance", a_form, b_form)
    query = dict(query_of(page))
    assert query["rolled"] == "7" and query["kept"] == "5"          # A, pinned
    assert query["b.rolled"] == "8" and query["b.kept"] == "4"      # B, as typed
    # the same link in a new tab shows the same comparison
    other = page.context.new_page()
    try:
        other.goto(page.url)
        wait_compare(other, "rk-check", "chance", a_form, b_form)
    finally:
        other.close()


def test_copy_as_text_puts_question_answer_and_link_on_the_clipboard(page: Any, served: str) -> None:
    # TN 32 is off the built grid: the calculator's own link (a built question's is its odds address, test_odds_built)
    page.goto(served + "rk/basics/?calc=rk-check&rolled=7&kept=5&tn=32")
    a = {**calc.CALCULATORS["rk-check"].defaults(), "rolled": 7, "kept": 5, "tn": 32}
    wait_for_result(page, "rk-check", "chance", a)
    calc_root = root(page, "rk-check")
    calc_root.locator(".cx-copy-text").click()
    page.wait_for_selector('[data-calculator="rk-check"] .cx-flash')
    params = form_params(page, "rk-check")
    text = page.evaluate("navigator.clipboard.readText()")
    assert text == reply("rk-check", params)["text"] + "\n" + share_link(served, "rk/basics/", "rk-check", params)
    assert text.startswith("Roll & Keep odds: 7k5 against TN 32, exploding tens\nChance of success (7k5 against TN 32): ")
    assert "stat=" not in text and "skill=" not in text          # a link carries only fields with a value

    # in compare mode the block holds A and B, B with its differences
    calc_root.locator(".cx-compare").click()
    type_into(page, "rk-check", "tn", "25")
    b = form_params(page, "rk-check")
    wait_compare(page, "rk-check", "chance", params, b)
    calc_root.locator(".cx-copy-text").click()
    expected = compare_reply("rk-check", {"a": params, "b": b})["text"]
    page.wait_for_function("(t) => navigator.clipboard.readText().then((c) => c.startsWith(t))", arg=expected)
    text = page.evaluate("navigator.clipboard.readText()")
    assert text == expected + "\n" + share_link(served, "rk/basics/", "rk-check", params, b)
    assert "B: 7k5 against TN 25" in text and "points)" in text

    # settings with an error have no answer to copy: the clipboard keeps what it had
    type_into(page, "rk-check", "tn", "999")
    wait_state(page, "rk-check", "error")
    calc_root.locator(".cx-copy-text").click()
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-calculator="rk-check"] .cx-flash')]
            .some((el) => el.textContent.startsWith("Nothing to copy yet"))"""
    )
    assert page.evaluate("navigator.clipboard.readText()") == text


def test_the_planner_answers_from_a_tn_hand_off(page: Any, served: str) -> None:
    page.goto(served + "rk/attacking/")
    type_into(page, "rk-tn", "knack", "3")
    tn = wait_for_result(page, "rk-tn", "tn", form_params(page, "rk-tn"))
    root(page, "rk-tn").locator(".cx-handoff").click()
    assert page.locator('[data-calculator="rk-attack"] [name="tn"]').input_value() == str(tn)
    assert root(page, "rk-attack").locator(".cx-arrived").inner_text() == f"TN {tn} from the TN builder"
    params = form_params(page, "rk-attack")
    wait_for_result(page, "rk-attack", "best", params)
    wait_for_result(page, "rk-attack", "p_wound", params)
    verdict = root(page, "rk-attack").locator(".cx-verdict").inner_text()
    assert verdict == calc.evaluate("rk-attack", params)["verdict"]
    assert page.watch.errors == [] and page.watch.outside == []


def test_the_planner_compares_summary_and_house(page: Any, served: str) -> None:
    page.goto(served + "rk/choosing-raises/?calc=rk-attack&b.rules=house")
    a = {k: "" if v is None else str(v).lower() if isinstance(v, bool) else str(v)
         for k, v in calc.CALCULATORS["rk-attack"].defaults().items()}
    wait_compare(page, "rk-attack", "expected_wounds", a, dict(a, rules="house"))
    wait_state(page, "rk-attack", "ready")
    assert root(page, "rk-attack").locator('[data-result-b="best"]').count() == 1


def test_compare_mode_passes_axe(browser: Any, served: str) -> None:
    """Compare mode's figures, tags, differences and chart: no serious or critical violation, in
    the light theme and then the dark one (the header's toggle)."""
    from tests.axe import AXE, THEMES, audit

    ctx = browser.new_context(bypass_csp=True, service_workers="block", color_scheme="light",
                              viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(served + "rk/choosing-raises/?calc=rk-attack&b.rules=house&b.tn=20#calc-rk-attack")
        page.wait_for_selector('[data-calculator="rk-attack"][data-state="ready"][data-compare="on"]',
                               timeout=READY_TIMEOUT_MS)
        page.add_script_tag(path=str(AXE))
        found = {theme: [v for v in audit(page, theme, None) if v["impact"] in ("serious", "critical")] for theme in THEMES}
        assert found == {theme: [] for theme in THEMES}
    finally:
        ctx.close()
