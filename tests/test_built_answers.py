"""Built answers (issue 47 item 1): the questions the build answers ahead of time, and the files it
stores for them, are the worker's own answers, figure for figure.

calc/built/questions.py chooses the set; macros/answers/store.py writes each answer, gzipped, at
q/<calculator>/<slug>/answer.json.gz (the page fetches it instead of the runtime: built-answer.js).
Here: the set is what the declarations and the site's links make it; every stored answer of four
calculators, and a sample of the rest, equals codex_view's rendering of `calc.evaluate` and the
words Copy as text gives; each file is small; none reaches the offline copy's default set, the
sitemap or the search index.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest

import calc
from calc.built.addresses import odds_path
from calc.built.questions import RK_TNS, built_questions, is_built
from calc.in_words import answer_text
from calc.question import Question
from calc.registry import parse_params
from codex_view.render import result_html
from macros.answers import store
from macros.answers.linked import questions_in, site_questions
from macros.answers.worked import answered, worked_out
from macros.odds.card import describe, headline_figures, settings

EVERY = ("rk-check", "sun-check", "pool-check", "rk-wounds")   # each of their built answers is checked
SAMPLE = 5                                                      # of the others, one in five
MOST_GZIPPED = 12_000   # bytes a linked answer fetches, at most ("about 10 kB": 12k12 TN 5 is 11.6 kB, the median 2.7 kB)


def _stored(site: Path, question: Question) -> dict[str, str]:
    return json.loads(gzip.decompress((site / store.answer_path(question)).read_bytes()))


def _expected(question: Question) -> dict[str, str]:
    """The answer worked out here, apart from the store: calc's result in codex_view's markup, and its words."""
    declaration = question.declaration
    result = calc.evaluate(question.calculator, question.params())
    params = parse_params(declaration, question.params())
    return {"html": result_html(declaration, result, params), "text": answer_text(declaration, params, result)}


# -- the set, from the declarations (no build) --------------------------------------------------------


def test_the_set_holds_the_grids_and_every_default_once_by_address() -> None:
    questions = built_questions()
    paths = [odds_path(q) for q in questions]
    assert len(paths) == len(set(paths))
    assert questions == built_questions()   # the same order every time
    count = Counter(q.calculator for q in questions)
    assert count["rk-check"] == 78 * len(RK_TNS) * 2        # 1 to 12 rolled, every kept, 12 TNs, explode both ways
    assert count["sun-check"] == 16 * 17 * 3
    assert set(count) == set(calc.CALCULATORS)
    assert is_built(Question.of("rk-check", rolled=6, kept=3, tn=25))
    assert is_built(Question.of("rk-wounds", rules="house", brawn=2))   # a rule set's defaults
    assert not is_built(Question.of("rk-check", rolled=13, kept=3, tn=25))
    assert not is_built(Question.of("rk-check", rolled=6, kept=3))     # refused: no TN


def test_a_link_of_the_site_joins_the_set_with_the_defaults_its_form_holds() -> None:
    html = '<a href="../rk/basics/?calc=rk-check&amp;rolled=6&amp;kept=2&amp;tn=27#calc-rk-check">x</a>' \
           '<button data-roll=\'{"href": "./?calc=rk-check&rolled=11&kept=2"}\'></button>'
    linked = questions_in(html)
    assert [q.params() for q in linked] == [{"rolled": "6", "kept": "2", "tn": "27"}, {"rolled": "11", "kept": "2"}]
    assert not is_built(linked[0]) and is_built(linked[0], linked=linked)
    assert is_built(Question.of("rk-check", rolled=11, kept=2, tn=20), linked=linked)


def test_the_store_writes_the_same_bytes_every_time(tmp_path: Path) -> None:
    questions = built_questions()[:3]
    store.write(tmp_path / "a", [answered(q) for q in questions])
    store.write(tmp_path / "b", [answered(q) for q in questions])
    for q in questions:
        assert (tmp_path / "a" / store.answer_path(q)).read_bytes() == (tmp_path / "b" / store.answer_path(q)).read_bytes()
        assert _stored(tmp_path / "a", q) == _expected(q)


def test_kept_work_is_keyed_by_every_file_of_the_code_that_does_it(tmp_path: Path, monkeypatch) -> None:
    """A change to any file of calc/, codex_view/ or macros/ (a figure, a word, a data file) gives the
    kept answers and the search's figures a new key, so a build never reads work done by other code."""
    from macros import build_cache

    for folder in build_cache.CODE:
        (tmp_path / folder / "sub").mkdir(parents=True)
        (tmp_path / folder / "sub" / "a.py").write_text("x = 1\n")
    (tmp_path / "calc" / "sub" / "numbers.json").write_text("{}")
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(build_cache, "ROOT", tmp_path)
    keys = {build_cache.code_fingerprint()}
    for changed in ("calc/sub/a.py", "codex_view/sub/a.py", "macros/sub/a.py", "calc/sub/numbers.json"):
        (tmp_path / changed).write_text((tmp_path / changed).read_text() + " ")
        keys.add(build_cache.code_fingerprint())
    assert len(keys) == 5
    (tmp_path / "docs" / "page.md").write_text("# a page")   # the pages are not the code: the same key
    assert build_cache.code_fingerprint() in keys


