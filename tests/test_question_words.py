"""The words match the answer (issue 49, item 1): any two settings whose answers differ are asked in
different words, over every calculator and each rule set it offers.

The states are the field walk's (tests/declaration_states.py: the defaults under each rule set, the
settings that make each field apply, seeded random draws), with every field of the defaults moved
one step as well. Each state's question (`calc.in_words.question_text`, what Copy as text, compare
and the command line print) is worked out once; states that share a question must share an answer.
The answer is the result's figures, tables and distribution: its `notes` explain how it was reached
(a roll typed 3k5 is read as 3k3, R-0050) and are said apart, as its readings (item 2).
The test prints how many pairs of states it compared.
"""

from __future__ import annotations

from typing import Any, Mapping

import pytest

import calc
from calc.calculator import Calculator
from calc.errors import InputError
from calc.in_words import question_text
from tests.declaration_states import answer, rule_sets, states
from tests.param_values import near

EXPLAINING = frozenset({"notes"})   # what a result says about how it was reached, not what it is


def _figures(result: Mapping[str, Any]) -> str:
    return repr(sorted((k, v) for k, v in result.items() if k not in EXPLAINING))


def _one_step(calculator: Calculator) -> list[dict[str, Any]]:
    """Each field of the defaults (under each rule set) moved to each value it takes there."""
    out = []
    for base in rule_sets(calculator):
        for param in calculator.params:
            out += [{**base, param.name: v} for v in near(param, base) if v != base.get(param.name)]
    return out


def asked(calculator: Calculator) -> dict[str, list[tuple[dict[str, Any], str]]]:
    """Each question in words -> the states asked in those words, with their answers' figures."""
    by_words: dict[str, list[tuple[dict[str, Any], str]]] = {}
    for state in (*states(calculator), *_one_step(calculator)):
        try:
            result = answer(calculator, state)
        except InputError:
            continue   # a refused state has no answer to tell apart
        by_words.setdefault(question_text(calculator, state, result), []).append((state, _figures(result)))
    return by_words


PAIRS: dict[str, int] = {}


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_settings_whose_answers_differ_are_asked_in_different_words(cid: str) -> None:
    calculator = calc.CALCULATORS[cid]
    by_words = asked(calculator)
    count = sum(len(group) for group in by_words.values())
    pairs = count * (count - 1) // 2
    PAIRS[cid] = pairs
    print(f"\n{cid}: {pairs} pairs of {count} states, {len(by_words)} questions in words")
    found = []
    for words, group in by_words.items():
        first_state, first = group[0]
        for state, figures in group[1:]:
            if figures != first:
                diff = {k: (first_state.get(k), v) for k, v in state.items() if first_state.get(k) != v}
                found.append(f"{cid}: {words!r} asks both {diff} (first, second)")
                break
    assert found == [], "\n".join(found[:20])


def test_every_calculator_was_walked() -> None:
    """The pairs compared in all (printed with `pytest -s` when every calculator ran in this worker)."""
    if len(PAIRS) == len(calc.CALCULATORS):
        print(f"\nquestion words: {sum(PAIRS.values())} pairs of states over {len(PAIRS)} calculators")
        assert all(PAIRS.values())
