"""Issue 30 parts 4 and 5, issue 31 part 3: what a link shows is what it asked, on a phone.

- A compare link keeps each side's own settings, rules included, in the form, the address and the
  answer (versions.js no longer sets the linked calculator's Rules select from A's `rules=`).
- Copy as text and "Asked" name a choice by its label under the chosen rules (calc.params
  `Param.words`; the page's options carry the same labels).
- Refusals are honest: a choice the chosen rules do not offer is the field's error, not another
  weapon; a refused link's text shows only as the input it was; "Asked" lists the fields that
  apply, in one wording before and after the answer (docs/assets/js/asked.js); a link naming a
  calculator the page does not have says so and downloads no runtime.
- The worker's side of one trip (a typed message, params read once): tests/test_worker_entry.py.

Every page here is a fresh load on a 360 px touch screen (conftest's `phone`), as a link from a
forum opens.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

import pytest

import calc
from codex_view.browser import reply
from tests.browser import READY_TIMEOUT_MS, clipboard, form_params, root, wait_state
from tests.site_pages import headline_key

pytestmark = pytest.mark.browser

# Every line over a calculator's answer, as it changes: its text, the text of its typed values
# (<code>), and the calculator's state then. Also every loading line and headline-strip text.
WATCH_QUESTION = """
window.__asked = [];
new MutationObserver(() => {
  for (const r of document.querySelectorAll('[data-calculator]')) {
    const q = r.querySelector('.cx-question');
    if (!q || q.hidden) continue;
    const seen = { cid: r.dataset.calculator, text: q.textContent, state: r.dataset.state,
                   typed: [...q.querySelectorAll('code')].map((c) => c.textContent) };
    const last = window.__asked[window.__asked.length - 1];
    if (!last || last.text !== seen.text || last.state !== seen.state) window.__asked.push(seen);
  }
}).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
"""


@pytest.fixture(scope="module")
def handset(phone: Any, served: str) -> Any:
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.rstrip("/"))
    phone.add_init_script(WATCH_QUESTION)
    return phone


def query_of(page: Any) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(page.url).query, keep_blank_values=True)


def asked(page: Any, cid: str) -> list[dict[str, Any]]:
    return [seen for seen in page.evaluate("window.__asked") if seen["cid"] == cid]


# ---------------------------------------------------------------- compare keeps each side's rules
@pytest.mark.parametrize(("path", "cid"), [
    ("rk/damage/", "rk-fight"), ("rk/initiative/", "rk-initiative"), ("calculators/", "rk-fight"),
    ("calculators/", "rk-initiative"),
])
def test_a_compare_link_keeps_each_sides_rules(handset: Any, served: str, path: str, cid: str) -> None:
    handset.goto(f"{served}{path}?calc={cid}&rules=summary&b.rules=house#calc-{cid}")
    defaults = calc.CALCULATORS[cid].defaults()
    key = headline_key(cid)
    a, b = calc.evaluate(cid, dict(defaults, rules="summary")), calc.evaluate(cid, dict(defaults, rules="house"))
    assert a[key] != b[key], "the two rules must give different figures for this test to mean anything"
    handset.wait_for_function(
        """([cid, key, a, b]) => {
            const r = document.querySelector(`[data-calculator="${cid}"]`);
            const outA = r.querySelector(`[data-result="${key}"]`), outB = r.querySelector(`[data-result-b="${key}"]`);
            return r.dataset.state === "ready" && r.dataset.compare === "on" && outA && outB
                && Math.abs(Number(outA.dataset.value) - a) <= 1e-12 && Math.abs(Number(outB.dataset.value) - b) <= 1e-12;
        }""", arg=[cid, key, a[key], b[key]], timeout=READY_TIMEOUT_MS)
    assert form_params(handset, cid)["rules"] == "house"          # the form holds B
    query = query_of(handset)
    assert ("rules", "summary") in query and ("b.rules", "house") in query, query
    said = root(handset, cid).locator(".cx-question").inner_text()
    assert said.startswith("Asked: A: ") and "B: Rules: House rules" in said, said
    assert handset.watch.errors == []


# ---------------------------------------------------------------- one wording of a setting
@pytest.mark.parametrize(("path", "cid", "link", "words"), [
    ("rk/damage/", "rk-wounds", "rules=house&weapon=bow", "Bow: 3k3"),
    ("rk/choosing-raises/", "rk-attack", "rules=house&weapon=claymore", "Claymore: 5k3"),
])
def test_copy_as_text_names_the_weapon_as_the_chosen_rules_label_it(
        handset: Any, served: str, path: str, cid: str, link: str, words: str) -> None:
    handset.goto(f"{served}{path}?calc={cid}&{link}#calc-{cid}")
    wait_state(handset, cid, "ready")
    calc_root = root(handset, cid)
    chosen = calc_root.locator('[name="weapon"]').evaluate("(s) => s.selectedOptions[0].textContent")
    assert chosen == words                                      # what the form shows
    assert f"Weapon: {words}" in calc_root.locator(".cx-question").inner_text()
    handset.evaluate("navigator.clipboard.writeText('')")
    calc_root.locator(".cx-copy-text").tap()
    handset.wait_for_function("() => navigator.clipboard.readText().then((t) => t.length > 0)")
    text = clipboard(handset)
    assert text.startswith(reply(cid, form_params(handset, cid))["text"] + "\n"), text
    assert words in text, text
    assert handset.watch.errors == []


# ---------------------------------------------------------------- honest refusals
def test_a_weapon_the_links_rules_do_not_offer_is_the_fields_error(handset: Any, served: str) -> None:
    handset.goto(served + "rk/damage/?calc=rk-wounds&rules=summary&weapon=buckler#calc-rk-wounds")
    wait_state(handset, "rk-wounds", "error")
    calc_root = root(handset, "rk-wounds")
    with pytest.raises(calc.InputError) as refused:
        calc.evaluate("rk-wounds", dict(calc.CALCULATORS["rk-wounds"].defaults(), rules="summary", weapon="buckler"))
    assert calc_root.locator('[data-field="weapon"] .cx-error').inner_text() == refused.value.message
    assert calc_root.locator("[data-result]").count() == 0             # no figure for another weapon
    question = calc_root.locator(".cx-question")
    assert question.inner_text() == "This link's weapon could not be read: buckler"
    assert question.locator("code").inner_text() == "buckler"
    assert handset.watch.errors == []


def test_a_refused_expression_shows_only_as_the_links_input(handset: Any, served: str) -> None:
    words = "Official ruling: dodge is free"
    handset.goto(f"{served}calculators/?calc=dice&expr={quote(words)}#calc-dice")
    wait_state(handset, "dice", "error")
    seen = asked(handset, "dice")
    assert seen, "the link's calculator never showed what it was asked"
    # before and after the refusal, the link's text is only ever a typed value, never the page's words
    for line in seen:
        assert words in line["typed"] and line["text"].count(words) == line["typed"].count(words), line
    final = root(handset, "dice").locator(".cx-question")
    assert final.inner_text() == f"This link's dice expression could not be read: {words}"
    assert final.locator("code").inner_text() == words
    assert not final.inner_text().startswith("Asked")
    # nowhere else in the calculator (its messages aside, which quote it) is it part of a sentence
    loose = root(handset, "dice").evaluate("""(r, words) => {
        const copy = r.cloneNode(true);
        copy.querySelectorAll('code, .cx-error, input, select, textarea').forEach((el) => el.remove());
        return copy.textContent.includes(words);
    }""", words)
    assert loose is False
    assert handset.watch.errors == []


@pytest.mark.parametrize(("path", "cid", "link", "said", "absent"), [
    # a field the built page hides, which the link fills but its weapon leaves irrelevant
    ("rk/damage/", "rk-wounds", "brawn=3&damage_rolled=5", "Asked: Defender's Brawn: 3", "Damage dice"),
    # a field the built page shows (a Social Attack's), which the link's kind of attack makes irrelevant
    ("rk/social/", "rk-attack", "rules=house&kind=physical&panache=4",
     "Asked: Kind of attack: A blow or a shot", "Panache"),
])
def test_asked_lists_only_the_fields_that_apply_in_one_wording(
        handset: Any, served: str, path: str, cid: str, link: str, said: str, absent: str) -> None:
    handset.goto(f"{served}{path}?calc={cid}&{link}#calc-{cid}")
    wait_state(handset, cid, "ready")
    lines = asked(handset, cid)
    states = {line["state"] for line in lines}
    assert "ready" in states and states - {"ready"}, states        # seen before the answer and after it
    texts = {line["text"] for line in lines}
    assert texts == {said}, texts
    assert not any(absent in text for text in texts)
    assert handset.watch.errors == []


def test_an_unknown_calculator_id_says_so_and_downloads_nothing(handset: Any, served: str) -> None:
    runtime: list[str] = []

    def note(request: Any) -> None:
        if "/assets/pyodide/" in request.url or request.url.split("?")[0].endswith("/worker.mjs"):
            runtime.append(request.url)

    handset.on("request", note)
    try:
        handset.goto(served + "sun/rules/?calc=no-such-calculator")
        note_line = handset.locator(".cx-unknown-link")
        note_line.wait_for(state="visible")
        assert "not on this page" in note_line.inner_text()
        handset.wait_for_load_state("networkidle")
        assert runtime == []
        state = root(handset, "sun-check").get_attribute("data-state")
        assert state == "static"                                          # its built answer stands
        assert root(handset, "sun-check").locator("[data-result]").first.is_visible()
    finally:
        handset.remove_listener("request", note)
    assert handset.watch.errors == []
