"""The foundation in a real browser: Pyodide in a worker answers sun-check as the form changes.

Rule: docs/sun/rules.md#sun-basic-roll. One page is reused across these tests so Pyodide boots
once; each test checks that nothing left the origin and nothing hit the console.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

import calc

from tests.browser import result_value, root, type_into, wait_for_result, wait_state
from tests.support import PageWatch

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def calc_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    page.wasm_requests = []
    context.on("request", lambda r: page.wasm_requests.append(r.url) if r.url.endswith(("pyodide.asm.wasm", "pyodide.asm.wasm.gz")) else None)
    page.goto(served + "sun/rules/")
    wait_state(page, "sun-check", "ready")
    yield page
    page.close()


@pytest.fixture(autouse=True)
def clean_console(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "calc_page" in request.fixturenames:
        page = request.getfixturevalue("calc_page")
        assert page.watch.outside == [], f"requests left the origin: {page.watch.outside}"
        assert page.watch.errors == [], f"console errors: {page.watch.errors}"


def test_typing_updates_the_odds(calc_page: Any) -> None:
    type_into(calc_page, "sun-check", "bonus", "7")
    type_into(calc_page, "sun-check", "target", "18")
    calc_page.locator('[name="die"]').select_option("penalty")
    expected = wait_for_result(calc_page, "sun-check", "chance", {"bonus": 7, "target": 18, "die": "penalty"})
    shown = root(calc_page, "sun-check").locator('[data-result="chance"]').inner_text()
    assert shown == f"{expected * 100:.2f}%"


def test_edits_are_written_to_the_url(calc_page: Any) -> None:
    type_into(calc_page, "sun-check", "target", "12")
    wait_state(calc_page, "sun-check", "ready")
    assert "calc=sun-check" in calc_page.url
    assert "target=12" in calc_page.url


def test_bad_input_shows_its_message_next_to_the_field(calc_page: Any) -> None:
    type_into(calc_page, "sun-check", "bonus", "999")
    wait_state(calc_page, "sun-check", "error")
    message = root(calc_page, "sun-check").locator('[data-field="bonus"] .cx-error')
    assert message.is_visible()
    label = next(p.label for p in calc.CALCULATORS["sun-check"].params if p.name == "bonus")
    assert ("bonus" in message.inner_text() or label in message.inner_text()) and "-20 to 40" in message.inner_text()
    assert "cx-result--stale" in root(calc_page, "sun-check").locator(".cx-result").get_attribute("class")
    type_into(calc_page, "sun-check", "bonus", "3")
    wait_state(calc_page, "sun-check", "ready")
    assert not message.is_visible()


def test_instant_navigation_keeps_the_worker(calc_page: Any, served: str) -> None:
    calc_page.evaluate("window.__sameDocument = true")
    boots = len(calc_page.wasm_requests)
    calc_page.locator(".md-tabs a", has_text="Glossary").first.click()
    calc_page.wait_for_url("**/glossary/")
    calc_page.go_back()
    calc_page.wait_for_url("**/sun/rules/**")
    calc_page.wait_for_selector('[data-calculator="sun-check"]')
    assert calc_page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"
    type_into(calc_page, "sun-check", "bonus", "4")
    wait_for_result(calc_page, "sun-check", "chance", {"bonus": 4, "target": 12, "die": "penalty"})
    assert len(calc_page.wasm_requests) == boots, "Pyodide booted a second time"


def test_a_link_with_params_reopens_the_same_calculation(page: Any, served: str) -> None:
    page.goto(served + "sun/rules/?bonus=6&target=17&die=bonus")
    assert page.locator('[name="bonus"]').input_value() == "6"
    wait_for_result(page, "sun-check", "chance", {"bonus": 6, "target": 17, "die": "bonus"})
    assert page.locator('[name="die"]').input_value() == "bonus"
    assert page.watch.outside == [] and page.watch.errors == []


def test_prerendered_result_is_there_without_javascript(browser: Any, served: str) -> None:
    ctx = browser.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(served + "sun/rules/")
        assert page.locator('[data-calculator="sun-check"]').get_attribute("data-state") == "static"
        value = result_value(page, "sun-check", "chance")
        import calc

        assert value == calc.evaluate("sun-check", calc.CALCULATORS["sun-check"].defaults())["chance"]
    finally:
        ctx.close()


def test_a_rules_page_without_a_calculator_never_boots_pyodide(page: Any, served: str) -> None:
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(served + "sun/attributes/")
    page.wait_for_load_state("networkidle")
    assert not page.locator("[data-calculator]").count()
    assert not [u for u in requested if "pyodide" in u or u.endswith("worker.mjs")]


def test_tapping_a_chart_bar_reads_out_its_value(calc_page: Any) -> None:
    bar = root(calc_page, "sun-check").locator(".cx-chart__panel--atleast rect").nth(3)
    bar.click()
    readout = root(calc_page, "sun-check").locator(".cx-chart__readout").inner_text()
    assert readout.startswith("at least ") and readout.endswith("%")
    root(calc_page, "sun-check").locator("label", has_text="Exactly").click()
    assert root(calc_page, "sun-check").locator(".cx-chart__panel--exactly").is_visible()
    assert not root(calc_page, "sun-check").locator(".cx-chart__panel--atleast").is_visible()


def test_without_its_snapshot_the_worker_boots_normally(browser: Any, served: str) -> None:
    """The memory snapshot uses a private Pyodide API: if it cannot be had, the plain boot answers."""
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        watch = PageWatch(page, served.rstrip("/"))
        refused: list[str] = []

        def refuse(route: Any) -> None:
            refused.append(route.request.url)
            route.abort()

        page.route("**/snapshot-*.bin.gz", refuse)
        page.add_init_script("window.codexBootPath = 'snapshot';")   # whatever the link's speed
        page.goto(served + "sun/rules/?bonus=2&target=14")
        wait_for_result(page, "sun-check", "chance", {"bonus": 2, "target": 14, "die": "none"})
        assert refused, "the worker never asked for the snapshot"
        # the refused download is the only error: "Failed to fetch", as this test intends
        assert [e for e in watch.errors if "Failed to fetch" not in e] == []
    finally:
        ctx.close()
