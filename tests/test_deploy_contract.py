"""The link contract holds in the build that deploys, and the deploy waits for the tests.

- .github/workflows/pages.yml: the deploy job needs the test job and the build job.
- The build itself (macros/hooks/contract.py, `validation: anchors: warn` in mkdocs.yml) stops on
  a renamed published heading, a deleted ruling, and a ruling whose text changed under its ID.
  Each case runs the hook's check in process on what the build would give it: the session's
  build with an anchor renamed, the rulings edited; MkDocs' own check runs on a two-page project.
- The rulings lock (contracts/rulings.lock.json) only grows, covers every ruling, and records each
  reviewed wording fix with its reason, which the changelog shows.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest
import yaml
from mkdocs.exceptions import PluginError

from macros import rulings

from macros.contracts import published, ruling_lock
from tests.support import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"


# ------------------------------------------------------------------------------ the workflow
def _workflow() -> dict:
    return yaml.safe_load((WORKFLOWS / "pages.yml").read_text(encoding="utf-8"))


def _needs(job: dict) -> set[str]:
    needs = job.get("needs", [])
    return {needs} if isinstance(needs, str) else set(needs)


def test_one_workflow_builds_tests_and_deploys() -> None:
    assert sorted(p.name for p in WORKFLOWS.glob("*.y*ml")) == ["pages.yml"]
    jobs = _workflow()["jobs"]
    assert set(jobs) == {"test", "build", "deploy"}
    test_steps = [step.get("run", "") for step in jobs["test"]["steps"]]
    assert "bash .ci/run" in test_steps, "the test job runs exactly what .ci/run runs (make test)"


def test_the_deploy_needs_the_tests_and_the_build() -> None:
    jobs = _workflow()["jobs"]
    assert _needs(jobs["deploy"]) >= {"test", "build"}
    # deploying only from main, never from a pull request
    assert "refs/heads/main" in jobs["deploy"]["if"] and "pull_request" in jobs["deploy"]["if"]
    # the write permissions live on the deploy job alone
    assert _workflow()["permissions"] == {}
    for name in ("test", "build"):
        assert jobs[name]["permissions"] == {"contents": "read"}


def test_the_deploy_builds_with_the_site_requirements_only() -> None:
    build = _workflow()["jobs"]["build"]
    runs = "\n".join(step.get("run", "") for step in build["steps"])
    assert "make build" in runs and "make test" not in runs and "requirements/test" not in runs


# ------------------------------------------------------------------------------ the rulings lock
def _rulings_now() -> dict[str, str]:
    return ruling_lock.digests(rulings.load())


def test_every_ruling_is_locked_and_unchanged() -> None:
    lock = ruling_lock.read()
    now = _rulings_now()
    assert ruling_lock.problems(lock, now) == []
    assert ruling_lock.unlocked(lock, now) == [], (
        f"new rulings: run `{ruling_lock.TOOL} --write` and commit {ruling_lock.LOCK.relative_to(ROOT)}"
    )


def test_the_lock_only_grows_and_an_update_needs_a_reason() -> None:
    lock = ruling_lock.empty()
    first = {"R-0001": ruling_lock.digest("A", "a"), "R-0002": ruling_lock.digest("B", "b")}
    assert ruling_lock.append_new(lock, first) == ["R-0001", "R-0002"]
    swapped = {"R-0001": first["R-0002"], "R-0002": first["R-0001"], "R-0003": ruling_lock.digest("C", "c")}
    assert ruling_lock.append_new(lock, swapped) == ["R-0003"]
    assert lock["rulings"]["R-0001"] == first["R-0001"], "--write never rewrites an entry"
    assert [p.split(":")[0] for p in ruling_lock.problems(lock, swapped)] == ["R-0001", "R-0002"]
    assert "never deleted" in ruling_lock.problems(lock, {"R-0001": first["R-0001"]})[0]
    fixed = {"R-0001": ruling_lock.digest("A", "a."), "R-0002": first["R-0002"], "R-0003": swapped["R-0003"]}
    with pytest.raises(ValueError, match="reason"):
        ruling_lock.update(lock, fixed, "R-0001", "typo")
    with pytest.raises(ValueError, match="not changed"):
        ruling_lock.update(lock, fixed, "R-0002", "A reason long enough to pass.")
    entry = ruling_lock.update(lock, fixed, "R-0001", "Adds the missing full stop.", date="2026-12-01")
    assert entry["previous"] == first["R-0001"] and entry["current"] == fixed["R-0001"]
    assert ruling_lock.problems(lock, fixed) == []
    section = rulings.lock_updates_markdown(lock["updates"])
    assert "R-0001" in section and "Adds the missing full stop." in section and "1 December 2026" in section


def test_the_lock_tool_appends_new_rulings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scripts import rulings_lock

    log = json.loads((ROOT / "calc" / "data" / "rulings.json").read_text(encoding="utf-8"))
    data = tmp_path / "rulings.json"
    data.write_text(json.dumps(log), encoding="utf-8")
    lock_path = tmp_path / "lock.json"
    full = ruling_lock.read()
    partial = dict(full, rulings=dict(list(full["rulings"].items())[:-1]))
    ruling_lock.write(partial, lock_path)
    monkeypatch.setattr(ruling_lock, "LOCK", lock_path)
    monkeypatch.setattr(rulings_lock, "RULINGS", data)
    assert rulings_lock.main(["--write"]) == 0
    written = json.loads(lock_path.read_text())["rulings"]
    assert written == ruling_lock.digests(log["rulings"])
    # a changed statement is refused, and not appended over
    log["rulings"][0]["statement"] += " Changed."
    data.write_text(json.dumps(log), encoding="utf-8")
    assert rulings_lock.main(["--write"]) == 1
    assert rulings_lock.main(["--update", log["rulings"][0]["id"], "--reason", "Test: a reviewed wording fix."]) == 0
    assert json.loads(lock_path.read_text())["updates"][-1]["id"] == log["rulings"][0]["id"]


# ------------------------------------------------------------------------------ the build stops
# In process, as the build runs them: the contract hook's last check (macros/hooks/contract.py
# `on_post_build`) reads the session's build with one heading's anchor renamed, and MkDocs' own
# anchor validation runs on a two-page project with mkdocs.yml's `validation:`. (Each was a copy of
# the project built whole: 15 s apiece, for checks that read one set of anchors.)
INTENT, AIM = "rk/social/#rk-social-intent", "rk/social/#rk-social-aim"


@pytest.fixture(scope="module")
def built_anchors(site_dir: Path) -> frozenset[str]:
    """Every heading anchor of the session's build, as the contract hook reads them."""
    from macros.contracts.site_index import published_anchors

    return frozenset(published_anchors(site_dir))


