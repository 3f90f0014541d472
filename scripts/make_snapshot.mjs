// Make a Pyodide memory snapshot with `calc` already imported, so the browser skips
// Python's start-up (about 2 s) and restores this instead.
// usage: node scripts/make_snapshot.mjs <pyodide dir> <wheel file> <output file> [<stdlib zip>]
// The browser must restore it with the same standard-library zip it was made with.
// Pyodide marks snapshots experimental; the worker falls back to a normal boot if one fails.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, outPath, stdlib] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  _makeSnapshot: true,
  ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}),
  env: { PYTHONHASHSEED: "0" },
});
const wheel = fs.readFileSync(wheelPath);
pyodide.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel");
// Import everything the worker uses and read every data file once, so none of it waits for the page.
pyodide.runPython(`
import json
import calc, calc.data, codex_view.browser
for name in calc.data.names():
    calc.data.load(name)
for cid, calculator in calc.CALCULATORS.items():
    codex_view.browser.run(cid, json.dumps(calculator.defaults()))
`);
fs.writeFileSync(outPath, pyodide.makeMemorySnapshot());
