"""What a calculator is: its id, rule page, parameters, function and headline figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from calc.params import Param, canonical
from calc.wording import figure

# a question in words when no field that applies differs from its default (Copy as text, "Asked:")
DEFAULT_SETTINGS = "the default settings"


@dataclass(frozen=True)
class Headline:
    """A figure shown large: `key` in the result, its label, and how to format it.

    `label` and `missing` may name other keys of the result in braces ("at a {threshold}% chance
    or better"), so a label says what its figure was worked out for. `missing` stands in the
    figure's place when the result has no value for it ("none at {threshold}%"); without it such a
    figure is left out. `better` says which way the figure favours the reader, for compare mode's
    sentence ("B is better by ..."): "higher", "lower", or "" when neither side is better for it.
    `label_when` gives other labels, each as (a result key, its label): the first whose key holds a
    value in the result is used instead of `label` (a pool's opposed roll names its winner).
    """

    key: str
    label: str
    format: str = "percent"  # percent | number | integer | average (a number, by its size alone past a million) | text
    missing: str = ""
    better: str = "higher"  # higher | lower | "" (neither)
    label_when: tuple[tuple[str, str], ...] = ()

    def title(self, result: Mapping[str, Any]) -> str:
        """The label for this result, with what it names from the result filled in."""
        label = next((text for key, text in self.label_when if result.get(key) is not None), self.label)
        return label.format_map(result)

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
        question: a sentence that phrases some settings ("7k5 against TN 30, exploding tens"), called
            with the validated params and the result; `says` names the fields it phrases whenever they
            apply. Copy as text, compare and the command line follow it with every other field that
            applies and either differs from its default or is `named`, as "Title: value" in form
            order (`calc.in_words.question_text`), so no setting that changed the answer goes unsaid.
        says: the fields `question` phrases (each one it names whenever the field applies).
        named: fields said even at their default, where they apply (the dice expression, the TN a
            roll is made against): what the question is about, not a change from it.
        budget: for a calculator whose cost depends on its input (`dice`), the field that decides it
            and the share of the time budget the validated params would use (1.0 is the whole
            budget; compute refuses more itself). Compare mode adds A's and B's shares and refuses
            a pair over 1.0 before computing either (codex_view.browser.compare_reply).
        marked_rows: what the marked row of each of its result tables is, in words, by the table's
            key (`(("rows", "best"),)`): the view writes them beside the row, which its colour alone
            does not say to every reader. A table not named here says nothing beside it (its
            marked row names itself, as a TN builder's "Target number").
        planner: the calculator that plans an attack from this one's hand-off (`chain`): beside the
            hand-off the view offers a second button into it, carrying what the planner takes.
        meaning: what a total drawn from its answer's distribution means (the Roll): called with the
            calculator, the validated params and the result, it gives the draw's label and its
            `calc.dice.draw.Band`s (`calc.meaning`); without it a total is drawn alone, under the
            distribution's title.
    """

    id: str
    title: str
    rule: str
    params: tuple[Param, ...]
    compute: Callable[..., dict[str, Any]]
    headlines: tuple[Headline, ...] = ()
    summary: str = ""
    question: Callable[[Mapping[str, Any], Mapping[str, Any]], str] | None = None
    says: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    budget: tuple[str, Callable[[Mapping[str, Any]], float]] | None = None
    marked_rows: tuple[tuple[str, str], ...] = ()
    planner: str = ""
    meaning: Callable[["Calculator", Mapping[str, Any], Mapping[str, Any]], tuple[str, Sequence[Any]]] | None = None

    def __post_init__(self) -> None:
        """A question that names a field the calculator does not have, or phrases fields without a
        sentence, cannot be composed: refused when the declaration is made (so the build stops)."""
        fields = {p.name for p in self.params}
        unknown = sorted(set(self.says) - fields) + sorted(set(self.named) - fields)
        if unknown:
            raise ValueError(f"{self.id}: the question names {', '.join(unknown)}, which are not its fields")
        if self.says and self.question is None:
            raise ValueError(f"{self.id}: `says` names fields but there is no question to phrase them")

    def mark_words(self, table_key: str) -> str:
        """What the marked row of the result table `table_key` is, in words ("" when it says nothing)."""
        return dict(self.marked_rows).get(table_key, "")

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def param(self, name: str) -> Param:
        """The field of that name."""
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def replaced(self, param: Param, values: Mapping[str, Any]) -> bool:
        """Whether the fields of `param.replaced_by` all apply and hold a value, taking its place."""
        if not param.replaced_by:
            return False
        full = {**self.defaults(), **values}
        return all(canonical(full.get(name)) != "" and self.applies(self.param(name), full)
                   for name in param.replaced_by)

    def applies(self, param: Param, values: Mapping[str, Any]) -> bool:
        """Whether `param` matters for these values: its `shown_when` holds and nothing replaces it.

        The page follows the same two rules on the same data (form-state.js `fieldApplies`)."""
        full = {**self.defaults(), **values}
        return param.applies(full) and not self.replaced(param, full)

    def replaced_note(self, param: Param) -> str:
        """Why a replaced field is not used, as the page shows it beside the field ("" if it never is)."""
        if not param.replaced_by:
            return ""
        names = [self.param(name).title for name in param.replaced_by]
        return f"Not used: {' and '.join(names)} replace{'s' if len(names) == 1 else ''} it."

    def applicable(self, values: Mapping[str, Any]) -> tuple[Param, ...]:
        """The fields that matter for these values (missing ones take their defaults), in form order."""
        full = {**self.defaults(), **values}
        return tuple(p for p in self.params if self.applies(p, full))

    def changed(self, values: Mapping[str, Any]) -> tuple[Param, ...]:
        """The fields that matter for these values and hold something other than their default."""
        return tuple(
            p for p in self.applicable(values)
            if p.name in values and canonical(values[p.name]) != canonical(p.default)
        )
