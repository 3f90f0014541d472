"""Whose rule each Roll & Keep glossary entry is (issue 32): an entry whose rule is in one source
only starts with that source's label ("House rules:" or "Summary rules:"), one whose rule is in
both starts with neither.

Which source names each term, and which gives it a rule, is kept beside the glossary in
calc/data/glossary_rk_sources.json. Where a source names a term is checked here against the
source texts (../shared/seeds 000, the house rules, and 001, the summary): each spelling the
table gives is in that source as a whole word, and the term, in any case, is in no source the
table leaves out, unless as a word the table says that source uses in another sense
(`other_sense`: the summary's "reach" is a verb).
"""

from __future__ import annotations

import re

import pytest

from calc import data
from tests.quotations import HOUSE, SEEDS, SUMMARY

FILES = {"house": HOUSE, "summary": SUMMARY}


def whole_word(word: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text) is not None


def source_texts() -> dict[str, str]:
    return {name: next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8") for name, prefix in FILES.items()}


def mislabelled(glossary: list[dict], table: dict) -> list[str]:
    """Entries whose opening label does not say whose rule they are."""
    labels, rule_in = table["labels"], {row["term"]: row["rule_in"] for row in table["terms"]}
    wrong = []
    for entry in glossary:
        sources, definition = rule_in[entry["term"]], entry["definition"]
        opening = [name for name, label in labels.items() if definition.startswith(label)]
        if len(sources) == 1 and opening != sources:
            wrong.append(f'{entry["term"]}: a rule of the {sources[0]} only, but starts "{definition[:30]}"')
        if len(sources) > 1 and opening:
            wrong.append(f'{entry["term"]}: a rule of both sources, but labelled as the {opening[0]}\'s')
    return wrong


def misnamed(table: dict, texts: dict[str, str]) -> list[str]:
    """Table rows whose `named_in` disagrees with the source texts."""
    wrong = []
    for row in table["terms"]:
        for name, spelling in row["named_in"].items():
            if not whole_word(spelling, texts[name]):
                wrong.append(f'{row["term"]}: the {name} does not write "{spelling}"')
        for name in sorted(set(texts) - set(row["named_in"])):
            found = set(re.findall(rf"(?<![A-Za-z0-9]){re.escape(row['term'])}(?![A-Za-z0-9])", texts[name], re.I))
            if found - {row.get("other_sense", {}).get(name)}:
                wrong.append(f'{row["term"]}: the {name} names it, but the table says it does not')
    return wrong


def test_the_table_covers_every_roll_and_keep_entry() -> None:
    table = data.load("glossary_rk_sources")
    assert [row["term"] for row in table["terms"]] == [t["term"] for t in data.load("glossary_rk")["terms"]]
    for row in table["terms"]:
        assert row["rule_in"] and set(row["rule_in"]) <= set(FILES), row
        assert set(row["named_in"]) <= set(FILES), row


def test_every_entry_says_whose_rule_it_is() -> None:
    wrong = mislabelled(data.load("glossary_rk")["terms"], data.load("glossary_rk_sources"))
    assert not wrong, "\n".join(wrong)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source texts live in ../shared, not beside this checkout")
def test_the_table_says_which_sources_name_each_term() -> None:
    wrong = misnamed(data.load("glossary_rk_sources"), source_texts())
    assert not wrong, "\n".join(wrong)


def test_the_checks_catch_planted_mistakes() -> None:
    table = {"labels": {"house": "House rules:", "summary": "Summary rules:"},
             "terms": [{"term": "Prone", "named_in": {"house": "Prone", "summary": "prone"}, "rule_in": ["house"]},
                       {"term": "Reach", "named_in": {"house": "Reach"}, "other_sense": {"summary": "reach"},
                        "rule_in": ["house", "summary"]},
                       {"term": "Henchmen", "named_in": {"summary": "Henchmen"}, "rule_in": ["summary"]},
                       {"term": "Brutes", "named_in": {"house": "Brutes"}, "rule_in": ["summary"]}]}
    glossary = [{"term": "Prone", "definition": "Lying down: -15 to PD."},
                {"term": "Reach", "definition": "House rules: how far a weapon reaches."},
                {"term": "Henchmen", "definition": "Summary rules: out at the first Serious Wound."},
                {"term": "Brutes", "definition": "House rules: foes who fall when hit."}]
    assert [w.split(":")[0] for w in mislabelled(glossary, table)] == ["Prone", "Reach", "Brutes"]
    texts = {"house": "Prone Reach", "summary": "prone reach Henchment brutes"}
    assert misnamed(table, texts) == ['Henchmen: the summary does not write "Henchmen"',
                                      'Brutes: the house does not write "Brutes"',
                                      "Brutes: the summary names it, but the table says it does not"]
    table["terms"][0]["named_in"] = {"house": "Prone"}     # the summary's "prone" left out
    texts["summary"] = texts["summary"].replace("reach", "Reach")   # no longer the verb listed
    assert misnamed(table, texts)[:2] == ["Prone: the summary names it, but the table says it does not",
                                          "Reach: the summary names it, but the table says it does not"]
