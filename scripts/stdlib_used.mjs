// Run the calculators in Pyodide under Node and report which standard-library files they import.
// usage: node scripts/stdlib_used.mjs <pyodide dir> <stdlib zip> <wheel> <cases.json> <out.json> [<bytecode zip>]
// cases.json: [[calculator id, params], ...]. out.json: {files: [zip entries imported],
// replies: [the worker's reply to each case]}. It boots the way docs/assets/js/worker.mjs does
// (wheel unpacked, codex_view.browser imported), and also asks for memory and formats a Python
// traceback, so every path the worker can take has imported what it needs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, wheelPath, casesPath, outPath, bytecode] = process.argv.slice(2);
process.on("uncaughtException", (err) => {     // the Python error only, not Pyodide's source
  console.error(String((err && err.message) || err).slice(-1500));
  process.exit(1);
});
process.on("unhandledRejection", (err) => {
  console.error(String((err && err.message) || err).slice(-1500));
  process.exit(1);
});
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdLibURL: path.resolve(stdlib) });
const wheel = fs.readFileSync(wheelPath);
pyodide.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel");
if (bytecode) {   // as the worker does: calc's precompiled modules beside their sources
  const where = pyodide.runPython(
    "import importlib.util, os; os.path.dirname(os.path.dirname(importlib.util.find_spec('calc').origin))");
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(bytecode)), "zip", { extractDir: where });
}
const entry = pyodide.pyimport("codex_view.browser");
const replies = [];
for (const [calculator, params] of JSON.parse(fs.readFileSync(casesPath, "utf8"))) {
  replies.push(JSON.parse(entry.run(String(calculator), JSON.stringify(params))));
}
JSON.parse(entry.memory());
try {
  pyodide.runPython("raise ValueError('a deliberate error, to load what formats tracebacks')");
} catch (err) {
  String(err);
}
const files = JSON.parse(pyodide.runPython(`
import json, sys
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
_seen = set()
for _m in list(sys.modules.values()):
    _spec = getattr(_m, "__spec__", None)
    for _f in (getattr(_m, "__file__", None), getattr(_spec, "origin", None)):
        if isinstance(_f, str) and _f.startswith(_zip):
            _seen.add(_f[len(_zip):])
json.dumps(sorted(_seen))
`));
fs.writeFileSync(outPath, JSON.stringify({ files, replies }));
