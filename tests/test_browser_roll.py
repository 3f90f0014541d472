"""Roll: a roll in the text, or a calculator's answer, draws a total from calc's exact distribution
(issue 41, item 1).

- A page load fetches nothing of the Roll (its script, styles and data): not on the home page, a
  rules page, the weapons table, the Calculators page, Seventh Sun's rules. A roll's popover brings
  the Roll's script and styles when it first opens, its first Roll the page's roll data.
- On a phone with every request for the calculator runtime (Pyodide, the wheel) refused, 6k3 in
  rk/basics/ rolls: the total is one the roll can make, its words are the ones Python writes for it,
  the last five draws stay listed (newest first, politely announced), and they are there again when
  the popover opens again; 6k2 "against 4 x 5 = 20" says what its total means against TN 20.
- The page's own drawing code (draw.js), given a seeded source of random words in place of
  crypto.getRandomValues, draws 100,000 totals from the page's 6k3 data that pass a chi-square test
  against calc's own distribution of 6k3 (and fail it against the same distribution moved by one).
- A calculator's answer rolls from the worker's distribution for the settings on screen: the
  worker's reply in mode "roll" is the draw Python makes for them, and the totals drawn are its.
"""

from __future__ import annotations

import json
from math import sqrt
from typing import Any, Iterator

import pytest

import calc
from calc.dice.keep import roll_keep
from calc.registry import parse_params
from codex_view.draws import answer_draw
from macros.rolls.draws import text_draws
from tests.browser import READY_TIMEOUT_MS, root, type_into, wait_for_result
from tests.support import RUNTIME_FILES, phone_page, refuse

pytestmark = pytest.mark.browser

ROLL_PARTS = ("rolls.json", "/roll.js", "/draw.js", "/roll.css")   # what only a Roll fetches
PAGES = ("", "rk/basics/", "rk/weapons/", "calculators/", "sun/rules/")
DRAWS = 100_000
# a seeded source of 32-bit words (xorshift128), standing in for crypto.getRandomValues in the check only
SEEDED = """
const state = new Uint32Array([0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0]);
function next() {
  let t = state[3];
  const s = state[0];
  state[3] = state[2]; state[2] = state[1]; state[1] = s;
  t ^= t << 11; t ^= t >>> 8;
  state[0] = (t ^ s ^ (s >>> 19)) >>> 0;
  return state[0];
}
for (let i = 0; i < 64; i += 1) next();
const words = (count) => Uint32Array.from({ length: count }, next);
"""


@pytest.fixture()
def no_runtime(browser: Any, served: str) -> Iterator[Any]:
    """A phone whose every runtime request is refused (and counted), its requests listed."""
    with phone_page(browser, served, refused=RUNTIME_FILES) as page:
        yield page
        assert page.watch.outside == []


def drawn(region: Any) -> list[tuple[int, str]]:
    """Each draw listed (newest first): its total and its words."""
    spans = region.locator(".cx-draws__draw")
    return [(int(s.get_attribute("data-total")), s.inner_text()) for s in spans.all()]


def fetched(page: Any) -> list[str]:
    return [u.rsplit("/", 1)[1] for u in page.requested if u.endswith(ROLL_PARTS)]


def test_a_page_load_fetches_nothing_of_the_roll(no_runtime: Any, served: str) -> None:
    page = no_runtime
    for path in PAGES:
        page.goto(served + path)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)   # what the page's scripts ask for once it has loaded
        assert fetched(page) == [], path
    assert page.watch.errors == []


