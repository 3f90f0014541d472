"""Odds pages (issue 47 items 3 and 4), without a build: what an odds address says, its Discord
component embed, the check that holds both to calc's answer, and who hands the address out.

Code: macros/odds/card.py (the words), macros/odds/pages.py (the page and its embed),
macros/odds/check.py (the odds card check), macros/share/embed.py (Discord's limits),
calc/built/search_odds.py (the search answer's link), calc/__main__.py (`python -m calc`).
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import calc
from calc.__main__ import main as calc_main
from calc.built.addresses import odds_path
from calc.built.questions import built_questions, is_built
from calc.built.search_answers import KINDS, SLOT, table
from calc.built.search_odds import with_odds
from calc.calculator import Headline
from calc.in_words import figures_text, question_line
from calc.question import Question
from calc.registry import parse_params
from calc.wording import rules_words
from macros.odds import check
from macros.odds.card import describe
from macros.odds.pages import OPEN, embed_payload, page_html
from macros.share import embed
from macros.share.pages import Share, embed_payload as share_embed
from tests.declaration_states import SCALE

SITE = "https://codex.example/"
SIX_K_THREE = Question.of("rk-check", rolled=6, kept=3, tn=25)


def _headline(question: Question) -> tuple[str, str]:
    """The first headline the answer shows (the dice calculator shows no chance without a target):
    its title and figure, as calc shows them for the question."""
    calculator = question.declaration
    params = parse_params(calculator, {**calculator.defaults(), **question.params()})
    result = calc.evaluate(question.calculator, params)
    h: Headline = next(h for h in calculator.headlines if h.shown(result) is not None)
    return h.title(result), h.shown(result)


def test_an_odds_card_states_the_question_its_rules_and_calcs_figure() -> None:
    card = describe(SIX_K_THREE)
    title, figure = _headline(SIX_K_THREE)
    assert card.path == "q/rk-check/rolled-6_tn-25/"
    calculator = SIX_K_THREE.declaration
    params = parse_params(calculator, {**calculator.defaults(), **SIX_K_THREE.params()})
    assert card.title == question_line(calculator, params, calc.evaluate("rk-check", params))
    assert card.description.startswith("6k3 against TN 25")
    assert "Roll & Keep" in card.rules and card.rules in card.description
    assert f"{title}: {figure}" in card.description and figure == "51.58%"
    assert card.description.endswith(".") and card.target == SIX_K_THREE.address()


def test_a_rules_field_is_named_by_the_rules_it_was_answered_under() -> None:
    for rules in ("summary", "house"):
        card = describe(Question.of("rk-initiative", rules=rules))
        assert f"Roll & Keep {rules_words(rules)}" in card.description
    assert "Seventh Sun" in describe(Question.of("sun-check", bonus=5, target=15)).description


def _card_faults(question: Question) -> list[str]:
    """What is wrong with a built question's card and embed, in words ([] when nothing)."""
    card = describe(question)
    payload = embed_payload(card, base=SITE)
    faults = check.problems(card, payload=payload, site=SITE)
    data = json.loads(payload)
    if data["component"]["type"] != embed.CONTAINER or len(payload.encode()) > embed.MOST_BYTES:
        faults.append(f"embed of {len(payload.encode())} bytes, type {data['component']['type']}")
    texts = " ".join(c.get("content", "") for c in data["component"]["components"])
    if _headline(question)[1] not in texts:
        faults.append(f"calc's figure {_headline(question)[1]} is not in the embed")
    button = data["component"]["components"][-1]["components"][0]
    if (button["label"], button["url"]) != (OPEN, SITE + question.address()):
        faults.append(f"its button is {button['label']!r} to {button['url']!r}")
    return faults


BUILT = built_questions()


# every built question under `make test`; every fourth under `make test-fast` (the build checks each card too)
@pytest.mark.parametrize("calculator", sorted({q.calculator for q in BUILT}))
def test_every_built_question_passes_the_odds_card_check(calculator: str) -> None:
    questions = [q for q in BUILT if q.calculator == calculator][::max(1, round(1 / SCALE))]
    faults = {odds_path(q): found for q in questions if (found := _card_faults(q))}
    assert questions and faults == {}


def test_the_check_refuses_a_wrong_figure_a_lost_rule_set_a_cut_sentence_and_a_link_off_the_site() -> None:
    card = describe(Question.of("rk-initiative", rules="house"))
    payload = embed_payload(card, base=SITE)
    wrong = dataclasses.replace(card, figures=(("Chance of acting by the phase asked", "12.34%"),) + card.figures[1:])
    assert any("figures" in p for p in check.problems(wrong, payload=payload, site=SITE))
    said = card.description.replace(_headline(card.question)[1], "12.34%")
    assert any("first figure" in p for p in check.problems(dataclasses.replace(card, description=said), payload=payload, site=SITE))
    unruled = card.description.replace(card.rules, "some rules")
    found = check.problems(dataclasses.replace(card, description=unruled), payload=payload, site=SITE)
    assert any("name its rules" in p for p in found) and any("house rules" in p for p in found)
    assert any("sentence" in p for p in check.problems(dataclasses.replace(card, description=card.description[:-1] + "…"),
                                                       payload=payload, site=SITE))
    for target in ("https://elsewhere.example/x", "//elsewhere.example/", "/rk/basics/", "../../../../x", "..\\x"):
        assert any("off the site" in p for p in check.problems(dataclasses.replace(card, target=target),
                                                                payload=payload, site=SITE)), target
    assert check.stays_inside("../../../rk/basics/?calc=x#y", "q/rk-check/rolled-6_tn-25/")
    assert not check.stays_inside("../../../../rk/", "q/rk-check/rolled-6_tn-25/")


