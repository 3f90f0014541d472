"""Links the page fully understands (issue 39 item 6).

- On the Calculators page, with the runtime already in the browser's cache, the calculator a link
  names is answered before the page's other eleven (theirs are right already: the built figures).
- An empty `calc=` (`?calc=&rolled=7`) names no calculator: one note under the title, the forms as
  built, and no runtime download, not even once the page is idle.
- A number field's value the field cannot hold (`NaN`, `1e309`, `٣`) is named as the link's input,
  as a select's unknown choice is, and its message beside the field leaves it out (said once).
- A compare link whose A alone is too much work names A, with its input, as too much work (not as
  unreadable, and not B's field).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from tests.browser import READY_TIMEOUT_MS, root, wait_state

pytestmark = pytest.mark.browser

# Before any page script: when each calculator of the page first shows a live answer.
READY_ORDER = """
window.__ready = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const el = change.target;
    if (el.dataset && el.dataset.calculator && el.dataset.state === 'ready' && !window.__ready.includes(el.dataset.calculator))
      window.__ready.push(el.dataset.calculator);
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
"""


def test_the_linked_calculator_is_answered_before_the_others(browser: Any, served: str) -> None:
    """With the runtime cached its worker (started by linked.js in the head, adopted by runtime.js) can
    be up before the page script binds the calculators: the page script is held here until it is, so
    every calculator binds to a booted runtime, and the linked one (eleventh of twelve) must still be
    answered first. (No service worker: it would answer the page script's request unseen.)"""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = ctx.new_page()
    page.add_init_script(READY_ORDER)
    held: list[Any] = []
    page.route("**/assets/js/codex.js", lambda route: held.append(route))
    page.goto(served + "calculators/?calc=pool-check&dice=21#calc-pool-check", wait_until="commit")   # not built: the runtime answers
    page.wait_for_function("() => document.documentElement.dataset.codexRuntime === 'ready'", timeout=READY_TIMEOUT_MS)
    if not held:
        page.wait_for_event("request", lambda r: r.url.endswith("/assets/js/codex.js"))
    held[0].continue_()
    page.wait_for_function("() => window.__ready.length >= 12", timeout=READY_TIMEOUT_MS)
    order = page.evaluate("window.__ready")
    ctx.close()
    assert order[0] == "pool-check", order


def test_an_empty_calc_is_one_note_and_downloads_nothing(phone: Any, served: str) -> None:
    runtime: list[str] = []
    phone.on("request", lambda r: runtime.append(r.url) if "/assets/pyodide/" in r.url or "worker.mjs" in r.url else None)
    phone.goto(served + "rk/basics/?calc=&rolled=7")
    phone.wait_for_load_state("networkidle")
    assert phone.locator(".cx-unknown-link").count() == 1
    assert phone.locator('[data-calculator="rk-check"] [name="rolled"]').input_value() != "7"
    assert root(phone, "rk-check").get_attribute("data-state") == "static"
    assert phone.locator(".cx-question:not([hidden])").count() == 0
    assert runtime == []


@pytest.mark.parametrize("given", ["NaN", "1e309", "٣"])
def test_a_number_the_field_cannot_hold_is_named_as_the_links_input(phone: Any, served: str, given: str) -> None:
    phone.goto(f"{served}sun/rules/?calc=sun-check&target={quote(given)}#calc-sun-check")
    wait_state(phone, "sun-check", "error")
    calc_root = root(phone, "sun-check")
    question = calc_root.locator(".cx-question")
    assert question.inner_text() == f"This link's target number could not be read: {given}"
    assert question.locator("code").inner_text() == given
    error = calc_root.locator('[data-field="target"] .cx-error').inner_text()
    assert error == "Target number must be a whole number from 1 to 80.", error   # the input once, above


def test_a_compare_link_whose_a_costs_too_much_names_a_as_too_much_work(phone: Any, served: str) -> None:
    phone.goto(served + "calculators/?calc=dice&expr=28d100kl19ro5&b.expr=1d6#calc-dice")
    wait_state(phone, "dice", "error")
    calc_root = root(phone, "dice")
    question = calc_root.locator(".cx-question")
    assert question.inner_text() == "This link's A is too much work to work out here: 28d100kl19ro5"
    assert calc_root.locator('[data-field="expr"] .cx-error:not([hidden])').count() == 0   # B's field is fine
    status = calc_root.locator(".cx-status").inner_text()
    assert status.startswith("Setting A (pinned) is too much work") and "28d100kl19ro5" not in status


def test_a_refused_expression_is_shown_once_as_the_links_input(phone: Any, served: str) -> None:
    phone.goto(served + "calculators/?calc=dice&expr=28d100kl19ro5#calc-dice")
    wait_state(phone, "dice", "error")
    calc_root = root(phone, "dice")
    assert calc_root.locator(".cx-question").inner_text() == \
        "This link's dice expression is too much work to work out here: 28d100kl19ro5"
    said = calc_root.evaluate("""(r) => {
        const copy = r.cloneNode(true);
        copy.querySelectorAll('input, textarea, select').forEach((el) => el.remove());
        return copy.textContent;
    }""")
    assert said.count("28d100kl19ro5") == 1, said
