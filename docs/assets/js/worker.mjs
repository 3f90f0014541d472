// The calculator worker: boots Pyodide once, loads the `calc` wheel, answers requests.
// Replies: {type: "ready"} once booted; then {id, result, html} or {id, error: {field, message}}.
// It never touches the DOM and never builds Python source: it calls one fixed function.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url);

const ready = (async () => {
  const runtime = await (await fetch(new URL("runtime.json", base), { cache: "no-cache" })).json();
  const pyodide = await loadPyodide({ indexURL: base.href, packages: [] });
  await pyodide.loadPackage(new URL(runtime.wheel, base).href);
  const entry = pyodide.pyimport("codex_view.browser");
  self.postMessage({ type: "ready" });
  return entry;
})();

ready.catch((err) => self.postMessage({ type: "failed", message: String(err && err.message || err) }));

self.onmessage = async ({ data }) => {
  const { id, calculator, params } = data || {};
  try {
    const entry = await ready;
    const reply = JSON.parse(entry.run(String(calculator), JSON.stringify(params || {})));
    self.postMessage({ id, ...reply });
  } catch (err) {
    self.postMessage({ id, error: { field: null, message: "The calculator could not run: " + String(err && err.message || err) } });
  }
};
