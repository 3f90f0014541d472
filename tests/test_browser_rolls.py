"""A roll written in the rules shows its odds at once on a phone, with no runtime, and opens its
calculator set to it (issue 34): on the weapon a table row names, with the number its sentence
names marked and carried into the calculator (issue 39 item 1).

A 360 px touch screen with every request for the calculator runtime (assets/pyodide/) refused:
a tap on 6k3 in rk/basics/ and on a house weapon's damage in the weapons table opens the roll's
popover under it, which reads the average calc worked out at build time and leaves its roll
uncovered; printed, it is not there; Escape closes it; its link opens the calculator with the roll
in its fields, and the rolls of the page that link leads to are live too.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from calc.built.roll_odds import roll_odds
from calc.wording import number
from tests.support import PHONE, RUNTIME_FILES, phone_page

pytestmark = pytest.mark.browser

CENTRE = "(b) => b.scrollIntoView({block: 'center'})"
ON_TOP = "([x, y]) => document.elementFromPoint(x, y)?.closest('.cx-roll')?.getAttribute('aria-label') ?? null"


@pytest.fixture()
def no_runtime(browser: Any, served: str) -> Iterator[Any]:
    """A phone whose every runtime request is refused (and counted)."""
    with phone_page(browser, served, refused=RUNTIME_FILES) as page:
        yield page
        assert page.watch.outside == []


def open_roll(page: Any, button: Any) -> Any:
    """Tap the roll as a reader would (in mid-screen) and return its open popover."""
    button.evaluate(CENTRE)
    button.tap()
    pop = page.get_by_role("dialog", name=button.get_attribute("aria-label"))
    pop.wait_for()
    assert button.get_attribute("aria-expanded") == "true"
    box, spot = pop.bounding_box(), button.bounding_box()
    assert box is not None and spot is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    centre = [spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2]
    assert page.evaluate(ON_TOP, centre) == button.get_attribute("aria-label"), "the popover covers its roll"
    return pop


def field(page: Any, calculator_id: str, name: str) -> str:
    return page.locator(f'[data-calculator="{calculator_id}"] [name="{name}"]').input_value()


def test_a_roll_in_the_basics_shows_its_average_and_opens_its_calculator(no_runtime: Any, served: str) -> None:
    page = no_runtime
    page.goto(served + "rk/basics/")
    roll = page.get_by_role("button", name="6k3: odds")
    pop = open_roll(page, roll)
    assert pop.locator(".cx-roll-pop__mean").inner_text() == f"Average {number(roll_odds('rk-test', rolled=6, kept=3).mean)}"
    assert "TN" in pop.locator("th").first.inner_text()
    page.emulate_media(media="print")   # printed, the roll is its text and the odds stay on the screen
    assert not pop.is_visible() and roll.evaluate("(b) => getComputedStyle(b).textDecorationLine") == "none"
    page.emulate_media(media="screen")
    page.keyboard.press("Escape")
    pop.wait_for(state="detached")
    assert roll.get_attribute("aria-expanded") == "false"
    pop = open_roll(page, roll)
    pop.get_by_role("link").last.tap()
    page.wait_for_url("**/rk/basics/?calc=rk-check&rolled=6&kept=3#calc-rk-check")
    page.wait_for_function("() => document.querySelector('#rk-check-rolled')?.value === '6'")
    assert (field(page, "rk-check", "rolled"), field(page, "rk-check", "kept")) == ("6", "3")
    assert page.refused == [] or all("/assets/pyodide/" in u for u in page.refused)


def test_a_house_weapon_in_the_weapons_table_shows_d6_damage_and_opens_the_damage_calculator(
        no_runtime: Any, served: str) -> None:
    page = no_runtime
    page.goto(served + "rk/weapons/")
    page.locator("#rk-weapon-tables ~ .tabbed-set label", has_text="House rules").first.tap()
    roll = page.locator("article table:visible tr", has_text="Claymore").get_by_role("button", name="5k3: odds")
    pop = open_roll(page, roll)
    expected = roll_odds("rk-weapon", rules="house", weapon="claymore")
    assert pop.locator(".cx-roll-pop__mean").inner_text() == f"Average {number(expected.mean)} with Brawn 2"
    assert "six-sided" in pop.locator(".cx-roll-pop__title").inner_text()
    assert "Claymore" in pop.locator(".cx-roll-pop__title").inner_text()
    ruling = pop.get_by_role("link", name="R-0016")
    assert ruling.evaluate("(a) => a.href") == served + "rulings/#r-0016"
    pop.get_by_role("link").last.tap()
    page.wait_for_url("**/rk/damage/?calc=rk-wounds&**#calc-rk-wounds")
    page.wait_for_function("() => document.querySelector('#rk-wounds-weapon')?.value === 'claymore'")
    assert [field(page, "rk-wounds", n) for n in ("rules", "weapon", "attacker_brawn")] == ["house", "claymore", "2"]
    # the link was followed by instant navigation: the new page's rolls are live too
    pop = open_roll(page, page.locator("article .tabbed-block:visible button.cx-roll").first)
    assert pop.locator(".cx-roll-pop__mean").inner_text().startswith("Average ")
    assert not [e for e in page.watch.errors if "Content Security Policy" in e]


def marked_row(pop: Any) -> str:
    """The first cell of the popover's marked row (the number its sentence names)."""
    row = pop.locator("tr[aria-current='true']")
    assert row.count() == 1
    return row.locator("td").first.inner_text()


