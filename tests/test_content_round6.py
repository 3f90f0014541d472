"""The review's corrections of issue 49 (item 5), each read against its source line.

Sources (../shared/seeds): 002 Seventh Sun combat, 003 dice pool. Each test names the line it was
read against. What a forum shows is the share page's title and card (`s/<anchor>/`), so most of
these read the built share pages.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from calc import data
from macros.links import share_path
from tests.site_pages import section_text


def card(site_dir: Path, anchor: str) -> tuple[str, str]:
    """A share page's title and card text, as a forum reads them."""
    page = (site_dir / share_path(anchor) / "index.html").read_text(encoding="utf-8")
    meta = {k: unescape(v) for k, v in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', page)}
    return meta["og:title"], meta["description"]


# --- 003:61 Evade: "as Engage" with dodge added; a winning evader scores no hit but disengages --------

def test_the_evade_card_says_a_winning_evader_lands_no_hit_but_breaks_away(site_dir: Path) -> None:
    _, text = card(site_dir, "pool-evade")
    assert "dodge skill" in text and "no hit" in text and "breaks away" in text, text
    row = next(r for r in data.load("pool_rolls")["rows"] if r["roll"].startswith("Engage or Evade"))
    assert "evader who wins lands none and breaks away" in row["pool"]


# --- 002:35 Run and 002:37 Aim: each "as a long action"; R-0005 reads Run's "until your next turn" ---

@pytest.mark.parametrize("anchor", ["sun-run", "sun-aim"])
def test_run_and_aim_cards_say_each_is_a_long_action(site_dir: Path, anchor: str) -> None:
    _, text = card(site_dir, anchor)
    assert "long action" in text, text


def test_the_run_card_gives_its_reading_as_a_reading_with_its_ruling(site_dir: Path) -> None:
    _, text = card(site_dir, "sun-run")
    assert "four times your Speed" in text and "bonus die" in text and "reaction" in text
    assert "Codex's reading (R-0005)" in text, text


# --- 003:63-65 Ranged: "You spend a action to shoot ... modified for range by the range table" ----------

def test_the_quick_reference_has_a_row_for_the_shot(site_dir: Path) -> None:
    rolls = [r["roll"] for r in data.load("pool_rolls")["rows"]]
    assert "Shot (ranged attack)" in rolls
    assert "Shot (ranged attack)" in section_text(site_dir, "pool/reference.md", "pool-rolls")
    _, text = card(site_dir, "pool-rolls")
    assert "shots" in text and text.startswith("Every roll the dice-pool rules name")


# --- 003:13 Surprise: "+6" to the initiative total, not dice --------------------------------------------

def test_the_modifiers_card_does_not_count_surprise_among_the_dice(site_dir: Path) -> None:
    row = next(r for r in data.load("pool_modifiers")["rows"] if r["situation"].startswith("Surprise"))
    assert (row["black"], row["bonus"], row["damage"]) == (None, None, None) and "initiative" in row["other"]
    _, text = card(site_dir, "pool-modifiers")
    assert "aiming and surprise" not in text
    assert re.search(r"initiative instead: surprise, \+6 to the total", text), text


# --- the print page prints a rule's two versions one after the other (macros/printing.py) --------------

def test_the_printable_rk_card_does_not_say_side_by_side(site_dir: Path) -> None:
    _, text = card(site_dir, "printable-rk")
    assert "side by side" not in text and "one after the other" in text, text


# --- a share title drops the page before the game (seven dice-pool and Roll & Keep titles dropped it) ---

def test_every_share_title_names_its_game(site_dir: Path) -> None:
    sections = json.loads((site_dir / "api" / "v1" / "sections.json").read_text(encoding="utf-8"))["sections"]
    with_game = [s for s in sections if s["game"]]
    missing = [s["anchor"] for s in with_game if s["game"] not in card(site_dir, s["anchor"])[0]]
    assert len(with_game) > 200 and missing == []
    assert card(site_dir, "rk-character-types")[0] == "Brutes, Henchmen, Heroes and Villains · Roll & Keep"
    assert card(site_dir, "printable-rk")[0] == "Roll & Keep: every rule on one page"
