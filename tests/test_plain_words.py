"""No internal word reaches the reader (issue 11.9): every calculator's messages, labels, help,
notes and rendered results are scanned for parameter names, "seed", form-machinery hints such as
"(true or false)", nested brackets and sentences that repeat themselves ("8k5: 8k5 = 8k5").

The texts come from the registry itself, so a calculator added later is scanned at once:
- an error message for a bad value of every parameter, and for every required one left out;
- each field's label, help and value hint, and the title and summary;
- the result (notes, table titles and cells, chain labels, rendered HTML as text) for the
  defaults and for every choice of every choice field and every tick box flipped, one at a time.
"""

from __future__ import annotations

import functools
import html
import re
from typing import Any, Iterator

import pytest

import calc
from calc import InputError
from codex_view.render import result_html, widget_html
from tests.param_values import bad, kind, others

# Plain words a message may say even though a parameter carries the same name.
ENGLISH = re.compile(r"^[a-z]+$")
FORBIDDEN = (
    re.compile(r"\bseeds?\b", re.IGNORECASE),
    re.compile(r"true or false", re.IGNORECASE),
    re.compile(r"text of \d+ to \d+ characters"),
    re.compile(r"\bis required: give\b"),
    re.compile(r"\bgot None\b|\bnan\b|\binf\b"),
    re.compile(r"^[a-z][a-z_]* (must|is|cannot|needs)\b"),  # a message opening on a parameter's name
    re.compile(r"[{}]"),                       # an unfilled format string
    re.compile(r"\([^()]*\("),                 # a bracket inside a bracket
    re.compile(r"\b(\d+k\d+): \1 = \1\b"),     # "Musket 8k5: 8k5 = 8k5."
)


def internal_names() -> set[str]:
    """Parameter names a person would not write: with an underscore, or not an English word."""
    names = {p.name for c in calc.CALCULATORS.values() for p in c.params}
    names |= {value for c in calc.CALCULATORS.values() for p in c.params if kind(p) == "choice"
              for value, _ in p.choices if "_" in value}
    return {n for n in names if not ENGLISH.match(n)} | {"tn", "expr", "opp", "custom"}


NAMES = internal_names()
NAME_PATTERN = re.compile(r"\b(" + "|".join(sorted(map(re.escape, NAMES), key=len, reverse=True)) + r")\b")


def problems(text: str) -> list[str]:
    found = [m.group(0) for pattern in FORBIDDEN for m in pattern.finditer(text)]
    found += [m.group(0) for m in NAME_PATTERN.finditer(text)]
    return found


def error_messages() -> Iterator[tuple[str, str]]:
    for cid, c in sorted(calc.CALCULATORS.items()):
        for p in c.params:
            for value in bad(p):
                with pytest.raises(InputError) as caught:
                    calc.evaluate(cid, dict(c.defaults(), **{p.name: value}))
                yield f"{cid}.{p.name}={value!r}", caught.value.message
            if p.required:
                params = c.defaults()
                del params[p.name]
                with pytest.raises(InputError) as caught:
                    calc.evaluate(cid, params)
                yield f"{cid} without {p.name}", caught.value.message


# Refusals that come from the calculators themselves, when two fields do not fit together.
CROSS_FIELD = [
    ("rk-check", {"stat": 2, "tn": 10}),
    ("rk-check", {"skill": 2, "tn": 10}),
    ("rk-horse-fall", {"wounds": 1, "taken": 2}),
    ("rk-wounds", {"brawn": 2, "rules": "summary", "weapon": "buckler"}),
    ("rk-wounds", {"brawn": 2, "rules": "house", "weapon": "dagger"}),
    ("rk-wounds", {"brawn": 2, "rules": "house", "weapon": "custom"}),
    ("rk-wounds", {"brawn": 2, "rules": "house", "weapon": "custom", "damage_rolled": 2}),
    ("rk-wounds", {"brawn": 2, "weapon": "custom", "damage_rolled": 30, "damage_kept": 2, "raises": 15}),
    ("pool-check", {"dice": 5, "sides": 6, "success_at": 7}),
]


def test_cross_field_refusals_use_labels() -> None:
    bad = []
    for cid, params in CROSS_FIELD:
        with pytest.raises(InputError) as caught:
            calc.evaluate(cid, params)
        if problems(caught.value.message):
            bad.append((cid, params, caught.value.message, problems(caught.value.message)))
    assert bad == []


def variants(c: Any) -> Iterator[dict[str, Any]]:
    base = c.defaults()
    yield base
    for p in c.params:
        yield from (dict(base, **{p.name: value}) for value in others(p))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _visible_text(markup: str) -> str:
    """The text a reader sees in rendered HTML: tags and attribute values dropped."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@functools.lru_cache(maxsize=1)
def result_texts() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for cid, c in sorted(calc.CALCULATORS.items()):
        for params in variants(c):
            try:
                result = calc.evaluate(cid, params)
            except InputError as error:  # a combination the form would not offer: still a message
                out.append((f"{cid} {params}", error.message))
                continue
            keep = {k: v for k, v in result.items() if k in ("notes", "tables", "chain", "verdict", "damage_dice",
                                                                "distribution_title", "degrees")}
            for text in _strings(keep):
                out.append((f"{cid} {params}", text))
            out.append((f"{cid} {params} (rendered)", _visible_text(result_html(c, result))))
    return out


def test_the_scan_finds_what_it_looks_for() -> None:
    """The scan itself: each kind of slip it is meant to catch is caught."""
    for bad in ("bonus must be a whole number", "turn that off with d6_explode", "(true or false)",
                "(text of 1 to 80 characters)", "the seed says", "Stat (optional) (a whole number (or blank))",
                "Musket 8k5: 8k5 = 8k5.", "extra_actions is required: give 1"):
        assert problems(bad), bad
    for fine in ("Attribute + Skill must be a whole number from -20 to 40; got 41.", "Musket: 8k5 damage dice.",
                 "Dice rolled must be a whole number from 1 to 30; got 0.", "Exploding d6s (ruling R-0016)."):
        assert not problems(fine), fine


def test_error_messages_use_labels() -> None:
    bad = [(where, message, problems(message)) for where, message in error_messages() if problems(message)]
    assert bad == []


def test_labels_help_and_hints_are_plain() -> None:
    bad = []
    for cid, c in sorted(calc.CALCULATORS.items()):
        texts = [c.title, c.summary] + [t for p in c.params for t in (p.label, p.help, p.hint())]
        texts += [label for p in c.params if kind(p) == "choice" for _, label in p.choices]
        texts.append(_visible_text(widget_html(c, calc.evaluate(cid, c.defaults()))))
        bad += [(cid, t, problems(t)) for t in texts if problems(t)]
    assert bad == []


def test_results_read_naturally() -> None:
    bad = [(where, text, problems(text)) for where, text in result_texts() if problems(text)]
    assert bad == []


def test_average_that_only_rounds_to_a_whole_number_keeps_its_decimals() -> None:
    """ "Average wounds 3" for 3.0024 looked exact; it reads 3.00 now, while a true 3 stays 3."""
    from codex_view.format import figure

    assert figure(3.0024, "number") == "3.00"
    assert figure(3.0, "number") == "3"
    assert figure(2.456, "number") == "2.46"
