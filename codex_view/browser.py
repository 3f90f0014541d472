"""The worker's one entry point: JSON in, JSON out, never an exception.

The page posts `{id, calculator, mode, params}`; the worker calls `run(calculator, params_json, mode)`
and relays the reply: `{"result": ..., "html": ..., "sum": ..., "text": ...}` (`sum`: the markup's, `markup_sum`) or `{"error": {"field", "message"}}`.
`text` is the question and answer in words, for "Copy as text" (calc.in_words). The params are read once. A
result whose distribution is longer than its table shows comes without it (`distribution_totals`
counts it): the page asks again in mode "totals" with the same params when the reader wants every
total, and gets `{"csv": ...}`. No reply carries the whole distribution unasked: on an answer's
first Roll the page asks in mode "roll" with the same params and gets `{"roll": ...}`, the answer
as a `calc.dice.draw.Draw` (codex_view.draws): whole-number weights of every total and what each means.

Mode "compare" sends params `{"a": {...}, "b": {...}}`: the reply's `result` is
`{"a": ..., "b": ...}` and its html shows both (codex_view.compare). An error in B names B's
field (the form holds B); an error in A has no field and says it is A's. The page writes the
question the reader asked ("Asked: ...") itself, from its form, before and after the answer.
"""

from __future__ import annotations

import gc
import json
import sys

# the C core of tracemalloc: the Python module imports pickle, 30 kB more for every reader to
# download, for the three calls made here
import _tracemalloc
from typing import Any

from calc import InputError
from calc.in_words import answer_text, compare_text, question_text
from calc.registry import get, parse_params

from .answer import Answer
from .compare import compare_html
from .distribution import compact, totals_csv
from .draws import answer_draw
from .render import markup_sum, result_html

MAX_JSON = 20_000  # characters of params accepted from the page


def error_reply(err: InputError, **more: Any) -> dict[str, Any]:
    """The reply for bad input in the form: `{"error": {"field", "message"}}`; `plain`, the message
    without the input it repeats (the page shows that input itself); `incomplete` for an unfinished
    dice expression (the page waits for more typing instead of showing an error); `costly` for input
    that reads well but is too much work to answer here; and `more` (compare mode's `side`)."""
    error: dict[str, Any] = {"field": err.field, "message": err.message, **more}
    if err.plain != err.message:
        error["plain"] = err.plain
    for flag in ("incomplete", "costly"):
        if getattr(err, flag, False):
            error[flag] = True
    return {"error": error}


def reply(calculator_id: str, params: Any) -> dict[str, Any]:
    try:
        calculator = get(calculator_id)
        clean = parse_params(calculator, params)
        result = calculator.compute(**clean)
    except InputError as err:
        return error_reply(err)
    html = result_html(calculator, result, clean)
    return {"result": compact(result), "html": html, "sum": markup_sum(html), "text": answer_text(calculator, clean, result)}


# what a request asks: one calculator's answer, settings A against B, every total of an answer, or
# the answer's distribution to roll
MODES = ("single", "compare", "totals", "roll")


def totals_reply(calculator_id: str, params: Any) -> dict[str, Any]:
    """Every total of a result's distribution as CSV text: `{"csv"}`, or an error as `reply` gives it."""
    try:
        calculator = get(calculator_id)
        answer = Answer.of(calculator, calculator.compute(**parse_params(calculator, params)))
    except InputError as err:
        return error_reply(err)
    if answer.distribution is None:
        return {"error": {"field": None, "message": "This result has no totals to list."}}
    return {"csv": totals_csv(answer.distribution.pmf)}


def roll_reply(calculator_id: str, params: Any) -> dict[str, Any]:
    """An answer to roll (`{"roll"}`, a `calc.dice.draw.Draw` as JSON), or an error as `reply` gives it."""
    try:
        calculator = get(calculator_id)
        clean = parse_params(calculator, params)
        draw = answer_draw(calculator, clean, calculator.compute(**clean))
    except InputError as err:
        return error_reply(err)
    if draw is None:
        return {"error": {"field": None, "message": "This answer has no totals to roll."}}
    return {"roll": draw.as_json()}


