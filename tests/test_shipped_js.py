"""The Codex's scripts ship without their comment lines (macros/runtime/shipped_js.py, macros/hooks/scripts.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from macros.runtime.shipped_js import ships, without_comment_lines
from tests.support import ROOT

SOURCES = sorted(p for p in (ROOT / "docs").rglob("*js") if ships(p.relative_to(ROOT / "docs").as_posix()))


def test_only_the_lines_that_are_a_comment_go() -> None:
    text = "// what it does\nconst a = 1;   // kept: after code\n  // indented\nconst url = \"https://x\";\n"
    assert without_comment_lines(text, "t.js") == "const a = 1;   // kept: after code\nconst url = \"https://x\";\n"


@pytest.mark.parametrize("text", [
    "const t = `one\n// two\nthree`;\n",        # a template literal over a line end
    "const s = 'one \\\n// two';\n",            # a string continued with a backslash
    "/* a block\n// closed here */\nconst a = 1;\n",
])
def test_a_script_it_could_change_is_refused_with_its_line(text: str) -> None:
    with pytest.raises(ValueError, match=r"t\.js:\d+"):
        without_comment_lines(text, "t.js")


def test_every_script_of_the_codex_can_be_trimmed() -> None:
    assert len(SOURCES) > 20
    for path in SOURCES:
        trimmed = without_comment_lines(path.read_text(encoding="utf-8"), path.name)
        assert not any(line.lstrip().startswith("//") for line in trimmed.split("\n")), path


@pytest.mark.build
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to check the scripts' syntax")
def test_the_built_scripts_have_no_comment_lines_and_still_parse(site_dir: Path) -> None:
    built = sorted((site_dir / "assets" / "js").glob("*js")) + [site_dir / "sw.js"]
    assert len(built) == len(SOURCES)
    for path in built:
        text = path.read_text(encoding="utf-8")
        assert not any(line.lstrip().startswith("//") for line in text.split("\n")), path
        done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, (path, done.stderr)
