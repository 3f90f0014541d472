"""Find the passages the Codex quotes from a source, and check them against the source texts.

What counts as a quotation attributed to a source (the convention the pages and data follow):

- a passage between straight double quotes (or curly ones) in running text: Markdown prose, a
  string in a data file under calc/data, a string constant or a comment in calc's Python;
  single quotes are apostrophes as often as not, so the Codex never quotes a source with them;
- that is **attributed** when
  (a) it stands inside a "The Codex's reading" box on a page, or in a ruling's title or
      statement: a reading exists to interpret the source's own words, so every quotation
      there is the source's; or
  (b) its sentence, before the quotation (from the end of the previous sentence, within one
      paragraph, list item or string), names a source: the summary, the house rules, the
      source (text), the sources, the core or combat rules, "the rules" ("The house rules give
      the check "as many dice as..."").
- not quotations of a source: admonition and tab titles (`!!! note "..."`, `=== "..."`),
  macro calls (`{{ ... }}`, `{% ... %}`), code (fenced or inline), link targets and HTML.

An attributed quotation must stand word for word in its game's source texts, ignoring case,
line breaks and Markdown emphasis; where its sentence names only one of the two Roll & Keep
sources (the summary, or the house rules) before the quotation, it must be in that one.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
# Each game's source texts, by the prefix of their file names in ../shared/seeds.
GAME_SOURCES = {"rk": ("000", "001"), "sun": ("002", "004"), "pool": ("003",)}
HOUSE, SUMMARY = "000", "001"

QUOTE = re.compile(r'"([^"]+)"|“([^”]+)”')
NAMES_A_SOURCE = re.compile(
    r"\b(summary|house rules|source|sources|source text|source's|core rules|combat rules|the rules)\b", re.I)
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
READING_BOX = re.compile(r"""^(\s*)(?:!!!|\?\?\?\+?)\s+\w+\s+"The Codex's reading[^"]*"\s*$""")
TITLE_LINE = re.compile(r"""^\s*(?:!!!|\?\?\?\+?|===)\s.*$""")


@dataclass(frozen=True)
class Quotation:
    where: str        # file and line
    text: str         # as written between the quotes
    sources: tuple[str, ...]   # prefixes of the source files it must stand in (any one of them)


def squeeze(text: str) -> str:
    """Lower case, Markdown emphasis dropped, every run of white space one space."""
    return " ".join(text.replace("**", "").replace("*", "").lower().split())


def source_texts() -> dict[str, str]:
    """Each source file, squeezed, by its three-digit prefix."""
    return {p.name[:3]: squeeze(p.read_text(encoding="utf-8")) for p in sorted(SEEDS.glob("0*.txt"))}


def sources_named(before: str, game_sources: tuple[str, ...]) -> tuple[str, ...]:
    """Narrow a Roll & Keep quotation to the one source named before it, if only one is."""
    low = before.lower()
    house, summary = "house rules" in low, "summary" in low
    if set(game_sources) == {HOUSE, SUMMARY} and house != summary:
        return (HOUSE,) if house else (SUMMARY,)
    return game_sources


def quotations_in(text: str, where: str, game_sources: tuple[str, ...], *, reading: bool,
                  first_line: int = 1) -> list[Quotation]:
    """The attributed quotations in one block of running text (a paragraph, list item or string)."""
    found = []
    for m in QUOTE.finditer(text):
        quoted = m.group(1) if m.group(1) is not None else m.group(2)
        if len(quoted.strip()) < 2:
            continue
        ends = [e.end() for e in SENTENCE_END.finditer(text)]
        start = max([e for e in ends if e <= m.start()], default=0)
        before = text[start:m.start()]
        if reading or NAMES_A_SOURCE.search(before):
            line = first_line + text.count("\n", 0, m.start())
            found.append(Quotation(f"{where}:{line}", quoted, sources_named(before, game_sources)))
    return found


_STRIP = [
    re.compile(r"\A---\n.*?\n---\n", re.S),             # front matter
    re.compile(r"^(\s*)(```|~~~).*?^\1\2", re.S | re.M),  # fenced code
    re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S),  # macros
    re.compile(r"<!--.*?-->", re.S),                    # comments
    re.compile(r"`[^`\n]*`"),                           # inline code
    re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)"),     # link targets and titles
    re.compile(r"<[^>\n]*>"),                           # HTML tags and their attributes
    re.compile(r"\{\s*[#.][^}\n]*\}"),                  # attribute lists
]