def too_much_work(shares: dict[str, float]) -> tuple[str, str] | None:
    """Which side of a compare pair costs too much (`a`, `b`, or `both`: each fits the time budget
    alone, not the two together), and the refusal that names it; None when the pair fits."""
    a, b = shares["a"], shares["b"]
    if a > 1:
        return "a", (f"Setting A (pinned) is too much work to work out here: it alone would take about {a:.0%} of the "
                     "time allowed. Make A smaller.")
    if b > 1:
        return "b", (f"Setting B is too much work to work out here: it alone would take about {b:.0%} of the time "
                     "allowed. Make B smaller.")
    if a + b > 1:
        return "both", (f"A and B together are too much work to work out side by side: A would take about {a:.0%} of "
                        f"the time allowed and B {b:.0%}. Make B, or A, smaller.")
    return None


def _side_error(side: str, err: InputError) -> dict[str, Any]:
    """A compare side's bad setting: B's names its field (the form holds B); A's names none of it."""
    if side == "a":
        return {"error": {"field": None, "side": "a", "message": f"Setting A (pinned) can not be worked out: {err.message}"}}
    return error_reply(err, side="b")


def compare_reply(calculator_id: str, params: Any) -> dict[str, Any]:
    """Settings A and B of one calculator, side by side."""
    if not isinstance(params, dict) or not isinstance(params.get("a"), dict) or not isinstance(params.get("b"), dict):
        return {"error": {"field": None, "message": "Compare mode needs settings A and B."}}
    try:
        calculator = get(calculator_id)
    except InputError as err:
        return error_reply(err)
    cleaned, shares = {}, {}
    for side in ("a", "b"):
        try:
            cleaned[side] = parse_params(calculator, params[side])
            shares[side] = calculator.budget[1](cleaned[side]) if calculator.budget else 0.0
        except InputError as err:
            return _side_error(side, err)
    costly = too_much_work(shares) if calculator.budget else None
    if costly:
        side, message = costly
        field = None if side == "a" else calculator.budget[0]   # the form holds B: A is no field of it
        given = {"input": str(params["a"].get(calculator.budget[0], ""))} if side == "a" else {}
        return {"error": {"field": field, "message": message, "costly": True, "side": side, **given}}
    done = {}
    for side in ("a", "b"):   # a check of the settings together (a Stat without a Skill) is compute's
        try:
            done[side] = (cleaned[side], calculator.compute(**cleaned[side]))
        except InputError as err:
            return _side_error(side, err)
    (pa, a), (pb, b) = done["a"], done["b"]
    qa, qb = question_text(calculator, pa, a), question_text(calculator, pb, b)
    return {
        "result": {"a": compact(a), "b": compact(b)},
        "html": compare_html(calculator, a, b, qa, qb),
        "text": compare_text(calculator, pa, a, pb, b),
    }


def run(calculator_id: str, params_json: str, mode: str = "single") -> str:
    if mode not in MODES:
        out: dict[str, Any] = {"error": {"field": None, "message": "The page asked for something the calculator does not do."}}
    elif len(params_json) > MAX_JSON:
        out = {"error": {"field": "params", "message": "The parameters are too long to be real."}}
    else:
        try:
            params = json.loads(params_json)
        except ValueError:
            out = {"error": {"field": "params", "message": "The parameters could not be read."}}
        else:
            try:
                out = {"single": reply, "compare": compare_reply, "totals": totals_reply,
                       "roll": roll_reply}[mode](calculator_id, params)
            except Exception as err:  # the worker must always answer; say what broke
                out = {"error": {"field": None, "message": f"The calculator failed unexpectedly ({type(err).__name__})."}}
    return json.dumps(out, allow_nan=False)


def memory() -> str:
    """Python's live memory after a full collection, as JSON: `{"blocks", "objects", "traced"}`.

    `blocks` is `sys.getallocatedblocks()` (0 where the allocator keeps no count, as in
    Pyodide), `objects` the objects the garbage collector tracks, `traced` the bytes
    allocated since the first call and still alive: the first call starts `tracemalloc`
    (which slows allocation a little in that worker; only the stress test asks). The worker
    adds the wasm heap's size.
    """
    if not _tracemalloc.is_tracing():
        _tracemalloc.start()
    gc.collect()
    return json.dumps({
        "blocks": sys.getallocatedblocks(),
        "objects": len(gc.get_objects()),
        "traced": _tracemalloc.get_traced_memory()[0],
    })
