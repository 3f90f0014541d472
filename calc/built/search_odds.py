"""Which typed rolls the search answers with an odds address: a question the build answered has one.

A roll typed into the search (calc/built/search_answers.py) opens its calculator; when the question
is built (calc/built/questions.py), the answer's link is the question's own odds address instead
(`q/rk-check/rolled-6_tn-25/`, calc/built/addresses.py), the same link Copy link and `python -m calc`
hand out for it. Each entry of the search's table gains `odds` when any value of its free number is
built: `path`, the address with `{n}` in the free number's place, `at`, the values it holds for, and
`paths`, the address of a built value the slot cannot write (a free number at its default, left out
of the address). Kept apart from search_answers, which the set of built questions reads.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from calc.built.addresses import odds_path
from calc.built.questions import built_questions
from calc.built.search_answers import KINDS, SLOT, Kind
from calc.question import Question
from calc.registry import parse_params


def _slotted(kind: Kind, built: dict[int, str]) -> dict[str, Any]:
    """`path` with the free number slotted, the values it writes (`at`), and the other addresses (`paths`)."""
    segment = kind.free.replace("_", ".")
    first, path = min(built.items())
    template = path.replace(f"{segment}-{first}/", f"{segment}-{SLOT}/").replace(f"{segment}-{first}_", f"{segment}-{SLOT}_")
    at = sorted(v for v, p in built.items() if template.replace(SLOT, str(v)) == p)
    return {"path": template, "at": at, "paths": {str(v): p for v, p in sorted(built.items()) if v not in at}}


def odds_by_entry(kind: Kind, entries: Mapping[str, Any], questions: Iterable[Question]) -> dict[str, dict[str, Any]]:
    """Each typed roll's built questions, by entry key: a built question of the kind's calculator is
    the search's question for its fixed fields and free number when both have one address."""
    field = kind.field()
    found: dict[str, dict[int, str]] = {}
    for question in questions:
        if question.calculator != kind.calculator:
            continue
        calculator = question.declaration
        values = parse_params(calculator, {**calculator.defaults(), **question.params()})
        settings = {name: values[name] for name in kind.fixed}
        value = values[kind.free]
        key = kind.key(settings)
        if key not in entries or not isinstance(value, int) or not field.minimum <= value <= field.maximum:
            continue
        path = odds_path(question)
        if odds_path(Question.of(kind.calculator, {**settings, kind.free: value})) == path:
            found.setdefault(key, {})[value] = path
    return {key: _slotted(kind, built) for key, built in found.items()}


def with_odds(table: dict[str, Any], questions: Iterable[Question] | None = None) -> dict[str, Any]:
    """The search's table (search_answers.table) with each entry's odds addresses (`questions`: the
    built questions, calc.built.questions by default)."""
    chosen = tuple(built_questions() if questions is None else questions)
    for kind in KINDS:
        for key, odds in odds_by_entry(kind, table["answers"], chosen).items():
            table["answers"][key]["odds"] = odds
    return table


__all__ = ["odds_by_entry", "with_odds"]
