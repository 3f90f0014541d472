"""One builder per piece of a calculator's markup, and the view's typed answer.

Code: codex_view/markup.py (attribute values, a figure with its raw value, the chart toggle, a
hand-off button: each written once, for the single and the compare view), codex_view/answer.py
(`Answer.of`: the one place a result dict is read), calc/calculator.py (`marked_rows`, `planner`:
what a table marks and which planner a calculator offers, from its declaration).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import calc
from calc.calculator import Calculator, Headline
from calc.params import IntParam
from codex_view.answer import Answer
from codex_view.browser import compare_reply
from codex_view.render import result_html

VIEW = Path(__file__).resolve().parent.parent / "codex_view"


def _sources() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(VIEW.glob("*.py"))}


@pytest.mark.parametrize("markup, builder", [
    ("data-value=", "markup.py"),               # a figure's raw value (the single and compare headlines, bands)
    ('class="cx-chart__toggle"', "markup.py"),  # a chart's At least / Exactly
    ("data-chain-calculator=", "markup.py"),    # a hand-off button (the result's own, the planner's)
    ("escape(str(", "markup.py"),               # an attribute value
    ("repr(value) if isinstance(value, float)", "markup.py"),
])
def test_each_piece_of_markup_is_written_in_one_place(markup: str, builder: str) -> None:
    assert [name for name, text in _sources().items() if markup in text] == [builder]


def _fake(**declared: object) -> Calculator:
    def compute(*, n: int) -> dict[str, object]:
        return {"n": n, "tables": [
            {"key": "tries", "title": "Tries", "columns": [{"label": "Try", "format": "integer"}],
             "rows": [{"cells": [1], "mark": False}, {"cells": [2], "mark": True}]},
            {"key": "other", "title": "Other", "columns": [{"label": "X", "format": "integer"}],
             "rows": [{"cells": [3], "mark": True}]},
        ], "chain": {"calculator": "rk-check", "params": {"tn": 20, "raises": 1}, "label": "Roll against TN 20",
                     "arrived": "TN 20 from here"}}

    return Calculator(id="fake", title="Fake", rule="calculators.md", params=(IntParam("n", "N", 1, minimum=0),),
                      compute=compute, headlines=(Headline("n", "N", "integer"),), **declared)


def test_what_a_marked_row_is_comes_from_the_declaration() -> None:
    """The words beside a marked row are the calculator's `marked_rows`, by table key; a table it does
    not name says nothing beside its marked row (whatever the table's key)."""
    plain, named = _fake(), _fake(marked_rows=(("tries", "your pick"),))
    assert "cx-mark-word" not in result_html(plain, plain.compute(n=1))
    shown = result_html(named, named.compute(n=1))
    assert shown.count("cx-mark-word") == 1
    assert '<tr class="cx-row--mark"><td>2 <span class="cx-mark-word">your pick</span></td></tr>' in shown
    answer = Answer.of(named, named.compute(n=1))
    assert [(t.key, t.mark_word, [r.marked for r in t.rows]) for t in answer.tables] == [
        ("tries", "your pick", [False, True]), ("other", "", [True])]


def test_the_planner_a_hand_off_offers_comes_from_the_declaration() -> None:
    """A hand-off of a TN gets the planner's button beside it when the declaration names a planner,
    carrying only what the planner takes; without one, only the hand-off itself."""
    alone, planned = _fake(), _fake(planner="rk-attack")
    assert "cx-handoff" not in result_html(alone, alone.compute(n=1))
    shown = result_html(planned, planned.compute(n=1))
    buttons = re.findall(r'<button type="button" class="([^"]*)"[^>]*data-chain-calculator="([^"]*)"'
                         r'[^>]*data-chain-params="([^"]*)"', shown)
    assert [(kind.split()[0], cid, json.loads(html.unescape(params))) for kind, cid, params in buttons] == [
        ("cx-chain", "rk-check", {"raises": 1, "tn": 20}), ("cx-handoff", "rk-attack", {"tn": 20})]
    assert calc.CALCULATORS["rk-tn"].planner == "rk-attack"
    assert [c.id for c in calc.CALCULATORS.values() if c.planner] == ["rk-tn"]


def test_every_declared_mark_names_a_table_the_calculator_gives() -> None:
    """A `marked_rows` key that no result table has would never be said: each names a table of the
    calculator's result at its defaults."""
    for calculator in calc.CALCULATORS.values():
        if calculator.marked_rows:
            keys = {t["key"] for t in calc.evaluate(calculator.id, calculator.defaults()).get("tables", ())}
            assert {key for key, _ in calculator.marked_rows} <= keys, calculator.id


def test_the_answer_reads_every_part_of_a_result_once() -> None:
    """Answer.of turns the dict into typed parts the views read by attribute."""
    result = calc.evaluate("rk-tn", {"knack": 3, "raises": 2})
    answer = Answer.of(calc.CALCULATORS["rk-tn"], result)
    assert answer.values is result
    assert [(f.key, f.shown, f.value) for f in answer.figures][0] == ("tn", str(result["tn"]), result["tn"])
    assert [h.calculator for h in answer.handoffs] == ["rk-check", "rk-attack"]
    assert answer.table("breakdown").title == "How the TN is built"
    dice = Answer.of(calc.CALCULATORS["dice"], calc.evaluate("dice", {"expr": "2d6"}))
    assert dice.distribution is not None and len(dice.distribution.pmf) == 11 and dice.reading


def test_the_compare_view_writes_each_figure_as_the_single_view_does() -> None:
    """A's figure in compare mode is the single view's `<output>`, B's the same with `data-result-b`."""
    a, b = {"rolled": 6, "kept": 3, "tn": 25}, {"rolled": 7, "kept": 3, "tn": 25}
    single = result_html(calc.CALCULATORS["rk-check"], calc.evaluate("rk-check", a))
    paired = compare_reply("rk-check", {"a": a, "b": b})["html"]
    output = re.search(r'<output data-result="chance"[^<]*</output>', single).group(0)
    assert output in paired
    b_output = re.search(r'<output data-result-b="chance"[^<]*</output>', paired).group(0)
    assert b_output.replace("data-result-b=", "data-result=") == re.search(
        r'<output data-result="chance"[^<]*</output>',
        result_html(calc.CALCULATORS["rk-check"], calc.evaluate("rk-check", b))).group(0)


def test_the_page_script_reads_calcs_words_from_the_form_the_build_writes() -> None:
    """"the default settings", a label's trailing note and the ways to write a ticked box were typed in
    Python and again in JavaScript; now the build writes calc's own on each form and the scripts read them."""
    from calc.calculator import DEFAULT_SETTINGS
    from calc.params import TRAILING_NOTE, TRUE_WORDS, field_title
    from codex_view.render import widget_html

    calculator = calc.CALCULATORS["rk-check"]
    form = re.search(r'<form class="cx-form"[^>]*>', widget_html(calculator, calc.evaluate("rk-check", calculator.defaults())))
    said = {k: html.unescape(v) for k, v in re.findall(r' data-([\w-]+)="([^"]*)"', form.group(0))}
    assert said["default-words"] == DEFAULT_SETTINGS
    assert said["note-pattern"] == TRAILING_NOTE.pattern and field_title("Threshold for raises (%)") == "Threshold for raises"
    assert set(said["true-words"].split(" ")) == TRUE_WORDS
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in (VIEW.parent / "docs" / "assets" / "js").glob("*.js"))
    assert DEFAULT_SETTINGS not in scripts and r"\([^()]*\)" not in scripts
    assert not re.search(r"""\[\s*["'](true|1|yes|on)["']\s*,""", scripts)   # no list of them typed again
