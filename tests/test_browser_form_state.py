"""A calculator's inputs come from the URL's query and the built defaults, nothing else.

- A link's #hash naming an input (Material's inline script unticks a checkbox whose id the
  hash names) leaves the form as the query and the defaults say.
- A select value the select does not offer shows the field's message next to the select
  (its label and the choices), never "Up to date." for the default under a blank select.
- A moved-anchor redirect (docs/anchor_redirects.json, followed by links.js) goes only to a
  page of this site, whatever the list says.
- A field shows when its declaration says it applies (a checkbox read as "true"/"false", as calc
  compares it); a link carries only the fields that hold a value and apply; a Summary/House tab
  turns the address into a calculator link only once the reader has used the calculator.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import calc
from calc.params import IntParam
from tests.browser import READY_TIMEOUT_MS, root, type_into, wait_for_result, wait_state
from tests.site_pages import calculator_pages, headline_key, navigate

pytestmark = pytest.mark.browser


def page_of(site_dir: Path, calculator_id: str) -> str:
    return next(key for key, ids in sorted(calculator_pages(site_dir).items()) if calculator_id in ids and not key.startswith("print/"))


@pytest.fixture()
def fresh(browser: Any, served: str) -> Iterator[Any]:
    """A new profile, without service workers (page.route sees every request)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    ctx.close()


@pytest.mark.parametrize("query, explode", [("", True), ("?calc=rk-check&explode=false", False), ("?calc=rk-check&explode=true", True)])
def test_a_hash_naming_a_checkbox_changes_nothing(fresh: Any, served: str, site_dir: Path, query: str, explode: bool) -> None:
    where = page_of(site_dir, "rk-check")
    box = f'[data-calculator="rk-check"] [name="explode"]'
    # the id the page gives the checkbox, read from the built page (no tab needs to open it)
    html = (site_dir / where / "index.html").read_text(encoding="utf-8")
    tag = re.search(r'<input\b[^>]*\bname="explode"[^>]*>', html[html.index('data-calculator="rk-check"'):]).group(0)
    checkbox_id = re.search(r'\bid="([^"]+)"', tag).group(1)
    assert checkbox_id == "rk-check-explode"
    fresh.goto(served + where + query + "#" + checkbox_id)
    params = dict(calc.CALCULATORS["rk-check"].defaults(), explode=explode)
    wait_for_result(fresh, "rk-check", headline_key("rk-check"), params)
    assert fresh.locator(box).is_checked() is explode
    assert fresh.errors == []


def test_a_hash_naming_a_checkbox_changes_nothing_after_instant_navigation(fresh: Any, served: str, site_dir: Path) -> None:
    """Material runs the new page's inline scripts on instant navigation too."""
    fresh.goto(served)
    navigate(fresh, served, page_of(site_dir, "rk-check") + "#rk-check-explode")
    wait_for_result(fresh, "rk-check", headline_key("rk-check"), calc.CALCULATORS["rk-check"].defaults())
    assert fresh.locator('[data-calculator="rk-check"] [name="explode"]').is_checked()
    assert fresh.errors == []


def test_an_unoffered_select_value_is_an_error_on_that_field(fresh: Any, served: str, site_dir: Path) -> None:
    where = page_of(site_dir, "sun-check")
    fresh.goto(served + where + "?calc=sun-check&die=bogus")
    wait_state(fresh, "sun-check", "error")
    calculator = root(fresh, "sun-check")
    field = calculator.locator('[data-field="die"]')
    message = field.locator(".cx-error")
    assert message.is_visible()
    label = field.locator("label").inner_text().strip()
    text = message.inner_text()
    assert label and label in text
    # the link's input is said once, over the answer, not again in the message (issue 39 item 6)
    assert "bogus" not in text and calculator.locator(".cx-question code").inner_text() == "bogus"
    for option in field.locator("option").all_inner_texts():
        assert option.strip() in text, f"the message names every choice: {option}"
    assert field.locator("select").get_attribute("aria-invalid") == "true"
    assert "Up to date" not in calculator.locator(".cx-status").inner_text()
    # a person picks a choice: the error goes and the result is for that choice
    field.locator("select").select_option("bonus")
    wait_for_result(fresh, "sun-check", headline_key("sun-check"), dict(calc.CALCULATORS["sun-check"].defaults(), die="bonus"))
    assert not message.is_visible()
    assert "die=bonus" in fresh.url
    assert fresh.errors == []


def test_a_moved_anchor_is_followed_only_within_the_site(fresh: Any, served: str) -> None:
    # on a page without a calculator: each case is a fresh load, which would start Pyodide
    moved = {
        "rk/knacks/#old-home": "rk/knacks/#rk-swordsman-knacks",   # the list works at all
        "rk/knacks/#old-away": "//elsewhere#rk-basics",             # fits the id pattern, another origin
        "rk/knacks/#old-up": "../../../#rk-basics",                # not a path of the list's form
    }
    fresh.route(served + "anchor_redirects.json", lambda route: route.fulfill(content_type="application/json", body=json.dumps(moved)))
    fresh.add_init_script(DECISIONS)
    outside: list[str] = []
    fresh.on("request", lambda r: None if r.url.startswith(served) else outside.append(r.url))
    assert decided(fresh, served + "rk/knacks/#old-home") == [served + "rk/knacks/#rk-swordsman-knacks"]
    fresh.wait_for_url(served + "rk/knacks/#rk-swordsman-knacks", timeout=READY_TIMEOUT_MS)
    for old in ("old-away", "old-up"):
        assert decided(fresh, served + "rk/knacks/#" + old) == [], old
        assert fresh.url == served + "rk/knacks/#" + old
    assert outside == []
    assert fresh.errors == []


