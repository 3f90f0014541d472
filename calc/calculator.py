"""What a calculator is: its id, rule page, parameters, function and headline figures."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .params import Param


@dataclass(frozen=True)
class Headline:
    """A figure shown large: `key` in the result, its label, and how to format it."""

    key: str
    label: str
    format: str = "percent"  # percent | number | integer


@dataclass(frozen=True)
class Calculator:
    """One calculator of the registry.

    Attributes:
        id: stable identifier, used in URLs (`?calc=sun-check`) and `data-calculator`.
        title: the heading shown above its form.
        rule: the docs page and anchor of the rule it answers, e.g. `sun/rules.md#sun-basic-roll`.
        params: its inputs, in form order.
        compute: called with the validated params as keyword arguments; returns a JSON-ready dict.
        headlines: the figures shown large, in order.
        summary: one sentence on what it answers.
        question: called with the parsed params and the result; returns the settings in words
            (None: the views list every setting changed from its default).
    """

    id: str
    title: str
    rule: str
    params: tuple[Param, ...]
    compute: Callable[..., dict[str, Any]]
    headlines: tuple[Headline, ...] = ()
    summary: str = ""
    question: Callable[[Mapping[str, Any], Mapping[str, Any]], str] | None = None
    examples: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def describe(self) -> dict[str, Any]:
        """JSON-ready description, shipped to the page to build and read its form."""
        return {
            "id": self.id,
            "title": self.title,
            "rule": self.rule,
            "summary": self.summary,
            "params": [p.describe() for p in self.params],
            "headlines": [{"key": h.key, "label": h.label, "format": h.format} for h in self.headlines],
        }
