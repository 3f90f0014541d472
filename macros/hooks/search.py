"""MkDocs hook: the words a reader searches for lead to the rule itself.

Material's search (lunr, in a worker) indexes each section's title and text. This hook gives
chosen sections one more field, `terms` (boosted in mkdocs.yml, above titles), after the search
plugin has written `search/search_index.json`:

- every glossary term names the section that defines it (calc/data/glossary_*.json `rule`),
  so "Parry" finds Seventh Sun's Parry before a passing mention;
- `EXTRA_TERMS` below names the home of words the glossary does not hold (Roll & Keep's
  parries, Seventh Sun's basic roll as "skill roll");
- each ruling answers to its ID as readers type it: `R-0016`, `r0016`, `R16`;
- the Roll & Keep calculator answers to a roll written as XkY (`6k3`) and to "calculator".

It also puts a colon between each calculator field's label and its help in the indexed text
(the form's label and help are separate elements, which the index ran together).

Listed before hooks/security.py, which fingerprints the index for the offline manifest.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the project

from mkdocs.config.defaults import MkDocsConfig

from macros.games import GAMES

INDEX = "search/search_index.json"

# docs anchor -> words that should find it first (the glossary covers the rest)
EXTRA_TERMS: dict[str, tuple[str, ...]] = {
    "rk/attacking.md#rk-active-defense": ("parry", "parries", "parrying", "defense roll"),
    "rk/basics.md#rk-basic-roll": ("roll", "basic roll", "XkY"),
    "sun/rules.md#sun-basic-roll": ("skill roll", "basic roll", "check", "roll"),
    "pool/reference.md#pool-rolls": ("roll", "dice pool"),
}

# "roll and keep calculator" finds the Roll & Keep calculator first
CALCULATOR_TERMS: dict[str, tuple[str, ...]] = {
    "calculators.md#calculators-rk-check": ("roll and keep calculator", "calculator", "odds", "XkY"),
}
# "6k3" finds it too: every roll of up to 12 dice with each kept count, in a field of its own
# (`rolls`, boosted in mkdocs.yml), so 78 words do not weigh on how `terms` ranks other sections
ROLLS_FIELD = "rolls"
ROLLS = tuple(f"{rolled}k{kept}" for rolled in range(1, 13) for kept in range(1, rolled + 1))
ROLLS_HOME = "calculators.md#calculators-rk-check"

_RULING = re.compile(r"R-(\d{4})\b")


def _location(anchor: str) -> str:
    """`rk/attacking.md#rk-x` -> `rk/attacking/#rk-x`, the index's form (directory URLs)."""
    page, _, fragment = anchor.partition("#")
    page = page[: -len(".md")] if page.endswith(".md") else page
    if page == "index":
        page = ""
    elif page.endswith("/index"):
        page = page[: -len("index")]
    else:
        page += "/"
    return f"{page}#{fragment}" if fragment else page


def glossary_terms() -> dict[str, list[str]]:
    """Index location -> glossary terms whose definition lives there."""
    out: dict[str, list[str]] = {}
    for game in GAMES:
        path = ROOT / "calc" / "data" / f"glossary_{game}.json"
        if not path.exists():
            continue
        for entry in json.loads(path.read_text(encoding="utf-8")).get("terms", []):
            rule = entry.get("rule")
            if isinstance(rule, str) and "#" in rule and entry.get("term"):
                out.setdefault(_location(rule), []).append(str(entry["term"]))
    return out


def ruling_terms(title: str) -> list[str]:
    """`R-0016: ...` -> the ways a reader types that ID: r0016, r16, r-0016."""
    match = _RULING.match(title)
    if not match:
        return []
    digits = match.group(1)
    # the search box splits a typed "R-0045" at its hyphen (the index does not: mkdocs.yml's
    # separator), so its digits alone find the ruling too
    return [f"r{digits}", f"r{int(digits)}", f"r-{digits}", f"R-{digits}", digits]


def add_terms(docs: list[dict]) -> int:
    """Give each chosen section its `terms`; returns how many sections got some."""
    terms: dict[str, list[str]] = glossary_terms()
    for anchor, words in [*EXTRA_TERMS.items(), *CALCULATOR_TERMS.items()]:
        terms.setdefault(_location(anchor), []).extend(words)
    known = {doc.get("location", "") for doc in docs}
    for location in [loc for loc in terms if loc not in known]:
        page = location.partition("#")[0]        # a page's own title anchor: the page's entry
        if page in known:
            terms.setdefault(page, []).extend(terms.pop(location))
    count = 0
    for doc in docs:
        words = list(terms.get(doc.get("location", ""), []))
        words += ruling_terms(doc.get("title", ""))
        if words:
            doc["terms"] = " ".join(dict.fromkeys(words))
            count += 1
    return count


def add_rolls(docs: list[dict]) -> bool:
    """Give the Roll & Keep calculator's section the rolls written as XkY; False if it is missing."""
    home = _location(ROLLS_HOME)
    for doc in docs:
        if doc.get("location") == home:
            doc[ROLLS_FIELD] = " ".join(ROLLS)
            return True
    return False


def field_texts() -> list[tuple[str, str]]:
    """(label, help) of every calculator field, as the form shows them."""
    from calc import CALCULATORS
    from calc.registry import get

    out = []
    for cid in CALCULATORS:
        for field in get(cid).params:
            if field.label and field.help:
                out.append((field.label, field.help))
    return out


def separate_labels(docs: list[dict], fields: list[tuple[str, str]]) -> int:
    """`Dice rolled (X)Ten-sided dice…` -> `Dice rolled (X): Ten-sided dice…` in the indexed text."""
    changed = 0
    for doc in docs:
        text = doc.get("text", "")
        for label, help_text in fields:
            run = escape(label, quote=False) + escape(help_text, quote=False)
            if run in text:
                text = text.replace(run, f" {escape(label, quote=False)}: {escape(help_text, quote=False)}")
        if text != doc.get("text", ""):
            doc["text"] = text
            changed += 1
    return changed


def on_post_build(*, config: MkDocsConfig) -> None:
    path = Path(config.site_dir) / INDEX
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    add_terms(index.get("docs", []))
    add_rolls(index.get("docs", []))
    separate_labels(index.get("docs", []), field_texts())
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
