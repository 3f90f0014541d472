"""The page script's words from calc, read from the form the build writes (codex_view/render.py
`_form_words`): a link's yes in any of calc's spellings ticks a box, a link asking for the defaults
is "Asked: the default settings", and a refused field is named without its label's trailing note."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import READY_TIMEOUT_MS, root, wait_state

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("query, ticked", [("explode=0", False), ("explode=Yes", True), ("explode=off", False),
                                           ("explode=on", True)])
def test_a_links_yes_or_no_sets_the_box(page: Any, served: str, query: str, ticked: bool) -> None:
    page.goto(f"{served}rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25&{query}", timeout=READY_TIMEOUT_MS)
    wait_state(page, "rk-check", "ready")
    assert root(page, "rk-check").locator('[name="explode"]').is_checked() is ticked


def test_a_link_that_asks_the_defaults_says_so_and_a_refused_field_is_named(page: Any, served: str) -> None:
    page.goto(f"{served}rk/basics/?calc=rk-check&tn=20", timeout=READY_TIMEOUT_MS)
    wait_state(page, "rk-check", "ready")
    assert root(page, "rk-check").locator(".cx-question").inner_text() == "Asked: the default settings"
    page.goto(f"{served}rk/basics/?calc=rk-check&threshold=half", timeout=READY_TIMEOUT_MS)
    wait_state(page, "rk-check", "error")
    # the label "Threshold for raises (%)" less its note; the number field cannot hold "half", so the line
    # over the answer names it, as the link's input (issue 39 item 6: never dropped)
    assert root(page, "rk-check").locator(".cx-question").inner_text() == (
        "This link's threshold for raises could not be read: half")
    assert page.watch.errors == []


def test_the_asked_line_names_a_field_as_calc_does_without_its_note(page: Any, served: str) -> None:
    """Issue 49 item 1: "(optional)", "(%)" and the like stay on the form, out of the words over an answer."""
    page.goto(f"{served}rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25&threshold=60", timeout=READY_TIMEOUT_MS)
    wait_state(page, "rk-check", "ready")
    label = root(page, "rk-check").locator('[data-field="threshold"] label').text_content()   # under More
    asked = root(page, "rk-check").locator(".cx-question").inner_text()
    assert "(" in label and "Threshold for raises: 60" in asked and "(" not in asked, (label, asked)
    assert page.watch.errors == []
