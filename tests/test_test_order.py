"""Issue 51 item 5: `make test` hands its workers the longest files first, by a recorded full run
(tests/durations.json, written by `make durations`), not by a list of slow files kept by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests import support


class Item:
    """What long_files_first reads of a collected test: its node id and tier marks."""

    def __init__(self, nodeid: str, *marks: str) -> None:
        self.nodeid = nodeid
        self.marks = set(marks)

    def get_closest_marker(self, name: str) -> Any:
        return name if name in self.marks else None


def test_files_go_longest_first_by_the_record_and_a_new_file_by_its_tier(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "durations.json"
    record.write_text(json.dumps({"tests/test_a.py": 3.0, "tests/test_b.py": 120.0, "tests/test_c.py": 45.0}))
    monkeypatch.setattr(support, "DURATIONS", record)
    items = [Item("tests/test_a.py::one"), Item("tests/test_c.py::one", "build", "browser"),
             Item("tests/test_new.py::one", "build", "browser"), Item("tests/test_b.py::one"),
             Item("tests/test_a.py::two"), Item("tests/test_fresh_unit.py::one")]
    support.long_files_first(items)  # type: ignore[arg-type]
    files = list(dict.fromkeys(item.nodeid.split("::")[0] for item in items))
    # the longest file that needs the build first (its worker makes it), then files that need none
    # for the other worker meanwhile, then the rest longest first
    assert files == ["tests/test_c.py", "tests/test_b.py", "tests/test_new.py", "tests/test_a.py",
                     "tests/test_fresh_unit.py"]


def test_while_the_build_is_made_the_other_worker_has_about_that_long_of_files_that_need_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "durations.json"
    units = {f"tests/test_u{n}.py": 25.0 - n for n in range(6)}
    record.write_text(json.dumps({"tests/test_site.py": 90.0, "tests/test_copy.py": 50.0, **units}))
    monkeypatch.setattr(support, "DURATIONS", record)
    items = [Item(f"{name}::one") for name in units] + [Item("tests/test_copy.py::one", "build"),
                                                        Item("tests/test_site.py::one", "build", "browser")]
    support.long_files_first(items)  # type: ignore[arg-type]
    files = list(dict.fromkeys(item.nodeid.split("::")[0] for item in items))
    meanwhile = ["tests/test_u0.py", "tests/test_u1.py", "tests/test_u2.py"]   # 25 + 24 + 23 >= BUILD_SECONDS
    assert support.BUILD_SECONDS == 60.0
    assert files == ["tests/test_site.py", *meanwhile, "tests/test_copy.py", "tests/test_u3.py", "tests/test_u4.py",
                     "tests/test_u5.py"]


def test_no_list_of_slow_files_is_kept_by_hand() -> None:
    assert not hasattr(support, "LONG_WITHOUT_BUILD")


def test_the_record_covers_the_suite() -> None:
    """tests/durations.json comes from a full run (`make durations`): it knows most files, so the order it
    gives the workers is measured, not guessed; a file added since is guessed from its tier until the next."""
    recorded = support.recorded_durations()
    files = {p.relative_to(support.ROOT).as_posix() for p in (support.ROOT / "tests").glob("test_*.py")}
    assert len(files & set(recorded)) >= 0.9 * len(files), sorted(files - set(recorded))
    assert all(seconds >= 0 for seconds in recorded.values())
