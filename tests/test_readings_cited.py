"""Readings carry their ID (issue 20, "Make it hard to repeat").

Where a source leaves a rule open, the Codex picks a reading; the reader must be able to tell a
reading from the rule itself. So on the rules pages (docs/sun, docs/rk, docs/pool) every statement
that presents a choice ("the Codex's reading", "the Codex takes", "up to the GM", ...) either
names its ruling (R-00NN, an active one) or sits inside a reading box
(`!!! note "The Codex's reading..."`, whose section carries the "Rulings:" line). A pointer to
the box ("see the Codex's reading below") is not itself a choice.

Every glossary entry that presents a choice names its ruling, and so does each entry that rests
on a ruling known to underlie it (RESTS_ON).

The scanner reads the Markdown, not the built site, so it runs without a build. Its own
self-check plants a choice with no ID in a sample and requires the scanner to catch it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from calc import data
from macros import rulings

DOCS = Path(__file__).resolve().parent.parent / "docs"
RULES_DIRS = ("sun", "rk", "pool")

# Words that present a choice of the Codex's (or one it hands to the GM) rather than a rule.
CHOICE = re.compile(
    r"\bthe Codex(?:'s)?(?:\s+(?:simply|also|instead|here|then|so|only))?\s+(?:reads?|reading|takes?|counts?|"
    r"treats?|applies|keeps|starts|picks|leaves|gives|halves|lets|rounds|does not choose|default|choice)\b"
    r"|\b(?:our|a|the other|this) reading\b|\bCodex's reading\b"
    r"|\bup to the GM\b|\bleft to the GM\b|\bwe take\b|\bwe read\b",
    re.IGNORECASE,
)
# "see the Codex's reading below": a pointer to the box, not a choice made in the sentence.
POINTER = re.compile(r"\b(?:see|worked with|by) the Codex's reading (?:below|above)\b", re.IGNORECASE)
RULING_ID = re.compile(r"\bR-(\d{4})\b")
BOX = re.compile(r'^(\s*)!!! note "The Codex\'s reading[^"]*"')


@dataclass(frozen=True)
class Statement:
    page: str
    line: int
    text: str


def _blocks(text: str) -> list[tuple[int, str, bool]]:
    """(first line, text, inside a reading box) for each paragraph or list item of a page."""
    blocks: list[tuple[int, str, bool]] = []
    box_indent: int | None = None
    current: list[str] = []
    start = 0
    in_box = False

    def close() -> None:
        if current:
            blocks.append((start, " ".join(s.strip() for s in current), in_box))
            current.clear()

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if box_indent is not None and stripped and indent <= box_indent:
            close()
            box_indent = None
        opened = BOX.match(line)
        if opened:
            close()
            box_indent, in_box = len(opened.group(1)), True
            continue
        if box_indent is None:
            in_box = False
        new_item = re.match(r"\s*(?:[-*+]|\d+\.)\s", line) is not None
        if not stripped or stripped.startswith(("#", "{{", "{%", "!!!", "===", "|")) or new_item:
            close()
            if not stripped or stripped.startswith(("#", "{{", "{%", "!!!", "===", "|")):
                continue
        if not current:
            start = number
        current.append(line)
    close()
    return blocks


def _sentences(block: str) -> list[str]:
    """A block cut into sentences, keeping a closing bracket with the sentence it ends."""
    return [s for s in re.split(r"(?<=[.!?])\)?\s+(?=[A-Z*(\[])", block) if s.strip()]


def uncited_choices(page: str, text: str, active_ids: set[str]) -> list[Statement]:
    """Statements on a page that present a choice with no active ruling ID and outside a box."""
    found = []
    for line, block, in_box in _blocks(text):
        if in_box:
            continue
        for sentence in _sentences(block):
            if not CHOICE.search(POINTER.sub("", sentence)):
                continue
            cited = {f"R-{n}" for n in RULING_ID.findall(sentence)}
            if not cited & active_ids:
                found.append(Statement(page, line, sentence))
    return found


def active_ids() -> set[str]:
    return {r.id for r in rulings.load() if r.active}


def rules_pages() -> list[Path]:
    return sorted(p for d in RULES_DIRS for p in (DOCS / d).glob("*.md"))


@pytest.mark.parametrize("path", rules_pages(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_choice_on_a_rules_page_names_its_ruling_or_sits_in_the_box(path: Path) -> None:
    page = path.relative_to(DOCS).as_posix()
    wrong = uncited_choices(page, path.read_text(encoding="utf-8"), active_ids())
    assert not wrong, "\n".join(f"{s.page}:{s.line}: {s.text}" for s in wrong)


# The glossary: terms whose definition rests on a ruling, whatever words they use.
RESTS_ON = {
    ("pool", "black dice"): "R-0023",
    ("pool", "initiative"): "R-0049",
    ("pool", "limb rounds"): "R-0042",
    ("rk", "PD"): "R-0015",
    ("rk", "Passive Defense"): "R-0015",
    ("rk", "SD"): "R-0015",
    ("rk", "PA"): "R-0015",
    ("rk", "SA"): "R-0015",
    ("rk", "Wound Check"): "R-0017",
    ("rk", "Wound Checks"): "R-0017",
    ("sun", "Path"): "R-0048",
    ("sun", "Run"): "R-0005",
}


def glossary_terms() -> list[tuple[str, str, str]]:
    return [(game, t["term"], t["definition"]) for game in ("sun", "rk", "pool")
            for t in data.load(f"glossary_{game}")["terms"]]


def uncited_glossary(terms: list[tuple[str, str, str]], ids: set[str]) -> list[str]:
    """Glossary entries that present a choice, or rest on a known ruling, without naming it."""
    wrong = []
    for game, name, definition in terms:
        cited = {f"R-{n}" for n in RULING_ID.findall(definition)}
        needed = RESTS_ON.get((game, name))
        if needed and needed not in cited:
            wrong.append(f"{game}/{name}: rests on {needed} but does not name it")
        elif CHOICE.search(definition) and not cited & ids:
            wrong.append(f"{game}/{name}: presents a choice without a ruling ID")
    return wrong


def test_every_glossary_entry_that_rests_on_a_ruling_names_it() -> None:
    terms = glossary_terms()
    present = {(game, name) for game, name, _ in terms}
    assert set(RESTS_ON) <= present, f"RESTS_ON names terms the glossary lacks: {set(RESTS_ON) - present}"
    wrong = uncited_glossary(terms, active_ids())
    assert not wrong, "\n".join(wrong)


def test_rulings_named_for_glossary_terms_are_active() -> None:
    ids = active_ids()
    assert set(RESTS_ON.values()) <= ids


# --- the scanner's own self-check: planted mistakes must be caught ------------------------------

PLANTED_PAGE = '''# A page

The Codex reads a tie as a miss for the attacker.

How the attempt is settled is up to the GM.

- A ruled one: the Codex takes a tie as a hit (R-0045).
- A withdrawn ID does not count: the Codex reads it so (R-0001).

!!! note "The Codex's reading"
    The Codex reads it this way, and the section's ruling line names the ID.

The TN is the damage taken (see the Codex's reading below).
'''


def test_the_scanner_catches_a_planted_choice_without_an_id() -> None:
    ids = {"R-0045"}
    caught = [s.line for s in uncited_choices("planted.md", PLANTED_PAGE, ids)]
    assert caught == [3, 5, 8], caught


def test_the_glossary_check_catches_a_planted_entry() -> None:
    planted = [
        ("pool", "limb rounds", "The last initiatives of a dying character's count."),
        ("pool", "tie", "The Codex reads a tie as nobody hit."),
        ("pool", "fine", "A plain fact with no choice in it."),
    ]
    assert uncited_glossary(planted, {"R-0042"}) == [
        "pool/limb rounds: rests on R-0042 but does not name it",
        "pool/tie: presents a choice without a ruling ID",
    ]
