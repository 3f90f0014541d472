"""Facts from the seeds, sentences of our own: no run of 12 words is shared with a seed.

Uses the project's checker, ../shared/tools/own_words.py, over docs/ and calc/data/ (the
table cells and glossary definitions are rules text too).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

TOOL = ROOT.parent / "shared" / "tools" / "own_words.py"


@pytest.mark.skipif(not TOOL.exists(), reason="the seeds and own_words.py live in ../shared, not beside this checkout")
@pytest.mark.parametrize("folder", ["docs", "calc/data"])
def test_no_sentence_is_copied_from_a_seed(folder: str) -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), str(ROOT / folder), "--words", "12"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, "text repeated from a seed:\n" + done.stdout[-3000:]