def test_a_roll_in_the_basics_rolls_with_no_runtime(no_runtime: Any, served: str) -> None:
    page = no_runtime
    page.goto(served + "rk/basics/")
    page.wait_for_load_state("networkidle")
    assert fetched(page) == []
    answer = root(page, "rk-check").locator(".cx-chart .cx-draw")
    roll = page.get_by_role("button", name="6k3: odds")
    roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    roll.tap()
    pop = page.get_by_role("dialog", name="6k3: odds")
    button = pop.get_by_role("button", name="Roll 6k3")
    button.wait_for()
    assert sorted(fetched(page)) == ["draw.js", "roll.css", "roll.js"]   # the popover brought the Roll, not its data
    for control in (button, answer):
        box = control.bounding_box()   # a 44 px target on touch
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    region = pop.locator(".cx-draws")
    assert region.get_attribute("aria-live") == "polite"
    (draw,) = text_draws("rk-test", {"rolled": 6, "kept": 3})
    can_make = {t for t, _ in roll_keep(6, 3).items()}
    for n in range(1, 7):
        button.tap()
        page.wait_for_function("([r, n]) => r.querySelectorAll('li').length === n",
                               arg=[region.element_handle(), min(n, 5)])
        total, words = drawn(region)[0]
        assert total in can_make and total in draw.totals
        assert words == draw.meaning(total), (total, words)
    assert len(drawn(region)) == 5   # the last five, newest first
    shown = drawn(region)
    page.keyboard.press("Escape")   # closed and opened again: the same draws
    pop.wait_for(state="detached")
    roll.tap()
    page.wait_for_function("(r) => r.querySelectorAll('.cx-draws__draw').length === 5", arg=region.element_handle())
    assert drawn(region) == shown
    region.evaluate("(r) => { r.querySelector('li').dataset.seen = ''; }")
    button.focus()   # the keyboard rolls it too
    page.keyboard.press("Enter")
    page.wait_for_function("(r) => !('seen' in r.querySelector('li').dataset)", arg=region.element_handle())
    page.keyboard.press("Escape")
    named = page.locator('button.cx-roll[data-roll="rk-test/6/2/20"]').first   # "rolls 6k2 against 4 x 5 = 20"
    named.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    named.tap()
    pop = page.get_by_role("dialog", name="6k2: odds")
    pop.get_by_role("button", name="Roll 6k2").tap()
    pop.locator(".cx-draws li").first.wait_for()
    (against,) = text_draws("rk-test", {"rolled": 6, "kept": 2, "tn": 20})
    total, words = drawn(pop.locator(".cx-draws"))[0]
    assert words == against.meaning(total) and "TN 20" in words, words
    assert page.refused == [] or all("/assets/pyodide/" in u for u in page.refused)
    assert [u for u in page.requested if u.endswith("rolls.json")] == [served + "rk/basics/rolls.json"]
    assert page.watch.errors == []


def chi_square(counts: dict[int, int], chances: dict[int, float]) -> tuple[float, int]:
    """Pearson's statistic and its degrees of freedom, totals merged from each end until every
    group expects at least 5 draws (a total drawn outside `chances` counts against it in full)."""
    n = sum(counts.values())
    outside = sum(c for t, c in counts.items() if t not in chances)
    if outside:
        return float("inf"), 1
    groups, observed, expected = [], 0, 0.0
    for t in sorted(chances):
        observed += counts.get(t, 0)
        expected += chances[t] * n
        if expected >= 5:
            groups.append([observed, expected])
            observed, expected = 0, 0.0
    groups[-1][0] += observed
    groups[-1][1] += expected
    return sum((o - e) ** 2 / e for o, e in groups), len(groups) - 1


