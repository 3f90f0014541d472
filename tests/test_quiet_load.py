"""What lets a page load without a long task of the Codex's own (issue 47): the look of a linked
calculator comes from the stylesheet, not from a script watching the parser, and a calculator
going live keeps the build's answer on screen when the runtime's first reply is the same markup."""

from __future__ import annotations

import re

import pytest

import calc
from calc.params import canonical
from codex_view.browser import reply
from codex_view.render import markup_sum, widget_html
from macros.landing_style import ANSWER_FIRST, LANDING, named_by_link, shipped
from scripts.harness import ROOT

CODEX_CSS = ROOT / "docs" / "assets" / "css" / "codex.css"


def test_a_link_names_its_calculator_by_id_until_linked_js_takes_it_over() -> None:
    assert named_by_link(["sun-check", "rk-check"]) == (
        'html[data-codex-link="rk-check"]:not([data-codex-landed]) #calc-rk-check, '
        'html[data-codex-link="sun-check"]:not([data-codex-landed]) #calc-sun-check')


def test_the_shipped_stylesheet_gives_the_linked_calculator_the_answer_first_and_landing_look() -> None:
    css = ".cx-calc--answer-first > .cx-result { order: 3; }\n.cx-calc--landing > * { visibility: hidden; }\n" \
          ".cx-calc--answer-first-ish { color: red; }\n.x :not(.cx-calc--answer-first) { a: b; }\n"
    early = named_by_link(["rk-check"])
    assert shipped(css, ["rk-check"]) == (
        f":is(.cx-calc--answer-first, {early}) > .cx-result {{ order: 3; }}\n"
        f":is({early}) > * {{ visibility: hidden; }}\n"
        ".cx-calc--answer-first-ish { color: red; }\n"
        f".x :not(:is(.cx-calc--answer-first, {early})) {{ a: b; }}\n")


@pytest.mark.parametrize("name", [ANSWER_FIRST, LANDING])
def test_every_calculator_of_the_site_lands_by_the_stylesheet(name: str) -> None:
    source = CODEX_CSS.read_text(encoding="utf-8")
    rules = [r for r in re.findall(r"[^{}]+\{[^{}]*\}", re.sub(r"/\*.*?\*/", "", source, flags=re.S))
             if f".{name}" in r]
    assert rules, f"codex.css has no rule for .{name}"
    built = shipped(source, calc.CALCULATORS)
    for cid in calc.CALCULATORS:
        alias = f'html[data-codex-link="{cid}"]:not([data-codex-landed]) #calc-{cid}'
        assert built.count(alias) >= len(rules), (cid, name)
    assert re.search(rf"\.{LANDING}(?![\w-])", built) is None   # the landing look has no class in the page


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_the_built_answers_sum_is_the_sum_of_the_workers_first_reply(cid: str) -> None:
    """The page keeps the build's answer when the worker's reply for the built settings has the
    same sum (calculators.js showMarkup): the two are one markup, summed alike."""
    calculator = calc.CALCULATORS[cid]
    defaults = calculator.defaults()
    page = widget_html(calculator, calculator.compute(**defaults))
    (built,) = re.findall(r'<div class="cx-result"[^>]* data-answer-sum="([0-9a-f]+)">', page)
    first = reply(cid, {name: canonical(value) for name, value in defaults.items()})
    assert first["sum"] == built == markup_sum(first["html"])
    other = reply(cid, {**{n: canonical(v) for n, v in defaults.items()}, **_one_change(calculator)})
    assert other["sum"] != built, "another question's answer must not pass for the built one"


def _one_change(calculator: calc.Calculator) -> dict[str, str]:
    """One field of the calculator moved off its default, as a form would hold it."""
    for param in calculator.params:
        if isinstance(param.default, bool) or not isinstance(param.default, int):
            continue
        if param.maximum is not None and param.default < param.maximum:
            return {param.name: str(param.default + 1)}
    if calculator.id == "dice":
        return {"expr": "2d6"}
    raise AssertionError(f"{calculator.id}: no integer field to move")
