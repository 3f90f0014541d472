"""calc's layers: `dist` stands alone, and no module takes another module's private (`_name`) names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CALC = Path(__file__).resolve().parent.parent / "calc"
MODULES = sorted(CALC.glob("*.py"))


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module imported from, names) for every `from ... import` in the file, local ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(("." * node.level) + (node.module or ""), [a.name for a in node.names])
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]


def test_dist_imports_no_calc_module() -> None:
    calc_imports = [module for module, _ in _imports(CALC / "dist.py") if module.startswith(".")]
    assert calc_imports == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_private_name_is_imported_from_another_module(path: Path) -> None:
    private = [f"{module}.{name}" for module, names in _imports(path) if module != "__future__"
               for name in names if name.startswith("_")]
    assert private == []
