"""The trimmed standard library holds every module the calculators import at run time.

The build ships a standard library cut down to the files Pyodide's start-up and the calculators
imported while Node ran them (macros/runtime/stdlib.py, scripts/stdlib_used.mjs), twice: compiled to
bytecode (with calc as sourceless bytecode beside it) and as bare source (with the wheel).
Here the calculators run again in Pyodide under Node, with each zip as the whole standard
library, as the worker boots each way, on inputs the recording never saw (random valid inputs
for every calculator, plus dice expressions of every shape), and each reply must match
CPython's: a module the recording missed, or a source the stripping broke, would fail here,
not in a reader's browser.
"""

from __future__ import annotations

import gzip
import html
import io
import json
import math
from pathlib import Path
import random
import shutil
from typing import Any
import zipfile

import pytest

import calc
from calc.registry import MODULES
from codex_view.browser import run
from codex_view.escaping import escape
from macros.runtime import stdlib
from macros.runtime.wheel import build_wheel
from tests.param_values import drawn
from tests.support import ROOT

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
                params[p.name] = drawn(p, rng, texts=EXPRESSIONS)
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
def shipped_stdlib(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The standard library as the build ships it (bytecode and bare source), the wheel and
    calc's sourceless zip."""
    _, wheel = build_wheel(ROOT)
    used = stdlib.used_files(ROOT, PYODIDE, wheel)
    assert used, "recording the standard library in use failed"
    trimmed = stdlib.trimmed_zip(PYODIDE / "python_stdlib.zip", used)
    converted = stdlib.converted(ROOT, PYODIDE, wheel, trimmed)
    compiled, bare, modules = (converted.get(mode) for mode in ("bytecode", "source", "sourceless"))
    assert compiled and bare and modules, "Pyodide could not convert the trimmed library or calc"
    folder = tmp_path_factory.mktemp("stdlib")
    (folder / "bytecode.zip").write_bytes(compiled)
    (folder / "source.zip").write_bytes(bare)
    return {"bytecode": folder / "bytecode.zip", "source": folder / "source.zip", "wheel": wheel, "modules": modules,
            "used": used}


def test_the_trimmed_library_is_much_smaller(shipped_stdlib: dict[str, Any]) -> None:
    path = shipped_stdlib["bytecode"]
    full = (PYODIDE / "python_stdlib.zip").stat().st_size
    assert len(gzip.compress(path.read_bytes())) < 0.7 * full
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
    assert "json/__init__.pyc" in names and not any(n.startswith(("email/", "xml/", "sqlite3/")) for n in names)


def test_the_source_library_is_bare_stored_source(shipped_stdlib: dict[str, Any]) -> None:
    """The slow links' library: the same modules as source, STORED (the build gzips the zip whole), with no
    comment or docstring left, and about half the bytecode's bytes once gzipped (the bytecode has no
    line tables to carry, scripts/compile_stdlib.mjs)."""
    source, compiled = shipped_stdlib["source"], shipped_stdlib["bytecode"]
    with zipfile.ZipFile(source) as z, zipfile.ZipFile(compiled) as c:
        assert sorted(z.namelist()) == sorted(n.removesuffix("c") for n in c.namelist())
        assert {item.compress_type for item in z.infolist()} == {zipfile.ZIP_STORED}
        text = z.read("json/decoder.py").decode()
    assert "class JSONDecoder" in text
    assert '"""' not in text and "\n#" not in text and "Simple JSON" not in text
    assert len(gzip.compress(source.read_bytes())) < 0.6 * len(gzip.compress(compiled.read_bytes()))


def _answers_like_cpython(answer: dict[str, Any], cases: list[list[Any]], shipped: Path) -> None:
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
    with zipfile.ZipFile(shipped) as z:
        names = {name.removesuffix("c") for name in z.namelist()}
    assert {name.removesuffix("c") for name in answer["files"]} <= names


def test_every_calculator_runs_on_the_bytecode_library(shipped_stdlib: dict[str, Any]) -> None:
    """As the worker boots on a middling link: the bytecode library and calc's sourceless zip."""
    cases = _random_cases()
    answer = stdlib.run_cases(ROOT, PYODIDE, shipped_stdlib["modules"], shipped_stdlib["bytecode"], cases, archive="zip")
    _answers_like_cpython(answer, cases, shipped_stdlib["bytecode"])


def test_every_calculator_runs_on_the_source_library(shipped_stdlib: dict[str, Any]) -> None:
    """As the worker boots on a slow link: the bare-source library and the wheel, compiled as
    they are imported."""
    cases = _random_cases(seed=15)
    answer = stdlib.run_cases(ROOT, PYODIDE, shipped_stdlib["wheel"], shipped_stdlib["source"], cases)
    _answers_like_cpython(answer, cases, shipped_stdlib["source"])


def test_calc_ships_as_bytecode_and_data_without_its_sources(shipped_stdlib: dict[str, Any]) -> None:
    with zipfile.ZipFile(io.BytesIO(shipped_stdlib["wheel"])) as w, zipfile.ZipFile(io.BytesIO(shipped_stdlib["modules"])) as m:
        in_wheel = {n for n in w.namelist() if ".dist-info/" not in n}
        in_zip = set(m.namelist())
    assert in_zip == {n + "c" if n.endswith(".py") else n for n in in_wheel}
    assert "calc/data/rk_weapons_house.json" in in_zip and "codex_view/browser.pyc" in in_zip
    # the pages' tables stay behind: the calculators never read them (every case above ran
    # from these archives)
    assert "calc/data/rulings.json" not in in_zip and "calc/data/glossary_rk.json" not in in_zip
    # so do the modules only the build or a terminal runs: every calculator case above ran
    # without the popovers' and the search's figures, the planner's page table or the command line
    build_only = {"calc/built/roll_odds.pyc", "calc/built/search_answers.pyc", "codex_view/planner.pyc",
                  "calc/__main__.pyc", "calc/catalogue.pyc"}
    assert in_zip & build_only == set()
    paths = [name.replace(".", "/") for name in MODULES]   # dotted under calc: roll_keep.check
    declared = {f"calc/{p}/__init__.pyc" if (ROOT / "calc" / p).is_dir() else f"calc/{p}.pyc" for p in paths}
    assert declared <= in_zip


def test_views_escape_as_html_does_without_importing_it(shipped_stdlib: dict[str, Any]) -> None:
    """codex_view escapes text itself, so `html` (and its 75 kB table of entities) is not shipped."""
    rng = random.Random(3)
    samples = ["", "&amp;", "<b title=\"x\">'&'</b>"] + ["".join(rng.choice("&<>\"'ab é") for _ in range(12)) for _ in range(200)]
    for text in samples:
        assert escape(text) == html.escape(text) and escape(text, quote=False) == html.escape(text, quote=False)
    assert not any(name.startswith("html/") for name in shipped_stdlib["used"])


def test_links_are_written_without_shipping_urllib(shipped_stdlib: dict[str, Any]) -> None:
    """calc.Question writes and reads links with urllib.parse, imported where it is used: the worker
    never writes one, and urllib.parse with its ipaddress is 26 kB gzipped of a phone's first download."""
    assert not any(name.startswith(("urllib/", "ipaddress")) for name in shipped_stdlib["used"])


def test_a_missing_module_would_fail(shipped_stdlib: dict[str, Any], tmp_path: Path) -> None:
    """The check can fail: without `fractions` (which calc imports) the calculators cannot run."""
    path, wheel = shipped_stdlib["source"], shipped_stdlib["wheel"]
    cut = tmp_path / "cut.zip"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(cut, "w") as dst:
        for item in src.infolist():
            if not item.filename.startswith("fractions."):
                dst.writestr(item, src.read(item.filename))
    with pytest.raises(RuntimeError, match="fractions"):
        stdlib.run_cases(ROOT, PYODIDE, wheel, cut, _random_cases(per_calculator=1))
