"""Odds addresses in the built site (issue 47 items 3 and 4): every built question's page, its
card and embed as a forum and Discord read them, two real unfurling libraries reading the answer,
where the page sends a reader, and the calculator's Copy link and Copy as text handing it out.

Code: macros/hooks/answers.py (writes the pages), macros/odds/ (their words, embed and check),
docs/assets/js/share.js (the page sends its reader on), docs/assets/js/links.js `questionUrl`
(Copy link and Copy as text), tests/unfurl.mjs (unfurl.js and open-graph-scraper, pinned in package.json).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

from calc.built.addresses import ROOT as ODDS_FOLDER, odds_path, shortest
from calc.built.questions import built_questions
from calc.question import Question
from macros.answers.linked import site_questions
from macros.links import SHARE_FOLDER
from macros.odds.card import describe
from macros.odds.pages import TARGETS, card_image
from macros.share import embed
from tests.browser import READY_TIMEOUT_MS
from tests.offline_files import manifest as offline_manifest
from tests.preview_pages import PreviewPage, read as read_page
from tests.support import PHONE, ROOT, PageWatch, png_size

SIX_K_THREE = Question.of("rk-check", rolled=6, kept=3, tn=25)
SHOWN = [SIX_K_THREE, Question.of("sun-check", bonus=5, target=15), Question.of("pool-check", dice=8, black=2, need=3)]


def _embed(page: PreviewPage) -> dict[str, Any]:
    assert len(page.embeds) == 1
    return json.loads(page.embeds[0])


# ---------------------------------------------------------------- the built site
def test_every_built_question_has_an_odds_page_that_states_calcs_answer(site_dir: Path, base_url: str) -> None:
    questions = built_questions(linked=site_questions(site_dir))   # the set the build answered, the site's links too
    assert len(list((site_dir / ODDS_FOLDER).glob("*/*/index.html"))) == len(questions)
    for question in questions:
        card = describe(question)
        page = read_page(site_dir / odds_path(question) / "index.html")
        assert page.meta["og:title"] == page.meta["twitter:title"] == card.title
        assert page.meta["og:description"] == page.meta["description"] == card.description
        assert f"{card.figures[0][0]}: {card.figures[0][1]}" in card.description and card.rules in card.description
        assert page.meta["og:image"] == base_url + card_image(question.calculator)
        assert page.meta["og:url"] == base_url + odds_path(question)
        assert page.target == "../" * 3 + question.address()   # relative: it stays on the site
        data = _embed(page)
        assert embed.problems(page.embeds[0], site=base_url) == []
        button = data["component"]["components"][-1]["components"][0]
        assert button["url"] == base_url + question.address()
        assert card.figures[0][1] in json.dumps(data, ensure_ascii=False)
    for calculator in {q.calculator for q in questions}:   # a card per calculator, not per question
        assert png_size((site_dir / card_image(calculator)).read_bytes()) == (1200, 630)
    assert len(list((site_dir / card_image("x")).parent.glob("*.png"))) == len({q.calculator for q in questions})


def test_odds_pages_are_kept_out_of_the_sitemap_the_search_and_the_offline_copys_first_files(site_dir: Path) -> None:
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    assert f"/{ODDS_FOLDER}/" not in sitemap
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert not [d["location"] for d in index["docs"] if d["location"].startswith(ODDS_FOLDER + "/")]
    kept = offline_manifest(site_dir)
    listed = kept["core"] + kept["pages"] + [u for u, _ in kept["runtime"]]
    assert not [u for u in listed if u.startswith(ODDS_FOLDER + "/") or "/cards/" in u]
    assert TARGETS in kept["pages"] and TARGETS not in kept["core"]    # with the offline copy, never at install
    assert (kept["odds_folder"], kept["odds_targets"]) == (ODDS_FOLDER + "/", TARGETS)
    targets = json.loads((site_dir / TARGETS).read_text(encoding="utf-8"))
    assert targets == {odds_path(q): q.address() for q in built_questions(linked=site_questions(site_dir))}


def test_every_rules_share_page_has_an_embed_with_its_card_and_an_open_button(site_dir: Path, base_url: str) -> None:
    pages = sorted((site_dir / SHARE_FOLDER).glob("*/index.html"))
    assert pages
    for path in pages:
        page = read_page(path)
        assert embed.problems(page.embeds[0], site=base_url) == [], path
        parts = _embed(page)["component"]["components"]
        said = " ".join(p.get("content", "") for p in parts)
        assert page.meta["og:title"].split(":")[0].replace("-", "") in said.replace("\\", "").replace("-", ""), path
        assert parts[-1]["components"][0]["label"] == "Open"
        assert parts[-1]["components"][0]["url"].startswith(base_url)


def test_two_unfurling_libraries_read_the_answer_from_the_card(served: str) -> None:
    """unfurl.js and open-graph-scraper (package.json), run by tests/unfurl.mjs against the local server:
    a rk-check, a sun-check and a pool-check odds address preview with calc's figure and their
    rules, and a rule's share address with its card; each embed is under 3,000 bytes with one container."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to run the unfurling libraries")
    urls = [served + odds_path(q) for q in SHOWN] + [served + SHARE_FOLDER + "/r-0014/"]
    done = subprocess.run([node, str(ROOT / "tests" / "unfurl.mjs"), *urls], capture_output=True, text=True,
                          timeout=120, check=True, cwd=ROOT)
    read = json.loads(done.stdout)
    for question, seen in zip(SHOWN, read):
        card = describe(question)
        for library in ("unfurl", "ogs"):
            assert seen[library]["title"] == card.title, (library, seen)
            assert seen[library]["description"] == card.description, (library, seen)
            assert card.figures[0][1] in seen[library]["description"] and card.rules in seen[library]["description"]
            assert seen[library]["image"].endswith(card_image(question.calculator))
        assert seen["ogs"]["image_size"] == [1200, 630]
    rule = read[-1]
    for library in ("unfurl", "ogs"):
        assert rule[library]["title"].startswith("R-0014: ") and rule[library]["description"].endswith("."), rule
    assert rule["ogs"]["image_size"] == [1200, 630]


