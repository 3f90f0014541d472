"""The project's layers: in calc, `dist` stands alone and no module takes another's private (`_name`) names; across
the project, the build (macros) imports no scripts or tests, scripts import no tests, and conftest only wires.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

CALC = Path(__file__).resolve().parent.parent / "calc"
MODULES = sorted(CALC.rglob("*.py"))


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module imported from, names) for every `from ... import` in the file, local ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(("." * node.level) + (node.module or ""), [a.name for a in node.names])
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]


def test_dist_imports_no_calc_module() -> None:
    calc_imports = [module for module, _ in _imports(CALC / "dice" / "dist.py") if module.startswith((".", "calc"))]
    assert calc_imports == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(CALC).as_posix())
def test_no_private_name_is_imported_from_another_module(path: Path) -> None:
    private = [f"{module}.{name}" for module, names in _imports(path) if module != "__future__"
               for name in names if name.startswith("_")]
    assert private == []


# ---------------------------------------------------------------- the project's layers
ROOT = CALC.parent
# folder -> the project's packages its modules may not import: the build (macros) stands on calc and
# codex_view alone, scripts never load the test suite, and the engine and its view stand alone.
FORBIDDEN = {
    "macros": {"scripts", "tests"},
    "scripts": {"tests"},
    "calc": {"codex_view", "macros", "scripts", "tests"},
    "codex_view": {"macros", "scripts", "tests"},
}
LAYERED = sorted(p for folder in FORBIDDEN for p in (ROOT / folder).rglob("*.py"))


def _packages_imported(path: Path) -> set[str]:
    """The top-level names of every absolute import in the file, however deep in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", LAYERED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_module_imports_a_layer_above_its_own(path: Path) -> None:
    folder = path.relative_to(ROOT).parts[0]
    assert sorted(_packages_imported(path) & FORBIDDEN[folder]) == []


def test_conftest_only_wires_fixtures_and_hooks() -> None:
    """Support code lives in tests/support.py: conftest holds pytest hooks and fixtures, nothing else."""
    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    def is_fixture(node: ast.FunctionDef) -> bool:
        return any("fixture" in ast.unparse(d) for d in node.decorator_list)
    other = [node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))
             and not (isinstance(node, ast.FunctionDef) and (node.name.startswith("pytest_") or is_fixture(node)))]
    assert other == []


def test_one_phone_fixture() -> None:
    """The phone is conftest's (built by tests/support.phone_page); no test module defines its own."""
    defined = [p.name for p in sorted((ROOT / "tests").glob("*.py"))
               if re.search(r"^def phone\(", p.read_text(encoding="utf-8"), re.M)]
    assert defined == ["conftest.py"]


TESTS = sorted((ROOT / "tests").glob("*.py"))


@pytest.mark.parametrize("path", TESTS, ids=lambda p: p.name)
def test_no_test_module_imports_another(path: Path) -> None:
    """Issue 51 item 5: tests share support modules (tests/support.py, links.py, phone.py ...), never
    each other: a test module imported by another ran its module-level code, and its fixtures, twice."""
    taken = sorted(module for module in _packages_imported_full(path)
                   if module.split(".")[-1].startswith("test_") or module.startswith("tests.test_"))
    assert taken == []


def _packages_imported_full(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names if node.module == "tests"}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


KIND_CHECK = re.compile(r"isinstance\([^)]*\b(?:IntParam|ChoiceParam|BoolParam|TextParam)\b")


def test_one_way_to_draw_a_fields_values() -> None:
    """Issue 51 item 5: a test tells a field's kind through tests/param_values.py, which holds every
    way the tests draw values (the ends, a spread, bad ones, at random, Hypothesis), not by checks of
    its own repeated file after file."""
    found = [p.name for p in TESTS if p.name != "param_values.py" and KIND_CHECK.search(p.read_text(encoding="utf-8"))]
    assert found == []