def _contract_after_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, site_dir: Path,
                          anchors: frozenset[str], redirects: dict[str, str]) -> None:
    """The contract hook's last check of the session's build, had its headings' anchors been
    `anchors` and docs/anchor_redirects.json held `redirects` (it raises PluginError to stop the build)."""
    from macros.hooks import contract

    (tmp_path / "anchor_redirects.json").write_text(json.dumps(redirects), encoding="utf-8")
    monkeypatch.setattr(contract, "published_anchors", lambda site: set(anchors))
    contract.on_post_build(config=SimpleNamespace(site_dir=str(site_dir), docs_dir=str(tmp_path)))  # type: ignore[arg-type]


def _renamed(built: frozenset[str]) -> frozenset[str]:
    """The build's anchors once `{ #rk-social-intent }` is renamed `{ #rk-social-aim }` in docs/rk/social.md."""
    assert INTENT in built and AIM not in built and INTENT in published.read_published()
    return built - {INTENT} | {AIM}


def test_a_renamed_published_heading_stops_the_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, site_dir: Path,
                                                      built_anchors: frozenset[str]) -> None:
    redirects = published.read_redirects(ROOT / "docs")
    _contract_after_build(monkeypatch, tmp_path, site_dir, built_anchors, redirects)   # the build as it is passes
    with pytest.raises(PluginError) as stopped:
        _contract_after_build(monkeypatch, tmp_path, site_dir, _renamed(built_anchors), redirects)
    out = str(stopped.value)
    assert f"{INTENT} is published but no longer built" in out and "anchor_redirects.json" in out


def test_a_renamed_heading_with_a_redirect_builds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, site_dir: Path,
                                                  built_anchors: frozenset[str]) -> None:
    """The way out the message names works: the old anchor redirected to the new heading; a
    redirect to a heading that is not built is refused in its turn."""
    redirects = published.read_redirects(ROOT / "docs")
    _contract_after_build(monkeypatch, tmp_path, site_dir, _renamed(built_anchors), {**redirects, INTENT: AIM})
    with pytest.raises(PluginError, match=f"{INTENT} -> rk/social/#rk-social-goal, but rk/social/#rk-social-goal is not built"):
        _contract_after_build(monkeypatch, tmp_path, site_dir, _renamed(built_anchors),
                              {**redirects, INTENT: "rk/social/#rk-social-goal"})