# ---------------------------------------------------------------- one rule for "does this field apply?"
def _search(page: Any) -> dict[str, list[str]]:
    return parse_qs(page.evaluate("location.search").lstrip("?"), keep_blank_values=True)


def test_a_checkbox_shows_and_hides_a_field_that_depends_on_it(page: Any, served: str, site_dir: Path) -> None:
    """No calculator's field depends on a yes/no yet: a field is added to rk-check's form with the
    data the build writes for one (`Param.when`), and ticking Tens explode hides it again."""
    probe = IntParam("probe", "Probe", 0, maximum=9, shown_when=(("explode", (False,)),))
    page.goto(served + page_of(site_dir, "rk-check"))
    page.evaluate("""(when) => {
        const field = document.createElement("div");
        field.className = "cx-field";
        field.dataset.field = "probe";
        field.dataset.shownWhen = when;
        document.querySelector('[data-calculator="rk-check"] form').append(field);
    }""", json.dumps(probe.when()))
    calculator = root(page, "rk-check")
    calculator.locator("details.cx-more > summary").click()
    box = calculator.locator('[name="explode"]')
    hidden = "() => document.querySelector('[data-calculator=\"rk-check\"] [data-field=\"probe\"]').hidden"
    box.uncheck()
    assert page.evaluate(hidden) is False and probe.applies({"explode": False})
    box.check()
    assert page.evaluate(hidden) is True and not probe.applies({"explode": True})
    assert page.watch.errors == []


def test_a_link_carries_only_fields_that_hold_a_value_and_apply(page: Any, served: str, site_dir: Path) -> None:
    """Issue 18.5: no `stat=&skill=`; issue 17: no field the declaration hides (pool-check's
    opposed fields in a single roll)."""
    page.goto(served + page_of(site_dir, "rk-check"))
    type_into(page, "rk-check", "tn", "30")
    query = _search(page)
    assert query["calc"] == ["rk-check"] and query["tn"] == ["30"]
    assert "stat" not in query and "skill" not in query and all(v != [""] for v in query.values()), query
    page.goto(served + page_of(site_dir, "pool-check"))
    type_into(page, "pool-check", "dice", "8")
    query = _search(page)
    pool = calc.CALCULATORS["pool-check"]
    assert query["dice"] == ["8"] and set(query) == {"calc"} | {p.name for p in pool.applicable({})} - {"other_pool"}
    root(page, "pool-check").locator('[name="mode"]').select_option("opposed")
    query = _search(page)
    assert "opp_dice" in query and "need" not in query
    assert set(query) == {"calc"} | {p.name for p in pool.applicable({"mode": "opposed"})}
    assert page.watch.errors == []


def test_a_rules_tab_leaves_the_address_alone_until_the_calculator_is_used(page: Any, served: str) -> None:
    """Issue 18.5: the calculator follows a House/Summary tab; the address becomes its link only
    once the reader has used it (then the tab moves the link's rules too)."""
    page.goto(served + "rk/damage/")
    tabs = page.locator("#rk-wound-checks ~ .tabbed-set").first.locator(".tabbed-labels > label")
    select = root(page, "rk-wounds").locator('[name="rules"]')
    tabs.filter(has_text="House rules").click()
    page.wait_for_function("() => document.querySelector('[data-calculator=\"rk-wounds\"] [name=\"rules\"]').value === 'house'")
    assert page.evaluate("location.search") == "" and select.input_value() == "house"
    type_into(page, "rk-wounds", "brawn", "3")
    assert _search(page)["calc"] == ["rk-wounds"]
    tabs.filter(has_text="Summary rules").click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('rules') === 'summary'")
    assert _search(page)["brawn"] == ["3"]
    assert page.watch.errors == []


# Records, in the page, every navigation it starts to another URL (the Navigation API's `navigate`
# event fires when location.replace is called) and marks when links.js has read the moved-anchor list: its
# decision runs in the microtasks after the read, before this timer.
DECISIONS = """
window.__navigations = [];
navigation.addEventListener("navigate", (event) => {
  if (event.destination.url !== location.href) window.__navigations.push(event.destination.url);
});
const read = Response.prototype.json;
Response.prototype.json = function () {
  const parsed = read.call(this);
  if (this.url.endsWith("/anchor_redirects.json")) parsed.then(() => setTimeout(() => { window.__movedRead = true; }));
  return parsed;
};
"""


def decided(page: Any, url: str) -> list[str]:
    """Load `url` afresh and wait until links.js has decided on its hash: the navigations it started.

    From about:blank, so a URL differing only in its hash is a new document (links.js reads the
    hash when a page is bound, not on a later hash change)."""
    page.goto("about:blank")
    page.goto(url)
    try:
        seen = page.wait_for_function("() => window.__movedRead && JSON.stringify(window.__navigations)",
                                      timeout=READY_TIMEOUT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"{url}: the page never settled on its hash; it went to {page.url}") from None
    return json.loads(seen.json_value())
