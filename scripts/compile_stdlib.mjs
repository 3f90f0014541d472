// Turn a zip of Python modules into what the worker imports, with Pyodide's own CPython (host
// CPython may not parse every 3.14 source).
// usage: node scripts/compile_stdlib.mjs <pyodide dir> <mode> <source zip> <output zip> [<mode> <source zip> <output zip> ...]
// Each mode-source-output triple is one conversion; all of them share one Pyodide start-up (about
// 4 CPU-seconds under Node, more than a conversion itself), always in the order given.
// `bytecode` (the trimmed standard library, fast links): each `x.py` becomes an unchecked
//   hash-based `x.pyc` (optimize=2: no docstrings or asserts), which Python's zip importer loads
//   without its source, so the boot skips compiling.
// `source` (the same library for slow links, where bytes cost more than compiling): each `x.py`
//   stays source, re-written from its syntax tree, so comments, docstrings (as -OO drops them)
//   and layout are gone.
// `sourceless` (the calc wheel, unpacked into site-packages): each `pkg/x.py` becomes `pkg/x.pyc`
//   (optimize=0: calc keeps its asserts; its docstrings, which nothing reads, are dropped), which
//   the import system loads from a folder without its source; data files are copied, the wheel's
//   metadata is left out.
// Bytecode is compiled without column tables (PYTHONNODEBUGRANGES: a quarter of its size; only
// traceback carets use them). The standard library's bytecode also gives up its line table:
// every instruction reports its function's first line (a traceback through the standard
// library still names the file and function), 0.13 MB less on the wire; calc keeps its lines.
// Entries are STORED: the build gzips the whole zip, which compresses them better than a
// zip's deflate of each small entry.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...jobs] = process.argv.slice(2);
if (jobs.length === 0 || jobs.length % 3 !== 0) throw new Error("expected <mode> <source zip> <output zip> triples");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, env: { PYTHONNODEBUGRANGES: "1" } });
const CONVERT = `
import ast
import importlib.util
import zipfile
from importlib import _bootstrap_external

SCOPES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
OPTIMIZE = {"bytecode": 2, "sourceless": 0}
WHERE = {"bytecode": "/lib/python314.zip/", "sourceless": "/lib/python3.14/site-packages/"}


def undocumented(data, name):
    """The module's syntax tree without docstrings; a body left empty gets a pass."""
    tree = ast.parse(data, name)
    for node in ast.walk(tree):
        if not isinstance(node, SCOPES) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or ([] if isinstance(node, ast.Module) else [ast.Pass()])
    return ast.fix_missing_locations(tree)


def bare(data, name):
    """The module's source without comments or docstrings."""
    text = ast.unparse(undocumented(data, name)) + "\\n"
    compile(text, name, "exec", dont_inherit=True)   # what the browser will compile must compile
    return text.encode("utf-8")


def first_lines(code):
    """\`code\` (and the code inside it) with each instruction at the function's first line: a
    location table of one "line, no columns" entry (kind 13, line change 0) per 8 code units."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        span = min(units, 8)
        table += bytes((0x80 | 13 << 3 | span - 1, 0))
        units -= span
    consts = tuple(first_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def bytecode(data, name):
    # calc keeps its asserts (optimize=0) and its lines but not its docstrings, which nothing reads
    tree = data if MODE == "bytecode" else undocumented(data, name)
    code = compile(tree, WHERE[MODE] + name, "exec", dont_inherit=True, optimize=OPTIMIZE[MODE])
    if MODE == "bytecode":
        code = first_lines(code)
    return _bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)


with zipfile.ZipFile("/tmp/source.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for name in sorted(zin.namelist()):
        data = zin.read(name)
        if MODE == "sourceless" and name.split("/")[0].endswith(".dist-info"):
            continue
        if name.endswith(".py"):
            data = bare(data, name) if MODE == "source" else bytecode(data, name)
            name += "" if MODE == "source" else "c"
        item = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        item.compress_type = zipfile.ZIP_STORED
        item.external_attr = 0o644 << 16
        zout.writestr(item, data)
`;
for (let i = 0; i < jobs.length; i += 3) {
  const [mode, source, outPath] = jobs.slice(i, i + 3);
  pyodide.FS.writeFile("/tmp/source.zip", fs.readFileSync(source));
  pyodide.globals.set("MODE", mode);
  pyodide.runPython(CONVERT);
  fs.writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
}
