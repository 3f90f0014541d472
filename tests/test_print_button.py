"""Printing a game is one tap from its index and one from its print page (issue 42, item 6).

Each game's index links its print page in its opening lines, before the first section; the print
page has a Print button (macros/printing.py writes it, docs/assets/js/print.js shows it and opens
the browser's print dialog), which print.css leaves off the paper.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from macros import printing
from macros.games import GAMES
from tests.support import PHONE, PageWatch


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_index_links_its_print_page_before_its_first_section(site_dir: Path, game: str) -> None:
    html = (site_dir / game / "index.html").read_text(encoding="utf-8")
    article = html[html.index("<article"): html.index("</article>")]
    link = article.find('href="../print/%s/"' % game)
    first_section = re.search(r"<h2 ", article)
    assert link != -1 and first_section and link < first_section.start(), game


def test_a_print_page_opens_with_a_print_button_that_is_not_printed() -> None:
    out = printing.game_markdown("rk", [("rk/basics.md", "# Basics { #rk-basics }\n\nText.\n")])
    assert out.startswith(printing.PRINT_BUTTON)
    assert ' hidden>' in printing.PRINT_BUTTON   # shown only by the script that can answer it
    css = (Path(__file__).resolve().parent.parent / "docs" / "assets" / "css" / "print.css").read_text(encoding="utf-8")
    assert ".cx-print-bar" in css.split("display: none")[0]


@pytest.mark.browser
def test_the_print_button_is_in_the_first_screen_on_a_phone_and_prints(browser: Any, served: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.add_init_script("window.__printed = 0; window.print = () => { window.__printed += 1; };")
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    try:
        for game in sorted(GAMES):
            page.goto(served + f"print/{game}/")
            button = page.get_by_role("button", name="Print this page")
            button.wait_for(state="visible")
            box = button.bounding_box()
            assert box and box["y"] + box["height"] <= PHONE["height"], (game, box)
            assert box["height"] >= 36, box   # a tap target
            before = page.evaluate("window.__printed")
            button.tap()
            page.wait_for_function(f"window.__printed === {before + 1}")
        assert page.watch.errors == []
    finally:
        ctx.close()


@pytest.mark.browser
def test_without_javascript_no_print_button_is_offered(browser: Any, served: str) -> None:
    ctx = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = ctx.new_page()
    try:
        page.goto(served + "print/sun/")
        assert page.locator("button.cx-print").count() == 1
        assert not page.locator("button.cx-print").is_visible()
    finally:
        ctx.close()
