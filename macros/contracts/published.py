"""What the Codex has promised the links readers post: its published anchors, and the anchors that moved.

Read by the contract hook (which stops the build when a promise breaks) and the share hook (which
writes a share page for each published anchor, at its new place when it moved).
"""

from __future__ import annotations

import json
from pathlib import Path

PUBLISHED = Path(__file__).resolve().parents[2] / "contracts" / "published_anchors.txt"
REDIRECTS = "anchor_redirects.json"   # in docs/, shipped for links.js


def read_published(path: Path = PUBLISHED) -> set[str]:
    """The published list; comments start with "# " (an anchor line may start with "#": "#home")."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("# ")}


def read_redirects(docs_dir: str | Path) -> dict[str, str]:
    """The moved anchors, "page/#old" -> "page/#new" (none when the docs declare none)."""
    path = Path(docs_dir) / REDIRECTS
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
