"""A standard library trimmed to what the calculators use, derived by running them.

Pyodide's `python_stdlib.zip` (2.5 MB, already compressed) is most of what a reader downloads
besides the wasm. At build time Node runs Pyodide with the full zip, unpacks the wheel, answers
every case from `cases()` (each calculator's defaults, the ends of each range, every choice,
bad input, an unexpected exception) and reports which files of the zip Python imported
(scripts/stdlib_used.mjs). `trimmed_zip` keeps those files only. tests/test_stdlib.py runs the
same calculators under Node against the trimmed zip, with different inputs, so a module a
calculator needs and the recording missed fails a test rather than a reader.

The kept modules ship two ways, both made by Pyodide's own CPython (`converted`, one run of
scripts/compile_stdlib.mjs): "bytecode", so Python does not compile its standard library at
each start-up (about half of a plain boot), for fast links; "source", the sources without
comments or docstrings, about half the bytes on the wire once gzipped (the build gzips each zip
whole, as hosts send zips as they are: macros/hooks/site.py), for readers who asked to save data
(compiling costs them time: `make measure` found it slower even at 1.6 Mbit/s).
"sourceless" is calc's counterpart of the bytecode: its modules as bytecode and its data
files, in place of the wheel.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from macros.build_cache import write_whole

log = logging.getLogger("mkdocs.plugins.codex")
SCRIPT = "scripts/stdlib_used.mjs"
COMPILER = "scripts/compile_stdlib.mjs"
EPOCH = (1980, 1, 1, 0, 0, 0)
# dice expressions touching each part of the notation (keep, explode, pools, modifiers)
EXPRESSIONS = ("3d6+2", "1d20", "4d6k3", "2d10!", "5k3", "6d10>=7", "d%", "2d6-1d4+3", "10d10kl2", "3d6!>5")


def cases() -> list[list[Any]]:
    """[calculator id, params] pairs: defaults, every range end, every choice, bad input."""
    import calc
    from calc.params import BoolParam, ChoiceParam, IntParam, TextParam

    out: list[list[Any]] = []
    for cid, calculator in calc.CALCULATORS.items():
        base = calculator.defaults()
        out.append([cid, base])
        for p in calculator.params:
            if isinstance(p, IntParam):
                values: list[Any] = [p.minimum, p.maximum, p.maximum + 1, "x"]
            elif isinstance(p, ChoiceParam):
                values = [value for value, _ in p.choices] + ["nonsense"]
            elif isinstance(p, BoolParam):
                values = ["true", "false", "maybe"]
            elif isinstance(p, TextParam):
                values = list(EXPRESSIONS) + ["3d", "\u0007"]
            else:
                values = []
            out.extend([cid, {**base, p.name: value}] for value in values)
    out.append(["no-such-calculator", {}])
    return out


def _key(root: Path, pyodide_dir: Path, wheel: bytes) -> str:
    digest = hashlib.sha256(wheel)
    digest.update((root / SCRIPT).read_bytes())
    digest.update((pyodide_dir / "python_stdlib.zip").read_bytes())
    digest.update(json.dumps(cases(), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def run_cases(root: Path, pyodide_dir: Path, modules: bytes, stdlib: Path, case_list: list[list[Any]],
              archive: str = "wheel") -> dict[str, Any]:
    """Run `case_list` in Pyodide under Node with `stdlib` as the standard library and calc
    unpacked from `modules`, as the worker does: a wheel (`archive="wheel"`) or the sourceless
    zip (`archive="zip"`).

    Returns {"files": [zip entries imported], "replies": [JSON reply per case]}; raises
    RuntimeError with Node's output when Pyodide fails (a missing module, say).
    """
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("no `node` on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        modules_path = Path(tmp) / ("calc.whl" if archive == "wheel" else "calc.zip")
        modules_path.write_bytes(modules)
        cases_path = Path(tmp) / "cases.json"
        cases_path.write_text(json.dumps(case_list), encoding="utf-8")
        out_path = Path(tmp) / "out.json"
        done = subprocess.run(
            [node, str(root / SCRIPT), str(pyodide_dir), str(stdlib), str(modules_path), str(cases_path), str(out_path)],
            capture_output=True, text=True, timeout=300, check=False,
        )
        if done.returncode != 0 or not out_path.exists():
            raise RuntimeError((done.stderr or done.stdout)[-2000:])
        return json.loads(out_path.read_text(encoding="utf-8"))


def used_files(root: Path, pyodide_dir: Path, wheel: bytes) -> list[str] | None:
    """Entries of python_stdlib.zip that Pyodide's start-up and the calculators import (cached)."""
    key = _key(root, pyodide_dir, wheel)
    cache = root / ".cache" / "stdlib"
    cached = cache / f"used-{key}.json"
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    try:
        files = run_cases(root, pyodide_dir, wheel, pyodide_dir / "python_stdlib.zip", cases())["files"]
    except RuntimeError as err:
        log.info("codex: recording the standard library in use failed; shipping the whole of it: %s", err)
        return None
    write_whole(cached, json.dumps(sorted(files)).encode("utf-8"))
    return sorted(files)


