"""HTML for calculators: one renderer used by the site build and by the browser worker.

`calc` computes and knows nothing of HTML; this package turns its registry and results into
escaped HTML fragments, so the prerendered page and the live page show the same markup.
"""

from .render import result_html, widget_html

__all__ = ["result_html", "widget_html"]