def blank_out(text: str) -> str:
    """The text with what is not running prose replaced by spaces (line numbers kept)."""
    for pattern in _STRIP:
        text = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return text


def markdown_quotations(path: Path, where: str, game_sources: tuple[str, ...]) -> list[Quotation]:
    """Every attributed quotation on one page: blocks split at blank lines and list items."""
    lines = blank_out(path.read_text(encoding="utf-8")).split("\n")
    found: list[Quotation] = []
    block: list[str] = []
    block_start, box_indent, block_reading = 0, None, False

    def flush() -> None:
        if block:
            found.extend(quotations_in("\n".join(block), where, game_sources,
                                       reading=block_reading, first_line=block_start + 1))
            block.clear()

    for number, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        if box_indent is not None and line.strip() and indent <= box_indent:
            box_indent = None
        box = READING_BOX.match(line)
        if box or TITLE_LINE.match(line) or not line.strip() or re.match(r"\s*([-*+]|\d+\.)\s", line):
            flush()
        if box:
            box_indent = len(box.group(1))
            continue
        if TITLE_LINE.match(line) or not line.strip():
            continue
        if not block:
            block_start, block_reading = number, box_indent is not None
        block.append(line)
    flush()
    return found


def _json_strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _json_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _json_strings(v)]
    return []


def data_quotations(path: Path, where: str, game_sources: tuple[str, ...]) -> list[Quotation]:
    """A data file's strings; every quotation in a ruling's title or statement is attributed."""
    content = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for ruling in content.get("rulings", []) if isinstance(content, dict) else []:
        for key in ("title", "statement"):
            found += quotations_in(ruling[key], f"{where} {ruling['id']}", game_of_ruling(ruling), reading=True)
    for text in _json_strings({k: v for k, v in content.items() if k != "rulings"}
                              if isinstance(content, dict) else content):
        found += quotations_in(text, where, game_sources, reading=False)
    return found


def game_of_ruling(ruling: dict) -> tuple[str, ...]:
    games = {rule.split("/", 1)[0] for rule in ruling["rules"]}
    return tuple(sorted({s for g in games for s in GAME_SOURCES.get(g, ())})) or all_sources()


def python_quotations(path: Path, where: str, game_sources: tuple[str, ...]) -> list[Quotation]:
    """A module's string constants (docstrings and f-string parts too) and its comments."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += quotations_in(node.value, where, game_sources, reading=False, first_line=node.lineno)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found += quotations_in(token.string, where, game_sources, reading=False, first_line=token.start[0])
    return found


def all_sources() -> tuple[str, ...]:
    return tuple(s for group in GAME_SOURCES.values() for s in group)


def game_sources_of(name: str) -> tuple[str, ...]:
    """The sources a file's game draws on, from its folder or name; every source if it has none."""
    for game, sources in GAME_SOURCES.items():
        if re.search(rf"(^|[/_]){game}([/_.]|$)", name):
            return sources
    named = {"seventh_sun": "sun", "dice_pool": "pool"}
    return next((GAME_SOURCES[g] for stem, g in named.items() if stem in name), all_sources())


def project_quotations(root: Path) -> list[Quotation]:
    """Every attributed quotation under docs/ and calc/."""
    found: list[Quotation] = []
    for path in sorted((root / "docs").rglob("*.md")):
        rel = path.relative_to(root).as_posix()
        found += markdown_quotations(path, rel, game_sources_of(rel.removeprefix("docs/")))
    for path in sorted((root / "calc").rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.suffix == ".json":
            found += data_quotations(path, rel, game_sources_of(path.name))
        elif path.suffix == ".py":
            found += python_quotations(path, rel, game_sources_of(path.name))
    return found


def stands_in(quoted: str, text: str) -> bool:
    """Whether the quoted words stand in the text as whole words ("Henchmen" is not in "Henchment")."""
    words = squeeze(quoted)
    pattern = (r"(?<![a-z0-9])" if words[:1].isalnum() else "") + re.escape(words) \
        + (r"(?![a-z0-9])" if words[-1:].isalnum() else "")
    return re.search(pattern, text) is not None


def misquoted(quotations: list[Quotation], texts: dict[str, str]) -> list[str]:
    """The quotations that are not word for word in any of their sources."""
    wrong = []
    for q in quotations:
        if not any(stands_in(q.text, texts.get(s, "")) for s in q.sources):
            wrong.append(f'{q.where}: "{q.text}" is not in source {"/".join(q.sources)}')
    return wrong
