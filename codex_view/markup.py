"""The small pieces of a calculator's markup, each written by one builder that the single and the
compare view both use: an attribute value, a figure with its raw value (`data-value`), a chart's
"At least / Exactly" toggle and a hand-off button.
"""

from __future__ import annotations

import json
from typing import Any

from .links import page_url
from calc.registry import get

from .answer import Handoff
from .escaping import escape


def attr(value: object) -> str:
    """`value` as text for an attribute between double quotes."""
    return escape(str(value), quote=True)


def raw(value: object) -> str:
    """A figure's raw value for `data-value`: a float in full (repr), nothing for None."""
    if value is None:
        return ""
    return repr(value) if isinstance(value, float) else str(value)


def data_value(value: object) -> str:
    """The attribute that carries a figure's raw value, read by the page and by tests."""
    return f'data-value="{attr(raw(value))}"'


def figure_output(key: str, value: Any, shown: str, *, side: str = "", stand_in: bool = False) -> str:
    """A headline figure: `[data-result="<key>"]` (B's in compare mode: `[data-result-b]`) holding the
    figure as shown and the raw number in `data-value`; the headline's words standing in for a figure
    the result lacks are marked as words (`cx-figure__words`), set as text rather than as a figure."""
    name = "data-result-b" if side == "b" else "data-result"
    words = ' class="cx-figure__words"' if stand_in else ""
    return f'<output{words} {name}="{attr(key)}" {data_value(value)}>{escape(shown)}</output>'


def chart_toggle(name: str, at_least: str, exactly: str) -> str:
    """A chart's two views (the chance of at least each total, of exactly each), a radio pair named
    `name` that shows one panel at a time without script, and the readout a tapped bar writes to."""
    return (
        f'<div class="cx-chart__toggle" role="radiogroup" aria-label="Chart view">'
        f'<input type="radio" name="{attr(name)}" id="{attr(name)}-atleast" class="cx-chart__atleast" checked>'
        f'<label for="{attr(name)}-atleast">At least</label>'
        f'<input type="radio" name="{attr(name)}" id="{attr(name)}-exactly" class="cx-chart__exactly">'
        f'<label for="{attr(name)}-exactly">Exactly</label>'
        f'<div class="cx-chart__panel cx-chart__panel--atleast">{at_least}</div>'
        f'<div class="cx-chart__panel cx-chart__panel--exactly">{exactly}</div></div>'
        f'<p class="cx-chart__readout" aria-live="polite">Hover over or tap a bar to read its value.</p>'
    )


def roll_button(roll: str) -> str:
    """A chart's Roll: draws a total from the answer's distribution (docs/assets/js/roll.js, loaded on
    its first tap). Written with the chart, in the built answer and in each live one, so it is in its
    place from the first paint and moves nothing; a page read without script never shows it. Its
    name says which roll it draws (`roll`, the draw's own label), as a popover's "Roll 6k3" does."""
    return f'<button type="button" class="cx-draw md-button" aria-label="Roll {attr(roll)}" title="Roll {attr(roll)}">Roll</button>'


def handoff_button(handoff: Handoff) -> str:
    """A button that carries values into another calculator, on this page or on its rule page: the
    result's own (`.cx-chain`) or the planner's beside it (`.cx-handoff`); the page script handles both."""
    target = get(handoff.calculator)
    kind = "cx-chain md-button md-button--primary" if handoff.primary else "cx-handoff md-button"
    return (
        f'<p class="cx-chain-row"><button type="button" class="{kind}" '
        f'data-chain-calculator="{attr(target.id)}" data-chain-page="{attr(page_url(target.rule))}" '
        f'data-chain-params="{attr(json.dumps(handoff.params, sort_keys=True))}" '
        f'data-chain-arrived="{attr(handoff.arrived)}">{escape(handoff.label)}</button></p>'
    )


__all__ = ["attr", "chart_toggle", "data_value", "figure_output", "handoff_button", "raw", "roll_button"]
