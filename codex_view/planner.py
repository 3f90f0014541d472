"""The attack planner's place in the page: the hand-off into it, and its rows as a table for a rules page.

`rk-tn` hands its TN to the roll calculator (`rk-check`, its `chain`); the planner takes the
same TN, so wherever that hand-off is offered, a second button offers the planner too.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Mapping

from .format import figure
from .links import page_url

PLANNER = "rk-attack"


def handoffs_html(chain: Mapping[str, Any]) -> str:
    """The planner's hand-off button (`.cx-handoff`, handled like a `.cx-chain` by the page script)."""
    from calc.registry import get

    out = []
    for extra in handoffs(chain):
        target = get(extra["calculator"])
        out.append(
            f'<p class="cx-chain-row"><button type="button" class="cx-handoff md-button" '
            f'data-chain-calculator="{escape(target.id, quote=True)}" '
            f'data-chain-page="{escape(page_url(target.rule), quote=True)}" '
            f'data-chain-params="{escape(json.dumps(extra["params"], sort_keys=True), quote=True)}" '
            f'data-chain-arrived="{escape(extra["arrived"], quote=True)}">'
            f'{escape(extra["label"])}</button></p>'
        )
    return "".join(out)


def handoffs(chain: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The planner's button beside a hand-off of a TN to the roll calculator (none otherwise)."""
    params = chain.get("params") or {}
    if chain.get("calculator") != "rk-check" or "tn" not in params:
        return []
    tn = params["tn"]
    arrived = f"TN {tn} from the TN builder"
    if params.get("raises"):
        arrived += "; its raises are not carried over, as the planner weighs each number of raises in turn"
    return [{"calculator": PLANNER, "params": {"tn": tn}, "label": f"Plan an attack against TN {tn}",
             "arrived": arrived}]


_COLUMNS = (
    ("raises", "Raises", "integer"),
    ("target", "TN", "integer"),
    ("p_hit", "Hits", "percent"),
    ("p_defended", "Turned aside", "percent"),
    ("p_lands", "Lands", "percent"),
    ("expected_wounds", "Average wounds", "number"),
    ("p_wound", "At least one wound", "percent"),
)


def rows_table_html(result: Mapping[str, Any]) -> str:
    """The planner's rows as a plain table for a page (worked out at build time), the best row marked."""
    head = "".join(f'<th scope="col">{escape(label)}</th>' for _, label, _ in _COLUMNS)
    body = []
    for row in result["rows"]:
        best = row["raises"] == result["best"]
        cells = [escape(figure(row[key], kind)) for key, _, kind in _COLUMNS]
        if best:   # said in words too, not only by the row's colour and weight
            cells[0] += ' <span class="cx-mark-word">best</span>'
        tds = "".join(f"<td>{cell}</td>" for cell in cells)
        body.append(('<tr class="cx-row--mark">' if best else "<tr>") + f"{tds}</tr>")
    # a box of its own that scrolls sideways on a narrow screen, reachable by the keyboard;
    # the table's class keeps Material from wrapping it in a second, unfocusable scroll box
    label = f"Raises called for damage, {result['roll']} against TN {result['tn']}"
    return (
        f'<div class="cx-result-table cx-plan" data-table="plan" role="region" tabindex="0" '
        f'aria-label="{escape(label, quote=True)}"><table class="cx-plan__table"><thead><tr>{head}</tr></thead>'
        f'<tbody>{"".join(body)}</tbody></table></div>'
    )


def plan_html(result: Mapping[str, Any]) -> str:
    """A worked example on a page: the planner's one-sentence answer, then its rows."""
    return f'<p class="cx-verdict">{escape(result["verdict"])}</p>' + rows_table_html(result)
