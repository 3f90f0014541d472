"""The attack planner's rows as a table for a rules page (a worked example, built with the site).

The planner's hand-off button beside another calculator's is the declaration's `planner`
(codex_view.answer); here is only its table on a page, the best row marked as in the calculator.
"""

from __future__ import annotations

from .answer import Answer
from .escaping import escape
from .markup import attr
from .tables import table_row

ROWS = "rows"   # the planner's table of raises called for damage


def rows_table_html(answer: Answer) -> str:
    """The planner's rows as a plain table for a page (worked out at build time), the best row marked."""
    table = answer.table(ROWS)
    head = "".join(f'<th scope="col">{escape(column.label)}</th>' for column in table.columns)
    body = "".join(table_row(row, table.formats, table.mark_word) for row in table.rows)
    # a box of its own that scrolls sideways on a narrow screen, reachable by the keyboard;
    # the table's class keeps Material from wrapping it in a second, unfocusable scroll box
    return (
        f'<div class="cx-result-table cx-plan" data-table="plan" role="region" tabindex="0" '
        f'aria-label="{attr(table.title)}"><table class="cx-plan__table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def plan_html(answer: Answer) -> str:
    """A worked example on a page: the planner's one-sentence answer, then its rows."""
    return f'<p class="cx-verdict">{escape(answer.verdict)}</p>' + rows_table_html(answer)
