"""Keep the published-anchor list: `python -m scripts.anchors --write` adds the build's new anchors.

Anchors are only ever added here; removing one is a decision made by hand, together with a
redirect for it in `docs/anchor_redirects.json` (tests/test_links.py enforces that).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from macros.contracts.site_index import published_anchors
from scripts.harness import ROOT, build_site

PUBLISHED = ROOT / "contracts" / "published_anchors.txt"


def read_published() -> set[str]:
    if not PUBLISHED.exists():
        return set()
    # comments start with "# "; an anchor line may itself start with "#" (the home page: "#home")
    return {line.strip() for line in PUBLISHED.read_text().splitlines() if line.strip() and not line.startswith("# ")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true", help="add the build's anchors to the published list")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        done = build_site(Path(tmp), "http://127.0.0.1:8000/")
        if done.returncode:
            raise SystemExit(done.stderr)
        built = published_anchors(Path(tmp))
    old = read_published()
    added = sorted(built - old)
    missing = sorted(old - built)
    print(f"{len(built)} anchors built; {len(added)} new; {len(missing)} published but missing")
    for anchor in missing:
        print("  missing:", anchor)
    if args.write:
        header = "# Published rule anchors (page#anchor). Add freely; never remove without a redirect.\n"
        PUBLISHED.write_text(header + "\n".join(sorted(old | built)) + "\n")
        print(f"wrote {PUBLISHED.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
