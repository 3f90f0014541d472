"""The calculator widget (form + result) as escaped HTML.

Contract kept for tests and for anyone checking the site:
- the root has `data-calculator="<id>"` and `data-state` (`static` when built);
- every headline figure is `[data-result="<key>"]` with the raw number in `data-value`;
- each field sits in `[data-field="<name>"]` with its error slot `.cx-error`.
"""

from __future__ import annotations

from typing import Any, Mapping

import json
import zlib

from calc.calculator import DEFAULT_SETTINGS, Calculator
from calc.params import TRAILING_NOTE, TRUE_WORDS, ChoiceParam, Param, canonical

from .answer import Answer, Band, Table
from .distribution import distribution_html
from .draws import draw_label
from .escaping import escape
from .format import percent
from .markup import attr, data_value, figure_output, handoff_button
from .tables import table_row


def _sentence(text: str) -> str:
    """A value hint as a sentence of its own ("A whole number from 1 to 30."), not a bracket."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _filtered_options(param: ChoiceParam, values: Mapping[str, Any]) -> str:
    """Options that depend on another field (a weapon list per rules): each carries its label under
    every value of that field (`data-label-<value>`) and the values it is offered for
    (`data-offered`); the page script shows only those of the current value. Which are offered
    now, and under which label, is the declaration's `options`."""
    value = values.get(param.name)
    offered = dict(param.options(values))
    out = []
    for v, label in param.choices:
        by = dict(dict(param.offered).get(v, ()))
        labels = "".join(f' data-label-{attr(key)}="{attr(text)}"' for key, text in by.items())
        out.append(
            f'<option value="{attr(v)}" data-offered="{attr(" ".join(by))}"{labels}'
            f'{" selected" if v == value else ""}{"" if v in offered else " hidden"}>'
            f"{escape(offered.get(v, label))}</option>"
        )
    return "".join(out)


def _control(cid: str, param: Param, values: Mapping[str, Any], *, replaced: bool = False) -> str:
    """The input, select or checkbox of one field, holding its value from `values` (disabled, and
    described by the reason, while other fields replace it)."""
    fid = f"{cid}-{param.name}"
    described = f"{fid}-help {fid}-error" + (f" {fid}-overridden" if replaced else "")
    common = f'id="{fid}" name="{attr(param.name)}" aria-describedby="{described}"' + (" disabled" if replaced else "")
    value = values.get(param.name)
    if isinstance(param, ChoiceParam) and param.filtered_by:
        return (f'<select {common} data-filtered-by="{attr(param.filtered_by)}">'
                f"{_filtered_options(param, values)}</select>")
    if isinstance(param, ChoiceParam):
        options = "".join(
            f'<option value="{attr(v)}"{" selected" if v == value else ""}>{escape(label)}</option>'
            for v, label in param.choices
        )
        return f"<select {common}>{options}</select>"
    if param.kind == "bool":   # a ticked box sends "true", the canonical form of yes (calc.params.canonical)
        return f'<input type="checkbox" value="{canonical(True)}" {common}{" checked" if value else ""}>'
    if param.kind == "int":
        shown = "" if value is None else value
        return f'<input type="number" inputmode="numeric" step="1" {common} value="{attr(shown)}">'
    return f'<input type="text" spellcheck="false" autocomplete="off" {common} value="{attr(value)}">'


def _replacement(calculator: Calculator, param: Param, values: Mapping[str, Any]) -> tuple[str, str]:
    """A replaceable field's `data-replaced-by` (the declaration's `replaced_by`, for the page script)
    and its reason, shown while those fields take its place ("", "" for any other field)."""
    if not param.replaced_by:
        return "", ""
    fid = f"{calculator.id}-{param.name}"
    hidden = "" if calculator.replaced(param, values) else " hidden"
    return (f' data-replaced-by="{attr(json.dumps(list(param.replaced_by)))}"',
            f'<small class="cx-overridden" id="{fid}-overridden"{hidden}>'
            f"{escape(calculator.replaced_note(param))}</small>")


