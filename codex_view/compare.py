"""Two settings of one calculator side by side (compare mode), and any answer as a few lines of text.

Compare mode: the reader pins the current settings as A and edits B. This module turns the two
results into one HTML fragment: each headline figure for A (`[data-result="<key>"]`) and for B
(`[data-result-b="<key>"]`) with B's difference, both distributions overlaid in one chart, then
each side's tables and notes. `answer_text` gives the question in words and the answer as
plain lines that a forum takes as they are, in Markdown and in BBCode alike.
"""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import Calculator

from .chart import HEIGHT, WIDTH, _window
from .escaping import escape
from .format import figure, percent


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


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
    if kind == "percent":
        return f"{d * 100:+.1f} points".replace("-", "\u2212")
    if kind == "integer":
        return f"{int(round(d)):+d}".replace("-", "\u2212")
    return f"{d:+.2f}".replace("-", "\u2212")


def _raw(value: object) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def _headlines(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    out = []
    for h in calculator.headlines:
        va, vb = a.get(h.key), b.get(h.key)
        if va is None and vb is None:
            continue
        shown_a = "\u2014" if va is None else figure(va, h.format)
        shown_b = "\u2014" if vb is None else figure(vb, h.format)
        diff = difference(va, vb, h.format)
        diff_html = (
            f'<span class="cx-diff" data-diff="{_attr(h.key)}">B: {escape(diff)}</span>' if diff is not None else ""
        )
        out.append(
            f'<div class="cx-figure cx-figure--compare cx-figure--{_attr(h.format)}">'
            f'<span class="cx-figure__label">{escape(h.label)}</span>'
            f'<span class="cx-figure__pair"><span class="cx-tag cx-tag--a">A</span>'
            f'<output data-result="{_attr(h.key)}" data-value="{_attr(_raw(va))}">{escape(shown_a)}</output>'
            f'<span class="cx-tag cx-tag--b">B</span>'
            f'<output data-result-b="{_attr(h.key)}" data-value="{_attr(_raw(vb))}">{escape(shown_b)}</output></span>'
            f"{diff_html}</div>"
        )
    return f'<div class="cx-headlines cx-headlines--compare">{"".join(out)}</div>' if out else ""


def _series(pmf: list[list[float]], xs: range, cumulative: bool) -> list[float]:
    """P(exactly x) or P(at least x) for every x in xs (0 outside the distribution)."""
    exact = {int(x): p for x, p in pmf}
    if not cumulative:
        return [exact.get(x, 0.0) for x in xs]
    out, running = [], 1.0 - sum(p for x, p in pmf if x < xs.start)
    for x in xs:
        out.append(max(0.0, running))
        running -= exact.get(x, 0.0)
    return out


def overlay_svg(pmf_a: list[list[float]], pmf_b: list[list[float]], *, cumulative: bool, label: str) -> str:
    """A's and B's bars side by side for every total either can reach (their likely range)."""
    wa, wb = _window(pmf_a), _window(pmf_b)
    lo = int(min(wa[0][0], wb[0][0]))
    hi = int(max(wa[-1][0], wb[-1][0]))
    xs = range(lo, hi + 1)
    sa, sb = _series(pmf_a, xs, cumulative), _series(pmf_b, xs, cumulative)
    top = max(sa + sb) or 1.0
    step = WIDTH / len(xs)
    bar = max(step * 0.4, 0.25)
    what = "at least" if cumulative else "exactly"
    rects = []
    for i, x in enumerate(xs):
        for side, values, shift in (("a", sa, 0.0), ("b", sb, bar)):
            v = values[i]
            h = HEIGHT * v / top
            rects.append(
                f'<rect class="cx-series-{side}" x="{i * step + shift:.2f}" y="{HEIGHT - h:.2f}" width="{bar:.2f}" '
                f'height="{h:.2f}" data-x="{x}" data-p="{v!r}" data-series="{side}">'
                f"<title>{side.upper()}: {what} {x}: {percent(v)}</title></rect>"
            )
    return (
        f'<svg class="cx-chart__svg" viewBox="0 -4 {WIDTH} {HEIGHT + 4}" preserveAspectRatio="none" '
        f'role="img" aria-label="{escape(label)}">' + "".join(rects) + "</svg>"
        '<div class="cx-chart__axis-labels" aria-hidden="true">'
        f'<span class="cx-chart__axis">{lo}</span><span class="cx-chart__axis">{hi}</span></div>'
    )


def _chart(cid: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    if not a.get("distribution") or not b.get("distribution"):
        return ""
    title = b.get("distribution_title") or a.get("distribution_title") or "Distribution of the total"
    at_least_id, exactly_id = f"{cid}-cmp-atleast", f"{cid}-cmp-exactly"
    return (
        f'<div class="cx-chart cx-chart--compare"><p class="cx-subtitle">{escape(title)}: A and B</p>'
        f'<p class="cx-chart__legend"><span class="cx-swatch cx-swatch--a"></span>A '
        f'<span class="cx-swatch cx-swatch--b"></span>B</p>'
        f'<div class="cx-chart__toggle" role="radiogroup" aria-label="Chart view">'
        f'<input type="radio" name="{cid}-cmp" id="{at_least_id}" class="cx-chart__atleast" checked>'
        f'<label for="{at_least_id}">At least</label>'
        f'<input type="radio" name="{cid}-cmp" id="{exactly_id}" class="cx-chart__exactly">'
        f'<label for="{exactly_id}">Exactly</label>'
        f'<div class="cx-chart__panel cx-chart__panel--atleast">'
        f'{overlay_svg(a["distribution"], b["distribution"], cumulative=True, label="A and B: chance of at least each total")}</div>'
        f'<div class="cx-chart__panel cx-chart__panel--exactly">'
        f'{overlay_svg(a["distribution"], b["distribution"], cumulative=False, label="A and B: chance of exactly each total")}</div></div>'
        f'<p class="cx-chart__readout" aria-live="polite">Hover over or tap a bar to read its value.</p></div>'
    )


def compare_html(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any],
                 question_a: str = "", question_b: str = "") -> str:
    """The compare-mode result region: both headlines with B's difference, the overlaid chart, details."""
    from .render import tables_html  # the same tables as a single result

    parts = [_headlines(calculator, a, b)]
    for side, result, question in (("A", a, question_a), ("B", b, question_b)):
        if question:
            parts.append(f'<p class="cx-compare__question"><span class="cx-tag cx-tag--{side.lower()}">{side}</span> '
                         f"{escape(question)}</p>")
    for side, result in (("A", a), ("B", b)):
        if result.get("verdict"):
            parts.append(f'<p class="cx-verdict"><span class="cx-tag cx-tag--{side.lower()}">{side}</span> '
                         f'{escape(result["verdict"])}</p>')
    parts.append(_chart(calculator.id, a, b))
    for side, result in (("A", a), ("B", b)):
        inner = tables_html(result.get("tables") or []) + "".join(
            f'<p class="cx-note">{escape(note)}</p>' for note in result.get("notes", ())
        )
        if inner:
            parts.append(f'<details class="cx-compare__detail"><summary>{side} in detail</summary>{inner}</details>')
    return "".join(parts)


# -- the question and the answer in words ----------------------------------------------------------


def _choice_label(calculator: Calculator, name: str, value: object) -> str:
    for p in calculator.params:
        if p.name == name:
            for v, label in getattr(p, "choices", ()):
                if v == value:
                    return label
    return str(value)


def _words_rk_check(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    text = f"{result.get('roll', '')} against TN {params['tn']}"
    if params.get("raises"):
        text += f" with {params['raises']} raise{'s' if params['raises'] != 1 else ''}"
    return text + (", exploding tens" if params.get("explode", True) else ", tens do not explode")


def _words_rk_attack(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    rules = "house rules" if params["rules"] == "house" else "summary rules"
    weapon = _choice_label(calculator, "weapon", params["weapon"])
    if params["weapon"] == "custom":
        weapon = f"{params.get('damage_rolled')}k{params.get('damage_kept')} damage"
    text = (f"{result.get('roll', '')} attack against TN {params['tn']} ({rules}), {weapon}, "
            f"attacker's Brawn {params['attacker_brawn']}, defender's Brawn {params['brawn']}")
    if params.get("flesh_wounds"):
        text += f" with {params['flesh_wounds']} Flesh Wounds"
    if params["defense"] == "active":
        text += f", defending with {params['defense_rolled']}k{params['defense_kept']}"
    else:
        text += ", no defense roll"
    return text + f"; 0 to {params['max_raises']} raises"


def _words_sun_check(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    text = f"3d6 + {params['bonus']} against target {params['target']}"
    if params.get("die", "none") != "none":
        text += f", {_choice_label(calculator, 'die', params['die']).lower()}"
    return text


_WORDS = {"rk-check": _words_rk_check, "rk-attack": _words_rk_attack, "sun-check": _words_sun_check}


def _declared_words(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str | None:
    """The declaration's own phrase for its settings (`Calculator.question`), if it has one."""
    try:
        if calculator.question is not None:
            return calculator.question(params, result)
        words = _WORDS.get(calculator.id)   # until these calculators declare `question=`
        return words(calculator, params, result) if words is not None else None
    except (KeyError, TypeError):
        return None


def question_text(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words: the declaration's `question` when it has one, else each setting that
    applies to these values and differs from its default (a field that does not apply never shows)."""
    words = _declared_words(calculator, params, result)
    if words is not None:
        return words
    parts = []
    for p in calculator.changed(params):
        value = params[p.name]
        if value is None:
            continue
        shown = ("yes" if value else "no") if isinstance(value, bool) else _choice_label(calculator, p.name, value)
        parts.append(f"{p.label}: {shown}")
    return "; ".join(parts) if parts else "the default settings"


def _figures(calculator: Calculator, result: Mapping[str, Any], other: Mapping[str, Any] | None = None) -> str:
    out = []
    for h in calculator.headlines:
        value = result.get(h.key)
        if value is None:
            continue
        text = f"{h.label}: {figure(value, h.format)}"
        if other is not None:
            diff = difference(other.get(h.key), value, h.format)
            if diff is not None:
                text += f" (B: {diff})"
        out.append(text)
    return "; ".join(out)


def answer_text(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """Question and answer as plain lines (the page adds the link)."""
    lines = [f"{calculator.title}: {question_text(calculator, params, result)}", _figures(calculator, result)]
    if result.get("verdict"):
        lines.append(str(result["verdict"]))
    return "\n".join(lines)


def compare_text(calculator: Calculator, params_a: Mapping[str, Any], a: Mapping[str, Any],
                 params_b: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    """A and B, each as question and answer, B with its differences (the page adds the link)."""
    return "\n".join([
        f"{calculator.title}, two choices compared",
        f"A: {question_text(calculator, params_a, a)}",
        f"   {_figures(calculator, a)}",
        f"B: {question_text(calculator, params_b, b)}",
        f"   {_figures(calculator, b, a)}",
    ])
