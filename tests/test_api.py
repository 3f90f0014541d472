"""The Codex as data at api/v1/ (issue 41): macros/api.py, macros/hooks/api.py, calc/catalogue.py, macros/share/rule_sets.py.

The files validate against the schemas published beside them, hold every ruling, section and
calculator, every address in them resolves in the built site, a filled link is the one the page
writes, the cards say what the share pages say, and the README's bot answers from the built files.
"""

from __future__ import annotations

from html import unescape
import json
from pathlib import Path
import re
from typing import Any, Iterator, Mapping
from urllib.parse import quote_plus, urlsplit
from urllib.request import urlopen

from jsonschema import Draft202012Validator
import pytest

import calc
from calc.params import canonical
from calc.question import Question
from macros import api, rulings
from macros.contracts.published import read_published
from macros.share.rule_sets import rule_sets
from tests.html_pages import parse_file
from tests.offline_files import manifest as offline_manifest
from tests.param_values import ends
from tests.support import ROOT

SCHEMAS = ROOT / "contracts" / "api" / "v1"


def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _errors(name: str, content: Mapping[str, Any]) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator(name).iter_errors(content)]


# ------------------------------------------------------------------------------ without a build
def _settings(calculator: calc.Calculator) -> Iterator[dict[str, object]]:
    """The defaults, then each field alone at each end of its range or each of its values."""
    base = calculator.defaults()
    yield base
    for p in calculator.params:
        for value in ends(p, blank=True, texts=("4d10kh2 + 1d6 >= 12",)):
            yield {**base, p.name: value}


def _applies(field: Mapping[str, Any], fields: Mapping[str, Mapping[str, Any]], values: Mapping[str, str]) -> bool:
    """Whether a field applies, read from the published data alone, as a bot reads it."""
    conditions = field["applies_when"]
    if conditions and not any(all(values[name] in allowed for name, allowed in condition.items())
                              for condition in conditions):
        return False
    replacing = field["replaced_by"]
    return not (replacing and all(values[name] != "" and _applies(fields[name], fields, values) for name in replacing))


def bot_link(entry: Mapping[str, Any], settings: Mapping[str, object]) -> str:
    """`link.template` filled in by the rule calculators.schema.json states, from the data alone."""
    fields = {f["name"]: f for f in entry["fields"]}
    values = {name: canonical(settings.get(name, f["default"])) for name, f in fields.items()}
    out = entry["link"]["template"]
    for name, field in fields.items():
        used = values[name] != "" and _applies(field, fields, values)
        out = out.replace(f"&{name}={{{name}}}", f"&{name}={quote_plus(values[name])}" if used else "")
    return out


@pytest.mark.parametrize("calculator_id", sorted(calc.CALCULATORS))
def test_a_link_filled_in_from_the_data_is_the_one_the_site_writes(calculator_id: str) -> None:
    calculator = calc.CALCULATORS[calculator_id]
    entry = next(c for c in api.calculators("/")["calculators"] if c["id"] == calculator_id)
    tried = 0
    for settings in _settings(calculator):
        assert bot_link(entry, settings) == Question.of(calculator_id, settings).address(), settings
        tried += 1
    assert entry["address"] == bot_link(entry, calculator.defaults())
    assert tried > len(calculator.params)


def test_the_calculators_file_follows_its_schema_and_lists_every_field_with_its_choices() -> None:
    content = api.calculators("https://codex.example/")
    assert _errors("calculators", content) == []
    assert [c["id"] for c in content["calculators"]] == list(calc.CALCULATORS)
    wounds = next(c for c in content["calculators"] if c["id"] == "rk-wounds")
    assert [f["name"] for f in wounds["fields"]] == [p.name for p in calc.CALCULATORS["rk-wounds"].params]
    weapon = next(f for f in wounds["fields"] if f["name"] == "weapon")
    assert weapon["offered_by"] == "rules" and set(weapon["offered"]) == {"summary", "house"}
    # each rule set's own weapons, with their damage under it: the form's options for that rule set
    param = calc.CALCULATORS["rk-wounds"].param("weapon")
    for rules, offered in weapon["offered"].items():
        assert [(c["value"], c["label"]) for c in offered] == list(param.options({"rules": rules}))
    assert weapon["offered"]["summary"] != weapon["offered"]["house"]


def test_a_file_that_breaks_its_promise_fails_its_schema() -> None:
    content = api.calculators("/")
    field = content["calculators"][0]["fields"][0]
    field["kind"] = "number"
    del content["calculators"][1]["link"]
    assert len(_errors("calculators", content)) >= 2


ROLL_AND_KEEP = """# Damage { #rk-damage }

Both sources agree here.

## Wound Checks { #rk-wound-checks }

=== "Summary rules"

    One way.

=== "House rules"

    Another way.

## Only one { #rk-one }

=== "House rules"

    Only the house rules say this.

Said after the tabs by both.

### Below { #rk-below }

Under the section.
"""


def test_a_section_covers_the_rule_sets_of_every_passage_in_it() -> None:
    found = rule_sets(ROLL_AND_KEEP, "rk/damage.md")
    assert found == {"rk-damage": ("summary", "house"), "rk-wound-checks": ("summary", "house"),
                     "rk-one": ("summary", "house"), "rk-below": ("summary", "house")}
    tabs_only = ROLL_AND_KEEP.replace("Both sources agree here.", "").replace("Said after the tabs by both.", "")
    tabs_only = tabs_only.replace("Under the section.", "")
    assert rule_sets(tabs_only, "rk/damage.md")["rk-one"] == ("house",)
    assert rule_sets(tabs_only, "rk/damage.md")["rk-below"] == ()
    # a page of one source throughout, and its house section; another game has one source
    assert rule_sets("# Social { #rk-social }\n\nA.\n\n## Wits { #rk-wits }\n\nB.\n", "rk/social.md") == {
        "rk-social": ("house",), "rk-wits": ("house",)}
    assert rule_sets("# Knacks { #rk-knacks }\n\nA.\n\n## House { #rk-house-knacks }\n\nB.\n", "rk/knacks.md") == {
        "rk-knacks": ("summary", "house"), "rk-house-knacks": ("house",)}
    assert rule_sets(ROLL_AND_KEEP.replace("rk-", "sun-"), "sun/combat.md") == dict.fromkeys(
        ["sun-damage", "sun-wound-checks", "sun-one", "sun-below"], ())


