"""Issue 50 item 3: what a reader opens is as accessible as the page under it.

On a 360 px touch screen, in the light and the dark scheme, axe-core (WCAG 2.0 to 2.2, A and AA,
target size included) finds no serious or critical violation in three states a page's first audit
never sees: the search with a roll's answer and its highlighted results, a roll's popover open,
and a Roll drawn (the popover's and a calculator chart's). The runtime is refused: the search's
figures, the popover's and the built answer's draws need none of it.

The fixes live in docs/assets/css/codex.css: the light scheme's accent is a dark amber (Material's
#ffaa00 carried the search's highlights, an open roll and a hovered link at 1.9:1), a hovered
button's text in the dark scheme is the accent's own, the search's count line is the muted grey,
and a popover's row link is a 24 px target.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.axe import AXE
from tests.phone import type_in_search
from tests.support import PHONE, RUNTIME_FILES, PageWatch, refuse

pytestmark = pytest.mark.browser

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
RUN_AXE = """async (tags) => {
  // no transition half done (a tapped button fades into its hover colours)
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) =>
    `${v.id}: ` + v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' (' + ((n.any[0] || n.all[0] || n.none[0] || {}).message || '') + ')').join('; '));
}"""


@pytest.fixture(params=["light", "dark"])
def audited_phone(request: pytest.FixtureRequest, browser: Any, served: str) -> Iterator[Any]:
    """A 360 px touch screen in one colour scheme, axe allowed in (bypass_csp), the runtime refused."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1,
                              bypass_csp=True, service_workers="block", color_scheme=request.param)
    refuse(ctx, RUNTIME_FILES, [])
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    assert page.watch.outside == []
    ctx.close()


def serious(page: Any) -> list[str]:
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, WCAG)


def test_the_search_answer_passes_axe(audited_phone: Any, served: str) -> None:
    phone = audited_phone
    phone.goto(served + "pool/melee/")
    phone.wait_for_load_state("networkidle")
    type_in_search(phone, "5 dice")
    phone.locator(".cx-search-answer").first.wait_for()
    phone.locator(".md-search-result mark").first.wait_for()   # the results' highlights too
    assert serious(phone) == []


def open_popover(page: Any, served: str) -> Any:
    page.goto(served + "rk/basics/")
    page.wait_for_load_state("networkidle")
    roll = page.get_by_role("button", name="6k3: odds")
    roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    roll.tap()
    pop = page.get_by_role("dialog", name="6k3: odds")
    pop.get_by_role("button", name="Roll 6k3").wait_for()
    return pop


def test_an_open_popover_passes_axe(audited_phone: Any, served: str) -> None:
    phone = audited_phone
    open_popover(phone, served)
    assert serious(phone) == []


def test_a_roll_drawn_passes_axe(audited_phone: Any, served: str) -> None:
    """The popover's Roll tapped, then the calculator's (its built answer, from the page's data)."""
    phone = audited_phone
    pop = open_popover(phone, served)
    pop.get_by_role("button", name="Roll 6k3").tap()
    pop.locator(".cx-draws li").first.wait_for()
    assert serious(phone) == []
    phone.keyboard.press("Escape")
    pop.wait_for(state="detached")
    chart = phone.locator('[data-calculator="rk-check"] .cx-chart .cx-draw')
    chart.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    chart.tap()
    phone.locator('[data-calculator="rk-check"] .cx-draws li').first.wait_for()
    assert serious(phone) == []
