"""The Codex's scripts ship minified by esbuild (macros/runtime/shipped_js.py, macros/hooks/scripts.py).

Issue 51 item 6: the hand-written line stripper it replaces could be slipped past (a template over
several lines whose first and last lines hold an even number of backticks; a comment line holding
CR, U+2028 or U+2029) and change what a script does. These cases run under Node before and after.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from macros.runtime.shipped_js import minified, ships
from tests.support import ROOT

SOURCES = sorted(p for p in (ROOT / "docs").rglob("*js") if ships(p.relative_to(ROOT / "docs").as_posix()))
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="needs Node")

# Each prints what it holds; minified, each must print the same.
CRAFTED = {
    "template over lines, even backticks": "const t = `a\\`\n// inside the template\n\\`b`;\nconsole.log(JSON.stringify(t));\n",
    "template, even backticks": "const t = `x` + `\n//y\n` + `z`;\nconsole.log(JSON.stringify(t));\n",
    "comment line with CR": "let a = 1;\n// one\rA: a = 2;\nconsole.log(a);\n",
    "comment line with U+2028": "let a = 1;\n// one\u2028a = 3;\nconsole.log(a);\n",
    "comment line with U+2029": "let a = 1;\n// one\u2029a = 4;\nconsole.log(a);\n",
    "string continued": "const s = 'one \\\n// two';\nconsole.log(JSON.stringify(s));\n",
    "block comment closed on a // line": "/* a block\n// closed here */ const a = 5;\nconsole.log(a);\n",
}


def _run(source: str) -> str:
    done = subprocess.run([NODE, "--input-type=module", "-e", source], capture_output=True, text=True, check=True)
    return done.stdout


@needs_node
@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_a_minified_script_does_what_its_source_does(name: str) -> None:
    source = CRAFTED[name]
    shipped = minified({"t.js": source})["t.js"]
    assert _run(shipped) == _run(source)
    assert len(shipped) < len(source)


@needs_node
def test_a_script_esbuild_cannot_read_stops_the_build_naming_it() -> None:
    with pytest.raises(RuntimeError, match=r"broken\.js:2"):
        minified({"broken.js": "const a = 1;\nconst = ;\n"})


@needs_node
def test_every_script_of_the_codex_minifies_and_keeps_its_imports() -> None:
    assert len(SOURCES) > 20
    texts = {p.name: p.read_text(encoding="utf-8") for p in SOURCES}
    shipped = minified(texts)
    for name, text in texts.items():
        assert "//" not in shipped[name].replace("://", ""), name   # no comment survives (URLs may)
        assert len(shipped[name]) < len(text), name
        for line in text.splitlines():
            if line.startswith("import ") and " from " in line:
                module = line.rsplit(" from ", 1)[1].strip().strip(";").strip("\"'")
                assert json.dumps(module) in shipped[name] or f"'{module}'" in shipped[name], (name, module)


@pytest.mark.build
@needs_node
def test_the_built_scripts_are_minified_and_still_parse(site_dir: Path) -> None:
    built = sorted((site_dir / "assets" / "js").glob("*js")) + [site_dir / "sw.js"]
    assert len(built) == len(SOURCES)
    for path in built:
        text = path.read_text(encoding="utf-8")
        assert not any(line.lstrip().startswith("//") for line in text.split("\n")), path
        done = subprocess.run([NODE, "--check", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, (path, done.stderr)
