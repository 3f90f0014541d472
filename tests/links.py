"""Links as tests write them: a compare link, a shared link to a calculator, a hostile fragment, and a wait for compare mode's figures."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

import calc
from codex_view.links import page_url
from tests.browser import READY_TIMEOUT_MS
from tests.site_pages import nudged_params


def wait_compare(page: Any, cid: str, key: str, a: dict[str, Any], b: dict[str, Any]) -> tuple[float, float]:
    """Wait until the page shows, ready and in compare mode, A's and B's figures as calc gives them."""
    want_a, want_b = calc.evaluate(cid, a)[key], calc.evaluate(cid, b)[key]
    page.wait_for_function(
        """([cid, key, a, b]) => {
            const root = document.querySelector(`[data-calculator="${cid}"]`);
            const outA = root.querySelector(`[data-result="${key}"]`);
            const outB = root.querySelector(`[data-result-b="${key}"]`);
            return root.dataset.state === "ready" && root.dataset.compare === "on" && outA && outB
                && Math.abs(Number(outA.dataset.value) - a) <= 1e-12 && Math.abs(Number(outB.dataset.value) - b) <= 1e-12;
        }""",
        arg=[cid, key, want_a, want_b],
        timeout=READY_TIMEOUT_MS,
    )
    return want_a, want_b


def link_fields(cid: str, form: dict[str, str]) -> dict[str, str]:
    """The fields a link carries (issue 18.5): those that hold a value and apply (the declaration's rule)."""
    applicable = {p.name for p in calc.CALCULATORS[cid].applicable(form)}
    return {k: v for k, v in form.items() if v != "" and k in applicable}


def share_link(served: str, path: str, cid: str, a: dict[str, str], b: dict[str, str] | None = None) -> str:
    """The link the page copies: A's fields plain, B's that differ from A under `b.`."""
    a = link_fields(cid, a)
    pairs = [("calc", cid), *a.items()]
    if b is not None:
        pairs += [("b." + k, v) for k, v in link_fields(cid, b).items() if a.get(k) != v]
    return f"{served}{path}?{urlencode(pairs)}#calc-{cid}"


def shared_link(cid: str) -> tuple[str, dict[str, Any]]:
    """The calculator's page with its defaults moved by one field (a link a forum post might carry)."""
    calculator = calc.CALCULATORS[cid]
    params = nudged_params(cid)
    if cid == "dice":
        params = {**params, "expr": "4d6kh3"}
    changed = {k: v for k, v in params.items() if v != calculator.defaults()[k]}
    query = urlencode({"calc": cid, **{k: "" if v is None else str(v).lower() if isinstance(v, bool) else v
                                      for k, v in changed.items()}})
    return f"{page_url(calculator.rule)}?{query}#calc-{cid}", params
PWN = "window.__pwned=1"


# name -> value put in every field of the calculator (and in an unknown key)
VALUES = {
    "img-onerror": f"<img src=x onerror={PWN}>",
    "script-breakout": f'"><script>{PWN}</script>',
    "javascript-url": f"javascript:{PWN}",
    "svg-onload": f"<svg/onload={PWN}>",
    "attribute-breakout": f"' autofocus onfocus='{PWN}' x='",
    "quotes-entities": "'\"`<>&amp;&#x3C;&lt;",
    "template-injection": "${" + PWN + "}{{constructor.constructor('" + PWN + "')()}}",
    "control-characters": "1\x00\u202e\ufeff\n2",
}


# Markup in a hash twice over: percent-encoded by the link, then raw (left to the browser to
# encode). One fragment holds both, so each rules page is opened once.
HASH = "#" + quote(VALUES["img-onerror"], safe="") + '"><svg/onload=' + PWN + ">"


# Run in the page after each navigation: anything here means a payload became markup or script.
INSPECT = """() => {
  const bad = [];
  if (window.__pwned !== undefined) bad.push('script ran');
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) if (/^on/i.test(attr)) bad.push(`${el.tagName} has ${attr}`);
  }
  for (const el of document.querySelectorAll('img[src="x"], svg[onload], iframe, object, embed, a[href^="javascript:" i]')) {
    bad.push(`injected ${el.tagName}`);
  }
  for (const el of document.querySelectorAll('script')) if (el.textContent.includes('__pwned')) bad.push('injected script');
  for (const el of document.querySelectorAll('.cx-error, .cx-status')) if (el.children.length) bad.push(`markup in ${el.className}`);
  for (const root of document.querySelectorAll('[data-calculator][data-state="error"]')) {
    const said = [...root.querySelectorAll('.cx-error:not([hidden])')].some((e) => e.textContent.trim())
      || root.querySelector('.cx-status').textContent.trim();
    if (!said) bad.push(`${root.dataset.calculator} in error without a message`);
  }
  return bad;
}"""
