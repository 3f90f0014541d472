"""The link contract holds in the build that deploys, and the deploy waits for the tests.

- .github/workflows/pages.yml: the deploy job needs the test job and the build job.
- The build itself (macros/hooks/contract.py, `validation: anchors: warn` in mkdocs.yml) stops on
  a renamed published heading, a deleted ruling, and a ruling whose text changed under its ID.
  Each case edits a copy of the project in a temporary folder and builds it as `make build` does
  (once per session, linking the project's `.cache`).
- The rulings lock (contracts/rulings.lock.json) only grows, covers every ruling, and records each
  reviewed wording fix with its reason, which the changelog shows.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from mkdocs.exceptions import PluginError

from macros import rulings

from macros.contracts import ruling_lock
from tests.support import ROOT, build_site
from tests.copies import Copies, edit_text

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


def _lock_tool(project: Path, *args: str) -> None:
    tool = subprocess.run(
        [sys.executable, "-m", "scripts.rulings_lock", *args],
        cwd=project, env={"PYTHONPATH": str(project), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
    )
    assert tool.returncode == 0, tool.stdout + tool.stderr


def _rename_intent(project: Path) -> None:
    edit_text(project / "docs" / "rk" / "social.md", "{ #rk-social-intent }", "{ #rk-social-aim }")


def _redirect(project: Path, old: str, new: str) -> None:
    redirects = json.loads((project / "docs" / "anchor_redirects.json").read_text())
    redirects[old] = new
    (project / "docs" / "anchor_redirects.json").write_text(json.dumps(redirects))


def _publish(project: Path, anchor: str) -> None:
    anchors = project / "contracts" / "published_anchors.txt"
    anchors.write_text(anchors.read_text() + anchor + "\n")


def _rename_intent_with_redirect(project: Path) -> None:
    _rename_intent(project)
    _redirect(project, "rk/social/#rk-social-intent", "rk/social/#rk-social-aim")
    _publish(project, "rk/social/#rk-social-aim")


def _rename_parry_with_redirect(project: Path) -> None:
    edit_text(project / "docs" / "rk" / "social.md", "{ #rk-social-parry }", "{ #rk-social-parrying }")
    _redirect(project, "rk/social/#rk-social-parry", "rk/social/#rk-social-parrying")


def _rulings(project: Path) -> tuple[Path, dict]:
    path = project / "calc" / "data" / "rulings.json"
    return path, json.loads(path.read_text(encoding="utf-8"))


def _reviewed_wording_fix(project: Path) -> None:
    path, log = _rulings(project)
    first = log["rulings"][0]
    first["statement"] = first["statement"].rstrip(".") + " ."
    path.write_text(json.dumps(log, indent=1), encoding="utf-8")
    _lock_tool(project, "--update", first["id"], "--reason", "Spacing fix before the full stop.")
    _publish(project, "changelog/#changelog-ruling-wording")


def _both_renames(project: Path) -> None:
    _rename_intent(project)
    _rename_parry_with_redirect(project)


def _both_reviewed_changes(project: Path) -> None:
    _rename_intent_with_redirect(project)
    _reviewed_wording_fix(project)


def test_a_renamed_published_heading_stops_the_build(built_copy: Copies) -> None:
    _, done = built_copy.build("renamed-headings", _both_renames)
    assert done.returncode != 0
    out = done.stdout + done.stderr
    assert "rk/social/#rk-social-intent is published but no longer built" in out
    assert "anchor_redirects.json" in out


def test_a_renamed_heading_with_a_redirect_builds(built_copy: Copies) -> None:
    """The way out the message names works: the old anchor redirected to the new heading."""
    _, done = built_copy.build("reviewed-changes", _both_reviewed_changes)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_link_to_a_renamed_heading_stops_the_build_even_when_redirected(built_copy: Copies) -> None:
    """MkDocs' anchor validation (warn + strict): rk/attacking.md links to #rk-social-parry."""
    _, done = built_copy.build("renamed-headings", _both_renames)
    assert done.returncode != 0
    assert "does not contain an anchor '#rk-social-parry'" in done.stdout + done.stderr


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


def test_a_reviewed_wording_fix_builds_and_is_in_the_changelog(built_copy: Copies) -> None:
    site, done = built_copy.build("reviewed-changes", _both_reviewed_changes)
    assert done.returncode == 0, done.stdout + done.stderr
    changelog = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    assert 'id="changelog-ruling-wording"' in changelog and "Spacing fix before the full stop." in changelog
