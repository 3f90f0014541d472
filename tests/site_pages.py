"""Helpers shared by the reliability and security tests: what the built site holds, and
driving calculators through Material's instant navigation (no Pyodide reboot between pages).
"""

from __future__ import annotations

from html import unescape
from pathlib import Path
import re
from typing import Any
from urllib.parse import urlsplit

import calc
from calc import data
from macros.contracts.site_index import content_pages
from tests.html_pages import page_file
from tests.param_values import kind

CALC_ROOT = re.compile(r'data-calculator="([^"]+)"')

# The page Material swapped in is there (CLICK_LINK marks the old content data-old).
SWAPPED = """() => {
  const container = document.querySelector('[data-md-component=container]');
  return container !== null && !container.dataset.old;
}"""

# ... and every calculator root on it has answered (ready) or said why not (error).
SETTLED = """() => {
  const container = document.querySelector('[data-md-component=container]');
  const roots = [...document.querySelectorAll('[data-calculator]')];
  return container !== null && !container.dataset.old && roots.length > 0
    && roots.every((r) => ['ready', 'error'].includes(r.dataset.state));
}"""

# Follow a link the way a reader does: Material intercepts the click and swaps the page in
# place (instant navigation), so the worker and Pyodide stay booted.
CLICK_LINK = """(url) => {
  document.querySelector('[data-md-component=container]').dataset.old = '1';
  const a = document.createElement('a');
  a.href = url;
  a.textContent = 'test link';
  document.body.append(a);
  a.click();
  a.remove();
}"""


def calculator_pages(site: Path) -> dict[str, list[str]]:
    """Page URL path (`sun/rules/`) -> ids of the calculators on it, for every built page."""
    found = {}
    for key in content_pages(site):
        html = (site / key / "index.html") if key.endswith("/") or key == "" else site / key
        ids = CALC_ROOT.findall(html.read_text(encoding="utf-8"))
        if ids:
            found[key] = ids
    return found


def headline_key(calculator_id: str) -> str:
    """The first headline figure the calculator shows for its default inputs."""
    calculator = calc.CALCULATORS[calculator_id]
    result = calc.evaluate(calculator_id, calculator.defaults())
    return next(h.key for h in calculator.headlines if result.get(h.key) is not None)


def navigate(page: Any, base_url: str, target: str, *, hop: str = "") -> None:
    """Instant-navigate to `target` (a path with query or hash, relative to the site root).

    Material swaps the page only when the path changes, so a target on the current path goes
    through `hop` (the home page) first. Returns once the new page is in; wait for SETTLED
    to know its calculators have answered.
    """
    path = urlsplit(base_url + target).path
    here = page.evaluate("() => location.pathname")
    if here == path:
        page.evaluate(CLICK_LINK, base_url + hop)
        page.wait_for_function(SWAPPED)
    page.evaluate(CLICK_LINK, base_url + target)
    page.wait_for_function(SWAPPED)


def visit(page: Any, base_url: str, target: str) -> None:
    """Open `target` as a reader moving around the site does: the first page of a tab by a full
    load, every later one by following a link (instant navigation), so the calculator runtime
    the tab booted keeps answering. A test about what a full load does (a forum link opened
    cold) uses `page.goto` instead."""
    if page.url.startswith(base_url):
        home = urlsplit(base_url + target).path == urlsplit(base_url).path
        navigate(page, base_url, target, hop="glossary/" if home else "")
    else:
        page.goto(base_url + target)


def set_form(page: Any, calculator_id: str, values: dict[str, Any]) -> None:
    """Put `values` in the calculator's form as a reader would leave them, then signal a change."""
    page.evaluate(
        """([cid, values]) => {
          const form = document.querySelector(`[data-calculator="${cid}"] form`);
          for (const [name, value] of Object.entries(values)) {
            const el = form.elements.namedItem(name);
            if (el.type === 'checkbox') el.checked = value === true;
            else el.value = value === null ? '' : String(value);
            el.dispatchEvent(new Event('input'));   // the field's own, as typing fires it (not the form's)
          }
          form.dispatchEvent(new Event('change', { bubbles: true }));
        }""",
        [calculator_id, values],
    )


def nudged_params(calculator_id: str) -> dict[str, Any]:
    """The defaults with the first whole-number input moved by one: a real change to answer."""
    from calc.params import IntParam

    params = calc.CALCULATORS[calculator_id].defaults()
    for p in calc.CALCULATORS[calculator_id].params:
        if kind(p) == "int" and p.default is not None:
            params[p.name] = p.default + 1 if p.default < p.maximum else p.default - 1
            break
    return params


def wait_for_close_result(page: Any, calculator_id: str, key: str, params: dict[str, Any], *, rel: float = 1e-12) -> float:
    """Like tests.browser.wait_for_result, within `rel`: Pyodide's libm can differ from the
    native one in the last bit (rk-wounds brawn=9: 0.003604778528228479 in the browser,
    0.0036047785282284795 in CPython)."""
    from tests.browser import READY_TIMEOUT_MS

    expected = calc.evaluate(calculator_id, params)[key]
    page.wait_for_function(
        """([cid, key, expected, rel]) => {
            const root = document.querySelector(`[data-calculator="${cid}"]`);
            const out = root && root.querySelector(`[data-result="${key}"]`);
            if (!out || root.dataset.state !== 'ready') return false;
            const shown = Number(out.dataset.value);
            return Math.abs(shown - expected) <= rel * Math.max(Math.abs(expected), 1e-300);
        }""",
        arg=[calculator_id, key, expected, rel],
        timeout=READY_TIMEOUT_MS,
    )
    return expected


def glossary_entry(site_dir: Path, game: str, term: str) -> str:
    """The text of one glossary definition on the built Glossary page."""
    html = (site_dir / "glossary" / "index.html").read_text(encoding="utf-8")
    slug = re.sub(r"-+", "-", "".join(c if c.isalnum() else "-" for c in term.lower())).strip("-")
    found = re.search(rf'<dt id="glossary-{game}-{slug}">.*?</dt><dd>(.*?)</dd>', html, re.S)
    assert found, f"no glossary entry {game}/{term}"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def term(game: str, name: str) -> str:
    return next(t["definition"] for t in data.load(f"glossary_{game}")["terms"] if t["term"] == name)


def section_text(site_dir: Path, src: str, anchor: str) -> str:
    """The built text of one section: from heading `anchor` up to the next heading of any level."""
    html = page_file(site_dir, src).read_text(encoding="utf-8")
    start = html.index(">", html.index(f'id="{anchor}"')) + 1
    end = re.compile(r"<h[1-6][ >]").search(html, html.index("</h", start))
    body = html[start: end.start() if end else len(html)]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())
