"""Issue 42 item 3: a roll in the text looks tappable without crowding the prose, and the shortest
roll is a 44 px target.

At 360 px with touch: a roll (docs/assets/css/codex.css `.cx-roll`) is a rounded tinted chip, a
shape a glossary term's dotted underline is not; it moves no word of its line (the page lays
the line out as if it were plain text); and every roll of the dice-pool pages, one digit wide
("7"), answers a finger over 44 px each way, while a glossary term beside it keeps its own taps.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.site_pages import visit
from tests.phone import HIT_AREA, TOUCH_MIN

pytestmark = pytest.mark.browser

# where each word of a roll's block sits, with the rolls as they are and as plain text
WORDS_STAY = """(button) => {
  const block = button.closest('p, li, td, dd, dt');
  const spots = () => { const out = []; const walk = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (node.parentElement.closest('[data-roll]') || !node.data.trim()) continue;
      const range = document.createRange(); range.setStart(node, 0); range.setEnd(node, 1);
      const r = range.getBoundingClientRect(); out.push([Math.round(r.left * 10), Math.round(r.top * 10)]); }
    return JSON.stringify(out); };
  const before = spots();
  const rolls = [...block.querySelectorAll('.cx-roll')];
  rolls.forEach((b) => b.classList.remove('cx-roll'));
  rolls.forEach((b) => { b.style.all = 'unset'; b.style.font = 'inherit'; });
  const plain = spots();
  rolls.forEach((b) => { b.classList.add('cx-roll'); b.removeAttribute('style'); });
  return { before, plain, same: before === plain };
}"""

SHAPE = """(el) => { const s = getComputedStyle(el);
  return { radius: parseFloat(s.borderTopLeftRadius), background: s.backgroundColor, shadow: s.boxShadow,
           decoration: s.textDecorationStyle }; }"""


def test_a_roll_is_a_chip_a_glossary_term_is_not(phone: Any, served: str) -> None:
    visit(phone, served, "rk/basics/")
    roll = phone.evaluate(SHAPE, phone.locator("p button.cx-roll").first.element_handle())
    term = phone.evaluate(SHAPE, phone.locator(".md-content p abbr").first.element_handle())
    assert roll["radius"] > 0 and roll["background"] not in ("rgba(0, 0, 0, 0)", "transparent") and roll["shadow"] != "none"
    assert term["radius"] == 0 and term["background"] in ("rgba(0, 0, 0, 0)", "transparent")


@pytest.mark.parametrize("path", ["pool/melee/", "rk/basics/", "sun/rules/"])
def test_a_roll_moves_no_word_of_its_line(phone: Any, served: str, path: str) -> None:
    visit(phone, served, path)
    moved = {}
    for i, button in enumerate(phone.locator(".md-content :is(p, li) > button.cx-roll").all()[:6]):
        found = phone.evaluate(WORDS_STAY, button.element_handle())
        if not found["same"]:
            moved[i] = found
    assert moved == {}


@pytest.mark.parametrize("path", ["pool/melee/", "pool/actions/", "pool/damage/", "rk/basics/"])
def test_every_short_roll_is_a_44_px_target(phone: Any, served: str, path: str) -> None:
    visit(phone, served, path)
    rolls = phone.locator(".md-content button.cx-roll")
    small = {}
    for i in range(rolls.count()):
        rolls.nth(i).evaluate("(b) => b.setAttribute('data-probe', '')")
        area = phone.evaluate(HIT_AREA, ["button.cx-roll[data-probe]", TOUCH_MIN])
        rolls.nth(i).evaluate("(b) => b.removeAttribute('data-probe')")
        if area["width"] < TOUCH_MIN or area["height"] < TOUCH_MIN:
            small[f"{i}: {rolls.nth(i).inner_text()}"] = area
    assert small == {}
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_term_beside_a_roll_keeps_its_own_taps(phone: Any, served: str) -> None:
    """pool/melee/'s "an Evade pool of 7", with a glossary term (a copy of the page's first) put
    right before the roll: the roll's tap area reaches over it, yet a tap on the term is the term's."""
    visit(phone, served, "pool/melee/")
    roll = phone.locator("p > button.cx-roll").first
    roll.evaluate("""(b) => { const term = b.parentElement.querySelector('abbr').cloneNode(true);
        term.id = 'cx-probe'; b.before(term, ' '); b.scrollIntoView({ block: 'center' }); }""")
    term, spot = phone.locator("#cx-probe").bounding_box(), roll.bounding_box()
    assert spot["x"] - (term["x"] + term["width"]) < (TOUCH_MIN - spot["width"]) / 2   # inside the roll's reach
    for x in (term["x"] + term["width"] - 1, term["x"] + term["width"] / 2):
        hit = phone.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('abbr, .cx-roll')?.tagName",
                             [x, term["y"] + term["height"] / 2])
        assert hit == "ABBR", x
