"""Number formats shared by every calculator view (the formats themselves live in `calc.wording`)."""

from __future__ import annotations

from calc.wording import figure, number, percent

__all__ = ["figure", "number", "percent"]
