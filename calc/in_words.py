"""A question and its answer in words: what "Copy as text" copies and `python -m calc` prints.

`answer_text` gives a calculator's settings in words and its headline figures as plain lines that
a forum or a chat takes as they are (Markdown and BBCode alike); `compare_text` gives settings A
and B side by side, opening with compare mode's `verdict` (which side is better, by how much).
Both end with the readings the answers used, from their notes (`calc.readings`).
The worker's reply carries these words (codex_view.browser), the page adds the link, and the
command line (calc/__main__.py) prints the same words with the same link (`Question.address`).
"""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import DEFAULT_SETTINGS, Calculator, Headline
from calc.params import Param
from calc.readings import readings_line
from calc.wording import EXACT_AVERAGE_BELOW, number



def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def difference(a: object, b: object, kind: str) -> str | None:
    """B's figure against A's, in words: "+13.2 points" for chances, "+0.25" for averages."""
    x, y = _number(a), _number(b)
    if x is None or y is None:
        return None
    d = y - x
    if kind == "average" and max(x, y) >= EXACT_AVERAGE_BELOW:   # the figures are given by size alone
        return None
    if kind == "percent":
        return f"{d * 100:+.1f} percentage points".replace("-", "\u2212")
    if kind == "integer":
        return f"{int(round(d)):+d}".replace("-", "\u2212")
    return f"{d:+.2f}".replace("-", "\u2212")


def verdict_figure(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any]) -> Headline | None:
    """The figure the verdict weighs: the first chance both sides have, else the first number."""
    both = [h for h in calculator.headlines if _number(a.get(h.key)) is not None and _number(b.get(h.key)) is not None]
    return next((h for h in both if h.format == "percent"), both[0] if both else None)


def _gap(d: float, kind: str) -> str:
    """How far apart two figures are, in words, with enough decimals to be more than zero."""
    if kind == "percent":
        for places in range(1, 5):
            if round(d * 100, places):
                return f"{d * 100:.{places}f} percentage points"
        return "less than 0.0001 percentage points"
    return str(int(round(d))) if kind == "integer" else number(d)


def verdict(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any], *, brief: bool = False) -> str | None:
    """Compare mode's first sentence: which side is better for its first chance (or number), by how
    much, and both figures as the headlines show them ("B is better by 8.6 percentage points: 60.15%
    against 51.58%."), or that they are equal; then which figure that is. `brief` leaves out the
    figures and what they are, for a page that prints them right under it."""
    h = verdict_figure(calculator, a, b)
    if h is None:
        return None
    shown_a, shown_b = h.shown(a), h.shown(b)
    title_a, title_b = h.title(a), h.title(b)
    what = (f"Compared: {title_a}." if title_a == title_b
            else f"Compared: A's {title_a} and B's {title_b}.")
    va, vb = float(a[h.key]), float(b[h.key])
    if va == vb or shown_a == shown_b:
        equal = "equal" if va == vb else "equal to the figures shown"
        return f"A and B are {equal}." if brief else f"A and B are {equal}: {shown_a} each. {what}"
    b_higher = vb > va
    ahead = b_higher if h.better != "lower" else not b_higher
    side, win, lose = ("B", shown_b, shown_a) if ahead else ("A", shown_a, shown_b)
    word = "better" if h.better else "higher"   # neither side wants it: the higher side is named
    gap = f"{side} is {word} by {_gap(abs(vb - va), h.format)}"
    return f"{gap}." if brief else f"{gap}: {win} against {lose}. {what}"


def setting_words(param: Param, params: Mapping[str, Any]) -> str:
    """One setting as the question says it: the field's title (its label without a note such as
    "(optional)") and its value in the declaration's words ("Threshold for raises: 60%")."""
    value = params.get(param.name)
    return f"{param.title}: {param.words(value, params) if value is not None else 'blank'}"


def question_text(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words, composed from the declaration: its `question` sentence (the fields it
    `says`), then each other field that applies and either differs from its default or is `named`,
    in form order, as `setting_words` writes it. A field that does not apply never shows. Nothing is
    swallowed: a sentence that cannot be written raises, and the build, which writes every
    calculator's question, stops."""
    said = set(calculator.says)
    parts = [calculator.question(params, result)] if calculator.question is not None else []
    changed = {p.name for p in calculator.changed(params)}
    for p in calculator.applicable(params):
        if p.name in said or (p.name not in changed and (p.name not in calculator.named or params.get(p.name) is None)):
            continue
        parts.append(setting_words(p, params))
    return "; ".join(parts) if parts else DEFAULT_SETTINGS


def _figures(calculator: Calculator, result: Mapping[str, Any], other: Mapping[str, Any] | None = None) -> str:
    out = []
    for h in calculator.headlines:
        shown = h.shown(result)
        if shown is None:
            continue
        text = f"{h.title(result)}: {shown}"
        if other is not None:
            diff = difference(other.get(h.key), result.get(h.key), h.format)
            if diff is not None:
                text += f" (B: {diff})"
        out.append(text)
    return "; ".join(out)


def _headed(title: str, question: str) -> str:
    """`Title: question`, unless the question already opens with the title (a calculator of one field
    labelled as the calculator is titled: "Dice expression: 3d6", never "Dice expression: Dice
    expression: 3d6")."""
    return question if question.startswith(f"{title}: ") else f"{title}: {question}"


def question_line(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The calculator and the settings in words, as Copy as text's first line: "Roll & Keep odds: 6k3 against TN 25"."""
    return _headed(calculator.title, question_text(calculator, params, result))


def figures_text(calculator: Calculator, result: Mapping[str, Any]) -> str:
    """The headline figures as Copy as text's second line: "Chance of success: 62.50%; Average total: 15.50"."""
    return _figures(calculator, result)


def answer_text(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """Question and answer as plain lines (the page adds the link): the question, the figures, the
    planner's verdict, and the readings the answer used (`calc.readings`)."""
    lines = [question_line(calculator, params, result), figures_text(calculator, result)]
    if result.get("verdict"):
        lines.append(str(result["verdict"]))
    return "\n".join([*lines, *filter(None, [readings_line([result])])])


def compare_text(calculator: Calculator, params_a: Mapping[str, Any], a: Mapping[str, Any],
                 params_b: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    """A and B, each as question and answer, B with its differences (the page adds the link)."""
    return "\n".join([
        f"{calculator.title}, two choices compared",
        *([said] if (said := verdict(calculator, a, b)) else []),
        f"A: {question_text(calculator, params_a, a)}",
        f"   {_figures(calculator, a)}",
        f"B: {question_text(calculator, params_b, b)}",
        f"   {_figures(calculator, b, a)}",
        *filter(None, [readings_line([a, b])]),
    ])


__all__ = ["DEFAULT_SETTINGS", "answer_text", "compare_text", "difference", "figures_text", "question_line",
           "question_text", "setting_words", "verdict", "verdict_figure"]
