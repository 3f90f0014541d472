"""Rule previews (issue 18 item 4): a link to another rule or a ruling shows that section.

Desktop: hovering the link opens Material's instant preview. Touch: a tap on the small info
control beside the link opens the same preview; a second tap closes it; the page never
navigates away.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.support import PageWatch

pytestmark = pytest.mark.browser

PAGE = "rk/attacking/"
PREVIEW = ".md-tooltip2"


@pytest.fixture()
def desktop(browser: Any, served: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    ctx.close()


def test_a_ruling_id_in_the_text_is_a_link_whose_hover_shows_the_ruling(desktop: Any, served: str) -> None:
    desktop.goto(served + PAGE)
    link = desktop.locator("article a.cx-ruling-link:visible").first
    ruling = link.inner_text()
    assert link.get_attribute("href").endswith(f"rulings/#{ruling.lower()}")
    link.hover()
    preview = desktop.locator(PREVIEW).first
    preview.wait_for()
    assert preview.locator("h3").inner_text().startswith(ruling)
    desktop.mouse.move(5, 5)
    preview.wait_for(state="detached")
    assert desktop.watch.errors == [] and desktop.watch.outside == []


def test_a_tap_on_the_info_control_previews_the_rule_and_a_second_closes_it(phone: Any, served: str) -> None:
    phone.goto(served + PAGE)
    control = phone.locator(".cx-preview-tap:visible").first
    target = control.evaluate("(b) => new URL(b.closest('.cx-preview-keep').previousElementSibling.href).hash.slice(1)")
    heading = phone.evaluate(
        """(id) => fetch(document.querySelector(`article a[href$="#${id}"]`).href)
             .then((r) => r.text())
             .then((t) => new DOMParser().parseFromString(t, 'text/html').getElementById(id).textContent)""",
        target)
    # a reader taps a control in the middle of the screen, not one under the sticky header
    centre = "(b) => b.scrollIntoView({block: 'center'})"
    control.evaluate(centre)
    control.tap()
    preview = phone.locator(PREVIEW).first
    preview.wait_for()
    assert preview.locator("h3").inner_text().strip("#").strip() == heading.strip("#").strip()
    assert control.get_attribute("aria-expanded") == "true"
    assert phone.url == served + PAGE, "the tap followed the link"
    # the open preview must not cover its own control: the second tap lands on the control
    control.evaluate(centre)
    box = control.bounding_box()
    assert box is not None
    on_top = phone.evaluate("([x, y]) => document.elementFromPoint(x, y)?.className", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top == "cx-preview-tap", f"the preview covers its control: {on_top}"
    control.tap()
    preview.wait_for(state="detached")
    assert control.get_attribute("aria-expanded") == "false"
    assert phone.url == served + PAGE
    assert phone.watch.errors == [] and phone.watch.outside == []


def test_the_info_control_is_a_44_px_target(phone: Any, served: str) -> None:
    """The control's own box is the target (issue 35): nothing reaches past it onto a neighbour."""
    phone.goto(served + PAGE)
    control = phone.locator(".cx-preview-tap:visible").first
    box = control.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert control.evaluate("(b) => getComputedStyle(b, '::after').content") in ("none", "normal")


def test_desktops_get_no_info_controls(desktop: Any, served: str) -> None:
    desktop.goto(served + PAGE)
    # the page script has bound the page (the calculator's compare button is its work, and the
    # info controls would be added in the same pass)
    desktop.locator(".cx-compare").first.wait_for()
    # the build writes them (macros/preview_marks.py); a desktop never shows one
    assert desktop.locator(".cx-preview-tap").count() > 0 and desktop.locator(".cx-preview-tap:visible").count() == 0
    assert desktop.locator("article a.cx-ruling-link").count() > 0


def test_a_tap_on_a_headings_link_copies_and_confirms_with_no_preview_over_it(phone: Any, served: str) -> None:
    """Issue 39 item 4: the heading's # is a copy control; Material's preview of the section it names
    (the one the reader is on) must not open over the "Link copied" note and the citation box."""
    phone.goto(served + "rk/damage/")
    link = phone.locator('a.headerlink[href$="#rk-damage-rolls"]')
    link.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    link.tap()
    phone.locator(".cx-flash", has_text="Link copied").wait_for(state="visible")
    phone.locator(".cx-cite").wait_for(state="visible")
    phone.wait_for_load_state("networkidle")   # a preview would have fetched its page by now
    assert phone.locator(PREVIEW).count() == 0


def test_hovering_a_headings_link_shows_no_preview(desktop: Any, served: str) -> None:
    desktop.goto(served + "rk/damage/")
    desktop.wait_for_load_state("networkidle")
    desktop.locator('a.headerlink[href$="#rk-wound-checks"]').hover()
    desktop.wait_for_load_state("networkidle")
    assert desktop.locator(PREVIEW).count() == 0
    desktop.locator("article a.cx-ruling-link:visible").first.hover()   # a link to a rule still previews
    desktop.locator(PREVIEW).first.wait_for()
