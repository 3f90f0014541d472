"""What an odds page says of its question: the question, the rules it was answered under, the answer.

Every word is calc's: the question as Copy as text opens (`calc.in_words.question_line`), the
headline figures as calc shows them (`Headline.shown`), the rule set as a calculator's Rules field
names it (`calc.wording.rules_words`). Only the game's name and which rules a calculator without a
Rules field follows come from here: a Roll & Keep calculator without that field answers the same
under both rule sets (a field that changed the answer would be declared), unless its page follows
one of them throughout (`macros.rolls.reading.PAGE_RULES`).

A card reads, for `q/rk-check/rolled-6_tn-25/`:

    title        Roll & Keep odds: 6k3 against TN 25, exploding tens
    description  6k3 against TN 25, exploding tens, under the Roll & Keep summary and house rules alike:
                 Chance of success (6k3 against TN 25): 51.58%; Average total: 26.54.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from calc.built.addresses import odds_path
from calc.calculator import Calculator
from calc.in_words import question_line, question_text
from calc.question import Question
from calc.registry import evaluate, parse_params
from calc.wording import rules_words
from macros.games import GAMES, game_of
from macros.rolls.reading import PAGE_RULES

DESCRIPTION_LIMIT = 300          # an odds card's description: the question, its rules and its figures
BOTH = "summary and house rules alike"
NO_GAME = "plain dice, no game's rules"


@dataclass(frozen=True)
class OddsCard:
    """One built question's page, in words."""

    question: Question
    path: str                    # `q/rk-check/rolled-6_tn-25/`
    title: str                   # the question as Copy as text's first line
    rules: str                   # "the Roll & Keep summary rules"
    description: str             # the question, its rules and its headline figures, as whole sentences
    figures: tuple[tuple[str, str], ...]     # each headline's (title, figure as shown)
    target: str                  # `rk/basics/?calc=rk-check&...#calc-rk-check`, from the site's root
    calculator_title: str
    game: str | None


def rules_named(calculator: Calculator, params: Mapping[str, Any]) -> str:
    """The rules an answer follows, in words: "the Roll & Keep house rules", "the Seventh Sun rules"."""
    page = calculator.rule.partition("#")[0]
    game = game_of(page)
    if game is None:
        return NO_GAME
    name = GAMES[game]
    if game != "rk":
        return f"the {name} rules"
    chosen = params.get("rules") if any(p.name == "rules" for p in calculator.params) else PAGE_RULES.get(page)
    return f"the {name} {rules_words(chosen)}" if chosen else f"the {name} {BOTH}"


def headline_figures(calculator: Calculator, result: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((h.title(result), shown) for h in calculator.headlines if (shown := h.shown(result)) is not None)


def settings(question: Question) -> dict[str, Any]:
    """Every field of the question's form, as calc reads them (a field not given takes its default)."""
    calculator = question.declaration
    return parse_params(calculator, {**calculator.defaults(), **question.params()})


def describe(question: Question, result: Mapping[str, Any] | None = None) -> OddsCard:
    """The card of one built question, from calc's `result` for it (worked out when not given; a
    question calc refuses raises `InputError`)."""
    calculator = question.declaration
    params = settings(question)
    result = evaluate(question.calculator, params) if result is None else result
    words = question_text(calculator, params, result)
    rules = rules_named(calculator, params)
    figures = headline_figures(calculator, result)
    lead = f"{words[:1].upper()}{words[1:]}, under {rules}: "
    said = [f"{t}: {f}" for t, f in figures]
    while len(said) > 1 and len(lead) + len("; ".join(said)) + 1 > DESCRIPTION_LIMIT:
        said.pop()                # the first figure always; the others while they fit
    page = calculator.rule.partition("#")[0]
    game = game_of(page)
    return OddsCard(
        question=question, path=odds_path(question), title=question_line(calculator, params, result), rules=rules,
        description=lead + "; ".join(said) + ".", figures=figures, target=question.address(),
        calculator_title=calculator.title, game=GAMES[game] if game else None,
    )


__all__ = ["BOTH", "DESCRIPTION_LIMIT", "NO_GAME", "OddsCard", "describe", "headline_figures", "rules_named", "settings"]
