"""The dice calculator in the browser, typed key by key as a person would (issue 11, items 12-13).

An unfinished expression waits quietly ("keep typing"), never the red error; every result says
how the expression was read; a comparison a die cannot meet is refused with the fix.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.browser import root, type_into, wait_for_result, wait_state
from tests.support import PageWatch

pytestmark = pytest.mark.browser

# Records every data-state the dice calculator passes through, so a flash of "error" is seen.
RECORD_STATES = """() => {
    const el = document.querySelector('[data-calculator="dice"]');
    window.diceStates = [];
    new MutationObserver(() => window.diceStates.push(el.dataset.state))
        .observe(el, {attributes: true, attributeFilter: ["data-state"]});
}"""


@pytest.fixture(scope="module")
def dice_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    page.goto(served + "calculators/#dice-expressions")
    wait_state(page, "dice", "ready")
    yield page
    assert page.watch.outside == [] and page.watch.errors == []
    page.close()


def test_typing_never_flashes_an_error_and_the_reading_is_shown(dice_page: Any) -> None:
    dice_page.evaluate(RECORD_STATES)
    type_into(dice_page, "dice", "expr", "1d20+5 >= 15")
    wait_for_result(dice_page, "dice", "chance", {"expr": "1d20+5 >= 15"})
    states = dice_page.evaluate("window.diceStates")
    assert "error" not in states, states
    reading = root(dice_page, "dice").locator(".cx-read-as").inner_text()
    assert reading == "Read as: one twenty-sided die plus 5, total, at least 15."


def test_an_unfinished_expression_waits(dice_page: Any) -> None:
    type_into(dice_page, "dice", "expr", "3d6+")
    wait_state(dice_page, "dice", "waiting")
    calculator = root(dice_page, "dice")
    assert calculator.locator(".cx-status").inner_text().startswith("Keep typing")
    assert calculator.locator('[data-field="expr"] .cx-error').is_hidden()
    dice_page.keyboard.type("2")
    wait_for_result(dice_page, "dice", "mean", {"expr": "3d6+2"})


def test_a_comparison_no_die_can_meet_is_refused_with_the_fix(dice_page: Any) -> None:
    type_into(dice_page, "dice", "expr", "3d6>=10")
    wait_state(dice_page, "dice", "error")
    message = root(dice_page, "dice").locator('[data-field="expr"] .cx-error').inner_text()
    assert "no single d6 can show 10 or more" in message and "3d6 >= 10" in message
    type_into(dice_page, "dice", "expr", "4d6dl1")
    wait_for_result(dice_page, "dice", "mean", {"expr": "4d6dl1"})
    assert "drop the lowest one" in root(dice_page, "dice").locator(".cx-read-as").inner_text()
