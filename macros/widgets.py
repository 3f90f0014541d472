"""Calculators placed in pages: the prerendered widget from the registry and `calc.evaluate`."""

from __future__ import annotations

from html import escape

from calc import CALCULATORS, Calculator, evaluate
from calc.in_words import DEFAULT_SETTINGS, question_text
from calc.question import Question
from calc.registry import get
from codex_view import planner, widget_html
from codex_view.answer import Answer
from codex_view.format import figure

from macros.games import GAMES, game_of
from macros.links import page_url, relative_href
from macros.rolls.draws import keep_answer


def calculator_html(calculator_id: str, page_uri: str, *, link_rule: bool = True,
                    values: dict[str, object] | None = None) -> str:
    """A calculator with its result worked out now, at build time: for its defaults, or with some
    fields set otherwise for this page (`values`, e.g. the planner on the Social Attacks page)."""
    calculator = get(calculator_id)
    params = dict(calculator.defaults(), **(values or {}))
    result = evaluate(calculator_id, params)
    keep_answer(page_uri, calculator, params, result)   # what its Roll draws from, in the page's rolls.json
    rule_href = relative_href(page_uri, calculator.rule) if link_rule else None
    return widget_html(calculator, result, values=values, rule_href=rule_href)


def attack_plan_html(params: dict[str, object]) -> str:
    """The planner's verdict and rows for `params` (over its defaults), for a worked example."""
    calculator = get("rk-attack")
    return planner.plan_html(Answer.of(calculator, evaluate(calculator.id, dict(calculator.defaults(), **params))))


def calc_figure(calculator_id: str, key: str, kind: str, params: dict[str, object]) -> str:
    """One headline-style figure (`kind`: percent, number or integer) for `params` over the defaults."""
    result = evaluate(calculator_id, dict(get(calculator_id).defaults(), **params))
    if key not in result or result[key] is None:
        raise KeyError(f"{calculator_id} gives no figure {key!r} for {params!r}")
    return figure(result[key], kind)


def all_ids() -> list[str]:
    return list(CALCULATORS)


def by_game() -> list[tuple[str, list[Calculator]]]:
    """Each game (its key) with the calculators whose rule is one of its pages, in the registry's order;
    a calculator whose rule is on no game's page (the dice expression) belongs to none."""
    games = [(game, [c for c in CALCULATORS.values() if game_of(c.rule.partition("#")[0]) == game]) for game in GAMES]
    return [(game, members) for game, members in games if members]


def calculators_by_game(page_uri: str) -> str:
    """The Calculators page's list, made from the registry (`by_game`): each game's heading
    (`#calculators-<game>`), then each of its calculators under its title (`#calculators-<id>`),
    prerendered with its default result. A calculator of no game is placed on the page by hand."""
    parts = []
    for game, members in by_game():
        parts.append(f"## {GAMES[game]} {{ #{CALCULATORS_PAGE_ANCHOR.format(game)} }}")
        for calculator in members:
            parts += [f"### {calculator.title} {{ #{CALCULATORS_PAGE_ANCHOR.format(calculator.id)} }}",
                      calculator_html(calculator.id, page_uri)]
    return "\n\n".join(parts)


CALCULATORS_PAGE_ANCHOR = "calculators-{}"   # a game's or a calculator's heading on the Calculators page


def calculators_page_anchors() -> list[str]:
    """The anchors `calculators_by_game` writes, in page order (a reader of the page's Markdown
    source sees only the macro)."""
    return [CALCULATORS_PAGE_ANCHOR.format(key) for game, members in by_game()
            for key in (game, *(c.id for c in members))]


def calculator_line_html(calculator_id: str, page_uri: str, site_url: str = "",
                         values: dict[str, object] | None = None) -> str:
    """A calculator as one printed line: its question, its answer at the defaults (or at the page's
    own `values`, carried in the address), and where it lives.

    A print page carries the rules; the live calculator stays on the site, so the line names its
    address in full (a printed link cannot be clicked).
    """
    calculator = get(calculator_id)
    params = dict(calculator.defaults(), **(values or {}))
    result = evaluate(calculator_id, params)
    question = question_text(calculator, params, result)
    if question == DEFAULT_SETTINGS:
        question = calculator.summary.rstrip(".")
    figures = [f"{h.title(result)}: {h.shown(result)}" for h in calculator.headlines[:2] if h.shown(result) is not None]
    asked = Question.of(calculator_id, values or {})
    query = f"?{asked.query()}" if values else ""
    href = relative_href(page_uri, asked.page) + query + f"#{asked.fragment}"
    shown = (site_url.rstrip("/") + "/" + page_url(asked.page) + query + f"#{asked.fragment}") if site_url else href
    return (
        f'<p class="cx-print-calc"><strong>{escape(calculator.title)}</strong>: {escape(question)}. '
        f'{escape("; ".join(figures))}. '
        f'Other values: <a href="{escape(href, quote=True)}">{escape(shown)}</a></p>'
    )
