"""Layout shift as Core Web Vitals count it, over a shared link's landing: what the landing tests share.

A PerformanceObserver on "layout-shift" (buffered, each entry without recent input), installed
before any page script; `landed_shift` reads its sum once every calculator of the page is answered
live and the linked one is marked answered (linked.js). Good is 0.1 or less.
"""

from __future__ import annotations

from typing import Any

from tests.browser import READY_TIMEOUT_MS
from tests.site_pages import SETTLED

GOOD = 0.1   # Core Web Vitals: a good cumulative layout shift
SHIFTS = """
window.__shift = 0;
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shift += entry.value;
    window.__shifts.push([Math.round(entry.startTime), entry.value,
      entry.sources.map((s) => (s.node && s.node.className) || (s.node && s.node.nodeName) || '?').join(' | ')]);
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def landed_shift(page: Any) -> tuple[float, list]:
    """The page's layout shift from its first byte to every calculator answered live, and its entries."""
    page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => 'codexAnswered' in document.documentElement.dataset", timeout=READY_TIMEOUT_MS)
    return tuple(page.evaluate("[window.__shift, window.__shifts]"))
