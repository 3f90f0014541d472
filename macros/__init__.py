"""mkdocs-macros entry point: registers the Codex's macros, which live in plain modules.

Macros only format; every number comes from `calc`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from macros import as_text, examples, glossary, printing, rule_numbers, rulings, tables, widgets
from macros.links import relative_href
from macros.mdsource import heading_index


def define_env(env: Any) -> None:
    _page_parts(env)
    _worked_examples(env)
    env.variables["calculator_ids"] = widgets.all_ids()


def on_pre_page_macros(env: Any) -> None:
    """Before each page: every value a `{{ ... }}` writes is text, never markup (macros/as_text.py)."""
    env.env.finalize = as_text.finalize


def _page_parts(env: Any) -> None:
    """What a page is made of: data tables, calculators, the glossary, links, rulings, print pages."""
    def page_uri() -> str:
        return env.page.file.src_uri

    @env.macro
    def table(name: str) -> str:
        """A data table from `calc/data/<name>.json`."""
        return tables.table_markdown(name)

    @env.macro
    def rule_number(name: str, path: str, fmt: str = "plain") -> str:
        """A fixed number of the rules from `calc/data/<name>.json` ("tn.drawing"), as the engine uses it."""
        return rule_numbers.quote(name, path, fmt)

    @env.macro
    def rule_value(name: str, path: str) -> int:
        """The same number bare, for a worked example's sums ({{ 15 + rule_value(...) }})."""
        return rule_numbers.lookup(name, path)

    @env.macro
    def calculator(calculator_id: str, **values: Any) -> str:
        """A calculator with its prerendered result (for its defaults, or these `values`), linking back to its rule."""
        on_rule_page = widgets.get(calculator_id).rule.split("#")[0] == page_uri()
        return widgets.calculator_html(calculator_id, page_uri(), link_rule=not on_rule_page, values=values)

    @env.macro
    def calculators_by_game() -> str:
        """Every calculator of a game's rules under its game's heading (the Calculators page), from the registry."""
        return widgets.calculators_by_game(page_uri())

    @env.macro
    def calculator_line(calculator_id: str, **values: Any) -> str:
        """A calculator as one printed line (print pages): question, answer (defaults or `values`), its address."""
        return widgets.calculator_line_html(calculator_id, page_uri(), str(env.conf.get("site_url") or ""), values)

    @env.macro
    def glossary_list(game: str) -> str:
        """One game's glossary as a definition list."""
        return glossary.glossary_html(game, page_uri())

    @env.macro
    def link(target: str) -> str:
        """A relative URL from this page to `docs path#anchor`."""
        return relative_href(page_uri(), target)

    @env.macro
    def rulings_list() -> str:
        """Every ruling in calc/data/rulings.json, one anchored section each (`#r-0001`)."""
        docs = Path(env.conf["docs_dir"])
        return rulings.page_markdown(rulings.load(), heading_index(docs), page_uri())

    @env.macro
    def print_game(game: str) -> str:
        """Every page of one game, in nav order, adapted for one printable page."""
        docs = Path(env.conf["docs_dir"])
        available = [p.relative_to(docs).as_posix() for p in docs.rglob("*.md")]
        pages = printing.game_pages(env.conf["nav"], game, available)
        text = printing.game_markdown(game, [(uri, (docs / uri).read_text(encoding="utf-8")) for uri in pages])
        return env.render(text, force_rendering=True)   # the included pages' own macros (tables, calculators)


def _worked_examples(env: Any) -> None:
    """Figures the prose quotes, worked out by calc at build time (a changed rule changes them)."""
    @env.macro
    def attack_plan(**params: Any) -> str:
        """The attack planner (rk-attack) for these settings, worked out by calc at build time."""
        return widgets.attack_plan_html(params)

    @env.macro
    def rk_duel(**inputs: Any) -> dict[str, Any]:
        """A worked duel from the fighters' traits: attack roll, TN, defense roll and planner settings."""
        return examples.rk_duel(**inputs)

    @env.macro
    def rk_roll(stat: int, skill: int) -> str:
        """A STAT + SKILL roll as Roll & Keep dice ('6k2'), worked out by calc."""
        return str(examples.stat_plus_skill(stat, skill)["roll"])

    @env.macro
    def rk_tn(**inputs: Any) -> int:
        """The TN from the TN builder (rk-tn) for these inputs, e.g. rk_tn(knack=3)."""
        return examples.rk_tn(**inputs)

    @env.macro
    def rk_damage(**inputs: Any) -> str:
        """Damage dice from the damage calculator (rk-wounds), e.g. rk_damage(weapon="heavy", raises=1)."""
        return examples.rk_damage(**inputs)

    @env.macro
    def massive_damage(**inputs: Any) -> dict[str, Any]:
        """A worked massive-damage roll from Fortitude and the damage: dice, black dice, chances."""
        return examples.massive_damage(**inputs)

    @env.macro
    def calc_figure(calculator_id: str, key: str, kind: str = "percent", **params: Any) -> str:
        """One figure of a calculator's result for these settings (over its defaults), worked out at build time."""
        return widgets.calc_figure(calculator_id, key, kind, params)
