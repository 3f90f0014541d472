"""The Codex's tables and glossaries, stored once as JSON and read by pages and calculators.

Each table file holds `title`, `source` (which seed it comes from), `columns`
(`key`, `label`, optional `format`: `signed` prints +5/-5, `na` prints N/A for null) and `rows`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _load(name: str) -> str:
    return resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")


def load(name: str) -> Any:
    """The parsed contents of `calc/data/<name>.json` (a fresh copy each call)."""
    if not name.replace("_", "").isalnum():
        raise ValueError(f"not a data file name: {name!r}")
    return json.loads(_load(name))


def names() -> list[str]:
    """Every data file's name, without `.json`."""
    return sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json"))
