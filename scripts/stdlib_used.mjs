// Run the calculators in Pyodide under Node and report which standard-library files they import.
// usage: node scripts/stdlib_used.mjs <pyodide dir> <stdlib zip> <calc.whl | calc.zip> <cases.json> <out.json>
// cases.json: [[calculator id, params], ...]. out.json: {files: [zip entries imported],
// replies: [the worker's reply to each case]}. It boots the way docs/assets/js/worker.mjs does
// (the wheel, or calc's sourceless zip, unpacked into site-packages; codex_view.browser imported), and also asks for memory and formats a Python
// traceback, so every path the worker can take has imported what it needs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, modulesPath, casesPath, outPath] = process.argv.slice(2);
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
const modules = new Uint8Array(fs.readFileSync(modulesPath));
if (modulesPath.endsWith(".whl")) pyodide.unpackArchive(modules, "wheel");
else pyodide.unpackArchive(modules, "zip", { extractDir: pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))") });
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
