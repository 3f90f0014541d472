"""The build's hooks as one package (macros/hooks/), loaded through one file MkDocs imports by path.

Code: hooks.py (what mkdocs.yml lists), macros/hooks/__init__.py (each event run over the hooks in
ORDER). No module under macros/ edits `sys.path`, and no hook imports another.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from macros import hooks

ROOT = Path(__file__).resolve().parent.parent


def test_mkdocs_loads_one_hook_file_from_any_folder_without_pythonpath(tmp_path: Path) -> None:
    """`properdocs build` run bare (no PYTHONPATH, another working folder) loads the hooks file,
    and every event of every hook module is registered through it."""
    script = (
        "import json, properdocs.replacement\n"
        "from properdocs.config import load_config\n"
        f"config = load_config(config_file={str(ROOT / 'mkdocs.yml')!r})\n"
        "print(json.dumps([list(config.hooks), sorted(name for name, methods in config.plugins.events.items()\n"
        "                  if any(getattr(m, '__module__', '') == 'macros.hooks' for m in methods))]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    listed, events = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert listed == ["hooks.py"]
    assert events == sorted(event[3:] for event in hooks.EVENTS)
    written = {name for module in hooks.ORDER for name in vars(module) if name.startswith("on_")}
    assert written == set(hooks.EVENTS) and "on_post_build" in written


def test_no_build_module_edits_sys_path() -> None:
    """The hooks import `calc` and `macros` plainly: nothing under macros/ (nor hooks.py) edits sys.path."""
    files = [ROOT / "hooks.py", *sorted((ROOT / "macros").rglob("*.py"))]
    assert [f.relative_to(ROOT).as_posix() for f in files if "sys.path" in f.read_text(encoding="utf-8")] == []


def test_no_hook_imports_another() -> None:
    """What two hooks share lives in a plain module (macros/contracts/published.py), not in one of them."""
    names = {f"macros.hooks.{m.__name__.rpartition('.')[2]}" for m in hooks.ORDER}
    found = []
    for path in sorted((ROOT / "macros" / "hooks").glob("*.py")):
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                imported = {f"{module}.{a.name}" for a in node.names} | {module}
                if node.level or imported & (names | {"macros.hooks"}):
                    found.append(f"{path.name}: from {'.' * node.level}{module} import ...")
            elif isinstance(node, ast.Import):
                found += [f"{path.name}: import {a.name}" for a in node.names if a.name.startswith("macros.hooks")]
    assert found == []


def test_an_event_runs_each_hook_in_order_and_passes_its_item_on() -> None:
    """As MkDocs chains separate hook files: a handler's result replaces the item unless it is None."""
    calls: list[str] = []

    def module(name: str, change: str | None) -> SimpleNamespace:
        def on_page_markdown(markdown: str, *, page: object) -> str | None:
            calls.append(f"{name}:{markdown}:{page}")
            return None if change is None else markdown + change

        def on_post_build(*, config: object) -> None:
            calls.append(f"{name} built {config}")

        return SimpleNamespace(on_page_markdown=on_page_markdown, on_post_build=on_post_build)

    modules = (module("a", "+a"), module("b", None), module("c", "+c"))
    assert hooks.chained("on_page_markdown", modules)("text", page="p") == "text+a+c"
    assert calls == ["a:text:p", "b:text+a:p", "c:text+a:p"]
    calls.clear()
    assert hooks.chained("on_post_build", modules)(config="cfg") is None
    assert calls == ["a built cfg", "b built cfg", "c built cfg"]
