"""Where a docs page is served: shared by the build (macros) and the renderer (calc owns the rule)."""

from __future__ import annotations

from calc.question import page_url

__all__ = ["page_url"]