def trimmed_zip(full: Path, keep: list[str]) -> bytes:
    """A deterministic zip holding only `keep` (and each kept package's __init__) from `full`."""
    wanted = set(keep)
    for name in keep:  # a package's parents must be importable packages too
        parts = name.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            wanted.add("/".join(parts[:depth]) + "/__init__.py")
    buffer = io.BytesIO()
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(buffer, "w") as target:
        present = set(source.namelist())
        for name in sorted(wanted & present):
            item = zipfile.ZipInfo(name, date_time=EPOCH)
            item.compress_type = zipfile.ZIP_DEFLATED
            item.external_attr = 0o644 << 16
            target.writestr(item, source.read(name), compresslevel=9)
    return buffer.getvalue()


def converted(root: Path, pyodide_dir: Path, wheel: bytes, library: bytes | None) -> dict[str, bytes]:
    """What the worker unpacks, converted by Pyodide's CPython (scripts/compile_stdlib.mjs) in one
    Node run, so one Pyodide start-up serves all three; cached together by every input.

    "sourceless": the wheel's modules as sourceless bytecode with its data files, which the
    worker unpacks into site-packages when it boots from the bytecode library. Given `library`
    (the trimmed standard library), also "bytecode", its modules compiled, for fast links, and
    "source", its modules re-written without comments or docstrings, for links where bytes cost
    more than compiling in the browser. {} when Node cannot convert them (the site then ships
    the wheel and Pyodide's whole library).
    """
    jobs = {"sourceless": wheel} if library is None else {"sourceless": wheel, "bytecode": library, "source": library}
    digest = hashlib.sha256()
    for mode, data in jobs.items():
        digest.update(mode.encode())
        digest.update(hashlib.sha256(data).digest())
    digest.update((root / COMPILER).read_bytes())
    digest.update((pyodide_dir / "package.json").read_bytes())
    cache = root / ".cache" / "stdlib"
    cached = {mode: cache / f"{mode}-{digest.hexdigest()[:16]}.zip" for mode in jobs}
    if all(path.exists() for path in cached.values()):
        return {mode: path.read_bytes() for mode, path in cached.items()}
    node = shutil.which("node")
    if node is None:
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        args: list[str] = []
        outputs = {mode: Path(tmp) / f"{mode}-out.zip" for mode in jobs}
        for mode, data in jobs.items():
            (Path(tmp) / f"{mode}-in.zip").write_bytes(data)
            args += [mode, str(Path(tmp) / f"{mode}-in.zip"), str(outputs[mode])]
        done = subprocess.run([node, str(root / COMPILER), str(pyodide_dir), *args],
                              capture_output=True, text=True, timeout=300, check=False)
        if done.returncode != 0 or not all(path.exists() for path in outputs.values()):
            log.info("codex: converting calc and the trimmed standard library failed: %s",
                     (done.stderr or done.stdout)[-600:])
            return {}
        results = {mode: path.read_bytes() for mode, path in outputs.items()}
    for mode, data in results.items():
        write_whole(cached[mode], data)
    return results
