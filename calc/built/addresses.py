"""A built question's own short address: `q/<calculator>/<slug>/`, the same on every surface.

The slug names the settings that apply to the question (`Calculator.applies`) and either differ
from the calculator's defaults or are required (a link must give them), in the declaration's order, each as `name-value` joined by `_`
(`q/rk-check/rolled-6_tn-25/`); a question asked at its defaults is `defaults`. Leaving the
defaults out keeps an address valid when a calculator later gains a field. A value's characters
outside `a-z`, `0-9` and `.` are written as `x` and two hex digits (`-2` -> `x2d2`), so a slug is a
safe path segment on any host. The page script writes the same slug from the same declaration.
"""

from __future__ import annotations

from calc.params import canonical
from calc.question import Question
from calc.registry import parse_params

ROOT = "q"
SAFE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.")


def _segment(text: str) -> str:
    return "".join(ch if ch in SAFE else "".join(f"x{byte:02x}" for byte in ch.encode("utf-8"))
                   for ch in text.lower())


def named_settings(question: Question) -> dict[str, object]:
    """The settings an address names, in form order: those that apply and differ from the defaults or
    are required (`{"rolled": 6, "tn": 25}`); bad ones raise `InputError`."""
    calculator = question.declaration
    values = parse_params(calculator, question.params())
    defaults = calculator.defaults()
    return {p.name: values[p.name] for p in calculator.params
            if calculator.applies(p, values)
            and (p.required or canonical(values[p.name]) != canonical(defaults.get(p.name)))}


def shortest(question: Question) -> Question:
    """The same question with only the settings its address names: its link is as short as it can be."""
    return Question.of(question.calculator, named_settings(question))


def odds_slug(question: Question) -> str:
    """The settings that differ from the defaults, as a path segment (`rolled-6_tn-25`); bad ones raise `InputError`."""
    parts = [f"{name.replace('_', '.')}-{_segment(canonical(value))}" for name, value in named_settings(question).items()]
    return "_".join(parts) or "defaults"


def odds_path(question: Question) -> str:
    """`q/<calculator>/<slug>/`, from the site's root."""
    return f"{ROOT}/{question.calculator}/{odds_slug(question)}/"


__all__ = ["ROOT", "named_settings", "odds_path", "odds_slug", "shortest"]
