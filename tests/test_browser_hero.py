"""My heroes at 360 px with touch (issue 48): make two Roll & Keep heroes, fill the damage calculator
with one, compare them, see one in a popover, export, delete, import back, refuse broken files and
links with nothing kept changing; no request carries a hero's name."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest

from calc import CALCULATORS
from calc.wording import number
from calc.registry import evaluate
from tests.browser import READY_TIMEOUT_MS, wait_state
from tests.support import phone_context, phone_page

NAMES = ("Aldo", "Vence", "Brielle")
KEY = "codex-heroes"
WOUNDS = CALCULATORS["rk-wounds"].defaults()


def kept(page):
    return page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")


def type_value(page, label, text):
    box = page.get_by_label(label, exact=True)
    box.tap()
    box.press("Control+A")
    box.press_sequentially(text, delay=10)


def make_hero(page, name, brawn, finesse):
    type_value(page, "Name", name)
    type_value(page, "Brawn", brawn)
    type_value(page, "Finesse", finesse)
    page.get_by_label("Weapon", exact=True).select_option(value="fencing")
    page.get_by_role("button", name="Save").tap()
    page.get_by_role("status").filter(has_text=f"Saved {name}.").wait_for()


def wait_value(page, selector, attr, expected):
    page.wait_for_function(
        """([sel, attr, expected]) => {
            const el = document.querySelector(sel);
            const root = el && el.closest("[data-calculator]");
            return el && root.dataset.state === "ready" && Math.abs(Number(el.getAttribute(attr)) - expected) <= 1e-12;
        }""", arg=[selector, attr, expected], timeout=READY_TIMEOUT_MS)


@pytest.fixture()
def hero_phone(browser, served):
    with phone_page(browser, served) as page:
        sent = []
        page.on("request", lambda r: sent.append(unquote(r.url) + " " + unquote(r.post_data or "")))
        page.sent = sent
        yield page
        assert page.watch.outside == []
        assert page.watch.errors == []
        carried = [s for s in sent if any(name in s for name in NAMES)]
        assert carried == [], f"requests carried a hero's name: {carried}"


def test_a_hero_fills_the_damage_calculator_compares_and_shows_in_a_popover(hero_phone, served, tmp_path):
    page = hero_phone
    page.goto(served + "hero/")
    page.get_by_role("group", name="New hero").wait_for()
    make_hero(page, "Aldo Vence", "4", "3")
    make_hero(page, "Brielle", "2", "4")
    assert [h["name"] for h in json.loads(kept(page))["heroes"]] == ["Aldo Vence", "Brielle"]

    # the damage calculator: Aldo's Brawn fills the attacker's, and the answer follows
    page.goto(served + "rk/damage/")
    hero = page.locator("#calc-rk-wounds-hero")
    hero.wait_for()
    hero.select_option(label="Aldo Vence")
    assert page.locator("#rk-wounds-attacker_brawn").input_value() == "4"
    said = page.locator("#calc-rk-wounds .cx-hero-said").text_content()
    assert said.startswith("From Aldo Vence:") and "Attacker's Brawn 4" in said
    aldo = evaluate("rk-wounds", {**WOUNDS, "attacker_brawn": 4})["p_wound"]
    assert aldo != evaluate("rk-wounds", WOUNDS)["p_wound"]
    wait_value(page, '#calc-rk-wounds [data-result="p_wound"]', "data-value", aldo)

    # the link carries the values, never the name
    page.locator("#calc-rk-wounds .cx-copy").tap()
    link = page.evaluate("navigator.clipboard.readText()")
    assert "attacker_brawn=4" in link and not any(n in unquote(link) for n in NAMES)

    # Aldo against Brielle: A is Aldo, pinned; the Hero select then sets B
    page.locator("#calc-rk-wounds .cx-compare").tap()
    hero.select_option(label="Brielle")
    brielle = evaluate("rk-wounds", {**WOUNDS, "attacker_brawn": 2})["p_wound"]
    wait_value(page, '#calc-rk-wounds[data-compare="on"] [data-result-b="p_wound"]', "data-value", brielle)
    wait_value(page, '#calc-rk-wounds [data-result="p_wound"]', "data-value", aldo)
    assert page.locator("#calc-rk-wounds .cx-hero-said").text_content().startswith("B: From Brielle:")
    page.locator("#calc-rk-wounds .cx-compare-exit").tap()
    hero.select_option(label="Aldo Vence")   # the hero chosen for this game's rolls

    # a weapon's damage popover marks Aldo's Brawn and opens its calculator with his values
    roll = page.locator('button.cx-roll[data-roll="rk-weapon/summary/fencing"]').first
    roll.scroll_into_view_if_needed()
    roll.tap()
    line = page.locator(".cx-roll-pop .cx-roll-pop__hero")
    damage = evaluate("rk-wounds", {**WOUNDS, "attacker_brawn": 4})["expected_damage"]
    assert line.text_content().startswith(f"Aldo Vence, Brawn 4: Average damage {number(damage)}.")
    assert page.locator(".cx-roll-pop .cx-roll-pop__hero-row td").first.text_content() == "4"
    href = line.locator("a").get_attribute("href")
    assert "attacker_brawn=4" in href and not any(n in unquote(href) for n in NAMES)


BROKEN = {
    "not JSON": (b"{heroes: oops", "not JSON"),
    "another game": (None, "game must be one of"),
    "out of range": (None, "Brawn must be a whole number from 1 to 10; got 99."),
    "markup in the name": (None, "plain text"),
    "1 MB of text": (b"x" * 1_000_000, "bytes long"),
}


def broken_files(good):
    hero = good["heroes"][0]
    edits = {"another game": dict(hero, game="dnd"),
             "out of range": dict(hero, values=dict(hero["values"], brawn=99)),
             "markup in the name": dict(hero, name="<img src=x onerror=alert(1)>")}
    for case, (content, words) in BROKEN.items():
        body = content if content is not None else json.dumps(dict(good, heroes=[edits[case]])).encode()
        yield case, body, words


def test_export_delete_import_and_refuse_broken_files_and_links(hero_phone, served, tmp_path):
    page = hero_phone
    page.goto(served + "hero/")
    page.get_by_role("group", name="New hero").wait_for()
    make_hero(page, "Aldo Vence", "4", "3")
    make_hero(page, "Brielle", "2", "4")
    before = kept(page)

    with page.expect_download() as download:
        page.get_by_role("button", name="Export heroes to a file").tap()
    exported = tmp_path / "heroes.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text()) == json.loads(before)

    for _ in range(2):
        page.locator(".cx-hero").first.get_by_role("button", name="Delete").tap()
    page.get_by_role("status").filter(has_text="Deleted Brielle.").wait_for()
    assert kept(page) is None

    page.get_by_label("Import heroes from a file").set_input_files(str(exported))
    page.get_by_role("status").filter(has_text="Imported Aldo Vence, Brielle.").wait_for()
    assert json.loads(kept(page)) == json.loads(before)

    alert = page.get_by_role("alert")
    for case, body, words in broken_files(json.loads(before)):
        page.get_by_label("Import heroes from a file").set_input_files(
            {"name": f"{case}.json", "mimeType": "application/json", "buffer": body})
        alert.filter(has_text=words).wait_for()
        assert "Nothing kept changed." in alert.text_content(), case
        assert kept(page) == before, case

    # Share this hero: the hero rides in the fragment only; opened, it is kept on the reader's say
    page.locator(".cx-hero").first.get_by_role("button", name="Share this hero").tap()
    link = page.locator(".cx-hero-link").input_value()
    address, _, fragment = link.partition("#")
    assert fragment.startswith("hero=") and not any(n in unquote(address) for n in NAMES)
    page.goto(served)
    page.evaluate(f"localStorage.removeItem({json.dumps(KEY)})")
    page.goto(link)
    page.get_by_role("button", name="Keep Aldo Vence").tap()
    page.get_by_role("status").filter(has_text="Kept Aldo Vence.").wait_for()
    assert [h["name"] for h in json.loads(kept(page))["heroes"]] == ["Aldo Vence"]
    now = kept(page)
    page.goto(served)
    page.goto(served + "hero/#hero=" + "%7B%22format%22%3A%22codex-heroes%22")
    alert.filter(has_text="The shared link was not kept").wait_for()
    assert kept(page) == now


def test_no_hero_script_loads_without_a_hero(hero_phone, served):
    """A page load on a device that keeps no hero fetches none of the hero files."""
    page = hero_phone
    page.goto(served + "rk/damage/")
    wait_state(page, "rk-wounds", "static")
    page.wait_for_load_state("networkidle")
    assert not [s for s in page.sent if "hero" in s], page.sent
    assert page.locator(".cx-hero-pick").count() == 0


FULL = "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };"
BLOCKED = "Storage.prototype.getItem = function () { throw new DOMException('blocked', 'SecurityError'); };"


@pytest.mark.parametrize("storage, words", [(FULL, "storage is full or blocked"), (BLOCKED, "storage is blocked")],
                         ids=["full", "blocked"])
def test_full_or_blocked_storage_gets_a_message_not_a_crash(browser, served, storage, words):
    with phone_context(browser, served, init_script=storage) as ctx:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(served + "hero/")
        page.get_by_role("group", name="New hero").wait_for()
        if storage == FULL:
            type_value(page, "Name", "Aldo Vence")
            page.get_by_role("button", name="Save").tap()
        page.get_by_role("alert").filter(has_text=words).wait_for()
        assert page.locator(".cx-hero").count() == 0
        if storage == FULL:   # blocked storage also stops the theme's own reads (Material's), not ours
            assert errors == []
