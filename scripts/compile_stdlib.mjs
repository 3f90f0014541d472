// Compile a standard-library zip's modules to bytecode with Pyodide's own CPython, so the
// browser imports them without compiling source at every start-up (about half of a plain boot).
// usage: node scripts/compile_stdlib.mjs <pyodide dir> <source zip> <output zip> [pycache]
// Each `x.py` becomes an unchecked hash-based `x.pyc` (optimize=2: no docstrings or asserts),
// which Python's zip importer loads without its source; other entries are copied as they are.
// With `pycache` (for the calc wheel, unpacked into site-packages): only the bytecode, as
// `pkg/__pycache__/x.cpython-314.pyc` beside each source (optimize=0: calc keeps its asserts),
// unchecked, so the import system uses it whatever the unpacked files' times.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, source, outPath, mode] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.writeFile("/tmp/source.zip", fs.readFileSync(source));
pyodide.globals.set("PYCACHE", mode === "pycache");
pyodide.runPython(`
import importlib.util
import zipfile
from importlib import _bootstrap_external

with zipfile.ZipFile("/tmp/source.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for name in sorted(zin.namelist()):
        data = zin.read(name)
        if PYCACHE:
            if not name.endswith(".py"):
                continue
            origin = "/lib/python3.14/site-packages/" + name
            code = compile(data, origin, "exec", dont_inherit=True, optimize=0)
            data = _bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            name = importlib.util.cache_from_source(origin)[len("/lib/python3.14/site-packages/"):]
        elif name.endswith(".py"):
            code = compile(data, "/lib/python314.zip/" + name, "exec", dont_inherit=True, optimize=2)
            data = _bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            name += "c"
        item = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        item.compress_type = zipfile.ZIP_DEFLATED
        item.external_attr = 0o644 << 16
        zout.writestr(item, data, compresslevel=9)
`);
fs.writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
