"""The trimmed standard library holds every module the calculators import at run time.

The build ships a standard library cut down to the files Pyodide's start-up and the calculators
imported while Node ran them (macros/stdlib.py, scripts/stdlib_used.mjs), compiled to bytecode.
Here the calculators run again in Pyodide under Node, with that zip as the whole standard
library, on inputs the recording never saw (random valid inputs for every calculator, plus
dice expressions of every shape), and each reply must match CPython's: a module the recording
missed would raise ImportError here, not in a reader's browser.
"""

from __future__ import annotations

import json
import math
import random
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

import calc
from calc.params import BoolParam, ChoiceParam, IntParam, TextParam
from codex_view.browser import run
from macros import stdlib
from macros.wheel import build_wheel
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
# Pyodide under Node, as the build runs it: the build tier (not `make test-fast`)
pytestmark = [pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run Pyodide"), pytest.mark.build]

EXPRESSIONS = ("2d8+1", "4d10k2", "3d6!", "1d12-2", "7k4", "8d6>=5", "2d20kl1+3", "d6+d8+d10", "12d6", "3d4!>3")


def _random_cases(seed: int = 14, per_calculator: int = 12) -> list[list[Any]]:
    rng = random.Random(seed)
    out: list[list[Any]] = []
    for cid, calculator in calc.CALCULATORS.items():
        made = 0
        for _ in range(per_calculator * 20):
            if made == per_calculator:
                break
            params = calculator.defaults()
            for p in calculator.params:
                if isinstance(p, IntParam):
                    params[p.name] = rng.randint(p.minimum, min(p.maximum, p.minimum + 20))
                elif isinstance(p, ChoiceParam):
                    params[p.name] = rng.choice(p.choices)[0]
                elif isinstance(p, BoolParam):
                    params[p.name] = rng.choice(["true", "false"])
                elif isinstance(p, TextParam):
                    params[p.name] = rng.choice(EXPRESSIONS)
            out.append([cid, params])
            made += 1
    return out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=0, abs_tol=1e-12)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.fixture(scope="module")
def shipped_stdlib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """The standard library exactly as the build ships it, and the wheel."""
    _, wheel = build_wheel(ROOT)
    used = stdlib.used_files(ROOT, PYODIDE, wheel)
    assert used, "recording the standard library in use failed"
    trimmed = stdlib.trimmed_zip(PYODIDE / "python_stdlib.zip", used)
    shipped = stdlib.compiled_zip(ROOT, PYODIDE, trimmed) or trimmed
    path = tmp_path_factory.mktemp("stdlib") / "stdlib.zip"
    path.write_bytes(shipped)
    return path, wheel


def test_the_trimmed_library_is_much_smaller(shipped_stdlib: tuple[Path, bytes]) -> None:
    path, _ = shipped_stdlib
    full = (PYODIDE / "python_stdlib.zip").stat().st_size
    assert path.stat().st_size < 0.7 * full
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
    assert "json/__init__.pyc" in names and not any(n.startswith(("email/", "xml/", "sqlite3/")) for n in names)


def test_every_calculator_runs_on_the_trimmed_library(shipped_stdlib: tuple[Path, bytes]) -> None:
    """As the worker boots without the snapshot: the trimmed library, the wheel, its bytecode."""
    path, wheel = shipped_stdlib
    cases = _random_cases()
    bytecode = stdlib.compiled_zip(ROOT, PYODIDE, wheel, pycache=True)
    assert bytecode, "the wheel's bytecode could not be made"
    answer = stdlib.run_cases(ROOT, PYODIDE, wheel, path, cases, bytecode)
    assert len(answer["replies"]) == len(cases)
    answered = 0
    for (cid, params), got in zip(cases, answer["replies"]):
        expected = json.loads(run(cid, json.dumps(params)))
        assert "unexpectedly" not in json.dumps(got), (cid, params, got)
        assert _same(got.get("result"), expected.get("result")), (cid, params)
        assert got.get("error") == expected.get("error"), (cid, params)
        answered += "result" in got
    assert answered >= len(cases) // 2, "most random cases should be valid inputs"
    # every standard-library file Python loaded is in the shipped zip (frozen modules such as
    # `os` report their source path, so names are compared without the bytecode's "c")
    with zipfile.ZipFile(path) as z:
        shipped = {name.removesuffix("c") for name in z.namelist()}
    assert {name.removesuffix("c") for name in answer["files"]} <= shipped


def test_a_missing_module_would_fail(shipped_stdlib: tuple[Path, bytes], tmp_path: Path) -> None:
    """The check can fail: without `fractions` (which calc imports) the calculators cannot run."""
    path, wheel = shipped_stdlib
    cut = tmp_path / "cut.zip"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(cut, "w") as dst:
        for item in src.infolist():
            if not item.filename.startswith("fractions."):
                dst.writestr(item, src.read(item.filename))
    with pytest.raises(RuntimeError, match="fractions"):
        stdlib.run_cases(ROOT, PYODIDE, wheel, cut, _random_cases(per_calculator=1))
