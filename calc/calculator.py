"""What a calculator is: its id, rule page, parameters, function and headline figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .params import Param, canonical
from .wording import figure


@dataclass(frozen=True)
class Headline:
    """A figure shown large: `key` in the result, its label, and how to format it.

    `label` and `missing` may name other keys of the result in braces ("at a {threshold}% chance
    or better"), so a label says what its figure was worked out for. `missing` stands in the
    figure's place when the result has no value for it ("none at {threshold}%"); without it such a
    figure is left out. `better` says which way the figure favours the reader, for compare mode's
    sentence ("B is better by ..."): "higher", "lower", or "" when neither side is better for it.
    """

    key: str
    label: str
    format: str = "percent"  # percent | number | integer | text
    missing: str = ""
    better: str = "higher"  # higher | lower | "" (neither)

    def title(self, result: Mapping[str, Any]) -> str:
        """The label, with what it names from the result filled in."""
        return self.label.format_map(result)

    def shown(self, result: Mapping[str, Any]) -> str | None:
        """The figure as text, the `missing` text when there is none, or None (nothing to show)."""
        value = result.get(self.key)
        if value is None:
            return self.missing.format_map(result) if self.missing else None
        return figure(value, self.format)


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
        question: the settings in words ("7k5 against TN 30, exploding tens"), called with the
            validated params and the result; without it, Copy as text and compare list each
            setting that applies and differs from its default (`changed`).
    """

    id: str
    title: str
    rule: str
    params: tuple[Param, ...]
    compute: Callable[..., dict[str, Any]]
    headlines: tuple[Headline, ...] = ()
    summary: str = ""
    question: Callable[[Mapping[str, Any], Mapping[str, Any]], str] | None = None

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def applicable(self, values: Mapping[str, Any]) -> tuple[Param, ...]:
        """The fields that matter for these values (missing ones take their defaults), in form order."""
        full = {**self.defaults(), **values}
        return tuple(p for p in self.params if p.applies(full))

    def changed(self, values: Mapping[str, Any]) -> tuple[Param, ...]:
        """The fields that matter for these values and hold something other than their default."""
        return tuple(
            p for p in self.applicable(values)
            if p.name in values and canonical(values[p.name]) != canonical(p.default)
        )

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
