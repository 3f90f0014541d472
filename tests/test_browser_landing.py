"""A shared link's page holds still while it lands (issue 39 item 5).

Layout shift as Core Web Vitals count it (a PerformanceObserver on "layout-shift", buffered, each
entry without recent input; good is 0.1 or less), from the first byte to every calculator of the
page answered live, for a shared link to each of the 12 calculators on a desktop and for a compare
link on a desktop and on a 360 px touch screen, served as a phone gets it (gzipped, 40 Mbit/s,
40 ms); each calculator's link on the phone is measured as tests/test_browser_shared_links.py
lands it (tests/layout_shift.py, shared). What
keeps it still: the linked calculator's answer room is the built answer's, held unseen under the
line saying what is being worked out (calculators.js, codex.css); linked.js lands the reader on it
as soon as it is parsed, with the line of its question in place; the other calculators of the
page change their size a frame later, which scroll anchoring absorbs; the preview controls beside
links to rules are in the page from the build (macros/preview_marks.py). The figures are printed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

import calc
from scripts.phone_host import Link, PhoneHost
from tests.browser import form_params, type_into, wait_for_result, wait_state
from tests.support import PHONE, free_port
from tests.layout_shift import GOOD, SHIFTS, landed_shift
from tests.links import shared_link

pytestmark = pytest.mark.browser

COMPARE = "rk/basics/?calc=rk-check&rolled=6&kept=3&b.rolled=7#calc-rk-check"
SCREENS = {"phone": dict(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1),
           "desktop": dict(viewport={"width": 1280, "height": 900})}


@pytest.fixture(scope="module")
def phone_link(site_dir: Path) -> Iterator[str]:
    port = free_port()
    host = PhoneHost(site_dir, port, Link(mbit=40, rtt_ms=40)).start()
    yield f"http://127.0.0.1:{port}/"
    host.shutdown()


def landing_shift(ctx: Any, url: str) -> tuple[float, list]:
    page = ctx.new_page()
    try:
        page.goto(url)
        return landed_shift(page)
    finally:
        page.close()


def landings(screen: str) -> dict[str, str]:
    """What each screen opens: on the desktop a shared link to each calculator and a compare link;
    on the phone the compare link (tests/test_browser_shared_links.py lands each calculator's
    link on the phone, and measures its shift as it goes)."""
    links = {cid: shared_link(cid)[0] for cid in sorted(calc.CALCULATORS)} if screen == "desktop" else {}
    return {**links, "compare (rk-check)": COMPARE}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_shared_link_lands_without_moving_the_page(browser: Any, phone_link: str, screen: str) -> None:
    ctx = browser.new_context(**SCREENS[screen])
    ctx.add_init_script(SHIFTS)
    try:
        figures = {name: landing_shift(ctx, phone_link + link) for name, link in landings(screen).items()}
    finally:
        ctx.close()
    print(f"\nlayout shift landing on a shared link ({screen}): "
          + ", ".join(f"{name} {shift:.3f}" for name, (shift, _) in figures.items()))
    over = {name: entries for name, (shift, entries) in figures.items() if shift > GOOD}
    assert over == {}, over


NO_SCRIPTS = re.compile(r"<script\b[^>]*>.*?</script>", re.S)
LOOK = """(cid) => {
  const calc = document.getElementById('calc-' + cid);
  const parts = [...calc.children];
  const order = (selector) => Number(getComputedStyle(calc.querySelector(':scope > ' + selector)).order);
  return { display: getComputedStyle(calc).display, seen: parts.filter((p) => getComputedStyle(p).visibility !== 'hidden').length,
           answerFirst: order('.cx-result') < order('form') };
}"""


def test_the_stylesheet_alone_gives_a_linked_calculator_its_landing_look(browser: Any, served: str) -> None:
    """No script of the Codex's runs while a shared link's page is parsed: the mark linked.js puts
    on <html> in the head is enough for the calculator it names to show its answer first, its parts
    unseen until they are all in, from the first paint; the page's other calculators are as built.
    Here the page comes with the mark and without any script, so only the stylesheet can do it.
    In a context of its own with no service worker: one that an earlier page registered would
    answer the page itself, and the route that takes the scripts out would never see it."""
    def marked(route: Any) -> None:
        html = NO_SCRIPTS.sub("", route.fetch().text()).replace("<html ", '<html data-codex-link="rk-check" ', 1)
        route.fulfill(body=html, content_type="text/html; charset=utf-8")

    ctx = browser.new_context(service_workers="block", **SCREENS["desktop"])
    try:
        page = ctx.new_page()
        page.route(served + "rk/basics/", marked)
        page.goto(served + "rk/basics/")
        others = [cid for cid in page.eval_on_selector_all("[data-calculator]", "(r) => r.map((e) => e.dataset.calculator)")
                  if cid != "rk-check"]
        assert others, "rk/basics/ should hold another calculator to compare with"
        assert page.evaluate(LOOK, "rk-check") == {"display": "flex", "seen": 0, "answerFirst": True}
        for cid in others:
            assert page.evaluate(LOOK, cid)["seen"] > 0 and page.evaluate(LOOK, cid)["display"] != "flex", cid
        page.evaluate("document.documentElement.dataset.codexLanded = ''")   # linked.js took it over
        look = page.evaluate(LOOK, "rk-check")
        assert look["display"] != "flex" and look["seen"] == len(page.locator("#calc-rk-check > *").all())
    finally:
        ctx.close()


# Before the page's own scripts: each built answer's first part is marked, so a redrawn one shows.
MARK_BUILT = """document.addEventListener('DOMContentLoaded', () => {
  for (const result of document.querySelectorAll('[data-calculator] .cx-result')) result.firstElementChild.codexBuilt = true;
});"""


def test_a_calculator_going_live_keeps_the_built_answer_it_already_shows(page: Any, served: str) -> None:
    """Once the runtime is up each calculator of the page asks for its answer; for the built
    settings that is the markup already on screen, which stays as it is (nothing is drawn again),
    while an edit's answer replaces it."""
    page.add_init_script(MARK_BUILT)
    page.goto(served + "calculators/")
    for cid in calc.CALCULATORS:
        wait_state(page, cid, "ready")
    kept = page.evaluate("[...document.querySelectorAll('[data-calculator]')].filter("
                         "(r) => r.querySelector('.cx-result').firstElementChild.codexBuilt === true).map((r) => r.dataset.calculator)")
    assert sorted(kept) == sorted(calc.CALCULATORS)
    type_into(page, "rk-check", "rolled", "7")
    wait_for_result(page, "rk-check", "chance", form_params(page, "rk-check"))
    assert page.evaluate("document.querySelector('#calc-rk-check .cx-result').firstElementChild.codexBuilt") is None
