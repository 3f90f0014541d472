"""The built site's roll data (macros/rolls/draws.py): a `rolls.json` beside each page with rolls or a
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

from calc.dice.draw import BITS
from calc.built.roll_odds import KINDS
from macros.rolls.draws import FILE, LOADED_ON_ROLL
from tests.roll_pages import roll_pages
from tests.offline_files import manifest

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
        # each chart's heading holds its Roll, in the page from the build (nothing moves when it binds)
        assert len(re.findall(r'<p class="cx-subtitle">[^<]*<button type="button" class="cx-draw', text)) \
            == len(re.findall('class="cx-draw', text)) == len(charted), html
        if not charted:
            continue
        data = json.loads((html.parent / FILE).read_text(encoding="utf-8"))
        assert set(data["answers"]) == charted, html


def drawn_mean(draw: dict) -> float:
    totals = draw.get("totals") or range(draw["low"], draw["low"] + len(draw["weights"]))
    return sum(t * w for t, w in zip(totals, draw["weights"])) / (1 << BITS)


def drawn_at_least(draw: dict, threshold: int) -> float:
    totals = draw.get("totals") or range(draw["low"], draw["low"] + len(draw["weights"]))
    return sum(w for t, w in zip(totals, draw["weights"]) if t >= threshold) / (1 << BITS)


def shown_chance_holds(shown: str, chance: float, slack: float) -> bool:
    """A popover's chance as printed (two decimals of a percent, or past its ends) holds for `chance`."""
    if shown.startswith(">"):
        return chance > float(shown[1:-1]) / 100 - slack
    if shown.startswith("<"):
        return chance < float(shown[1:-1]) / 100 + slack
    return abs(float(shown[:-1]) / 100 - chance) <= 0.00005 + slack


def test_every_rolls_draw_gives_the_figures_its_popover_shows(site_dir: Path) -> None:
    """From the built roll data alone: each popover's average (for a rating in hand, the Brawn or
    Panache its link sets) and each of its chances, per column where it shows two rolls side by side."""
    checked: set[str] = set()
    for path, page in roll_pages(site_dir).items():
        if not page.popovers:
            continue
        data = json.loads((site_dir / Path(path).parent / FILE).read_text(encoding="utf-8"))
        for key, entry in page.popovers.items():
            draws = data["rolls"][key]
            slack = 2.0 ** -BITS + max(d.get("tail", 0.0) for d in draws) + 1e-12
            if entry["head"][-1] == "Average damage":   # a row per Brawn or Panache: the one drawn for
                (draw,) = draws
                trait = next(v for k, v in entry["question"].items() if k in ("attacker_brawn", "attacker_panache"))
                (row,) = [r for r in entry["rows"] if r[0] == trait]
                assert abs(drawn_mean(draw) - float(row[1])) <= 0.005 + 1e-9, (path, key)
                assert entry["mean"].startswith(f"Average {row[1]} ")
                checked.add(key.split("/")[0])
                continue
            assert len(draws) == len(entry["head"]) - 1, (path, key)
            if len(draws) == 1:
                assert abs(drawn_mean(draws[0]) - float(entry["mean"].split()[1])) <= 0.005 + 1e-9, (path, key)
            for row in entry["rows"]:
                for draw, shown in zip(draws, row[1:]):
                    assert shown_chance_holds(shown, drawn_at_least(draw, int(row[0])), slack), (path, key, row)
            checked.add(key.split("/")[0])
    assert checked == set(KINDS)   # every kind of roll the popovers have


def test_roll_data_is_kept_when_used_never_at_install(site_dir: Path) -> None:
    data = manifest(site_dir)
    files = sorted(site_dir.rglob(FILE))
    kept = {p.relative_to(site_dir).as_posix() for p in files} | set(LOADED_ON_ROLL)
    assert all((site_dir / f).is_file() for f in LOADED_ON_ROLL)
    assert kept <= set(data["pages"]) and not kept & set(data["core"])
    for html in sorted(site_dir.rglob("index.html")):   # nothing of the Roll in a page's own load
        text = html.read_text(encoding="utf-8")
        assert not [f for f in LOADED_ON_ROLL if f.rsplit("/", 1)[1] in text], html
    sizes = {p.relative_to(site_dir).as_posix(): (p.stat().st_size, len(gzip.compress(p.read_bytes(), 6))) for p in files}
    print("\nroll data (bytes, gzipped):")
    for path, (raw, packed) in sizes.items():
        print(f"  {path}: {raw:,} ({packed:,})")
    raw, packed = sum(s[0] for s in sizes.values()), sum(s[1] for s in sizes.values())
    print(f"  {len(sizes)} files: {raw:,} ({packed:,}); largest {max(s[0] for s in sizes.values()):,}")
    code = {f: (site_dir / f).stat().st_size for f in LOADED_ON_ROLL}
    print("  what a Roll loads besides: " + ", ".join(
        f"{f} {n:,} ({len(gzip.compress((site_dir / f).read_bytes(), 6)):,})" for f, n in code.items()))
    assert max(s[0] for s in sizes.values()) < 100_000   # a page's draws stay small: one fetch on a phone
