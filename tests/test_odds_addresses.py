"""A built question's short address (calc/built/addresses.py): the settings that differ from the defaults."""

from __future__ import annotations

import pytest

import calc
from calc.built.addresses import odds_path, odds_slug
from calc.errors import InputError
from calc.question import Question


def test_an_address_names_the_settings_that_differ_from_the_defaults_in_form_order() -> None:
    assert odds_path(Question.of("rk-check", rolled=6, kept=3, tn=25)) == "q/rk-check/rolled-6_tn-25/"
    assert odds_path(Question.of("rk-check", tn=25, rolled=6)) == "q/rk-check/rolled-6_tn-25/"
    assert odds_path(Question.of("rk-check", rolled=6, kept=4, tn=25)) == "q/rk-check/rolled-6_kept-4_tn-25/"


def test_a_question_at_its_defaults_and_one_given_as_text_share_an_address() -> None:
    assert odds_slug(Question.of("rk-initiative")) == "defaults"
    given = {p.name: p.default for p in calc.CALCULATORS["rk-initiative"].params}
    assert odds_slug(Question.of("rk-initiative", given)) == "defaults"
    assert odds_slug(Question.of("sun-check", bonus=5, target=15)) == "bonus-5_target-15"   # required: named at defaults
    assert odds_slug(Question.from_query("calc=rk-check&rolled=6&tn=25&utm=x")) == "rolled-6_tn-25"


def test_characters_a_path_may_not_hold_are_written_as_hex() -> None:
    slug = odds_slug(Question.of("dice", expr="3d6+5", target=-2))
    assert slug == "expr-3d6x2b5_target-x2d2"
    assert set(slug) <= set("abcdefghijklmnopqrstuvwxyz0123456789.-_")


@pytest.mark.parametrize("cid", ["rk-check", "sun-check", "pool-check"])
def test_two_questions_that_differ_have_two_addresses(cid: str) -> None:
    declaration = calc.CALCULATORS[cid]
    base = {p.name: p.default for p in declaration.params if p.default is not None}
    if cid == "rk-check":
        base["tn"] = 20
    seen: dict[str, dict] = {}
    for p in declaration.params:
        for value in ([v for v, _ in getattr(p, "choices", ())] or
                      [x for x in (getattr(p, "minimum", None), getattr(p, "maximum", None)) if x is not None]):
            settings = {**base, p.name: value}
            try:
                answer = calc.evaluate(cid, settings)
            except InputError:
                continue
            path = odds_path(Question.of(cid, settings))
            if path in seen:
                assert calc.evaluate(cid, seen[path]) == answer, (path, settings, seen[path])
            seen[path] = settings
    assert len(seen) > 3


def test_a_bad_question_has_no_address() -> None:
    with pytest.raises(InputError):
        odds_path(Question.of("rk-check", rolled=6, kept=3))
