"""Number formats shared by every calculator view (the formats themselves live in `calc.wording`)."""

from __future__ import annotations

from calc.wording import number, percent

__all__ = ["figure", "number", "percent"]


def figure(value: object, kind: str) -> str:
    if kind == "percent" and isinstance(value, (int, float)):
        return percent(float(value))
    if kind == "integer" and isinstance(value, (int, float)):
        return str(int(value))
    if isinstance(value, (int, float)):
        return number(float(value))
    return str(value)
