"""A shared link's page holds still while it lands (issue 39 item 5).

Layout shift as Core Web Vitals count it (a PerformanceObserver on "layout-shift", buffered, each
entry without recent input; good is 0.1 or less), from the first byte to every calculator of the
page answered live, for a shared link to each of the 12 calculators and for a compare link, on a
360 px touch screen and on a desktop, served as a phone gets it (gzipped, 40 Mbit/s, 40 ms). What
keeps it still: the linked calculator's answer room is the built answer's, held unseen under the
line saying what is being worked out (calculators.js, codex.css); linked.js lands the reader on it
as soon as it is parsed, with the line of its question in place; the other calculators of the
page change their size a frame later, which scroll anchoring absorbs; the preview controls beside
links to rules are in the page from the build (macros/preview_marks.py). The figures are printed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

import calc
from scripts.phone_host import Link, PhoneHost
from tests.browser import READY_TIMEOUT_MS
from tests.site_pages import SETTLED
from tests.support import PHONE, free_port
from tests.links import shared_link

pytestmark = pytest.mark.browser

GOOD = 0.1   # Core Web Vitals: a good cumulative layout shift
SHIFTS = """
window.__shift = 0;
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shift += entry.value;
    window.__shifts.push([Math.round(entry.startTime), entry.value,
      entry.sources.map((s) => (s.node && s.node.className) || (s.node && s.node.nodeName) || '?').join(' | ')]);
  }
}).observe({ type: 'layout-shift', buffered: true });
"""
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
        page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => 'codexAnswered' in document.documentElement.dataset", timeout=READY_TIMEOUT_MS)
        return page.evaluate("[window.__shift, window.__shifts]")
    finally:
        page.close()


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_shared_link_lands_without_moving_the_page(browser: Any, phone_link: str, screen: str) -> None:
    links = {cid: shared_link(cid)[0] for cid in sorted(calc.CALCULATORS)}
    links["compare (rk-check)"] = COMPARE
    ctx = browser.new_context(**SCREENS[screen])
    ctx.add_init_script(SHIFTS)
    try:
        figures = {name: landing_shift(ctx, phone_link + link) for name, link in links.items()}
    finally:
        ctx.close()
    print(f"\nlayout shift landing on a shared link ({screen}): "
          + ", ".join(f"{name} {shift:.3f}" for name, (shift, _) in figures.items()))
    over = {name: entries for name, (shift, entries) in figures.items() if shift > GOOD}
    assert over == {}, over
