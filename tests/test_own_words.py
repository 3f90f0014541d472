"""Facts from the seeds, sentences of our own: no run of 10 words is shared with a seed, in the
sources or on the built site that readers get.

Uses the project's checker, ../shared/tools/own_words.py, over docs/, calc/ and codex_view/
(table cells, glossary definitions and code comments are read too), and over the built site.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT

TOOL = ROOT.parent / "shared" / "tools" / "own_words.py"
WORD = re.compile(r"[a-z0-9']+")  # how own_words.py splits text into words


@pytest.mark.skipif(not TOOL.exists(), reason="the seeds and own_words.py live in ../shared, not beside this checkout")
@pytest.mark.parametrize("folder", ["docs", "calc", "codex_view"])
def test_no_sentence_is_copied_from_a_seed(folder: str) -> None:
    """Pages, data, code and its comments (the wheel ships them): no run of 10 words from a source."""
    done = subprocess.run(
        [sys.executable, str(TOOL), str(ROOT / folder), "--words", "10"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, "text repeated from a seed:\n" + done.stdout[-3000:]


def _tables_words(site_dir: Path) -> list[str]:
    """The words of every table on the built pages, one string per table (cells in reading order)."""
    from tests.html_pages import parse_file

    found = []
    for page in sorted(site_dir.rglob("*.html")):
        for table in parse_file(page).tables:
            found.append(" " + " ".join(WORD.findall(" ".join(" ".join(row) for row in table).lower())) + " ")
    return found


@pytest.mark.skipif(not TOOL.exists(), reason="the seeds and own_words.py live in ../shared, not beside this checkout")
def test_the_built_site_is_in_own_words(site_dir: Path) -> None:
    """What readers get: every built page, data file, script, feed and sitemap, at 10 words.

    One allowance, checked rather than assumed: the search index flattens each table into a plain
    run of words, so a table's values (which must match the source tables exactly) can read as a
    long shared run there. A search-index passage passes only if it lies inside one built table.
    """
    done = subprocess.run(
        [sys.executable, str(TOOL), str(site_dir), "--words", "10"], capture_output=True, text=True, check=False
    )
    hits = [line for line in done.stdout.splitlines() if " words as in " in line]
    assert done.returncode in (0, 1), done.stderr
    tables = _tables_words(site_dir)
    copied = []
    for line in hits:
        path, _, rest = line.partition(": ")
        quote = rest.split(': "', 1)[1].rstrip('"').removesuffix(" ...")
        if Path(path).name == "search_index.json" and any(f" {quote} " in t for t in tables):
            continue
        copied.append(line)
    # .xml is outside the tool's folder scan: check the feed and the sitemap file by file.
    for extra in ("rulings.xml", "sitemap.xml"):
        if (site_dir / extra).exists():
            one = subprocess.run([sys.executable, str(TOOL), str(site_dir / extra), "--words", "10"],
                                 capture_output=True, text=True, check=False)
            copied += [line for line in one.stdout.splitlines() if " words as in " in line]
    assert copied == [], "text repeated from a source on the built site:\n" + "\n".join(copied[:20])


def test_the_site_check_catches_a_copied_sentence(tmp_path: Path) -> None:
    """The checker above is not blind: a page quoting a source sentence is reported."""
    if not TOOL.exists():
        pytest.skip("the seeds and own_words.py live in ../shared, not beside this checkout")
    (tmp_path / "page.html").write_text(
        "<p>the players decide the order among their heroes and the narrator decides for everyone else</p>",
        encoding="utf-8")
    done = subprocess.run([sys.executable, str(TOOL), str(tmp_path), "--words", "10"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "page.html" in done.stdout
