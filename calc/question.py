"""A question put to a calculator, as one value: which calculator, and the settings that matter.

Every hand-off that opens a calculator writes its address from a `Question`: a roll's popover in
the rules text, a printed calculator line, a search answer, the command line's link. The page's
own links (form-state.js, `calculatorQuery`) follow the same rule on the same declaration, so a
question survives the trip: the query names the calculator (`calc=`), then each field that holds
a value and applies to these settings (`Calculator.applies`), in the declaration's order, in the
one string form the form uses (`params.canonical`). A field that does not apply is left out,
as the page leaves it out of a link.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from calc.calculator import Calculator
from calc.params import canonical
from calc.registry import evaluate, get


def page_url(src_uri: str) -> str:
    """The directory URL MkDocs gives a page: `rk/weapons.md` -> `rk/weapons/`, `index.md` -> ``."""
    path, _, _ = src_uri.partition("#")
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


@dataclass(frozen=True)
class Question:
    """A calculator's id and the settings given to it (raw values or strings, as a link holds them)."""

    calculator: str
    settings: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, calculator_id: str, settings: Mapping[str, Any] | None = None, /, **more: Any) -> "Question":
        """The question with these settings; an unknown calculator raises `InputError` (field `calculator`)."""
        get(calculator_id)
        return cls(calculator_id, tuple({**(settings or {}), **more}.items()))

    @classmethod
    def from_query(cls, query: str) -> "Question":
        """The question a link's query asks (`calc=rk-check&rolled=6`, with or without `?`).

        As the page reads a link, only the calculator's own fields count: keys it does not have
        (a search highlight, a tracker's tag, compare mode's `b.` fields) are left aside."""
        from urllib.parse import parse_qsl   # here, not above: see query()

        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
        calculator = get(dict(pairs).get("calc", ""))
        names = {p.name for p in calculator.params}
        return cls(calculator.id, tuple((k, v) for k, v in pairs if k in names))

    @property
    def declaration(self) -> Calculator:
        return get(self.calculator)

    def params(self) -> dict[str, Any]:
        return dict(self.settings)

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The settings a link carries: those given that hold a value and apply, in form order."""
        calculator, given = self.declaration, self.params()
        return tuple((p.name, canonical(given[p.name])) for p in calculator.params
                     if p.name in given and canonical(given[p.name]) != "" and calculator.applies(p, given))

    def query(self) -> str:
        """`calc=<id>&<field>=<value>...`, without the leading `?`."""
        # imported here: the browser's worker imports calc but never writes a link, and
        # urllib.parse (with the ipaddress it imports) is 26 kB more of the standard library
        # on a phone's first download (macros/runtime/stdlib.py ships only what the worker imports)
        from urllib.parse import urlencode

        return urlencode((("calc", self.calculator), *self.pairs()))

    @property
    def page(self) -> str:
        """The docs page the calculator lives on (`rk/damage.md`)."""
        return self.declaration.rule.partition("#")[0]

    @property
    def fragment(self) -> str:
        return f"calc-{self.calculator}"

    def address(self) -> str:
        """Where the question is answered, from the site's root: `rk/damage/?calc=...#calc-rk-wounds`."""
        return f"{page_url(self.page)}?{self.query()}#{self.fragment}"

    def answer(self) -> dict[str, Any]:
        """The calculator's result for these settings (bad ones raise `InputError`, naming the field)."""
        return evaluate(self.calculator, self.params())


__all__ = ["Question", "page_url"]
