"""The Codex's tables and glossaries, stored once as JSON and read by pages and calculators.

Each table file holds `title`, `source` (which seed it comes from), `columns`
(`key`, `label`, optional `format`: `signed` prints +5/-5, `na` prints N/A for null) and `rows`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

# the files sit beside this module wherever calc is installed: the project, a wheel unpacked into
# site-packages, or the browser's worker (plain paths: importlib.resources would add eight modules
# to what a reader downloads)
FOLDER = Path(__file__).parent
_LOADED: set[str] = set()   # names read so far (`loaded`)


@cache
def _load(name: str) -> str:
    _LOADED.add(name)
    return (FOLDER / f"{name}.json").read_text(encoding="utf-8")


def load(name: str) -> Any:
    """The parsed contents of `calc/data/<name>.json` (a fresh copy each call)."""
    if not name.replace("_", "").isalnum():
        raise ValueError(f"not a data file name: {name!r}")
    return json.loads(_load(name))


def loaded() -> list[str]:
    """The names this process has read so far (the wheel ships only the calculators' own)."""
    return sorted(_LOADED)


def names() -> list[str]:
    """Every data file's name, without `.json`."""
    return sorted(p.stem for p in FOLDER.glob("*.json"))
