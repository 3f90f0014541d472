"""Issue 11 item 3: search says where a result lives, ranks the rule itself first, and finds
ruling IDs as readers type them; `/rulings/#R-0016` lands on the ruling whatever its case.

Code: macros/hooks/search.py (the `terms` field of the search index), mkdocs.yml (its boost),
docs/assets/js/search-where.js (the "Game › Page" line), links.js `followAnchorCase`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from macros.hooks import search as search_hook
from scripts.harness import LOCATION_DEBOUNCE_MS, SEARCH_SETTLED
from tests.phone import search

DOCS = Path(__file__).resolve().parent.parent / "docs"


def front_matter_words() -> dict[str, list[str]]:
    """Index location -> each word of the `search_terms` in the docs' front matter (as the index splits them)."""
    import yaml

    out: dict[str, list[str]] = {}
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---\n"):
            continue
        meta = yaml.safe_load(text[4:text.index("\n---\n", 4)]) or {}
        page = path.relative_to(DOCS).as_posix()
        for anchor, words in search_hook.page_terms(page, meta[search_hook.TERMS_META]).items() \
                if search_hook.TERMS_META in meta else []:
            out[search_hook._location(f"{page}#{anchor}")] = [w for phrase in words for w in phrase.split()]
    return out


def _index(site_dir: Path) -> dict:
    return json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_ruling_ids_are_indexed_as_readers_type_them() -> None:
    assert search_hook.ruling_terms("R-0016: House-rule d6 damage dice explode") == ["r0016", "r16", "r-0016", "R-0016", "0016"]
    assert search_hook.ruling_terms("Rulings") == []
    assert search_hook._location("sun/combat.md#sun-parry") == "sun/#sun-parry".replace("sun/#", "sun/combat/#")
    assert search_hook._location("rk/index.md#rk-pages") == "rk/#rk-pages"


def test_built_index_carries_the_terms(site_dir: Path) -> None:
    index = _index(site_dir)
    assert index["config"]["fields"]["terms"]["boost"] > index["config"]["fields"]["title"]["boost"]
    docs = {d["location"]: d for d in index["docs"]}
    assert "r0016" in docs["rulings/#r-0016"]["terms"].split()
    assert "Parry" in docs["sun/combat/#sun-parry"]["terms"]
    assert "parry" in docs["rk/attacking/#rk-active-defense"]["terms"]
    # every anchor named by a term exists in the index: a renamed heading would silently lose it
    wanted = set(search_hook.glossary_terms()) | set(front_matter_words())
    lost = {w for w in wanted if w not in docs and w.partition("#")[0] not in docs}
    assert not lost, sorted(lost)
    # the words players use, kept in the pages' front matter, reach the sections they name
    for location, words in front_matter_words().items():
        doc = docs.get(location) or docs[location.partition("#")[0]]
        assert set(words) <= set(doc.get("terms", "").split()), location
    assert {"tie", "ties"} <= set(docs["rulings/#r-0045"]["terms"].split())
    assert {"pool", "odds", "dice"} <= set(docs["calculators/#calculators-pool-check"]["terms"].split())
    assert "terms" in docs["sun/hazards/"] or not any(w.startswith("sun/hazards/#sun-hazards") for w in wanted)


# ---------------------------------------------------------------- in the browser
@pytest.fixture(scope="module")
def search_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.goto(served)
    yield page
    page.close()


def _rank(results: list[dict], anchor: str) -> int:
    for i, item in enumerate(results):
        if any(link.endswith(anchor) for link in item["links"]):
            return i
    return 99


@pytest.mark.browser
def test_parry_finds_the_rules_before_the_social_parry(search_page: Any) -> None:
    results = search(search_page, "parry")
    social = _rank(results, "#rk-social-parry")
    assert _rank(results, "#rk-active-defense") < social
    assert _rank(results, "#sun-parry") < social
    assert {_rank(results, "#rk-active-defense"), _rank(results, "#sun-parry")} == {0, 1}


@pytest.mark.browser
def test_skill_roll_finds_seventh_suns_basic_roll_first(search_page: Any) -> None:
    results = search(search_page, "skill roll")
    assert _rank(results, "#sun-basic-roll") == 0
    assert results[0]["where"] == "Seventh Sun › Rules"


@pytest.mark.browser
@pytest.mark.parametrize("typed", ["R-0016", "r0016", "R16"])
def test_ruling_ids_as_typed(search_page: Any, typed: str) -> None:
    results = search(search_page, typed)
    assert results[0]["links"][1].endswith("/rulings/#r-0016"), results[0]
    assert results[0]["where"] == "Rulings"


