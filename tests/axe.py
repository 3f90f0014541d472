"""axe-core (npm, pinned) run in a page as the accessibility tests run it: its script, the two themes, an audit."""

from __future__ import annotations

from typing import Any

from tests.support import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
THEMES = {"light": "default", "dark": "slate"}  # prefers-color-scheme -> Material's scheme


RUN_AXE = """async (only) => {
  const options = { resultTypes: ['violations'] };
  if (only) options.runOnly = { type: 'rule', values: only };
  const result = await axe.run(document, options);
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5), count: v.nodes.length,
  }));
}"""


def audit(page: Any, theme: str, only: list[str] | None) -> list[dict[str, Any]]:
    """axe's violations in `theme`, switched to as a reader does (the header's theme toggle, which
    repaints the page in place), so each page is opened once and audited in both themes."""
    if page.evaluate("() => document.body.dataset.mdColorScheme") != THEMES[theme]:
        # the one toggle shown, clicked without moving the pointer: a hovered toggle shows its
        # tooltip, which the next page's audit would meet half faded
        page.locator("form[data-md-component=palette] label:not([hidden])").dispatch_event("click")
        page.wait_for_function("(scheme) => document.body.dataset.mdColorScheme === scheme", arg=THEMES[theme])
    return page.evaluate(RUN_AXE, only)
