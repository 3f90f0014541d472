"""One way to draw a field's values in tests, by its kind: every test that tries fields asks here.

A field is a whole number, a choice, a yes/no or a text (calc/params.py); `kind` is the one place a
test tells them apart. The draws: `ends` (each end of a range, every choice, the other yes/no),
`others` (every value but the default, for the fields a reader picks from), `near` (a spread the
field walk tries, never the costly top of a range), `bad` (values the field must refuse), `drawn`
(one at random, as a link writes it) and `strategy` (Hypothesis).
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from calc.params import BoolParam, ChoiceParam, IntParam, Param, TextParam

KINDS: dict[type, str] = {IntParam: "int", ChoiceParam: "choice", BoolParam: "bool", TextParam: "text"}
EXPRESSIONS = ("3d6", "2d6+1", "4d6dl1")   # texts tried in a dice expression field


def kind(param: Param) -> str:
    """"int", "choice", "bool" or "text"."""
    return KINDS[type(param)]


def ends(param: Param, *, blank: bool = False, texts: tuple[str, ...] = ("4d10kh2 + 1d6",)) -> list[Any]:
    """Each end of a whole number's range (and blank, with `blank`, where it may be), every choice,
    the yes/no the default is not, or `texts` for a text field."""
    match kind(param):
        case "int":
            return [param.minimum, param.maximum] + ([None] if blank and param.optional else [])
        case "choice":
            return [value for value, _ in param.choices]
        case "bool":
            return [not param.default]
        case _:
            return list(texts)


def others(param: Param) -> list[Any]:
    """Every choice but the default, or the other yes/no; nothing for a number or a text."""
    match kind(param):
        case "choice":
            return [value for value, _ in param.choices if value != param.default]
        case "bool":
            return [not param.default]
        case _:
            return []


def near(param: Param, state: Mapping[str, Any], *, hidden: bool = False, steps: tuple[int, ...] = (0, 1, 3, 5, -1),
         bottom: tuple[int, ...] = (0, 1), clamp: bool = False, texts: Mapping[str, tuple[str, ...]] | None = None) -> list[Any]:
    """The values the field walk tries under `state`: each choice offered (every choice, for a
    `hidden` field: a link may leave one its rules do not offer), yes and no, whole numbers `bottom`
    above the range's bottom and `steps` from the default (those off the range left out, or brought
    to its ends with `clamp`), blank too where it may be, or a few dice expressions."""
    match kind(param):
        case "choice":
            return [v for v, _ in (param.choices if hidden else param.options(state))]
        case "bool":
            return [False, True]
        case "int":
            base = param.default if param.default is not None else param.minimum
            wanted = {param.minimum + step for step in bottom} | {base + step for step in steps}
            if clamp:
                wanted = {min(param.maximum, max(param.minimum, v)) for v in wanted}
            values = sorted(v for v in wanted if param.minimum <= v <= param.maximum)
            return values + ([None] if param.optional else [])
        case _:
            return list((texts if texts is not None else {"expr": EXPRESSIONS}).get(param.name, (param.default,)))


def bad(param: Param) -> list[Any]:
    """Values the field must refuse, each with a message naming it."""
    match kind(param):
        case "int":
            return [param.minimum - 1, param.maximum + 1, "abc", 2.5, True]
        case "choice":
            return ["no-such-choice", 3]
        case "bool":
            return ["maybe", 2]
        case _:
            return ["x" * (param.max_length + 1), "3d6\x00", 7]


def drawn(param: Param, rng: random.Random, *, texts: tuple[str, ...] = EXPRESSIONS, widest: int = 20) -> Any:
    """One value at random, as a link writes it (a yes/no as "true"/"false"); a whole number from
    the bottom of its range up to `widest` above it."""
    match kind(param):
        case "int":
            return rng.randint(param.minimum, min(param.maximum, param.minimum + widest))
        case "choice":
            return rng.choice(param.choices)[0]
        case "bool":
            return rng.choice(["true", "false"])
        case _:
            return rng.choice(texts)


def strategy(param: Param, *, text: Any = None) -> Any:
    """A Hypothesis strategy over the field's values (blank too where it may be); `text` for a text field."""
    from hypothesis import strategies as st

    match kind(param):
        case "int":
            ints = st.integers(param.minimum, param.maximum)
            return st.one_of(st.none(), ints) if param.optional else ints
        case "choice":
            return st.sampled_from([value for value, _ in param.choices])
        case "bool":
            return st.booleans()
        case _:
            return text if text is not None else st.just(param.default)
