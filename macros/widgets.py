"""Calculators placed in pages: the prerendered widget from the registry and `calc.evaluate`."""

from __future__ import annotations

from calc import CALCULATORS, evaluate
from calc.registry import get
from codex_view import planner, widget_html
from codex_view.format import figure

from .links import relative_href


def calculator_html(calculator_id: str, page_uri: str, *, link_rule: bool = True,
                    values: dict[str, object] | None = None) -> str:
    """A calculator with its result worked out now, at build time: for its defaults, or with some
    fields set otherwise for this page (`values`, e.g. the planner on the Social Attacks page)."""
    calculator = get(calculator_id)
    result = evaluate(calculator_id, dict(calculator.defaults(), **(values or {})))
    rule_href = relative_href(page_uri, calculator.rule) if link_rule else None
    return widget_html(calculator, result, values=values, rule_href=rule_href)


def attack_plan_html(params: dict[str, object]) -> str:
    """The planner's verdict and rows for `params` (over its defaults), for a worked example."""
    result = evaluate("rk-attack", dict(get("rk-attack").defaults(), **params))
    return planner.plan_html(result)


def calc_figure(calculator_id: str, key: str, kind: str, params: dict[str, object]) -> str:
    """One headline-style figure (`kind`: percent, number or integer) for `params` over the defaults."""
    result = evaluate(calculator_id, dict(get(calculator_id).defaults(), **params))
    if key not in result or result[key] is None:
        raise KeyError(f"{calculator_id} gives no figure {key!r} for {params!r}")
    return figure(result[key], kind)


def all_ids() -> list[str]:
    return list(CALCULATORS)
