// The calculator worker: boots Pyodide once, loads the `calc` wheel, answers requests.
// Replies: {type: "ready"} once booted; then {id, result, html} or {id, error: {field, message}};
// {id, type: "memory"} answers {id, memory: {heap, blocks, objects, traced}} (tests/test_stress.py).
// It never touches the DOM and never builds Python source: it calls one fixed function.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url);

async function fetchBytes(name) {
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response;
}

async function inflate(name) {
  const response = await fetchBytes(name);
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// Fast path: restore a memory snapshot made at build time with calc already imported
// (skips Python's start-up), then put the wheel's files in place for anything read lazily.
async function bootFromSnapshot(runtime, wheel) {
  const pyodide = await loadPyodide({ indexURL: base.href, _loadSnapshot: inflate(runtime.snapshot) });
  pyodide.unpackArchive(new Uint8Array(await wheel), "wheel");
  return pyodide;
}

async function bootPlain(runtime) {
  const pyodide = await loadPyodide({ indexURL: base.href });
  await pyodide.loadPackage(new URL(runtime.wheel, base).href);
  return pyodide;
}

// A snapshot that fails to restore is dropped from the service worker's caches (docs/sw.js keys
// it by its URL plus ?sha256=...), so the next visit fetches it again instead of failing again.
function forgetKept(url) {
  if (!self.caches) return;
  caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("codex:"))
      .map((name) => caches.open(name).then((cache) => cache.delete(url, { ignoreSearch: true })))))
    .catch(() => {});
}

// The wasm heap only grows, so its size is the worker's high-water mark ({type: "memory"}).
let wasmHeap = () => 0;

const ready = (async () => {
  const runtime = await (await fetch(new URL("runtime.json", base), { cache: "no-cache" })).json();
  let pyodide = null;
  if (runtime.snapshot) {
    const wheel = fetchBytes(runtime.wheel).then((r) => r.arrayBuffer());
    try {
      pyodide = await bootFromSnapshot(runtime, wheel);
    } catch (err) {
      console.warn("Codex: snapshot boot failed, booting normally:", err);
      forgetKept(new URL(runtime.snapshot, base).href);
    }
  }
  if (!pyodide) pyodide = await bootPlain(runtime);
  const entry = pyodide.pyimport("codex_view.browser");
  self.postMessage({ type: "ready" });
  wasmHeap = () => pyodide._module.HEAP8.length;
  return entry;
})();

ready.catch((err) => self.postMessage({ type: "failed", message: String((err && err.message) || err) }));

self.onmessage = async ({ data }) => {
  const { id, calculator, params, type } = data || {};
  try {
    const entry = await ready;
    if (type === "memory") {   // {id, type: "memory"} -> {id, memory: {heap, blocks, objects, traced}}
      self.postMessage({ id, memory: { heap: wasmHeap(), ...JSON.parse(entry.memory()) } });
      return;
    }
    const reply = JSON.parse(entry.run(String(calculator), JSON.stringify(params || {})));
    self.postMessage({ id, ...reply });
  } catch (err) {
    self.postMessage({ id, error: { field: null, message: "The calculator could not run: " + String((err && err.message) || err) } });
  }
};