def test_a_link_to_a_missing_heading_stops_a_strict_build_even_when_redirected(tmp_path: Path,
                                                                               caplog: pytest.LogCaptureFixture) -> None:
    """MkDocs' anchor validation as mkdocs.yml sets it (`validation: anchors: warn`, and the
    build is strict): a link between pages to a heading that is gone stops the build, whatever
    links.js would do with a redirect. Two pages, built in process by the engine `make build`
    runs (ProperDocs) with the project's setting."""
    from properdocs.commands.build import build
    from properdocs.config.base import load_config
    from properdocs.exceptions import Abort

    validation = yaml.safe_load(re.search(r"^validation:\n(?:  .*\n)+", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                                          re.M).group(0))["validation"]
    assert validation == {"anchors": "warn"}
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Social\n\n## Parrying { #rk-social-parrying }\n", encoding="utf-8")
    (docs / "attacking.md").write_text("# Attacking\n\nSee [the parry](index.md#rk-social-parry).\n", encoding="utf-8")
    (docs / "anchor_redirects.json").write_text(json.dumps({"index/#rk-social-parry": "index/#rk-social-parrying"}))
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump({
        "site_name": "two pages", "theme": {"name": "material"}, "plugins": [], "markdown_extensions": ["attr_list", "toc"], "validation": validation}), encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"), strict=True, site_dir=str(tmp_path / "site"))
    with pytest.raises(Abort, match="strict mode"):
        build(config)
    assert [r.getMessage() for r in caplog.records if r.levelname == "WARNING"] == [
        "Doc file 'attacking.md' contains a link 'index.md#rk-social-parry', but the doc 'index.md' does not "
        "contain an anchor '#rk-social-parry'."]
    (docs / "attacking.md").write_text("# Attacking\n\nSee [the parry](index.md#rk-social-parrying).\n", encoding="utf-8")
    build(load_config(str(tmp_path / "mkdocs.yml"), strict=True, site_dir=str(tmp_path / "site")))   # mended, it builds
    assert "#rk-social-parry)" in (ROOT / "docs" / "rk" / "attacking.md").read_text(encoding="utf-8"), (
        "the links this guards: rk/attacking.md cites a heading of rk/social.md")


def _rulings_check(monkeypatch: pytest.MonkeyPatch, edit: Callable[[list[Any]], None]) -> str:
    """What the build's first check (macros/hooks/contract.py `on_config`, run before any page is made)
    says of the rulings edited by `edit`, against the committed lock: in process, as the build runs it."""
    from macros.hooks import contract

    edited = copy.deepcopy(rulings.load())
    edit(edited)
    monkeypatch.setattr(contract.rulings, "load", lambda: edited)
    with pytest.raises(PluginError) as stopped:
        contract.on_config(None)  # type: ignore[arg-type]
    return str(stopped.value)


def test_deleting_the_last_ruling_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    last = json.loads((ROOT / "calc" / "data" / "rulings.json").read_text(encoding="utf-8"))["rulings"][-1]["id"]
    out = _rulings_check(monkeypatch, lambda rulings: rulings.pop())
    assert f"{last} is published" in out


def test_swapping_two_rulings_texts_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = (r["id"] for r in json.loads((ROOT / "calc" / "data" / "rulings.json").read_text(encoding="utf-8"))["rulings"][:2])

    def swap(rulings: list[Any]) -> None:
        first, second = rulings[0], rulings[1]
        rulings[0] = dataclasses.replace(first, title=second.title, statement=second.statement)
        rulings[1] = dataclasses.replace(second, title=first.title, statement=first.statement)

    out = _rulings_check(monkeypatch, swap)
    assert f"{one}: its title or statement changed" in out and f"{two}: its title or statement changed" in out
    assert "--update" in out


def test_a_reviewed_wording_fix_builds_and_is_in_the_changelog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruling's wording fixed and accepted with the lock tool's --update: the build's first check
    passes, and the changelog's page gets the fix with its reason, before its dated entries."""
    from macros.hooks import contract
    from scripts import rulings_lock

    log = json.loads((ROOT / "calc" / "data" / "rulings.json").read_text(encoding="utf-8"))
    first = log["rulings"][0]
    first["statement"] = first["statement"].rstrip(".") + " ."
    data, lock_path = tmp_path / "rulings.json", tmp_path / "lock.json"
    data.write_text(json.dumps(log), encoding="utf-8")
    edited = [dataclasses.replace(r, statement=first["statement"]) if r.id == first["id"] else r for r in rulings.load()]
    monkeypatch.setattr(contract.rulings, "load", lambda: edited)
    with pytest.raises(PluginError, match=f"{first['id']}: its title or statement changed"):
        contract.on_config(None)  # type: ignore[arg-type]
    ruling_lock.write(ruling_lock.read(), lock_path)   # the committed lock, in a copy the tool may change
    monkeypatch.setattr(ruling_lock, "LOCK", lock_path)
    monkeypatch.setattr(rulings_lock, "RULINGS", data)
    assert rulings_lock.main(["--update", first["id"], "--reason", "Spacing fix before the full stop."]) == 0
    contract.on_config(None)  # type: ignore[arg-type]
    page = SimpleNamespace(file=SimpleNamespace(src_uri=contract.CHANGELOG))
    before = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")
    changelog = contract.on_page_markdown(before, page=page, config=None, files=None)  # type: ignore[arg-type]
    dated = re.search(r"^## .*", before, re.M).group(0)   # the changelog's first dated entry
    fixes = changelog[changelog.index("{ #changelog-ruling-wording }"):changelog.index(dated)]
    assert changelog.startswith(before[:before.index(dated)]) and "Spacing fix before the full stop." in fixes