# -- the built site -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(site_dir: Path) -> tuple[Question, ...]:
    return built_questions(linked=site_questions(site_dir))


def test_every_built_question_has_its_answer_and_nothing_else_is_stored(site_dir: Path, built) -> None:
    stored = {p.relative_to(site_dir).as_posix() for p in (site_dir / "q").rglob(store.ANSWER_FILE)}
    assert stored == {store.answer_path(q) for q in built}
    for cid in {q.calculator for q in built}:   # the list the page looks a link up in
        listed = json.loads((site_dir / store.index_path(cid)).read_text(encoding="utf-8"))["slugs"]
        assert listed == [odds_path(q).split("/")[2] for q in built if q.calculator == cid]
    assert max((site_dir / path).stat().st_size for path in stored) <= MOST_GZIPPED


def test_a_built_answer_is_the_workers_answer_figure_for_figure(site_dir: Path, built) -> None:
    others = [q for q in built if q.calculator not in EVERY]
    checked = [q for q in built if q.calculator in EVERY] + others[::SAMPLE]
    assert len(checked) > 3300 and {q.calculator for q in others[::SAMPLE]} > {"rk-attack", "rk-fight", "rk-tn"}
    wrong = [odds_path(q) for q in checked if _stored(site_dir, q) != _expected(q)]
    assert not wrong, wrong[:5]


def test_a_later_build_reads_each_answer_back_as_it_was_worked_out(site_dir: Path, built) -> None:
    """The session's build kept its work (macros/answers/worked.py): read back, nothing is worked out
    again, and what comes back is each question's answer, card and calc's figures."""
    kept, made = worked_out(site_dir)
    assert made == 0 and [item.question for item in kept] == list(built)
    for item in kept[::97]:
        question = item.question
        assert json.loads(gzip.decompress(item.answer)) == _expected(question)
        result = calc.evaluate(question.calculator, settings(question))
        assert item.card == describe(question, result)
        assert item.figures == headline_figures(question.declaration, result) == item.card.figures


def test_the_answers_stay_out_of_the_offline_set_the_sitemap_and_the_search(site_dir: Path) -> None:
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const MANIFEST ?= ?", text)   # as sw.js ships: minified, the build's manifest written in
    manifest = json.JSONDecoder().raw_decode(text, found.end())[0]
    listed = [*manifest["core"], *manifest["pages"], *manifest["sizes"], *(url for url, _ in manifest["runtime"])]
    assert listed and not [url for url in listed if url.startswith("q/")]
    assert manifest["odds_folder"] == "q/" and store.ANSWER_FILE in manifest["answer_files"]
    assert "/q/" not in (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    index = json.loads((site_dir / "search/search_index.json").read_text(encoding="utf-8"))
    assert not [d for d in index["docs"] if d["location"].startswith("q/")]