# ---------------------------------------------------------------- in the browser, on a phone
@pytest.fixture(scope="module")
def phone_clip(browser: Any, served: str) -> Iterator[Any]:
    """A 360 px touch screen that may read the clipboard."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.rstrip("/"))
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    assert page.watch.outside == [] and page.watch.errors == []
    ctx.close()


@pytest.mark.parametrize("question", SHOWN, ids=lambda q: q.calculator)
def test_an_odds_address_opens_the_calculator_set_to_its_question(phone_clip: Any, served: str,
                                                                  question: Question) -> None:
    page = phone_clip
    page.goto(served + "rk/damage/")
    page.goto(served + odds_path(question) + "?utm_source=forum")   # a tracker's query never replaces the question's
    page.wait_for_function("(cid) => location.search.includes('calc=' + cid)", arg=question.calculator)
    assert page.url == served + shortest(question).address()   # the settings its address names, and no others
    root = page.locator(f'[data-calculator="{question.calculator}"]')
    root.wait_for(state="attached")
    for name, value in question.pairs():
        assert root.locator(f'[name="{name}"]').input_value() in (value, "on"), name
    page.go_back()   # the odds page replaced itself: Back returns to where the link was followed from
    page.wait_for_url(served + "rk/damage/")


def _copied(page: Any, button: str) -> str:
    page.evaluate("navigator.clipboard.writeText('')")
    page.locator(f'[data-calculator="rk-check"] {button}').click()
    page.wait_for_function("async () => (await navigator.clipboard.readText()) !== ''")
    return page.evaluate("navigator.clipboard.readText()")


def test_copy_link_and_copy_as_text_hand_out_the_odds_address_of_a_built_answer(phone_clip: Any, served: str) -> None:
    """While the calculator carries `data-built-address` (it shows a built answer) its Copy link and
    Copy as text give the odds address; without it, or with one off the site, the usual link."""
    page = phone_clip
    usual = served + SIX_K_THREE.address()
    page.goto(usual)
    page.locator('[data-calculator="rk-check"] .cx-copy').wait_for(state="visible")
    set_mark = "(v) => { const r = document.querySelector('[data-calculator=rk-check]'); " \
               "if (v === null) delete r.dataset.builtAddress; else r.dataset.builtAddress = v; }"
    page.evaluate(set_mark, odds_path(SIX_K_THREE))
    assert _copied(page, ".cx-copy") == served + odds_path(SIX_K_THREE)
    page.wait_for_function("() => document.querySelector('[data-calculator=rk-check]').dataset.state === 'ready'",
                           timeout=READY_TIMEOUT_MS)
    text = _copied(page, ".cx-copy-text")
    assert "51.58%" in text and text.splitlines()[-1] == served + odds_path(SIX_K_THREE)
    page.evaluate(set_mark, "https://elsewhere.example/q/x/")
    assert _copied(page, ".cx-copy").startswith(served + "rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25")
    page.evaluate(set_mark, None)
    assert _copied(page, ".cx-copy").startswith(served + "rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25")
    assert _copied(page, ".cx-copy-text").splitlines()[-1].startswith(served + "rk/basics/?calc=rk-check")
