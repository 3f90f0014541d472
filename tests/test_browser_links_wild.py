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
from tests.browser import type_into, wait_for_result, wait_state

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
