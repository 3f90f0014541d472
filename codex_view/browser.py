"""The worker's one entry point: JSON in, JSON out, never an exception.

The page posts `{id, calculator, params}`; the worker calls `run(calculator, params_json)`
and relays the reply: `{"result": ..., "html": ...}` or `{"error": {"field", "message"}}`.
"""

from __future__ import annotations

import gc
import json
import sys
import tracemalloc
from typing import Any

from calc import InputError, evaluate
from calc.registry import get

from .render import result_html

MAX_JSON = 20_000  # characters of params accepted from the page


def reply(calculator_id: str, params: Any) -> dict[str, Any]:
    try:
        calculator = get(calculator_id)
        result = evaluate(calculator_id, params)
    except InputError as err:
        return {"error": {"field": err.field, "message": err.message}}
    return {"result": result, "html": result_html(calculator, result)}


def run(calculator_id: str, params_json: str) -> str:
    if len(params_json) > MAX_JSON:
        out: dict[str, Any] = {"error": {"field": "params", "message": "The parameters are too long to be real."}}
    else:
        try:
            params = json.loads(params_json)
        except ValueError:
            out = {"error": {"field": "params", "message": "The parameters could not be read."}}
        else:
            try:
                out = reply(calculator_id, params)
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
    if not tracemalloc.is_tracing():
        tracemalloc.start()
    gc.collect()
    return json.dumps({
        "blocks": sys.getallocatedblocks(),
        "objects": len(gc.get_objects()),
        "traced": tracemalloc.get_traced_memory()[0],
    })
