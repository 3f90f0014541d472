"""The attack planner's place in the page: the hand-off into it, and its rows as a table for a rules page.

`rk-tn` hands its TN to the roll calculator (`rk-check`, its `chain`); the planner takes the
same TN, so wherever that hand-off is offered, a second button offers the planner too.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from calc.registry import get

from .escaping import escape
from .links import page_url
from .tables import table_row

PLANNER = "rk-attack"


def handoffs_html(chain: Mapping[str, Any]) -> str:
    """The planner's hand-off button (`.cx-handoff`, handled like a `.cx-chain` by the page script)."""
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
    """The planner's button beside a hand-off of a TN to another calculator (none otherwise).

    It carries what the hand-off carries and the planner's declaration takes; the rest (the
    raises, which the planner weighs one by one) is said to stay behind.
    """
    if chain.get("calculator") == PLANNER:
        return []
    params = chain.get("params") or {}
    takes = {p.name for p in get(PLANNER).params}
    carried = {name: value for name, value in params.items() if name in takes}
    if "tn" not in carried:
        return []
    tn = carried["tn"]
    arrived = f"TN {tn} from the TN builder"
    if any(params[name] for name in params if name not in takes):
        arrived += "; its raises are not carried over, as the planner weighs each number of raises in turn"
    return [{"calculator": PLANNER, "params": carried, "label": f"Plan an attack against TN {tn}",
             "arrived": arrived}]


def _rows_table(result: Mapping[str, Any]) -> Mapping[str, Any]:
    """The planner's table of rows in its result (`tables`, key `rows`): columns and cells."""
    return next(t for t in result["tables"] if t.get("key") == "rows")


def rows_table_html(result: Mapping[str, Any]) -> str:
    """The planner's rows as a plain table for a page (worked out at build time), the best row marked."""
    table = _rows_table(result)
    kinds = [column.get("format", "text") for column in table["columns"]]
    head = "".join(f'<th scope="col">{escape(column["label"])}</th>' for column in table["columns"])
    body = []
    for row in table["rows"]:
        body.append(table_row(row, kinds, "best"))   # the best row said in words, not only by its colour
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
