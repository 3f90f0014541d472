"""Rule numbers quoted in page prose, read from the same `calc/data` files the calculators use.

A page writes `{{ rule_number("rk_numbers", "tn.drawing") }}` where it states a fixed number the
engine also uses, so the two can never say different things. The path walks the file's objects
by key and its lists of rows (a table's `rows` too) by `id` (or `key`); the quote is a `<span data-rule-number>` that
the tests read back against the data.
"""

from __future__ import annotations

from html import escape
from typing import Any

from calc import data
from calc.wording import signed

FORMATS = ("plain", "signed", "size")


def lookup(name: str, path: str) -> int:
    """The number at `path` ("tn.drawing", "wrestling.unseat.tn") in `calc/data/<name>.json`."""
    value: Any = data.load(name)
    for part in path.split("."):
        if isinstance(value, dict) and part not in value and "rows" in value:
            value = value["rows"]   # a table file: its rows by id
        if isinstance(value, list):
            value = next((row for row in value if part in (row.get("id"), row.get("key"))), None)
        elif isinstance(value, dict):
            value = value.get(part)
        if value is None:
            raise KeyError(f"{name}.json has no {path!r}")
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name}.json's {path!r} is not a whole number")
    return value


def shown(value: int, fmt: str) -> str:
    """A number as the prose writes it: `plain` 10, `signed` +10 / \u22123 (a true minus), `size` 3 for \u22123."""
    if fmt == "signed":
        return signed(value)
    if fmt == "size":
        return str(abs(value))
    if fmt == "plain":
        return str(value)
    raise ValueError(f"rule_number format must be one of {', '.join(FORMATS)}, not {fmt!r}")


def quote(name: str, path: str, fmt: str = "plain") -> str:
    """The number as inline HTML, marked with where it comes from."""
    where = escape(f"{name}.{path}", quote=True)
    return f'<span data-rule-number="{where}" data-format="{fmt}">{shown(lookup(name, path), fmt)}</span>'
