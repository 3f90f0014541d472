"""Properties of every calculator in the registry, checked by hypothesis, and fuzzing of the ways in.

Every test here iterates `calc.CALCULATORS`, so a calculator added later is covered without a
change. Runs are deterministic (derandomize, no example database) and quick; each test records
how many inputs it tried in `TRIED` and prints the count (see it with `pytest -s`).

Properties:
- every probability a calculator reports (percent headlines, degrees, percent table cells,
  distributions) lies in [0, 1]; distributions and degree bands sum to 1 (within 1e-12 where an
  explosion is truncated);
- the declared monotone relations hold: a higher target or TN never raises the chance; more
  dice, more kept dice or a higher bonus never lower it (`MONOTONE`);
- whatever arrives (text, huge or non-ASCII numbers, NaN, lists, None), only `InputError`
  escapes `calc.evaluate`.

How long the costliest inputs take is measured by `make bench` (scripts/worst_cases.py), not here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
import math
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

import calc
from calc import InputError
from calc.calculator import Calculator
from calc.params import Param
from scripts.worst_cases import near_cap_expressions
from tests.param_values import kind, strategy

SETTINGS = dict(
    derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
TRIED: dict[str, int] = {}
# `make test-fast` draws a quarter of the inputs (CODEX_PROPERTY_SCALE=0.25); `make test` all of them
SCALE = float(os.environ.get("CODEX_PROPERTY_SCALE", "1"))


def examples(full: int) -> int:
    return max(20, round(full * SCALE))
IDS = sorted(calc.CALCULATORS)
EPS = 1e-12


def record(name: str) -> None:
    TRIED[name] = TRIED.get(name, 0) + 1


def report(name: str, at_least: int) -> None:
    print(f"\n{name}: {TRIED.get(name, 0)} inputs tried")
    assert TRIED.get(name, 0) >= at_least


def answer(cid: object, params: object) -> dict[str, Any] | None:
    """Evaluate; only InputError may escape (it is swallowed here and gives None)."""
    try:
        return calc.evaluate(cid, params)  # type: ignore[arg-type]
    except InputError as error:
        assert isinstance(error.field, str) and error.field
        assert isinstance(error.message, str) and error.message
        return None


# -- strategies -------------------------------------------------------------------------------

SIDES = st.one_of(st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100]), st.integers(2, 100))


@st.composite
def dice_term(draw: st.DrawFn, max_dice: int = 12) -> str:
    kind = draw(st.sampled_from(["constant", "sum", "keep", "count", "rollkeep"]))
    if kind == "constant":
        return str(draw(st.integers(0, 50)))
    n = draw(st.integers(1, max_dice))
    if kind == "rollkeep":
        return f"{n}k{draw(st.integers(1, n))}"
    sides = draw(SIDES)
    head = ("" if n == 1 and draw(st.booleans()) else str(n)) + f"d{sides}" + ("!" if draw(st.booleans()) else "")
    if kind == "keep":
        return head + draw(st.sampled_from(["k", "kh", "kl"])) + str(draw(st.integers(1, n)))
    if kind == "count":
        return head + draw(st.sampled_from([">=", ">", "<=", "<", "="])) + str(draw(st.integers(0, sides + 1)))
    return head


@st.composite
def expressions(draw: st.DrawFn, max_terms: int = 4, max_dice: int = 12) -> str:
    terms = draw(st.lists(dice_term(max_dice), min_size=1, max_size=max_terms))
    out = draw(st.sampled_from(["", "-", "+"])) + terms[0]
    for t in terms[1:]:
        out += draw(st.sampled_from(["+", "-", " + ", " - "])) + t
    return out


def values_for(p: Param) -> st.SearchStrategy[Any]:
    return strategy(p, text=expressions() if p.name == "expr" else None)


def params_for(c: Calculator) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {p.name: values_for(p) for p in c.params if p.required},
        optional={p.name: values_for(p) for p in c.params if not p.required},
    )


# -- well-formed results ------------------------------------------------------------------------

# Figures that are probabilities beyond the percent headlines, and sets of them that add up to 1.
PROBABILITY_KEYS = {"chance", "a_wins", "tie", "b_wins", "negative", "a_first", "b_first", "undecided",
                    "a_higher", "b_higher", "p_wound", "p_any_fall", "stay"}
PARTITIONS: dict[str, list[tuple[str, ...]]] = {
    "sun-initiative": [("a_first", "b_first", "undecided"), ("a_higher", "tie", "b_higher")],
    "pool-check": [("a_wins", "tie", "b_wins")],
}


def is_probability(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0


def check_result(c: Calculator, result: Mapping[str, Any]) -> None:
    keys = PROBABILITY_KEYS | {h.key for h in c.headlines if h.format == "percent"}
    for key in keys:
        if result.get(key) is not None:
            assert is_probability(result[key]), (key, result[key])
    for h in c.headlines:
        if result.get(h.key) is not None:
            assert isinstance(result[h.key], (int, float)) and math.isfinite(result[h.key]), h.key
    if result.get("distribution"):
        pmf = result["distribution"]
        assert all(is_probability(p) for _, p in pmf)
        assert [x for x, _ in pmf] == sorted({x for x, _ in pmf})
        assert abs(sum(p for _, p in pmf) - 1.0) <= EPS
        if "mean" in result and result["mean"] is not None:
            assert abs(sum(x * p for x, p in pmf) - result["mean"]) <= 1e-9 * max(1.0, abs(result["mean"]))
    if result.get("degrees"):
        bands = [d["probability"] for d in result["degrees"]]
        assert all(is_probability(p) for p in bands)
        assert abs(sum(bands) - 1.0) <= EPS
    for table in result.get("tables") or ():
        kinds = [col.get("format", "text") for col in table["columns"]]
        for row in table["rows"]:
            for value, kind in zip(row["cells"], kinds):
                if kind == "percent" and value is not None:
                    assert is_probability(value), (table["key"], value)
    for group in PARTITIONS.get(c.id, ()):
        values = [result.get(k) for k in group]
        if all(v is not None for v in values):
            assert abs(sum(values) - 1.0) <= EPS, group
    assert all(isinstance(n, str) for n in result.get("notes", ()))


@pytest.mark.parametrize("cid", IDS)
def test_results_are_well_formed(cid: str) -> None:
    c = calc.CALCULATORS[cid]
    name = f"well-formed {cid}"

    @settings(max_examples=examples(300), **SETTINGS)
    @given(params_for(c))
    def run(params: dict[str, Any]) -> None:
        result = answer(cid, params)
        record(name)
        if result is not None:
            check_result(c, result)

    run()
    report(name, examples(300))


# -- monotone relations -----------------------------------------------------------------------

Direction = int | Callable[[Mapping[str, Any]], int]
# calculator id -> (parameter raised by one, result key, +1 never lowers it / -1 never raises it)
MONOTONE: dict[str, list[tuple[str, str, Direction]]] = {
    "sun-check": [("target", "chance", -1), ("bonus", "chance", +1)],
    "sun-initiative": [("a", "a_first", +1), ("b", "a_first", -1), ("a", "a_higher", +1), ("b", "b_higher", +1),
                       ("a_agility", "a_first", +1)],
    "pool-check": [("need", "chance", -1), ("dice", "chance", +1), ("black", "chance", -1),
                   ("opp_dice", "chance", -1), ("opp_black", "chance", +1),
                   ("extra_actions", "chance", lambda p: +1 if p.get("mode") == "opposed" else -1)],
    "dice": [("target", "chance", -1)],
    "rk-check": [("tn", "chance", -1), ("rolled", "chance", +1), ("kept", "chance", +1), ("raises", "chance", -1)],
    "rk-horse-fall": [("wounds", "chance", +1), ("rolled", "chance", -1), ("kept", "chance", -1)],
    "rk-wounds": [("flesh_wounds", "p_wound", +1), ("damage", "p_wound", +1)],
}
GENERIC = [("target", "chance", -1), ("tn", "chance", -1)]  # for calculators not listed above


def relations(c: Calculator) -> list[tuple[str, str, Direction]]:
    names = {p.name for p in c.params if kind(p) == "int"}
    return [r for r in MONOTONE.get(c.id, GENERIC) if r[0] in names]


MONOTONE_CASES = [(cid, r) for cid in IDS for r in relations(calc.CALCULATORS[cid])]


@pytest.mark.parametrize("cid, relation", MONOTONE_CASES, ids=[f"{cid}-{r[0]}-{r[1]}" for cid, r in MONOTONE_CASES])
def test_monotone(cid: str, relation: tuple[str, str, Direction]) -> None:
    c = calc.CALCULATORS[cid]
    param, key, direction = relation
    spec = next(p for p in c.params if p.name == param)
    assert kind(spec) == "int"
    name = f"monotone {cid} {param}->{key}"

    @settings(max_examples=examples(120), **SETTINGS)
    @given(params_for(c), st.integers(spec.minimum, spec.maximum - 1))
    def run(params: dict[str, Any], value: int) -> None:
        low = dict(params, **{param: value})
        high = dict(params, **{param: value + 1})
        a, b = answer(cid, low), answer(cid, high)
        record(name)
        if a is None or b is None or a.get(key) is None or b.get(key) is None:
            return
        sign = direction(low) if callable(direction) else direction
        if sign > 0:
            assert b[key] >= a[key] - EPS, (low, a[key], b[key])
        else:
            assert b[key] <= a[key] + EPS, (low, a[key], b[key])

    run()
    report(name, examples(100))


@st.composite
def keep_cases(draw: st.DrawFn) -> tuple[str, str, str, int]:
    """(fewer, more kept, more rolled, target) for a keep-highest expression."""
    sides = draw(st.sampled_from([2, 4, 6, 10, 20]))
    n = draw(st.integers(1, 10))
    k = draw(st.integers(1, n))
    bang = "!" if draw(st.booleans()) else ""
    if draw(st.booleans()):
        return f"{n}k{k}", f"{n}k{min(n, k + 1)}", f"{n + 1}k{k}", draw(st.integers(1, 80))
    base = f"d{sides}{bang}"
    return f"{n}{base}kh{k}", f"{n}{base}kh{min(n, k + 1)}", f"{n + 1}{base}kh{k}", draw(st.integers(1, 12 * sides))


def test_keeping_or_rolling_more_never_lowers_the_chance() -> None:
    name = "keep more / roll more"

    @settings(max_examples=examples(300), **SETTINGS)
    @given(keep_cases(), st.sampled_from(["", "+3", "-2", "+1d4"]))
    def run(case: tuple[str, str, str, int], extra: str) -> None:
        fewer, more_kept, more_rolled, target = case
        chances = []
        for expr in (fewer, more_kept, more_rolled):
            result = answer("dice", {"expr": expr + extra, "target": target})
            record(name)
            assert result is not None, expr
            chances.append(result["chance"])
        assert chances[1] >= chances[0] - EPS and chances[2] >= chances[0] - EPS, (case, chances)

    run()
    report(name, examples(900))


# -- fuzzing: nothing but InputError, nothing slow ------------------------------------------------

NON_ASCII_DIGITS = ["٣", "٣٤", "３", "१०", "৫", "𝟓", "²", "½", "Ⅻ", "\u0663\u0665"]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**9, -(10**9), 10**100, 2**63, -(2**63), 0, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["NaN", "nan", "inf", "-inf", "Infinity", "1e3", "0x10", "1_000", " 5 ", "+5", "-0", "", " ",
                     "5.0", "1e400", "９", "10**9", "1000000000", "99999999999999999999"]),
    st.sampled_from(NON_ASCII_DIGITS),
    st.text(max_size=30),
    st.text(alphabet="0123456789+-dDkKhHlL!<>= ", max_size=40),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.fractions(),
    st.complex_numbers(allow_nan=True),
)


@pytest.mark.parametrize("cid", IDS)
def test_evaluate_fuzz_only_input_error(cid: str) -> None:
    c = calc.CALCULATORS[cid]
    names = [p.name for p in c.params]
    name = f"fuzz evaluate {cid}"

    # Keys are never the empty string here: tests/test_bad_input.py checks that case on its own.
    @settings(max_examples=examples(400), **SETTINGS)
    @given(
        st.dictionaries(st.one_of(st.sampled_from(names), st.text(min_size=1, max_size=12), st.integers()), JUNK,
                        max_size=len(names) + 2),
        params_for(c),
        st.booleans(),
    )
    def run(junk: dict[Any, Any], valid: dict[str, Any], mix: bool) -> None:
        params = dict(valid, **{k: v for k, v in junk.items() if isinstance(k, str)}) if mix else junk
        answer(cid, params)
        record(name)

    run()
    report(name, examples(400))


def test_fuzz_calculator_ids_and_params() -> None:
    name = "fuzz ids"

    @settings(max_examples=examples(300), **SETTINGS)
    @given(st.one_of(st.sampled_from(IDS), JUNK), st.one_of(JUNK, st.dictionaries(st.text(min_size=1, max_size=5), JUNK, max_size=3)))
    def run(cid: object, params: object) -> None:
        answer(cid, params)
        record(name)

    run()
    report(name, examples(300))


GRAMMAR_ALPHABET = "0123456789dDkKhHlL!<>=+- \t"


def parse_and_evaluate(expr: str, target: object) -> None:
    answer("dice", {"expr": expr, "target": target})
    record("fuzz notation")


def test_notation_fuzz_only_input_error() -> None:
    @settings(max_examples=examples(500), **SETTINGS)
    @given(
        st.one_of(
            st.text(max_size=90),
            st.text(alphabet=GRAMMAR_ALPHABET, max_size=90),
            st.text(alphabet=GRAMMAR_ALPHABET + "".join(NON_ASCII_DIGITS) + "()*/.,xX%eE\u00a0\u200b", max_size=40),
            expressions(max_terms=8, max_dice=60),
        ),
        st.one_of(st.none(), st.integers(-(10**6), 10**6), JUNK),
    )
    def run(expr: str, target: object) -> None:
        parse_and_evaluate(expr, target)

    run()
    report("fuzz notation", examples(500))


def test_expressions_near_the_caps_answer_or_refuse() -> None:
    """The costly shapes `make bench` times: each is answered, or refused with an InputError."""
    expressions = near_cap_expressions(examples(200))
    for expr in expressions:
        answer("dice", {"expr": expr, "target": 10})
    assert len(set(expressions)) > 0.75 * len(expressions)
