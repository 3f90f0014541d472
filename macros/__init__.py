"""mkdocs-macros entry point: registers the Codex's macros, which live in plain modules.

Macros only format; every number comes from `calc`.
"""

from __future__ import annotations

from typing import Any

from . import glossary, tables, widgets
from .links import relative_href


def define_env(env: Any) -> None:
    def page_uri() -> str:
        return env.page.file.src_uri

    @env.macro
    def table(name: str) -> str:
        """A data table from `calc/data/<name>.json`."""
        return tables.table_markdown(name)

    @env.macro
    def calculator(calculator_id: str) -> str:
        """A calculator with its prerendered default result, linking back to its rule."""
        on_rule_page = widgets.get(calculator_id).rule.split("#")[0] == page_uri()
        return widgets.calculator_html(calculator_id, page_uri(), link_rule=not on_rule_page)

    @env.macro
    def glossary_list(game: str) -> str:
        """One game's glossary as a definition list."""
        return glossary.glossary_html(game, page_uri())

    @env.macro
    def link(target: str) -> str:
        """A relative URL from this page to `docs path#anchor`."""
        return relative_href(page_uri(), target)

    env.variables["calculator_ids"] = widgets.all_ids()
