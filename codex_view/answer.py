"""A calculator's result as one typed value for the views, built in one place from the dict `compute` returns.

`calc` keeps its results JSON-ready dicts (the worker sends them as they are); the views read this
value by attribute instead: the headline figures as the declaration formats them, the tables with
what their marked row is in words (the declaration's `marked_rows`), the hand-offs to other
calculators (the result's `chain`, and the declaration's `planner` beside it), the degrees, the
distribution and the notes. `Answer.of` is the only place that reads those keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from calc.calculator import Calculator, Headline
from calc.registry import get

DISTRIBUTION_TITLE = "Distribution of the total"   # a distribution's title, unless the result gives its own
EVERY_TOTAL = "Table of every total"               # its whole table's name, unless the result gives its own


@dataclass(frozen=True)
class Figure:
    """One headline of a result: `shown` is the figure as text, the headline's `missing` words standing
    in for it (`stand_in`), or None when there is nothing to show; `value` is the raw number."""

    headline: Headline
    title: str | None    # None when the label names something this result lacks (nothing to show then)
    shown: str | None
    value: Any
    stand_in: bool

    @property
    def key(self) -> str:
        return self.headline.key

    @property
    def format(self) -> str:
        return self.headline.format


@dataclass(frozen=True)
class Column:
    label: str
    format: str   # percent | number | integer | text


@dataclass(frozen=True)
class Row:
    cells: tuple[Any, ...]
    marked: bool


@dataclass(frozen=True)
class Table:
    """A result table; `mark_word` says what its marked row is ("best"), "" when nothing is said."""

    key: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    mark_word: str

    @property
    def formats(self) -> list[str]:
        return [c.format for c in self.columns]


@dataclass(frozen=True)
class Band:
    """One band of a stacked bar (a degree of success) and its chance."""

    key: str
    label: str
    probability: float


@dataclass(frozen=True)
class Handoff:
    """A button that carries values into another calculator: the result's own (`primary`) or the planner's."""

    calculator: str
    params: Mapping[str, Any]
    label: str
    arrived: str
    primary: bool


@dataclass(frozen=True)
class Distribution:
    pmf: list[list[float]]
    title: str
    table_name: str   # the table's name when it lists every total
    tail: float = 0.0   # the chance calc's truncation of exploding dice left out of `pmf` (a Roll says it)


@dataclass(frozen=True)
class Answer:
    """What a view shows of one result of `calculator`; `values` is the result as `compute` returned it."""

    calculator: Calculator
    values: Mapping[str, Any]
    figures: tuple[Figure, ...]
    reading: str
    verdict: str
    handoffs: tuple[Handoff, ...]
    degrees: tuple[Band, ...]
    tables: tuple[Table, ...]
    distribution: Distribution | None
    notes: tuple[str, ...]

    @classmethod
    def of(cls, calculator: Calculator, result: Mapping[str, Any]) -> Answer:
        pmf = result.get("distribution")
        return cls(
            calculator=calculator,
            values=result,
            figures=tuple(_figure(h, result) for h in calculator.headlines),
            reading=str(result.get("reading") or ""),
            verdict=str(result.get("verdict") or ""),
            handoffs=_handoffs(calculator, result.get("chain")),
            degrees=tuple(Band(b["key"], b["label"], b["probability"]) for b in result.get("degrees") or ()),
            tables=tuple(_table(calculator, t) for t in result.get("tables") or ()),
            distribution=Distribution(pmf, result.get("distribution_title", DISTRIBUTION_TITLE),
                                      result.get("distribution_table", EVERY_TOTAL),
                                      float(result.get("distribution_tail", 0.0))) if pmf else None,
            notes=tuple(result.get("notes", ())),
        )

    def figure(self, key: str) -> Figure:
        """The figure of the headline `key`."""
        return next(f for f in self.figures if f.key == key)

    def table(self, key: str) -> Table:
        """The result table `key`."""
        return next(t for t in self.tables if t.key == key)


def _figure(headline: Headline, result: Mapping[str, Any]) -> Figure:
    shown = headline.shown(result)
    try:
        title: str | None = headline.title(result)
    except KeyError:
        title = None
    return Figure(headline, title, shown, result.get(headline.key),
                  stand_in=shown is not None and result.get(headline.key) is None)


def _table(calculator: Calculator, table: Mapping[str, Any]) -> Table:
    key = str(table.get("key", ""))
    return Table(
        key=key,
        title=table["title"],
        columns=tuple(Column(c["label"], c.get("format", "text")) for c in table["columns"]),
        rows=tuple(Row(tuple(row["cells"]), bool(row.get("mark"))) for row in table["rows"]),
        mark_word=calculator.mark_words(key),
    )


def _handoffs(calculator: Calculator, chain: Mapping[str, Any] | None) -> tuple[Handoff, ...]:
    """The result's hand-off, then its planner's (the declaration's `planner`) beside it."""
    if not chain:
        return ()
    own = Handoff(chain["calculator"], chain["params"], chain["label"], chain.get("arrived", ""), primary=True)
    planned = planner_handoff(calculator.planner, chain) if calculator.planner else None
    return (own,) if planned is None else (own, planned)


def planner_handoff(planner: str, chain: Mapping[str, Any]) -> Handoff | None:
    """The planner's button beside a hand-off of a TN to another calculator (None without a TN).

    It carries what the hand-off carries and the planner's declaration takes; the rest (the
    raises, which the planner weighs one by one) is said to stay behind.
    """
    if chain.get("calculator") == planner:
        return None
    params = chain.get("params") or {}
    takes = {p.name for p in get(planner).params}
    carried = {name: value for name, value in params.items() if name in takes}
    if "tn" not in carried:
        return None
    tn = carried["tn"]
    arrived = f"TN {tn} from the TN builder"
    if any(params[name] for name in params if name not in takes):
        arrived += "; its raises are not carried over, as the planner weighs each number of raises in turn"
    return Handoff(planner, carried, f"Plan an attack against TN {tn}", arrived, primary=False)


__all__ = ["Answer", "Band", "Column", "Distribution", "Figure", "Handoff", "Row", "Table", "planner_handoff"]