def test_the_embed_check_holds_discords_limits() -> None:
    button = embed.link_row("Open", SITE + "rk/")
    assert embed.problems(embed.document([embed.text("a"), button], accent=(1, 2, 3)), site=SITE) == []
    assert embed.problems("{", site=SITE)[0].startswith("not JSON")
    big = embed.document([embed.text("x" * 3000), button], accent=(1, 2, 3))
    assert any("over 3000" in p for p in embed.problems(big, site=SITE))
    many = embed.document([embed.text("x")] * 12 + [button], accent=(1, 2, 3))
    assert any("in the container" in p for p in embed.problems(many, site=SITE))
    nested = embed.document([{"type": embed.CONTAINER, "components": []}, button], accent=(1, 2, 3))
    assert any("container inside" in p for p in embed.problems(nested, site=SITE))
    away = embed.document([embed.link_row("Open", "https://elsewhere.example/")], accent=(1, 2, 3))
    assert any("no link into the site" in p for p in embed.problems(away, site=SITE))
    two = json.dumps([{"component": {"type": 17, "components": []}}])
    assert embed.problems(two, site=SITE) == ["not one container under `component`"]


def test_text_that_could_end_the_script_or_format_in_discord_is_escaped() -> None:
    payload = embed.document([embed.text(embed.markdown("</script><b>*bold* _x_ # h")), embed.link_row("Open", SITE)],
                             accent=(1, 2, 3))
    assert "<" not in payload and ">" not in payload and "&" not in payload
    content = json.loads(payload)["component"]["components"][0]["content"]
    assert content == "</script><b>\\*bold\\* \\_x\\_ # h"
    assert embed.markdown("- a list") == "\\- a list" and embed.markdown("# a") == "\\# a"


def test_a_rules_share_page_carries_an_embed_with_its_card_and_an_open_button() -> None:
    item = Share(anchor="r-0014", title="R-0014: A title", card_title="R-0014: A title", card_line="Ruling",
                 description="The card's own sentence.", body=(), target="rulings/#r-0014", target_label="R-0014",
                 trail="Seventh Sun Codex › Rulings")
    payload = share_embed(item, site_url=SITE)
    assert embed.problems(payload, site=SITE) == []
    parts = json.loads(payload)["component"]["components"]
    assert "R-0014: A title" in parts[0]["content"] and parts[1]["content"] == "The card's own sentence."
    assert parts[-1]["components"][0] == {"type": 2, "style": 5, "label": "Open", "url": SITE + "rulings/#r-0014"}


def test_an_odds_page_leads_on_inside_the_site_and_previews_with_its_answer() -> None:
    card = describe(SIX_K_THREE)
    html = page_html(card, site_url=SITE, site_name="Codex")
    assert f'<script id="{embed.ID}" type="application/json">' in html
    assert 'href="../../../rk/basics/?calc=rk-check&amp;rolled=6&amp;kept=3&amp;tn=25#calc-rk-check"' in html
    assert f'<meta property="og:url" content="{SITE}q/rk-check/rolled-6_tn-25/">' in html
    assert 'content="https://codex.example/assets/cards/q/rk-check.png"' in html
    assert "51.58%" in html.split('<meta property="og:description" content="')[1].split('"')[0]


def test_python_m_calc_hands_out_the_odds_address_of_a_built_question(capsys: pytest.CaptureFixture[str]) -> None:
    assert is_built(SIX_K_THREE)
    assert calc_main(["rk-check", "rolled=6", "kept=3", "tn=25", "--site", SITE]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == SITE + odds_path(SIX_K_THREE)
    assert not is_built(Question.of("rk-check", rolled=6, kept=3, tn=32))
    assert calc_main(["rk-check", "rolled=6", "kept=3", "tn=32", "--site", SITE]) == 0
    link = capsys.readouterr().out.splitlines()[-1]
    assert link.startswith(SITE + "rk/basics/?calc=rk-check&rolled=6&kept=3&tn=32")


def test_the_search_answers_link_a_built_question_to_its_odds_address() -> None:
    """The page fills `path`'s slot for a value in `at`, else takes `paths` (search-answer.js oddsAddress)."""
    answers = with_odds(table())["answers"]
    seen = 0
    for kind in KINDS:
        for settings in kind.settings():
            entry = answers[kind.key(settings)]
            field = kind.field()
            for n in range(field.minimum, field.maximum + 1):
                question = Question.of(kind.calculator, {**settings, kind.free: n})
                odds = entry.get("odds")
                given = None if odds is None else odds["paths"].get(str(n)) or (
                    odds["path"].replace(SLOT, str(n)) if n in odds["at"] else None)
                assert given == (odds_path(question) if is_built(question) else None), (kind.key(settings), n)
                seen += given is not None
    assert seen >= 5 and answers["rk/6/3"]["odds"]["path"] == "q/rk-check/rolled-6_tn-{n}/"


def test_copy_as_text_words_are_its_two_lines() -> None:
    calculator = SIX_K_THREE.declaration
    params = parse_params(calculator, {**calculator.defaults(), **SIX_K_THREE.params()})
    result = calc.evaluate("rk-check", params)
    from calc.in_words import answer_text
    assert answer_text(calculator, params, result).split("\n")[:2] == [question_line(calculator, params, result),
                                                                      figures_text(calculator, result)]
