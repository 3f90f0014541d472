"""Share cards chosen by rule (issue 43, items 1 and 2): what a pasted rule's preview says in the
Codex's name is a whole statement of that rule, for both rule sets where it has both, and the
build refuses a card that is not.

Code: macros/share/card_check.py (the check), macros/share/page_cards.py (the cards a page writes in its
front matter), macros/share/sections.py and macros/share/pages.py (what a section's card is), and
macros/hooks/share.py (which stops the build naming each section that fails).
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from macros import rulings

from macros.share import card_check

from macros.share import pages as share
from macros.links import SHARE_FOLDER, share_path
from macros.share.page_cards import CardError, docs_cards, page_cards
from macros.share.sections import LIST, PARAGRAPH, TABS, Section
from tests.support import ROOT

BOTH = ("Summary rules", "House rules")


def _card(description: str, *, title: str = "Phases · Initiative and actions · Roll & Keep", tabs: tuple[str, ...] = (),
          anchor: str = "rk-phases", target: str = "rk/initiative/#rk-phases") -> share.Share:
    return share.Share(anchor=anchor, title=title, card_title="Phases", card_line="Roll & Keep", description=description,
                       body=(), target=target, target_label="Phases", trail="", tabs=tabs)


# ---------------------------------------------------------------- the check, rule by rule
@pytest.mark.parametrize("description, fault", [
    ("You can try to knock someone out, with these conditions:", "does not end as a sentence"),
    ("Brawn", "does not end as a sentence"),
    ("A long rule that a forum would cut off at the limit and mark…", "does not end as a sentence"),
    ("* Improvised weapons add unkept dice for size.", "starts with a list marker"),
    ("1. Throw X ten-sided dice.", "starts with a list marker"),
    ("x" * 200 + ".", "description of 201 characters"),
    ("Each Path has one defining theme (see Talents).", "points elsewhere"),
    ("The calculator below rolls a pool.", "points elsewhere"),
    ("A total equal to the TN succeeds, by the Codex's reading.", "without its ruling ID"),
    ("", "no text of its own"),
])
def test_the_check_refuses_what_a_forum_would_show_as_a_broken_rule(description: str, fault: str) -> None:
    found = card_check.problems(_card(description))
    assert any(fault in f for f in found), found
    assert all(f.startswith("rk-phases: ") for f in found)   # each names the section


def test_a_section_with_both_tabs_needs_a_card_that_names_both_rule_sets() -> None:
    summary_only = _card("A round has ten phases, numbered 1 (first) to 10 (last).", tabs=BOTH)
    assert card_check.problems(summary_only) == [
        "rk-phases: has Summary and House tabs, but its description names only one rule set or none"]
    both = _card("Summary rules: a round has ten phases, from 1 up to 10. House rules: it has 11, from 10 down to 0.", tabs=BOTH)
    assert card_check.problems(both) == []
    assert card_check.problems(replace(summary_only, tabs=("Summary rules",))) == []   # one tab: one rule set


def test_titles_fit_a_card_and_the_place_gives_way_first() -> None:
    assert card_check.problems(_card("Fine.", title="x" * 71)) == [f"rk-phases: title of 71 characters, over 70 ({'x' * 71!r})"]
    assert share.title("Interrupting with several actions", ["Dice-pool combat and recovery", "Initiative"]) \
        == "Interrupting with several actions · Initiative"
    assert share.title("Parry", ["Seventh Sun", "Combat"]) == "Parry · Combat · Seventh Sun"
    assert share.title("Bruising and Lethal", ["Dice-pool combat and recovery", "Damage and health"]) \
        == "Bruising and Lethal · Damage and health"


def test_no_two_rules_share_a_card_but_a_moved_anchor_shares_its_rules() -> None:
    a = _card("Both say this.", anchor="sun-actions", target="sun/combat/#sun-actions")
    b = _card("Both say this.", anchor="sun-combat", target="sun/combat/#sun-combat")
    moved = _card("Both say this.", anchor="sun-old-actions", target="sun/combat/#sun-actions")
    assert card_check.duplicates([a, b]) == ["sun-actions and sun-combat: the same description ('Both say this.'…)"]
    assert card_check.duplicates([a, moved]) == []


def test_a_readings_card_cites_its_ruling_in_the_title_or_the_text() -> None:
    reading = "The Codex counts a total equal to the TN as a success."
    assert card_check.problems(_card(reading, title="R-0045: A roll that equals its TN succeeds")) == []
    assert card_check.problems(_card(reading[:-1] + " (R-0045).")) == []
    assert card_check.problems(_card(reading))


# ---------------------------------------------------------------- choosing a card
def _section(opening: str, opens_with: str = PARAGRAPH, tabs: tuple[str, ...] = ()) -> Section:
    return Section("rk-phases", "rk/initiative/", "Phases", 2, opening, opens_with, tabs)


PAGE = Section("rk-initiative", "rk/initiative/", "Initiative and actions", 1, "A round is split into phases.")


def test_a_card_the_page_writes_wins_over_any_opening_and_is_the_body_too() -> None:
    card = "Summary rules: ten phases, 1 to 10. House rules: 11, from 10 down to 0."
    made = share.section_share(_section("", TABS, BOTH), PAGE, game="Roll & Keep", site_name="S", card=card)
    assert (made.description, made.body, made.tabs) == (card, (card,), BOTH)
    assert card_check.problems(made) == []


def test_without_a_card_a_list_or_tabs_leave_the_section_with_nothing_to_say() -> None:
    for opens_with in (LIST, TABS):
        made = share.section_share(_section("", opens_with, BOTH), PAGE, game="Roll & Keep", site_name="S")
        assert made.description == ""
        assert card_check.problems(made) == [f"rk-phases: no text of its own that could stand as its card (it opens with {opens_with})"]
    lead = share.section_share(_section("When two characters test against each other:"), PAGE, game="Roll & Keep", site_name="S")
    assert card_check.problems(lead)   # a lead ending at a colon promises what the card leaves out


def test_a_page_writes_cards_only_for_its_own_headings() -> None:
    meta = {"description": "The page.", "cards": {"rk-phases": "  Ten phases,\n  then eleven. "}}
    assert page_cards(meta, page="rk/initiative.md", anchors=["rk-initiative", "rk-phases"], top="rk-initiative") == {
        "rk-phases": "Ten phases, then eleven.", "rk-initiative": "The page."}
    with pytest.raises(CardError, match="rk/initiative.md: `cards:` names 'rk-phase', which is no heading anchor"):
        page_cards({"cards": {"rk-phase": "x."}}, page="rk/initiative.md", anchors=["rk-phases"], top=None)
    with pytest.raises(CardError, match="must be text"):
        page_cards({"cards": {"rk-phases": ["x"]}}, page="rk/initiative.md", anchors=["rk-phases"], top=None)


def test_a_withdrawn_rulings_card_is_its_notice_whole_or_its_date_and_successor() -> None:
    for r in rulings.load():
        made = share.ruling_share(r, rulings_url="rulings/", games=[], rules=[], site_name="S", rulings_title="Rulings")
        assert card_check.problems(made) == [], r.id
        if not r.active:
            assert made.description.startswith(f"Withdrawn on "), r.id
            if r.superseded_by:
                assert made.description.endswith(f"Replaced by {r.superseded_by}."), r.id


def test_the_share_page_carries_the_sites_colour_and_an_alt_text_without_an_empty_crumb() -> None:
    top = share.section_share(PAGE, PAGE, game=None, site_name="Seventh Sun Codex")
    html = share.page_html(top, site_url="https://x.test/", site_name="Seventh Sun Codex", image="a.png")
    assert '<meta name="theme-color" content="#ff5722">' in html
    alts = re.findall(r'<meta (?:property|name)="(?:og|twitter):image:alt" content="([^"]*)"', html)
    assert alts == ["Initiative and actions", "Initiative and actions"]


# ---------------------------------------------------------------- the built site
def _built_cards(site_dir: Path) -> list[tuple[str, str, str]]:
    out = []
    for page in sorted((site_dir / SHARE_FOLDER).glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        meta = {k: unescape(v) for k, v in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', text)}
        out.append((page.parent.name, meta["og:title"], meta["description"], meta))
    return out


def test_every_built_share_card_passes_the_card_check(site_dir: Path) -> None:
    """The same check the build makes, over what the built share pages say (on the main branch of
    3 December 2026 it refused 138 of 317 cards)."""
    built = _built_cards(site_dir)
    assert len(built) > 300
    from macros.share.sections import sections
    tabs: dict[str, tuple[str, ...]] = {}
    for page in sorted(site_dir.rglob("index.html")):
        if SHARE_FOLDER in page.relative_to(site_dir).parts[:1]:
            continue
        html = page.read_text(encoding="utf-8")
        body = html[html.find(">", html.find("<article")) + 1: html.find("</article>")]
        tabs.update({s.anchor: s.tabs for s in sections(body, "")})
    cards = []
    for anchor, title, description, meta in built:
        target = re.search(r'id="cx-share-target" href="([^"]*)"', (site_dir / share_path(anchor) / "index.html").read_text())
        cards.append(share.Share(anchor=anchor, title=title, card_title="", card_line="", description=description,
                                 body=(), target=target.group(1).lstrip("./"), target_label="", trail="",
                                 tabs=tabs.get(anchor, ())))
    assert card_check.check(cards) == []


def test_built_share_pages_have_the_theme_colour_and_no_empty_crumb(site_dir: Path) -> None:
    wrong = []
    for anchor, _, _, meta in _built_cards(site_dir):
        if meta.get("theme-color") != share.THEME_COLOR:
            wrong.append(f"{anchor}: theme-color {meta.get('theme-color')}")
        if meta["og:image:alt"].startswith(" ") or meta["og:image:alt"].startswith(rulings.SEPARATOR.strip()):
            wrong.append(f"{anchor}: alt {meta['og:image:alt']!r}")
    assert wrong == []


@pytest.mark.parametrize("anchor, says, never", [
    # the summary tab's sentence as the section's card was false for the house rules
    ("rk-which-dice", ["summary", "house", "six-sided"], ["Every die in the game is a ten-sided die"]),
    ("rk-phases", ["ten phases", "11", "10 to 0"], []),
    ("rk-initiative-total", ["same all round"], []),
    ("rk-damage-rolls", ["six-sided"], ["Sabre 2k2"]),
    ("sun-paths", ["R-0048"], ["(see"]),
    ("sun-attribute-list", ["Brawn, Agility, Vigor, Intellect, Spirit and Presence"], []),
    ("pool-knockout", ["blunt", "head or neck", "three times"], ["with these conditions:"]),
    ("rk-weapon-tables", ["six-sided"], ["* Improvised"]),
])
def test_the_cards_the_issue_named_now_state_their_rule(site_dir: Path, anchor: str, says: list[str], never: list[str]) -> None:
    description = next(d for a, _, d, _ in _built_cards(site_dir) if a == anchor)
    assert [s for s in says if s not in description] == [], description
    assert [n for n in never if n in description] == [], description


def test_every_card_a_page_writes_names_a_heading_of_that_page() -> None:
    cards = docs_cards(ROOT / "docs")
    assert len(cards) > 100
    assert all(len(text) <= card_check.DESCRIPTION_LIMIT for text in cards.values())


def _break_two_cards(project: Path) -> None:
    """Roll & Keep's Phases loses its card; a card names a heading its page does not have."""
    from tests.copies import edit_text

    page = project / "docs" / "rk" / "initiative.md"
    text = page.read_text(encoding="utf-8")
    card = re.search(r"  rk-phases: >-\n(?:    .*\n)+", text).group(0)
    page.write_text(text.replace(card, "", 1), encoding="utf-8")
    edit_text(project / "docs" / "rk" / "basics.md", "  rk-raises: >-", "  rk-raise: >-")


def test_the_build_stops_naming_each_section_whose_card_fails(built_copy: Any) -> None:
    _, done = built_copy.build("broken-cards", _break_two_cards)
    out = done.stdout + done.stderr
    assert done.returncode != 0
    assert "share cards fail the card check" in out
    assert "rk-phases: has Summary and House tabs" in out or "rk-phases: no text of its own" in out
    assert "rk/basics.md: `cards:` names 'rk-raise', which is no heading anchor of this page" in out
    assert "rk-raises: does not end as a sentence" in out   # its lead ends at a colon, with no card now
