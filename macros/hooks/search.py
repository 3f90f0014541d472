"""MkDocs hook: the words a reader searches for lead to the rule itself, and a roll typed is answered.

Material's search (lunr, in a worker) indexes each section's title and text. This hook gives
chosen sections one more field, `terms` (boosted in mkdocs.yml, above titles), after the search
plugin has written `search/search_index.json`:

- every glossary term names the section that defines it (calc/data/glossary_*.json `rule`),
  so "Parry" finds Seventh Sun's Parry before a passing mention;
- a page names the words players use for its sections in its front matter, `search_terms`
  (anchor -> words), beside the text they lead to: "tie" for R-0045 (docs/rulings.md), "pool
  odds" for the pool calculator (docs/calculators.md); an anchor the page does not have stops
  the build; a page the search leaves out (a print page) is found by its words alone;
- each ruling answers to its ID as readers type it: `R-0016`, `r0016`, `R16`;
- the Roll & Keep calculator answers to a roll written as XkY (`6k3`).

It also puts a colon between each calculator field's label and its help in the indexed text
(the form's label and help are separate elements, which the index ran together), and writes
`search/answers.json`: the figures `calc.built.search_answers` works out for a roll typed into the
search ("6k3 25") and the words a player types around one (`calc.built.phrasings`), which
docs/assets/js/search-answer.js fetches when the search is opened.

Listed before hooks/security.py, which fingerprints the index for the offline manifest.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the project

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from calc.dice_pool.check import MAX_POOL
from macros.build_cache import cached, code_fingerprint
from macros.games import GAMES
from macros.search_files import ANSWERS

INDEX = "search/search_index.json"
TERMS_META = "search_terms"   # a page's front matter: {anchor: [words]} (the glossary covers the rest)
_page_terms: dict[str, dict[str, list[str]]] = {}   # docs page -> its front matter's words by anchor, this build
LEFT_OUT_BOOST = 0.05   # Material's per-page weight (`search: boost`), for such a page's title entry
_left_out: dict[str, str] = {}   # a page the search leaves out (`search: exclude`) that has words -> its title

# "6k3" finds the Roll & Keep calculator, and "5 dice" the pool calculator: each roll as it is typed,
# in a field of its own (`rolls`, boosted in mkdocs.yml), so 78 words do not weigh on how `terms`
# ranks other sections. XkY up to 12 dice; a pool's size, each number a word of its own (the search
# box splits "5 dice" in two), up to the pool calculator's largest pool.
ROLLS_FIELD = "rolls"
ROLLS = tuple(f"{rolled}k{kept}" for rolled in range(1, 13) for kept in range(1, rolled + 1))
ROLLS_HOME = "calculators.md#calculators-rk-check"
POOL_ROLLS = (*(str(n) for n in range(1, MAX_POOL + 1)), "dice")
POOL_ROLLS_HOME = "calculators.md#calculators-pool-check"

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


def page_terms(src_uri: str, meta: object) -> dict[str, list[str]]:
    """A page's `search_terms` front matter, checked: {anchor: [words]} (a word may be a phrase)."""
    if not isinstance(meta, dict) or not meta:
        raise ValueError(f"{src_uri}: {TERMS_META} must map anchors to lists of words")
    out: dict[str, list[str]] = {}
    for anchor, words in meta.items():
        if isinstance(words, str):
            words = [words]
        if not isinstance(anchor, str) or not anchor or "#" in anchor or not isinstance(words, list) \
                or not words or not all(isinstance(w, str) and w.strip() for w in words):
            raise ValueError(f"{src_uri}: {TERMS_META} {anchor!r} must name an anchor (no #) and list words")
        out[anchor] = [w.strip() for w in words]
    return out


def front_matter_terms() -> dict[str, list[str]]:
    """Index location -> the words the pages' front matter gives it, this build."""
    return {_location(f"{page}#{anchor}"): words
            for page, anchors in _page_terms.items() for anchor, words in anchors.items()}


def add_left_out(docs: list[dict], titles: dict[str, str]) -> int:
    """A page the search leaves out (the print pages: every rule again) but that names words for
    itself is found by them alone: an entry of its title and no text (the words go to it: `add_terms`),
    weighed lightly, or its title's few words ("Seventh Sun") would outrank the pages of its rules."""
    known = {doc.get("location", "") for doc in docs}
    added = 0
    for page, title in titles.items():
        if _location(page) not in known:
            docs.append({"location": _location(page), "title": title, "text": "", "boost": LEFT_OUT_BOOST})
            added += 1
    return added


def add_terms(docs: list[dict], extra: dict[str, list[str]] | None = None) -> int:
    """Give each chosen section its `terms` (the glossary's and `extra`); returns how many got some."""
    terms: dict[str, list[str]] = glossary_terms()
    for location, words in (extra or {}).items():
        terms.setdefault(location, []).extend(words)
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
    """Give the Roll & Keep and the pool calculators' sections their rolls as typed; False if one is missing."""
    homes = {_location(ROLLS_HOME): ROLLS, _location(POOL_ROLLS_HOME): POOL_ROLLS}
    found = 0
    for doc in docs:
        if doc.get("location") in homes:
            doc[ROLLS_FIELD] = " ".join(homes[doc["location"]])
            found += 1
    return found == len(homes)


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


def on_pre_build(*, config: MkDocsConfig) -> None:
    _page_terms.clear()   # `serve` rebuilds in the same process
    _left_out.clear()


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    if TERMS_META in page.meta:
        _page_terms[page.file.src_uri] = page_terms(page.file.src_uri, page.meta[TERMS_META])
    return markdown


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Every anchor a page's `search_terms` names is one of its headings' (a renamed one stops the build)."""
    lost = [a for a in _page_terms.get(page.file.src_uri, {}) if f'id="{a}"' not in html]
    if lost:
        raise ValueError(f"{page.file.src_uri}: {TERMS_META} names {', '.join(lost)}, which the page does not have")
    search = page.meta.get("search")
    if page.file.src_uri in _page_terms and isinstance(search, dict) and search.get("exclude"):
        _left_out[page.file.src_uri] = escape(page.title or "", quote=False)
    return html


def write_answers(site_dir: Path) -> int:
    """`search/answers.json`: the figures for a roll typed into the search (calc.built.search_answers), with
    the odds address of each built question among them (calc.built.search_odds), and the words the page
    reads a typed roll with (calc.built.phrasings); its bytes. They follow from the code alone: kept in
    `.cache/search-answers/` under its fingerprint (macros/build_cache.py), for the next build."""
    data = cached("search-answers", code_fingerprint(), search_answers_file)
    path = site_dir / ANSWERS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return len(data)


def search_answers_file() -> bytes:
    """`search/answers.json`'s bytes, worked out."""
    from calc.built.phrasings import phrasings
    from calc.built.search_answers import table
    from calc.built.search_odds import with_odds

    text = json.dumps({**with_odds(table()), "phrasings": phrasings()}, ensure_ascii=False, separators=(",", ":"))
    return text.encode("utf-8")


def on_post_build(*, config: MkDocsConfig) -> None:
    write_answers(Path(config.site_dir))
    path = Path(config.site_dir) / INDEX
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    add_left_out(index.get("docs", []), _left_out)
    add_terms(index.get("docs", []), front_matter_terms())
    add_rolls(index.get("docs", []))
    separate_labels(index.get("docs", []), field_texts())
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