def _field(calculator: Calculator, param: Param, values: Mapping[str, Any]) -> str:
    """One field: label, control, help and error slot; hidden when it does not apply to `values`.
    `data-shown-when` carries the declaration's rule (`Param.when`) for the page script, and
    `data-replaced-by` the fields that take its place (`Param.replaced_by`)."""
    cid = calculator.id
    fid = f"{cid}-{param.name}"
    when = param.when()
    shown_when = f' data-shown-when="{attr(json.dumps(when, sort_keys=True))}"' if when else ""
    replaced_by, reason = _replacement(calculator, param, values)
    hidden = "" if param.applies(values) else " hidden"
    hint = param.hint()
    control = _control(cid, param, values, replaced=calculator.replaced(param, values))
    return (
        f'<div class="cx-field cx-field--{param.kind}" data-field="{attr(param.name)}"{shown_when}{replaced_by}'
        f'{hidden}><label for="{fid}">{escape(param.label)}</label>{control}'
        f'<small class="cx-help" id="{fid}-help">{escape(param.help)}'
        + (f' <span class="cx-allowed">{escape(_sentence(hint))}</span>' if hint else "")
        + f'</small>{reason}'
        f'<small class="cx-error" id="{fid}-error" role="alert" hidden></small>'
        "</div>"
    )


def _headlines(answer: Answer) -> str:
    out = [
        f'<div class="cx-figure cx-figure--{attr(f.format)}"><span class="cx-figure__label">{escape(f.title or "")}</span>'
        f"{figure_output(f.key, f.value, f.shown, stand_in=f.stand_in)}</div>"
        for f in answer.figures if f.shown is not None
    ]
    return f'<div class="cx-headlines">{"".join(out)}</div>' if out else ""


BAR_WIDTH = 1000  # the stacked bar's SVG user units; it stretches to the result's width


def _bands(bands: tuple[Band, ...], title: str) -> str:
    # Drawn in SVG, widths as attributes, so the page needs no inline `style` (and the CSP
    # allows none); the list below the bar carries the figures for screen readers.
    segments, x = [], 0.0
    for b in bands:
        if b.probability <= 0:
            continue
        width = BAR_WIDTH * b.probability
        segments.append(
            f'<rect class="cx-bar__seg cx-bar__seg--{attr(b.key)}" x="{x:.3f}" y="0" '
            f'width="{width:.3f}" height="20"><title>{escape(b.label)}: {escape(percent(b.probability))}</title></rect>'
        )
        x += width
    rows = "".join(
        f'<li class="cx-band cx-band--{attr(b.key)}"><span class="cx-band__swatch"></span>'
        f'<span class="cx-band__label">{escape(b.label)}</span>'
        f'<span class="cx-band__value" data-band="{attr(b.key)}" {data_value(b.probability)}>'
        f'{escape(percent(b.probability))}</span></li>'
        for b in bands
    )
    return (
        f'<div class="cx-bands"><p class="cx-subtitle">{escape(title)}</p>'
        f'<svg class="cx-bar" viewBox="0 0 {BAR_WIDTH} 20" preserveAspectRatio="none" aria-hidden="true">'
        f'{"".join(segments)}</svg><ul class="cx-band-list">{rows}</ul></div>'
    )


def tables_html(tables: tuple[Table, ...]) -> str:
    """A result's tables: title, columns with formats, rows of cells, the marked row said in words."""
    out = []
    for t in tables:
        head = "".join(f'<th scope="col">{escape(c.label)}</th>' for c in t.columns)
        body = "".join(table_row(row, t.formats, t.mark_word) for row in t.rows)
        # a box that scrolls sideways on a narrow screen: a named region the keyboard can reach
        out.append(
            f'<div class="cx-result-table" data-table="{attr(t.key)}" role="region" tabindex="0" aria-label="{attr(t.title)}">'
            f'<p class="cx-subtitle">{escape(t.title)}</p>'
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        )
    return "".join(out)


def notes_html(notes: tuple[str, ...]) -> str:
    return "".join(f'<p class="cx-note">{escape(note)}</p>' for note in notes)