def test_the_number_a_sentence_names_is_marked_and_opens_the_calculator_set_to_it(no_runtime: Any, served: str) -> None:
    page = no_runtime
    page.goto(served + "sun/rules/")
    pop = open_roll(page, page.locator("button.cx-roll[data-roll='sun-roll/none/10']"))   # "10 or more on 3d6"
    assert marked_row(pop) == "10"
    pop.get_by_role("link").last.tap()
    page.wait_for_url("**/sun/rules/?calc=sun-check&bonus=0&target=10&die=none#calc-sun-check")
    page.wait_for_function("() => document.querySelector('#sun-check-target')?.value === '10'")
    page.goto(served + "rk/damage/")   # "a house Unarmed blow (0k2) does with Brawn 1"
    pop = open_roll(page, page.locator("button.cx-roll[data-roll='rk-weapon/house/unarmed/1']"))
    assert marked_row(pop) == "1" and pop.locator(".cx-roll-pop__mean").inner_text().endswith("with Brawn 1")
    pop.get_by_role("link").last.tap()
    page.wait_for_function("() => document.querySelector('#rk-wounds-weapon')?.value === 'unarmed'")
    assert [field(page, "rk-wounds", n) for n in ("rules", "weapon", "attacker_brawn")] == ["house", "unarmed", "1"]


def test_a_popover_closes_when_the_keyboards_focus_leaves_it(page: Any, served: str) -> None:
    page.goto(served + "rk/basics/")
    roll = page.get_by_role("button", name="6k3: odds")
    roll.focus()
    page.keyboard.press("Enter")
    pop = page.get_by_role("dialog", name="6k3: odds")
    pop.get_by_role("button", name="Roll 6k3").wait_for()   # its Roll joins it (roll.js, loaded as it opens)
    stops = pop.get_by_role("link").count() + pop.get_by_role("button").count()
    for _ in range(stops):   # into the popover's Roll and links: it stays open
        page.keyboard.press("Tab")
        assert pop.is_visible()
    page.keyboard.press("Tab")   # past its last link
    pop.wait_for(state="detached")
    assert roll.get_attribute("aria-expanded") == "false"
    roll.focus()
    page.keyboard.press("Enter")
    pop.wait_for()
    page.keyboard.press("Shift+Tab")   # back past the roll
    pop.wait_for(state="detached")