# --------------------------------------------------------------------------------- the built files
def _read(site_dir: Path, name: str) -> dict[str, Any]:
    return json.loads((site_dir / api.FOLDER / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", api.NAMES)
def test_each_file_follows_the_schema_served_beside_it(site_dir: Path, name: str) -> None:
    served = site_dir / api.FOLDER / f"{name}.schema.json"
    assert served.read_bytes() == (SCHEMAS / f"{name}.schema.json").read_bytes()
    content = _read(site_dir, name)
    assert _errors(name, content) == []
    assert content["site"].startswith("http://127.0.0.1:") and content["schema"] == served.name


def test_the_files_hold_every_ruling_section_and_calculator(site_dir: Path) -> None:
    log_ = rulings.load()
    assert [r["id"] for r in _read(site_dir, "rulings")["rulings"]] == [r.id for r in log_]
    assert [c["id"] for c in _read(site_dir, "calculators")["calculators"]] == list(calc.CALCULATORS)
    sections = {s["anchor"] for s in _read(site_dir, "sections")["sections"]}
    shared = {p.name for p in (site_dir / "s").iterdir() if (p / "index.html").is_file()}
    assert sections == shared - {r.anchor for r in log_}
    assert {key.partition("#")[2] for key in read_published()} <= sections | {r.anchor for r in log_}


def _addresses(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """(key, address) for every address in a file: the values of its address-like keys."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _addresses(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _addresses(item, key)
    elif isinstance(value, str) and key in {"address", "share", "image", "page", "rule"}:
        yield key, value


def _resolves(site_dir: Path, address: str) -> bool:
    parts = urlsplit(address)
    path = site_dir / parts.path
    target = path / "index.html" if parts.path == "" or parts.path.endswith("/") else path
    if not target.is_file():
        return False
    return not parts.fragment or parts.fragment in parse_file(target).ids


@pytest.mark.parametrize("name", api.NAMES)
def test_every_address_resolves_in_the_built_site(site_dir: Path, name: str) -> None:
    content = _read(site_dir, name)
    found = list(_addresses(content))
    assert len(found) >= 3 * len(content[name])
    assert [(key, address) for key, address in found if not _resolves(site_dir, address)] == []


def test_a_card_says_what_the_share_page_says(site_dir: Path) -> None:
    entries = _read(site_dir, "rulings")["rulings"] + _read(site_dir, "sections")["sections"]
    for entry in entries:
        page = (site_dir / entry["share"] / "index.html").read_text(encoding="utf-8")
        meta = {k: unescape(v) for k, v in re.findall(r'<meta property="(og:[a-z:]+)" content="([^"]*)"', page)}
        assert meta["og:description"] == entry["card"]["description"], entry["share"]
        assert meta["og:image"].endswith("/" + entry["card"]["image"]), entry["share"]
        assert f'href="../../{entry["address"]}"' in page, entry["share"]


def test_a_section_names_its_game_rule_sets_and_rulings(site_dir: Path) -> None:
    sections = {s["anchor"]: s for s in _read(site_dir, "sections")["sections"]}
    checks = sections["rk-wound-checks"]
    assert (checks["game"], checks["rule_sets"], checks["page"]["address"]) == ("Roll & Keep", ["summary", "house"], "rk/damage/")
    assert "R-0045" in checks["rulings"]
    assert sections["rk-social-combat"]["rule_sets"] == ["house"] and sections["sun-parry"]["rule_sets"] == []


def test_the_files_are_neither_kept_offline_nor_in_the_sitemap(site_dir: Path) -> None:
    kept = offline_manifest(site_dir)
    listed = kept["core"] + kept["pages"] + [url for url, _ in kept["runtime"]] + list(kept["sizes"])
    assert [url for url in listed if url.startswith(api.TOP + "/")] == []
    assert "/api/" not in (site_dir / "sitemap.xml").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------------ the README's bot
def _readme_block(after: str, language: str) -> str:
    """The first fenced block in `language` after the README line that contains `after`."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(after)
    found = re.search(rf"^```{language}\n(.*?)^```$", text[start:], re.S | re.M)
    assert found, f"no {language} block after {after!r}"
    return found.group(1)


def test_the_readme_bot_answers_a_ruling_from_the_built_files(served: str) -> None:
    code = _readme_block("A chat bot answering `!ruling R-0045`", "python")
    bot: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), bot)   # the README's own snippet, as a reader copies it
    said = bot["ruling_reply"]("!ruling R-0045", served + "api/v1/")
    shown = _readme_block("`ruling_reply(\"!ruling R-0045\"", "text")
    assert said.replace(served, "https://codex.example/") + "\n" == shown
    with urlopen(said.splitlines()[-1]) as response:   # the share address it gives is served
        assert response.status == 200
    assert bot["ruling_reply"]("!ruling r-0045", served + "api/v1/") == said
    assert bot["ruling_reply"]("!ruling R-9999", served + "api/v1/").startswith("No ruling R-9999")
    assert bot["ruling_reply"]("hello", served + "api/v1/") is None