def result_html(calculator: Calculator, result: Mapping[str, Any], params: Mapping[str, Any] | None = None) -> str:
    """The result region: headline figures, bands, tables, the distribution chart (its Roll named
    for the roll it draws for the settings `params`; without them, for the chart), notes."""
    answer = Answer.of(calculator, result)
    parts = [_headlines(answer)]
    if answer.reading:  # the dice calculator says how it read the expression
        parts.insert(0, f'<p class="cx-read-as">Read as: {escape(answer.reading)}.</p>')
    if answer.verdict:   # a planner's answer in one sentence (the attack planner)
        parts.append(f'<p class="cx-verdict">{escape(answer.verdict)}</p>')
    parts += [handoff_button(h) for h in answer.handoffs]   # the TN's next calculator, and the planner
    if answer.degrees:
        parts.append(_bands(answer.degrees, "Degrees of success and failure"))
    parts.append(tables_html(answer.tables))
    if answer.distribution:
        parts.append(distribution_html(calculator.id, answer.distribution, draw_label(calculator, params, result) if params is not None else ""))
    parts.append(notes_html(answer.notes))
    return "".join(parts)


def _form_words() -> str:
    """What the page script reads of calc's words and patterns, written on the form from where calc
    holds them: a question with every field at its default (`data-default-words`), a label's trailing
    note that a message leaves out (`data-note-pattern`, a regular expression both languages read
    alike) and the ways a link may write a ticked box (`data-true-words`)."""
    return (f' data-default-words="{attr(DEFAULT_SETTINGS)}" data-note-pattern="{attr(TRAILING_NOTE.pattern)}"'
            f' data-true-words="{attr(" ".join(sorted(TRUE_WORDS)))}"')


def markup_sum(html: str) -> str:
    """The CRC-32 of a result's markup (UTF-8), in hex, as calculators.js sums the runtime's reply:
    a reply equal to the built answer the page shows leaves it in place, not drawn again."""
    return format(zlib.crc32(html.encode("utf-8")), "x")


def odds_fields(calculator: Calculator) -> str:
    """What the page needs to write a question's short address (calc/built/addresses.py `odds_slug`,
    docs/assets/js/odds-path.js): each field in the declaration's order with its default in the
    canonical form and whether a link must name it: `[["rolled", "5", 0], ...]`."""
    return json.dumps([[p.name, canonical(p.default), int(p.required)] for p in calculator.params],
                      separators=(",", ":"))


def widget_html(
    calculator: Calculator,
    result: Mapping[str, Any],
    *,
    values: Mapping[str, Any] | None = None,
    rule_href: str | None = None,
) -> str:
    """The whole calculator: form prefilled with `values` (default: the defaults) and its result."""
    cid = calculator.id
    values = dict(calculator.defaults(), **(values or {}))
    answer = result_html(calculator, result, values)
    fields = "".join(_field(calculator, p, values) for p in calculator.params if not p.more)
    more = "".join(_field(calculator, p, values) for p in calculator.params if p.more)
    if more:   # rarely used fields wait behind a disclosure
        fields += (
            f'<details class="cx-more"><summary>More options</summary>'
            f'<div class="cx-more__fields">{more}</div></details>'
        )
    rule = (
        f'<a class="cx-rule" href="{attr(rule_href)}">Read the rule</a>' if rule_href else ""
    )
    return (
        f'<section class="cx-calc" id="calc-{attr(cid)}" data-calculator="{attr(cid)}" data-state="static" '
        f'aria-label="{attr(calculator.title)} calculator">'
        f'<p class="cx-calc__title"><strong>{escape(calculator.title)}</strong> '
        f'<span class="cx-calc__summary">{escape(calculator.summary)}</span></p>'
        f'<form class="cx-form" novalidate autocomplete="off"{_form_words()}'
        f' data-odds-fields="{attr(odds_fields(calculator))}">{fields}</form>'
        # a compact copy of the headline that the page keeps in view while the form is on
        # screen (docs/assets/js/form-layout.js); zero height, so it moves nothing
        f'<div class="cx-peek-holder"><div class="cx-peek" aria-hidden="true" hidden></div></div>'
        f'<div class="cx-toolbar"><span class="cx-status" role="status" aria-live="polite">'
        f"Showing the result for the default values, worked out when the site was built.</span>"
        f'<button type="button" class="cx-stop md-button" hidden>Stop</button></div>'
        f'<div class="cx-result" aria-live="polite" data-answer-sum="{markup_sum(answer)}">{answer}</div>'
        f'<p class="cx-links">{rule}'
        f'<button type="button" class="cx-copy md-button" hidden>Copy link to these odds</button></p>'
        "</section>"
    )
