"""Helpers for browser tests: waiting on the calculator contract, typing as a person would."""

from __future__ import annotations

from typing import Any

import calc

READY_TIMEOUT_MS = 45_000  # a cold Pyodide boot on a loaded 2-core CI machine


def root(page: Any, calculator_id: str) -> Any:
    return page.locator(f'[data-calculator="{calculator_id}"]')


def wait_state(page: Any, calculator_id: str, state: str, timeout: int = READY_TIMEOUT_MS) -> None:
    page.wait_for_selector(f'[data-calculator="{calculator_id}"][data-state="{state}"]', timeout=timeout)


def type_into(page: Any, calculator_id: str, field: str, text: str) -> None:
    """Click the field, select what is there, and type the new text key by key."""
    box = page.locator(f'[data-calculator="{calculator_id}"] [name="{field}"]')
    box.click()
    box.press("Control+A")
    box.press_sequentially(text, delay=20)


def result_value(page: Any, calculator_id: str, key: str) -> float:
    return float(root(page, calculator_id).locator(f'[data-result="{key}"]').get_attribute("data-value"))


def wait_for_result(page: Any, calculator_id: str, key: str, params: dict[str, Any]) -> float:
    """Wait until the page shows, ready, the value `calc.evaluate` gives for `params`; return it.

    Equal to 1e-12: Pyodide's CPython and this one may round a truncated explosion's float sum
    differently in the last digit; exact (integer-weight) results come out identical anyway.
    """
    expected = calc.evaluate(calculator_id, params)[key]
    page.wait_for_function(
        """([cid, key, expected]) => {
            const root = document.querySelector(`[data-calculator="${cid}"]`);
            const out = root && root.querySelector(`[data-result="${key}"]`);
            return root.dataset.state === "ready" && out && Math.abs(Number(out.dataset.value) - expected) <= 1e-12;
        }""",
        arg=[calculator_id, key, expected],
        timeout=READY_TIMEOUT_MS,
    )
    return expected


def form_params(page: Any, cid: str) -> dict[str, str]:
    """The parameters exactly as the form on the page holds them."""
    return page.evaluate(
        """(cid) => {
            const form = document.querySelector(`[data-calculator="${cid}"] form`);
            const out = {};
            for (const el of form.elements) {
                if (el.name) out[el.name] = el.type === "checkbox" ? (el.checked ? "true" : "false") : el.value;
            }
            return out;
        }""",
        cid,
    )


def clipboard(page: Any) -> str:
    """What the page last put on the clipboard."""
    return page.evaluate("navigator.clipboard.readText()")


def assert_citation_formats(page: Any, popover: Any, title: str, url: str) -> None:
    """The open cite popover copies `title` + `url` as Markdown, then as BBCode."""
    for button, done, expected in (
        ("Copy as Markdown", "Copied as Markdown", f"[{title}]({url})"),
        ("Copy as BBCode", "Copied as BBCode", f"[url={url}]{title}[/url]"),
    ):
        popover.get_by_role("button", name=button).click()
        page.wait_for_function(
            "(done) => document.querySelector('.cx-cite__done').textContent === done", arg=done
        )
        assert clipboard(page) == expected


# Before any page script (page.add_init_script): note when each answer or refusal from the
# calculator worker (a message with an `id` and `html` or `error`) reaches the page.
REPLY_CLOCK = """(() => {
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (data && data.id !== undefined && (typeof data.html === "string" || data.error)) window.__codexReplyAt = performance.now();
      });
    }
  };
})();"""


def reply_to_paint_ms(page: Any) -> float:
    """Milliseconds from the worker's last reply to the frame after next (the main thread has laid
    the page out and painted it); waits on the frames, so it also shows the main thread answers.
    A figure to print, never to assert: timing belongs to `make bench` and `make measure`."""
    painted = page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => "
                            "done(performance.now()))))")
    return painted - page.evaluate("() => window.__codexReplyAt ?? performance.now()")
