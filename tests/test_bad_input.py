"""Bad input, table-driven over every parameter of every calculator in `calc.CALCULATORS`.

The table below is applied to each parameter whose kind it fits, starting from the
calculator's (valid) defaults, so a calculator added to the registry later is covered at once.
Each bad value must raise `InputError` whose `field` is the parameter and whose message names it
by its on-screen label.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import calc
from calc import InputError
from calc.params import Param
from tests.param_values import kind

Applies = Callable[[Param], bool]


def _any(p: Param) -> bool:
    return True


def _not_int(p: Param) -> bool:
    return kind(p) != "int"


def _not_bool(p: Param) -> bool:
    return kind(p) != "bool"


def _int(p: Param) -> bool:
    return kind(p) == "int"


def _blank_is_an_error(p: Param) -> bool:
    """Blank is refused by a required field and by any whole-number field that is not optional."""
    if kind(p) == "int":
        return not p.optional
    return p.required


def _text(p: Param) -> bool:
    return kind(p) == "text"


def _choice_or_bool(p: Param) -> bool:
    return kind(p) in ("choice", "bool")


# (label, value or function of the parameter, which parameters it is bad for)
BAD: list[tuple[str, Any, Applies]] = [
    ("list", [], _any),
    ("list-of-number", [3], _any),
    ("dict", {"value": 3}, _any),
    ("bytes", b"3", _any),
    ("object", object(), _any),
    ("float-nan", float("nan"), _any),
    ("float-inf", float("inf"), _any),
    ("float-minus-inf", float("-inf"), _any),
    ("float-fraction", 2.5, _any),
    ("bool", True, _not_bool),
    ("number", 3, _not_int),
    ("text-NaN", "NaN", _any),
    ("text-nan", "nan", _any),
    ("text-inf", "inf", _any),
    ("text-minus-inf", "-inf", _any),
    ("text-Infinity", "Infinity", _any),
    ("arabic-indic-digit", "٣", _any),
    ("arabic-indic-digits", "٣٤", _any),
    ("fullwidth-digit", "３", _any),
    ("devanagari-digits", "१०", _any),
    ("superscript-two", "²", _any),
    ("empty", "", _blank_is_an_error),
    ("spaces", "   ", lambda p: _blank_is_an_error(p) or _choice_or_bool(p)),
    ("none", None, _blank_is_an_error),
    ("below-minimum", lambda p: p.minimum - 1, _int),
    ("minus-huge", -(10**9), _int),
    ("huge", 10**9, lambda p: _int(p) or _text(p)),
    ("huge-text", "1000000000", _int),
    ("huger", 10**100, lambda p: _int(p) or _text(p)),
    # past the 4,300 digits Python will turn into text: the message must not try to write it out
    ("beyond-text-limit", 10**5000, _any),
    ("minus-beyond-text-limit", -(10**5000), _any),
    ("above-maximum", lambda p: p.maximum + 1, _int),
    ("above-maximum-text", lambda p: str(p.maximum + 1), _int),
    ("exponent", "1e3", _int),
    ("hex", "0x10", _int),
    ("decimal-text", "5.5", _int),
    ("underscore", "1_0", _int),
    ("two-numbers", "1 2", _int),
    ("not-a-choice", "sideways", _choice_or_bool),
    ("choice-case", lambda p: p.choices[0][0].upper() + "X", lambda p: kind(p) == "choice"),
    ("maybe", "maybe", _choice_or_bool),
    ("two", 2, lambda p: kind(p) == "bool"),
    ("too-long", lambda p: "1" * (p.max_length + 1), _text),
    ("control-character", "3d6\x00", _text),
    ("newline", "3d6\n+2", _text),
]

CASES = [
    pytest.param(cid, p.name, value(p) if callable(value) else value, id=f"{cid}-{p.name}-{label}")
    for cid, c in sorted(calc.CALCULATORS.items())
    for p in c.params
    for label, value, applies in BAD
    if applies(p)
]


def test_defaults_are_valid() -> None:
    for cid, c in calc.CALCULATORS.items():
        calc.evaluate(cid, c.defaults())


def test_every_parameter_is_covered() -> None:
    covered = {(case.values[0], case.values[1]) for case in CASES}
    every = {(cid, p.name) for cid, c in calc.CALCULATORS.items() for p in c.params}
    assert covered == every
    assert len(CASES) >= 10 * len(every)


def _refusal(cid: str, name: str, value: Any) -> str | None:
    """What is wrong with how calc refuses `value` in the field `name` (None: refused, naming the field
    and by the label the reader sees, not by its name)."""
    params = dict(calc.CALCULATORS[cid].defaults(), **{name: value})
    try:
        calc.evaluate(cid, params)
    except InputError as caught:
        if caught.field != name:
            return f"refused as field {caught.field!r}"
        if _title(cid, name) not in caught.message:
            return f"the message does not name {_title(cid, name)!r}: {caught.message!r}"
        return None
    return "accepted"


# one test a field, its bad values in a loop (thousands of tests of a millisecond each would cost the
# test runner more than their own time)
FIELDS = sorted({(case.values[0], case.values[1]) for case in CASES})


@pytest.mark.parametrize("cid, name", FIELDS, ids=[f"{cid}-{name}" for cid, name in FIELDS])
def test_bad_value_names_the_field(cid: str, name: str) -> None:
    cases = [case for case in CASES if case.values[:2] == (cid, name)]
    wrong = {case.id: found for case in cases if (found := _refusal(cid, name, case.values[2]))}
    assert cases and wrong == {}


@pytest.mark.parametrize("value, shown", [
    (10**5000, "got a whole number of more than 21 digits."),
    (2**72, "got a whole number of more than 21 digits."),   # 22 digits, the shortest so named
    (2**72 - 1, "got 4722366482869645213695."),               # 72 bits: written out
    (41, "got 41."),
], ids=["5001-digits", "2-to-the-72", "just-under", "small"])
def test_a_long_whole_number_is_named_by_its_length(value: int, shown: str) -> None:
    """Python callers: an integer too long to write out is refused by its length, not by a ValueError."""
    with pytest.raises(InputError) as caught:
        calc.evaluate("sun-check", {"bonus": value, "target": 15})
    assert caught.value.field == "bonus" and caught.value.message.endswith(shown)
    assert len(str(2**72)) == 22


def _title(cid: str, name: str) -> str:
    return next(p.title for p in calc.CALCULATORS[cid].params if p.name == name)


REQUIRED = [
    pytest.param(cid, p.name, id=f"{cid}-{p.name}")
    for cid, c in sorted(calc.CALCULATORS.items())
    for p in c.params
    if p.required
]


@pytest.mark.parametrize("cid, name", REQUIRED)
def test_missing_required_param_names_the_field(cid: str, name: str) -> None:
    params = calc.CALCULATORS[cid].defaults()
    del params[name]
    with pytest.raises(InputError) as caught:
        calc.evaluate(cid, params)
    assert caught.value.field == name and _title(cid, name) in caught.value.message


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
@pytest.mark.parametrize("extra", ["colour", "Target", "expr ", "__class__", "٣", "x" * 40])
def test_unknown_param_is_refused(cid: str, extra: str) -> None:
    c = calc.CALCULATORS[cid]
    if extra in {p.name for p in c.params}:
        pytest.skip("a real parameter of this calculator")
    params = dict(c.defaults(), **{extra: "1"})
    with pytest.raises(InputError) as caught:
        calc.evaluate(cid, params)
    field = caught.value.field
    assert field in (extra, "(unknown)")
    assert field in caught.value.message


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
@pytest.mark.parametrize("key", ["", 3, None, ("a",)])
def test_unnamed_or_non_text_keys_are_refused(cid: str, key: object) -> None:
    params: dict[object, object] = dict(calc.CALCULATORS[cid].defaults())
    params[key] = "1"
    with pytest.raises(InputError) as caught:
        calc.evaluate(cid, params)  # type: ignore[arg-type]
    assert caught.value.field == "(unknown)"
    assert caught.value.field in caught.value.message


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
@pytest.mark.parametrize("params", [None, [], "bonus=5", 5, [("bonus", 5)]])
def test_params_not_a_mapping(cid: str, params: object) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate(cid, params)  # type: ignore[arg-type]
    assert caught.value.field == "params"


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_too_many_params(cid: str) -> None:
    params = {f"p{i}": i for i in range(100)}
    with pytest.raises(InputError) as caught:
        calc.evaluate(cid, params)
    assert caught.value.field == "params"


@pytest.mark.parametrize("cid", [None, "", "SUN-CHECK", "sun-check ", 3, ["dice"], "٣"])
def test_unknown_calculator(cid: object) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate(cid, {})  # type: ignore[arg-type]
    assert caught.value.field == "calculator"
