"""Number formats shared by every calculator view."""

from __future__ import annotations


def percent(p: float) -> str:
    """A probability as a percentage a player reads at a glance (never rounds to 0 or 100 falsely)."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.0001:
        return "<0.01%"
    if p > 0.9999:
        return ">99.99%"
    return f"{p * 100:.2f}%"


def number(x: float) -> str:
    """A mean or other real number to two decimals; a whole number stays whole ("3"), but a value
    that only rounds to one keeps its decimals ("3.00" for 3.0024), so it never looks exact."""
    if not isinstance(x, float):
        return str(x)
    if x.is_integer():
        return str(int(x))
    return f"{x:.2f}"


def figure(value: object, kind: str) -> str:
    if kind == "percent" and isinstance(value, (int, float)):
        return percent(float(value))
    if kind == "integer" and isinstance(value, (int, float)):
        return str(int(value))
    if isinstance(value, (int, float)):
        return number(float(value))
    return str(value)