@pytest.mark.browser
def test_every_result_says_where_it_lives(search_page: Any) -> None:
    results = search(search_page, "wound check")
    assert results and all(item["where"] for item in results)
    damage = next(item for item in results if item["links"][0].endswith("/rk/damage/"))
    assert damage["where"] == "Roll & Keep › Damage and wounds"


@pytest.mark.browser
def test_a_ruling_anchor_in_capitals_lands_on_the_ruling(page: Any, served: str) -> None:
    page.goto(served + "rulings/#R-0016")
    page.wait_for_function("() => location.hash === '#r-0016'")
    top = page.evaluate("document.getElementById('r-0016').getBoundingClientRect().top")
    assert 0 <= top < 200


def test_rolls_and_field_labels_in_the_index() -> None:
    from macros.hooks import search as search_hook

    docs = [{"location": "calculators/#calculators-rk-check", "title": "Roll and keep",
             "text": "Dice rolled (X)Ten-sided dice thrown for the roll, at most 30. A whole number."},
            {"location": "calculators/#calculators-pool-check", "title": "Successes", "text": ""}]
    assert search_hook.add_rolls(docs) and "6k3" in docs[0]["rolls"].split() and "13k1" not in docs[0]["rolls"]
    assert {"5", "40", "dice"} <= set(docs[1]["rolls"].split()) and "6k3" not in docs[1]["rolls"]
    fields = search_hook.field_texts()
    assert ("Dice rolled (X)", "Ten-sided dice thrown for the roll, at most 30.") in fields
    assert search_hook.separate_labels(docs, fields) == 1
    assert "Dice rolled (X): Ten-sided dice" in docs[0]["text"]
    assert not search_hook.add_rolls([{"location": "rk/basics/"}])
    assert not search_hook.add_rolls(docs[:1])   # the pool calculator's section missing


def test_front_matter_words_are_checked() -> None:
    assert search_hook.page_terms("rulings.md", {"r-0045": ["tie", " ties "]}) == {"r-0045": ["tie", "ties"]}
    assert search_hook.page_terms("x.md", {"a": "tie"}) == {"a": ["tie"]}
    for bad in ({}, {"#r-0045": ["tie"]}, {"r-0045": []}, {"r-0045": [""]}, ["tie"], {"r-0045": [3]}):
        with pytest.raises(ValueError):
            search_hook.page_terms("rulings.md", bad)


def test_the_built_answers_are_calcs(site_dir: Path) -> None:
    """calc's figures, with the odds address of each built question among them (calc/built/search_odds.py)."""
    from calc.built.phrasings import phrasings
    from calc.built.search_answers import table
    from calc.built.search_odds import with_odds

    built = json.loads((site_dir / search_hook.ANSWERS).read_text(encoding="utf-8"))
    assert built == json.loads(json.dumps({**with_odds(table()), "phrasings": phrasings()}))   # and the words it reads them by


def test_a_word_list_naming_an_anchor_the_page_lost_stops_the_build() -> None:
    from types import SimpleNamespace

    page = SimpleNamespace(file=SimpleNamespace(src_uri="rulings.md"), meta={"search_terms": {"r-0045": ["tie"]}})
    search_hook.on_pre_build(config=None)
    search_hook.on_page_markdown("", page=page, config=None, files=None)
    assert search_hook.on_page_content('<h3 id="r-0045">R-0045</h3>', page=page, config=None, files=None)
    with pytest.raises(ValueError, match="r-0045"):
        search_hook.on_page_content('<h3 id="r-0046">R-0046</h3>', page=page, config=None, files=None)
    search_hook.on_pre_build(config=None)


def test_a_left_out_page_with_words_gets_a_light_title_entry() -> None:
    search_hook.on_pre_build(config=None)
    search_hook._page_terms["print/rk.md"] = {"printable-rk": ["print"]}
    docs = [{"location": "rk/", "title": "Roll &amp; Keep", "text": "..."}]
    assert search_hook.add_left_out(docs, {"print/rk.md": "Roll &amp; Keep: every rule"}) == 1
    assert docs[1] == {"location": "print/rk/", "title": "Roll &amp; Keep: every rule", "text": "",
                       "boost": search_hook.LEFT_OUT_BOOST}
    search_hook.add_terms(docs, search_hook.front_matter_terms())
    assert "print" in docs[1]["terms"].split()
    assert search_hook.add_left_out(docs, {"print/rk.md": "again"}) == 0   # once
    search_hook.on_pre_build(config=None)
