"""Issue 11 items 1 and 2: links as people really share them.

1. A link carries keys that are not the calculator's (Material's search highlight `?h=`,
   `utm_source`, `fbclid`): the page ignores them, shows the shared result, and keeps them in
   the address when it rewrites its own keys. `calc.evaluate` itself stays strict.
2. Citations name the game and, inside a Summary/House tab, the version; the link reopens the
   same tab; tab clicks leave no `#__tabbed_…` fragment; the page's tabs and a calculator's
   "Rules" select follow each other.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import calc
from tests.browser import assert_citation_formats, clipboard, type_into, wait_for_result, wait_state

pytestmark = pytest.mark.browser


def _query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_evaluate_stays_strict() -> None:
    with pytest.raises(calc.InputError):
        calc.evaluate("rk-wounds", {"h": "wound check"})


def test_search_highlight_parameter_is_not_an_error(page: Any, served: str) -> None:
    page.goto(served + "rk/damage/?h=wound+check")
    wait_state(page, "rk-wounds", "ready")
    assert page.locator('[data-calculator="rk-wounds"] .cx-error:not([hidden])').count() == 0
    # editing the form rewrites the calculator's keys and keeps Material's
    type_into(page, "rk-wounds", "brawn", "3")
    wait_for_result(page, "rk-wounds", "p_wound", {"brawn": 3})
    query = _query(page)
    assert query["h"] == ["wound check"]
    assert query["calc"] == ["rk-wounds"] and query["brawn"] == ["3"]
    assert page.watch.errors == []


def test_shared_link_with_tracking_keys_shows_the_shared_result(page: Any, served: str) -> None:
    page.goto(served + "sun/rules/?bonus=8&target=20&utm_source=discord&fbclid=IwAR0abc-XYZ")
    expected = wait_for_result(page, "sun-check", "chance", {"bonus": 8, "target": 20})
    assert expected != calc.evaluate("sun-check", calc.CALCULATORS["sun-check"].defaults())["chance"]   # not the default result
    type_into(page, "sun-check", "bonus", "9")
    wait_for_result(page, "sun-check", "chance", {"bonus": 9, "target": 20})
    query = _query(page)
    assert query["utm_source"] == ["discord"] and query["fbclid"] == ["IwAR0abc-XYZ"]
    assert query["bonus"] == ["9"]
    assert page.watch.errors == []


# ---------------------------------------------------------------- item 2: citations and versions
def _open_tab(page: Any, section: str) -> str:
    tabs = page.locator(f"#{section} ~ .tabbed-set").first
    return tabs.evaluate("(s) => { const i = s.querySelector(':scope > input:checked'); return document.querySelector(`label[for=\"${i.id}\"]`).textContent.trim(); }")


def test_citation_names_the_game_and_version_and_its_link_reopens_the_tab(page: Any, served: str, context: Any) -> None:
    page.goto(served + "rk/damage/")
    wait_state(page, "rk-wounds", "ready")
    page.locator("#rk-wound-checks ~ .tabbed-set").first.locator(".tabbed-labels > label", has_text="House rules").click()
    assert _open_tab(page, "rk-wound-checks") == "House rules"
    assert "#__tabbed" not in page.url, page.url            # no opaque fragment in the address
    page.locator('a.headerlink[href$="#rk-wound-checks"]').click()
    popover = page.locator(".cx-cite")
    popover.wait_for(state="visible")
    title = "Seventh Sun Codex › Roll & Keep › Damage and wounds › Wound Checks (House rules)"
    url = served + "rk/damage/?rules=house#rk-wound-checks"
    assert popover.locator(".cx-cite__text").inner_text() == title
    # Copy link: the rule's share address, with the open tab (issue 39 item 3)
    share = clipboard(page)
    assert share == served + "s/rk-wound-checks/?rules=house"
    assert_citation_formats(page, popover, title, url)          # a citation: the page, its tab open
    # the link opens the House tab again, for a reader whose own choice was Summary
    other = context.new_page()
    try:
        page.evaluate("() => localStorage.clear()")   # the tabs' remembered choice, for the whole origin
        other.goto(url)
        wait_state(other, "rk-wounds", "ready")
        assert _open_tab(other, "rk-wound-checks") == "House rules"
        assert other.locator('[data-calculator="rk-wounds"] [name="rules"]').input_value() == "house"
        # and so does the copied share address: its page sends the query on with the reader
        other.evaluate("() => localStorage.clear()")
        other.goto(share)
        other.wait_for_url(url)
        assert _open_tab(other, "rk-wound-checks") == "House rules"
    finally:
        other.close()
    assert page.watch.errors == []


def test_tabs_and_the_rules_select_follow_each_other(page: Any, served: str) -> None:
    page.goto(served + "rk/damage/?rules=summary")
    wait_state(page, "rk-wounds", "ready")
    select = page.locator('[data-calculator="rk-wounds"] [name="rules"]')
    assert select.input_value() == "summary" and _open_tab(page, "rk-wound-checks") == "Summary rules"
    # the calculator's select moves every Summary/House tab on the page
    select.select_option("house")
    wait_for_result(page, "rk-wounds", "p_wound", {**calc.CALCULATORS["rk-wounds"].defaults(), "rules": "house"})
    opened = page.evaluate("""() => [...document.querySelectorAll('.md-content .tabbed-set')].map((s) => {
        const i = s.querySelector(':scope > input:checked'); return document.querySelector(`label[for="${i.id}"]`).textContent.trim(); })""")
    assert opened and set(opened) == {"House rules"}, opened
    # and a tab moves the calculator
    page.locator("#rk-wound-checks ~ .tabbed-set").first.locator(".tabbed-labels > label", has_text="Summary rules").click()
    wait_for_result(page, "rk-wounds", "p_wound", {**calc.CALCULATORS["rk-wounds"].defaults(), "rules": "summary"})
    assert select.input_value() == "summary"
    assert "#__tabbed" not in page.url


# ---------------------------------------------------------------- issue 18 item 6: hash changes
def test_a_changed_hash_follows_a_differently_cased_and_a_moved_anchor(page: Any, served: str) -> None:
    """Not only on a fresh load: a hash edited or clicked within the page is followed too."""
    bound = ".md-content .headerlink[aria-haspopup='dialog']"   # the page script has run
    page.goto(served + "rulings/")
    page.locator(bound).first.wait_for(state="attached")
    page.evaluate("location.hash = '#R-0016'")
    page.wait_for_function("() => location.hash === '#r-0016'")
    top = page.evaluate("document.getElementById('r-0016').getBoundingClientRect().top")
    assert -2 <= top < 300, top   # scrolled to it (to the pixel, give or take a fraction)
    page.goto(served + "sun/rules/")
    page.locator(bound).first.wait_for(state="attached")
    page.evaluate("location.hash = '#sun-bonus-dice'")   # moved (docs/anchor_redirects.json)
    page.wait_for_url("**/sun/rules/#sun-bonus-penalty-dice")
    assert page.watch.errors == []
