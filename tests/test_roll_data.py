"""The built site's roll data (macros/roll_draws.py): a `rolls.json` beside each page with rolls or a
calculator whose answer has a chart, holding a draw for every roll its popovers name and for every
such answer; nothing of it in a page load, and none of it stored when the service worker installs
(issue 41, item 1). Prints the size of the roll data per page and in all.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from calc.draw import BITS
from macros.roll_draws import FILE
from tests.roll_pages import roll_pages
from tests.test_sw import manifest

pytestmark = pytest.mark.build

CALCULATOR = re.compile(r'data-calculator="([^"]+)"')


def test_every_page_with_rolls_has_their_draws_beside_it(site_dir: Path) -> None:
    pages = {path: page for path, page in roll_pages(site_dir).items() if page.popovers}
    assert "rk/basics/index.html" in pages
    for path, page in pages.items():
        data = json.loads((site_dir / Path(path).parent / FILE).read_text(encoding="utf-8"))
        assert set(data["rolls"]) == set(page.popovers), path
        for draws in data["rolls"].values():
            assert all(sum(d["weights"]) == 1 << BITS for d in draws)


def test_every_calculator_answer_with_a_chart_has_its_draw(site_dir: Path) -> None:
    for html in sorted(site_dir.rglob("index.html")):
        text = html.read_text(encoding="utf-8")
        assert FILE not in text, f"{html}: a page names its roll data (it is fetched on the first Roll only)"
        ids = CALCULATOR.findall(text)
        charted = {cid for cid in ids if re.search(rf'id="{cid}-chart-atleast"', text)}
        if not charted:
            continue
        data = json.loads((html.parent / FILE).read_text(encoding="utf-8"))
        assert set(data["answers"]) == charted, html


def test_roll_data_is_kept_when_used_never_at_install(site_dir: Path) -> None:
    data = manifest(site_dir)
    files = sorted(site_dir.rglob(FILE))
    kept = {p.relative_to(site_dir).as_posix() for p in files} | {"assets/js/roll.js", "assets/js/draw.js"}
    assert kept <= set(data["pages"]) and not kept & set(data["core"])
    assert "assets/js/roll-button.js" in data["core"]   # the control itself is part of the page
    sizes = {p.relative_to(site_dir).as_posix(): (p.stat().st_size, len(gzip.compress(p.read_bytes(), 6))) for p in files}
    print("\nroll data (bytes, gzipped):")
    for path, (raw, packed) in sizes.items():
        print(f"  {path}: {raw:,} ({packed:,})")
    raw, packed = sum(s[0] for s in sizes.values()), sum(s[1] for s in sizes.values())
    print(f"  {len(sizes)} files: {raw:,} ({packed:,}); largest {max(s[0] for s in sizes.values()):,}")
    assert max(s[0] for s in sizes.values()) < 100_000   # a page's draws stay small: one fetch on a phone
