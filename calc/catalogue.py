"""Every calculator's declaration as plain data, for machines: `python -m calc --list` and the
site's `api/v1/calculators.json` (macros/api.py) both print `catalogue()`.

Nothing here is decided anew: each field's label, default, range, choices (under each rule set,
for a field whose options depend on the rules), when it applies and what replaces it are read
from its `Param`; the addresses come from `Question`, so a link a bot fills in from `link` is the
one the site writes for the same settings:

- `link.template` is the calculator's address with one `&<field>={<field>}` per field, in form
  order (`rk/basics/?calc=rk-check&rolled={rolled}&...#calc-rk-check`);
- fill each placeholder with the value as the form writes it (`params.canonical`: a yes/no as
  `true` or `false`), form-urlencoded (a space as `+`), and leave out the `&<field>={<field>}` of
  each field that is blank or does not apply (`applies_when`, `replaced_by`).
"""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import Calculator
from calc.hero import hero_fields
from calc.params import ChoiceParam, IntParam, Param, TextParam
from calc.question import Question, page_url
from calc.registry import CALCULATORS

def _choices(pairs: tuple[tuple[str, str], ...]) -> list[dict[str, str]]:
    return [{"value": value, "label": label} for value, label in pairs]


def _limits(p: Param) -> dict[str, Any]:
    """What the field takes: a range, a length, or its choices (under each value of the field they depend on)."""
    if isinstance(p, IntParam):
        return {"minimum": p.minimum, "maximum": p.maximum, "blank_allowed": p.optional}
    if isinstance(p, TextParam):
        return {"max_length": p.max_length}
    if isinstance(p, ChoiceParam):
        out: dict[str, Any] = {"choices": _choices(p.choices)}
        if p.filtered_by:
            out["offered_by"] = p.filtered_by
            out["offered"] = {value: _choices(p.options({p.filtered_by: value}))
                              for value in _deciding_values(p)}
        return out
    return {}


def _deciding_values(p: ChoiceParam) -> list[str]:
    """The values of the field the options depend on, as `offered` names them, in the order first met."""
    return list(dict.fromkeys(value for _, labels in p.offered for value, _ in labels))


def applies_when(p: Param) -> list[dict[str, list[str]]]:
    """When the field matters, one shape for every field: a list of conditions, one of which must
    hold, each naming fields and the values (as the form writes them) each must hold; [] is always."""
    when = p.when()
    return when if isinstance(when, list) else ([when] if when else [])


def field(calculator: Calculator, p: Param) -> dict[str, Any]:
    """One field as the form shows it: name, kind, label, help, default, what it takes, when it applies."""
    return {
        "name": p.name,
        "kind": p.kind,               # int, choice, bool or text
        "label": p.label,
        "help": p.help,
        "default": p.default,
        "allowed": p.allowed(),
        **_limits(p),
        "applies_when": applies_when(p),
        "replaced_by": list(p.replaced_by),
        "replaced_note": calculator.replaced_note(p),
        "more": p.more,
        # the hero value that fills it (calc/hero.py), on a calculator a hero can fill
        **({"hero": p.hero} if p.name in hero_fields(calculator) else {}),
    }


def link(calculator: Calculator) -> dict[str, str]:
    """The calculator's address with a placeholder per field, in the order `Question.query` writes them."""
    bare = Question.of(calculator.id)
    fields = "".join(f"&{p.name}={{{p.name}}}" for p in calculator.params)
    return {"template": f"{page_url(bare.page)}?{bare.query()}{fields}#{bare.fragment}"}


def entry(calculator: Calculator) -> dict[str, Any]:
    """One calculator: what it answers, where, its fields and headline figures, and its link."""
    defaults = Question.of(calculator.id, calculator.defaults())
    rule_page, _, rule_anchor = calculator.rule.partition("#")
    return {
        "id": calculator.id,
        "title": calculator.title,
        "summary": calculator.summary,
        "page": page_url(defaults.page),
        "rule": f"{page_url(rule_page)}#{rule_anchor}",
        "address": defaults.address(),
        "link": link(calculator),
        "fields": [field(calculator, p) for p in calculator.params],
        "headlines": [{"key": h.key, "label": h.label, "format": h.format} for h in calculator.headlines],
    }


def catalogue(calculators: Mapping[str, Calculator] = CALCULATORS) -> list[dict[str, Any]]:
    """Every calculator, in the registry's order."""
    return [entry(c) for c in calculators.values()]


__all__ = ["catalogue", "entry", "field", "link"]