def critical(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with chance 0.001 (Wilson and Hilferty's approximation)."""
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


def test_the_pages_drawing_code_draws_as_the_distribution_says(no_runtime: Any, served: str) -> None:
    page = no_runtime
    page.goto(served + "rk/basics/")
    counts = page.evaluate(
        """async ([draws, seed]) => {
            const { drawTotal } = await import(new URL("../../assets/js/draw.js", location.href).href);
            const data = await (await fetch("rolls.json")).json();
            const draw = data.rolls["rk-test/6/3"][0];
            """ + SEEDED + """
            const counts = {};
            for (let i = 0; i < draws; i += 1) {
                const t = drawTotal(draw, words);
                counts[t] = (counts[t] || 0) + 1;
            }
            return counts;
        }""",
        [DRAWS, 41],
    )
    counts = {int(t): c for t, c in counts.items()}
    assert sum(counts.values()) == DRAWS
    dist = roll_keep(6, 3)
    chances = {t: p for t, p in dist.pmf()}
    statistic, df = chi_square(counts, chances)
    assert statistic < critical(df), (statistic, df)
    moved = {t + 1: p for t, p in chances.items()}   # the check can fail: one total off is caught
    statistic, df = chi_square(counts, {**{min(chances): 0.0}, **moved})
    assert statistic > critical(df)


def test_every_total_reads_as_python_writes_it(no_runtime: Any, served: str) -> None:
    """draw.js's words for each total of each roll on the page are calc.dice.draw's."""
    page = no_runtime
    page.goto(served + "rk/basics/")
    words = page.evaluate(
        """async () => {
            const { meaning, totalAt } = await import(new URL("../../assets/js/draw.js", location.href).href);
            const data = await (await fetch("rolls.json")).json();
            const out = {};
            for (const [key, draws] of Object.entries(data.rolls)) {
                out[key] = draws[0].weights.map((_, i) => meaning(draws[0], totalAt(draws[0], i)));
            }
            out.answers = Object.values(data.answers).map((d) => d.weights.map((_, i) => meaning(d, totalAt(d, i))));
            return out;
        }"""
    )
    for key in [k for k in words if k != "answers"]:
        kind, *numbers = key.split("/")   # rk-test/6/3, rk-test/6/2/20 (against TN 20)
        (draw,) = text_draws(kind, dict(zip(("rolled", "kept", "tn"), map(int, numbers))))
        assert words[key] == [draw.meaning(t) for t in draw.totals]
    assert len(words["answers"]) == 2   # rk-check and rk-opposed
    assert any("raises to spare" in w for w in words["answers"][0])


def test_a_calculators_answer_rolls_from_the_workers_distribution(page: Any, served: str) -> None:
    page.goto(served + "calculators/#calc-dice")
    calculator = root(page, "dice")
    button = calculator.locator(".cx-chart .cx-draw")
    assert button.get_attribute("aria-label") == "Roll 3d6+2"   # named for the roll it draws
    button.click()   # the built answer (3d6+2) rolls from the page's data
    region = calculator.locator(".cx-draws")
    region.locator("li").first.wait_for()
    assert 5 <= drawn(region)[0][0] <= 20
    type_into(page, "dice", "expr", "1d4+100")
    type_into(page, "dice", "target", "103")
    wait_for_result(page, "dice", "chance", {"expr": "1d4+100", "target": 103})
    dice = calc.CALCULATORS["dice"]
    params = parse_params(dice, {"expr": "1d4+100", "target": 103})
    expected = answer_draw(dice, params, dice.compute(**params)).as_json()
    reply = page.evaluate(
        """async () => {
            const { ask } = await import(new URL("../assets/js/runtime.js", location.href).href);
            return ask(null, { calculator: "dice", mode: "roll", params: { expr: "1d4+100", target: "103" } });
        }"""
    )
    assert reply["roll"] == json.loads(json.dumps(expected))
    seen = set()
    for n in range(2, 12):
        button.click()
        page.wait_for_function("([r, n]) => r.querySelectorAll('li').length === Math.min(n, 5)",
                               arg=[region.element_handle(), n], timeout=READY_TIMEOUT_MS)
        total, words = drawn(region)[0]
        assert total in (101, 102, 103, 104)
        draw = answer_draw(dice, params, dice.compute(**params))
        assert words == draw.meaning(total)
        assert region.locator("li").first.locator(".cx-draws__of").inner_text() == f"\u2014 {draw.label}"
        seen.add(total)
    assert len(seen) > 1
    assert page.watch.outside == [] and page.watch.errors == []


def test_a_roll_and_its_draws_pass_axe(browser: Any, served: str) -> None:
    """The popover's Roll and its draws, and a calculator's, with no serious or critical violation
    (axe looks at the Roll's own parts: the open roll's colour is the popover's, tested apart)."""
    from tests.axe import AXE

    ctx = browser.new_context(bypass_csp=True, service_workers="block", color_scheme="light",
                              viewport={"width": 1280, "height": 900})
    refuse(ctx, RUNTIME_FILES, [])
    page = ctx.new_page()
    page.goto(served + "rk/basics/")
    answer = root(page, "rk-check").locator(".cx-chart .cx-draw")
    answer.click()   # the built answer, from the page's data: no runtime
    root(page, "rk-check").locator(".cx-draws li").first.wait_for()
    # the built answer's 5k3 leaves out a truncated tail of 1.1e-16: no chance a reader meets, so
    # nothing is said of it (issue 50 item 5: house d6 rolls ended "Not drawn: ... 5.6e-16")
    assert 0 < roll_keep(5, 3).tail < 1e-9
    assert root(page, "rk-check").locator(".cx-draws__note").inner_text() == ""
    roll = page.get_by_role("button", name="6k3: odds")
    roll.click()
    pop = page.get_by_role("dialog", name="6k3: odds")
    pop.get_by_role("button", name="Roll 6k3").click()
    pop.locator(".cx-draws li").first.wait_for()
    page.add_script_tag(path=str(AXE))
    found, checked = page.evaluate("""async () => {
        const result = await axe.run({ include: [[".cx-draw"], [".cx-draws"]] });
        return [result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
            result.passes.map((v) => v.id)];
    }""")
    ctx.close()
    assert found == []
    assert {"button-name", "color-contrast"} <= set(checked)   # it looked at the Roll's button and words
