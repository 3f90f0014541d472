"""The treeprocessor that makes written rolls live (macros/rolls/marks.py, issue 34), on Markdown the
way the pages write it: in prose, in a Summary/House tab, in a table; never in a heading, code or a
link; one JSON of popovers per page; a roll it cannot read stops the build naming page and text."""

from __future__ import annotations

import re

import pytest

from macros.rolls.marks import RollError
from tests.roll_pages import RollPage, render


def buttons(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<button [^>]*data-roll="([^"]+)"[^>]*>([^<]+)</button>', html)


SOURCE = """\
## A 6k3 heading { #rk-test-heading }

Roll 6k3 and add `2k2` in code, or [4k2](basics.md).

=== "Summary rules"

    | Weapon | Damage |
    | --- | --- |
    | Sabre | 2k2 |

=== "House rules"

    | Weapon | Damage |
    | --- | --- |
    | Sabre | **3k3** |
"""


def test_rolls_in_prose_tabs_and_tables_become_buttons_and_nothing_else_does() -> None:
    html = render(SOURCE)
    assert buttons(html) == [("rk-test/6/3", "6k3"), ("rk-damage/2/2/summary", "2k2"), ("rk-damage/3/3/house", "3k3")]
    assert 'aria-label="6k3: odds"' in html and "<strong><button" in html
    page = RollPage()
    page.feed(html)
    data = page.popovers
    assert sorted(data) == ["rk-damage/2/2/summary", "rk-damage/3/3/house", "rk-test/6/3"]
    assert data["rk-damage/3/3/house"]["href"].startswith("../damage/?calc=rk-wounds&rules=house&")
    assert data["rk-damage/3/3/house"]["rulings"] == [["R-0016", "../../rulings/#r-0016"]]


def test_pages_outside_the_games_keep_their_text() -> None:
    assert buttons(render(SOURCE, page="calculators.md")) == []
    assert "cx-rolls-data" not in render("Roll 6k3.", page="print/rk.md")


def test_a_roll_the_build_cannot_read_stops_it_naming_the_page_and_the_text() -> None:
    with pytest.raises(RollError, match=r"rk/basics.md: the roll '2k2' in 'The blow does 2k2.'"):
        render("The blow does 2k2.", page="rk/basics.md")
    with pytest.raises(RollError, match=r"rk/basics.md: the roll '40k2'.*1 to 30"):
        render("Roll 40k2 against TN 20.", page="rk/basics.md")
