"""Seventh Sun content (docs/sun/): the data tables say what the seeds say, the pages show them,
the published anchors exist, glossary links land, and the key numbers appear on their pages.

Seeds: 004_ca98477a52c726c3.txt (core rules) and 002_b5bfbad34da70bcb.txt (combat).
"""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from calc import data
from macros.tables import cell
from tests.conftest import ROOT

# --- parsing built pages with the standard library -------------------------------------------


class _PageParser(HTMLParser):
    """Collects element ids, the tables of the article, its links and its plain text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.tables: list[list[list[str]]] = []
        self.links: list[str] = []
        self.text: list[str] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._skip = 0  # inside <script>/<style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag in ("script", "style"):
            self._skip += 1
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1].append(self._row)
            self._row = None

    def handle_data(self, text: str) -> None:
        if self._skip:
            return
        if self._cell is not None:
            self._cell.append(text)
        self.text.append(text)


def page_file(site_dir: Path, src: str) -> Path:
    """The built HTML of docs page `src` (`sun/combat.md` -> `sun/combat/index.html`)."""
    stem = src[:-3]
    return site_dir / (stem[: -len("index")] if stem.endswith("index") else stem + "/") / "index.html"


def parse(site_dir: Path, src: str) -> _PageParser:
    parser = _PageParser()
    parser.feed(page_file(site_dir, src).read_text(encoding="utf-8"))
    return parser


def page_text(site_dir: Path, src: str) -> str:
    return " ".join("".join(parse(site_dir, src).text).split())


# --- (1) the data tables against the seeds, one hard-coded expectation per seed table ---------

# Seed 004, "Difficulties": number and name of each step.
SEED_DIFFICULTIES = [
    ("9", 9, "Routine under pressure"),
    ("12", 12, "Challenging"),
    ("15", 15, "Difficult"),
    ("18", 18, "Formidable"),
    ("21", 21, "Extraordinary"),
    ("24+", 24, "Legendary"),
]

# Seed 002, the action table: each action and the facts its row must keep.
SEED_ACTIONS = [
    ("Short action", ["mov", "attack", "quick task", "Skill", "brief ability"]),
    ("Long action", ["whole turn", "running", "careful aim", "several seconds"]),
    ("Free action", ["few words", "object", "incidental", "your turn"]),
    ("Reaction", ["immediate", "stated trigger", "someone else's turn"]),
]

# Seed 002, "Conditions": each condition and its key mechanics.
SEED_CONDITIONS = [
    ("Hidden", ["not located you", "target you directly", "first attack", "bonus die", "ends Hidden"]),
    ("Prone", ["Melee attacks against you", "bonus die", "ranged attacks against you", "penalty die",
               "Standing up is a short action"]),
    ("Restrained", ["Speed 0", "attacks and Agility rolls", "penalty die", "short action",
                    "Brawn or Agility roll", "effect's Difficulty"]),
    ("Stunned", ["No reactions", "only one short action on your next turn", "Stunned ends"]),
    ("Blinded", ["depend on sight", "penalty die", "cannot Parry", "cannot perceive"]),
]


def test_difficulties_match_seed_004() -> None:
    table = data.load("sun_difficulties")
    assert table["seed"] == "004"
    assert [(r["difficulty"], r["tn"], r["name"]) for r in table["rows"]] == SEED_DIFFICULTIES


def test_actions_match_seed_002() -> None:
    table = data.load("sun_actions")
    assert table["seed"] == "002"
    assert [r["action"] for r in table["rows"]] == [name for name, _ in SEED_ACTIONS]
    for row, (name, facts) in zip(table["rows"], SEED_ACTIONS):
        for fact in facts:
            assert fact.lower() in row["use"].lower(), f"{name}: {fact!r} missing"


def test_conditions_match_seed_002() -> None:
    table = data.load("sun_conditions")
    assert table["seed"] == "002"
    assert [r["condition"] for r in table["rows"]] == [name for name, _ in SEED_CONDITIONS]
    for row, (name, facts) in zip(table["rows"], SEED_CONDITIONS):
        for fact in facts:
            assert fact in row["effect"], f"{name}: {fact!r} missing"


# --- (2) the rendered tables equal the data files, cell by cell -------------------------------

TABLE_PAGES = {
    "sun_difficulties": "sun/rules.md",
    "sun_actions": "sun/combat.md",
    "sun_conditions": "sun/combat.md",
}


def expected_rows(name: str) -> list[list[str]]:
    table = data.load(name)
    columns = table["columns"]
    rows = [[c["label"] for c in columns]]
    for row in table["rows"]:
        # `cell` escapes for Markdown; the browser shows the unescaped text.
        rows.append([unescape(re.sub(r"\\(.)", r"\1", cell(row.get(c["key"]), c.get("format")))) for c in columns])
    return rows


@pytest.mark.parametrize("name", sorted(TABLE_PAGES))
def test_rendered_table_equals_data_file(site_dir: Path, name: str) -> None:
    rendered = parse(site_dir, TABLE_PAGES[name]).tables
    assert expected_rows(name) in rendered, f"{name} is not rendered on {TABLE_PAGES[name]} as in its data file"


def test_every_sun_table_is_placed_on_a_page() -> None:
    assert sorted(n for n in data.names() if n.startswith("sun_")) == sorted(TABLE_PAGES)


# --- (3) the required anchors exist on the right pages ----------------------------------------

REQUIRED_ANCHORS = {
    "sun/index.md": ["sun"],
    "sun/rules.md": ["sun-rules", "sun-basic-roll", "sun-difficulties", "sun-bonus-penalty-dice",
                     "sun-degrees", "sun-who-rolls"],
    "sun/combat.md": ["sun-combat", "sun-initiative", "sun-actions", "sun-parry", "sun-conditions"],
    "sun/attributes.md": ["sun-attributes"],
    "sun/skills-talents.md": ["sun-skills-talents", "sun-skills", "sun-talents"],
    "sun/paths.md": ["sun-paths"],
    "sun/nerve.md": ["sun-nerve"],
    "sun/hazards.md": ["sun-hazards"],
    "sun/phasm.md": ["sun-phasm"],
}


@pytest.mark.parametrize("src", sorted(REQUIRED_ANCHORS))
def test_required_anchors(site_dir: Path, src: str) -> None:
    ids = parse(site_dir, src).ids
    assert [a for a in REQUIRED_ANCHORS[src] if a not in ids] == []


def test_sun_check_sits_in_the_basic_roll_section() -> None:
    text = (ROOT / "docs" / "sun" / "rules.md").read_text(encoding="utf-8")
    section = text.split("{ #sun-basic-roll }", 1)[1].split("\n## ", 1)[0]
    assert '{{ calculator("sun-check") }}' in section


# --- (4) glossary terms link to anchors that exist --------------------------------------------


def glossary() -> dict:
    return json.loads((ROOT / "calc" / "data" / "glossary_sun.json").read_text(encoding="utf-8"))


def test_glossary_is_well_formed() -> None:
    g = glossary()
    assert g["game"] == "sun"
    terms = [t["term"] for t in g["terms"]]
    assert len(terms) == len(set(terms))
    for t in g["terms"]:
        assert t["definition"].strip() and not re.search(r"[\[\]*_`<>]", t["definition"]), t["term"]


@pytest.mark.parametrize("term", glossary()["terms"], ids=lambda t: t["term"])
def test_glossary_rule_points_at_an_anchor(site_dir: Path, term: dict) -> None:
    src, _, anchor = term["rule"].partition("#")
    assert src.startswith("sun/") and anchor
    assert anchor in parse(site_dir, src).ids


def test_every_link_between_sun_pages_lands_on_an_anchor(site_dir: Path) -> None:
    broken = []
    for src in REQUIRED_ANCHORS:
        here = page_file(site_dir, src)
        for href in parse(site_dir, src).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.fragment:
                continue
            target = (here.parent / parts.path / "index.html").resolve() if parts.path else here
            if target.is_file():
                ids = _PageParser()
                ids.feed(target.read_text(encoding="utf-8"))
                if parts.fragment not in ids.ids:
                    broken.append(f"{src}: {href}")
            else:
                broken.append(f"{src}: {href}")
    assert broken == []


# --- (5) key facts appear on their pages ------------------------------------------------------

KEY_FACTS = {
    "sun/rules.md": [
        "3d6 + Attribute + Skill ≥ target number",
        "roll 4d6 and keep the highest three",
        "roll 4d6 and keep the lowest three",
        "Margin 5:",
        "Margin 10:",
        "Brawn, Agility, Vigor, Intellect, Spirit, Presence",
    ],
    "sun/combat.md": [
        "3d6 + Initiative",
        "two short actions",
        "one long action",
        "making it ends your turn",
        "four times your Speed",
        "2 Defense",
        "two meters",
        "one reaction per round",
        "use Brawn instead of Agility",
    ],
    "sun/attributes.md": ["Brawn", "Agility", "Vigor", "Intellect", "Spirit", "Presence", "fixed number"],
    "sun/nerve.md": ["no character levels"],
    "sun/phasm.md": ["vinculum", "Optimates", "reintegration", "architectonic surgery", "Emissaries", "Monitors"],
    "sun/hazards.md": ["Difficulty"],
}


@pytest.mark.parametrize("src", sorted(KEY_FACTS))
def test_key_facts_appear(site_dir: Path, src: str) -> None:
    text = page_text(site_dir, src)
    assert [f for f in KEY_FACTS[src] if f not in text] == []

