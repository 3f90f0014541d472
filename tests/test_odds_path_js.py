"""The page's twin of a built question's address (docs/assets/js/odds-path.js) writes what Python writes.

calc/built/addresses.py `odds_path` names the file a linked answer is fetched from; the page writes
the same address from the form the build wrote (its data-odds-fields, data-shown-when and
data-replaced-by), so the two must agree on every built question: here, every built question of
four calculators, and every one of a calculator's fields, run through the real module under Node
with a form made of the same attributes the widget carries (codex_view/render.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from calc.built.addresses import odds_path
from calc.built.questions import built_questions
from calc.params import canonical
from calc.registry import get, parse_params
from codex_view.render import odds_fields
from tests.support import ROOT

NODE = shutil.which("node")
CHECKED = ("rk-check", "sun-check", "rk-wounds", "rk-attack", "pool-check", "rk-initiative")

# A form as the widget writes it, enough for form-state.js and odds-path.js: the fields' data
# attributes and the form's data-odds-fields.
HARNESS = """
import { oddsPath } from "%(module)s";
globalThis.CSS = { escape: (text) => text };
const cases = JSON.parse(await new Promise((resolve) => {
  let text = ""; process.stdin.on("data", (d) => { text += d; }); process.stdin.on("end", () => resolve(text));
}));
const out = [];
for (const [id, forms] of Object.entries(cases.forms)) {
  const fields = Object.fromEntries(forms.fields.map(([name, when, by]) => [name, { dataset: {
    ...(when ? { shownWhen: when } : {}), ...(by ? { replacedBy: by } : {}) } }]));
  const form = { dataset: { oddsFields: forms.odds },
    querySelector: (selector) => fields[selector.match(/data-field="([^"]+)"/)[1]] || null };
  const root = { dataset: { calculator: id }, querySelector: () => form };
  for (const values of cases.values[id]) out.push(oddsPath(root, values));
}
console.log(JSON.stringify(out));
"""


def _form(cid: str) -> dict:
    calculator = get(cid)
    fields = [[p.name, json.dumps(p.when(), sort_keys=True) if p.when() else "",
               json.dumps(list(p.replaced_by)) if p.replaced_by else ""] for p in calculator.params]
    return {"odds": odds_fields(calculator), "fields": fields}


def _values(question) -> dict[str, str]:
    """The form's values for a question, each in the canonical form the page reads (form-state.js)."""
    clean = parse_params(question.declaration, question.params())
    return {name: canonical(value) for name, value in clean.items()}


def js_paths(questions) -> list[str | None]:
    by_calculator: dict[str, list] = {}
    for q in questions:
        by_calculator.setdefault(q.calculator, []).append(_values(q))
    cases = {"forms": {cid: _form(cid) for cid in by_calculator}, "values": by_calculator}
    module = (ROOT / "docs/assets/js/odds-path.js").as_uri()
    done = subprocess.run([NODE, "--input-type=module", "-e", HARNESS % {"module": module}],
                          input=json.dumps(cases), capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    order = [q for cid in by_calculator for q in questions if q.calculator == cid]
    return dict(zip(order, got))


@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_the_page_writes_the_address_python_writes_for_every_built_question_of_several_calculators() -> None:
    questions = [q for q in built_questions() if q.calculator in CHECKED]
    assert {q.calculator for q in questions} == set(CHECKED) and len(questions) > 3000
    got = js_paths(questions)
    wrong = [(q, got[q], odds_path(q)) for q in questions if got[q] != odds_path(q)]
    assert not wrong, wrong[:5]


@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_a_value_the_slug_would_fold_into_another_has_no_address_on_the_page() -> None:
    from calc.question import Question

    folded = Question.of("dice", expr="3D6+2")   # Python folds the capital into 3d6+2's address
    assert odds_path(folded) == odds_path(Question.of("dice", expr="3d6+2"))
    assert js_paths([folded])[folded] is None
