"""A question as one value (calc/question.py): what every hand-off writes into a calculator's address."""

from __future__ import annotations

import pytest

from calc import CALCULATORS, InputError, Question
from calc.params import canonical


def test_a_question_names_its_calculator_then_the_fields_that_apply_in_form_order():
    question = Question.of("rk-wounds", weapon="custom", rules="house", damage_kept=3, damage_rolled=3, thrown=False)
    # `thrown` applies only to a weapon that can be thrown: a link leaves it out, as the page does
    assert question.query() == "calc=rk-wounds&rules=house&weapon=custom&damage_rolled=3&damage_kept=3"
    assert question.address() == f"rk/damage/?{question.query()}#calc-rk-wounds"


def test_a_blank_setting_is_left_out_and_a_yes_or_no_is_written_as_the_form_writes_it():
    question = Question.of("rk-check", rolled=7, kept=5, tn=30, stat=None, explode=False)
    assert "stat=" not in question.query()
    assert "explode=false" in question.query()


@pytest.mark.parametrize("calculator_id", sorted(CALCULATORS))
def test_a_link_read_back_asks_the_same_question(calculator_id):
    calculator = CALCULATORS[calculator_id]
    asked = Question.of(calculator_id, calculator.defaults())
    again = Question.from_query("?" + asked.query() + "&h=odds&utm_source=forum&b.rules=house")
    assert again.pairs() == asked.pairs()
    assert again.answer() == asked.answer()
    assert dict(asked.pairs()) == {p.name: canonical(p.default) for p in calculator.applicable(calculator.defaults())
                                   if canonical(p.default) != ""}


def test_a_question_to_no_calculator_is_refused_naming_the_calculator():
    with pytest.raises(InputError) as refused:
        Question.from_query("calc=&rolled=7")
    assert refused.value.field == "calculator"
    with pytest.raises(InputError):
        Question.of("rk-nothing")
