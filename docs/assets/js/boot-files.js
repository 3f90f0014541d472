// What a boot of the calculator runtime fetches, by path, from the build's runtime.json
// (macros/hooks/site.py): the worker's list (worker.mjs fetches these files), and what a page
// states before it starts the runtime ("Work it out here": runtime.js `downloadWords`). No DOM.

// The standard library and calc's archive ("wheel" or "zip") each path fetches.
export function filesFor(runtime, path) {
  const core = runtime.core;
  const stdlib = { snapshot: runtime.stdlib, trimmed: runtime.stdlib, source: runtime.stdlib_source }[path];
  const sourceless = path === "trimmed" && runtime.modules;
  return {
    stdlib: stdlib || core + "python_stdlib.zip",
    calc: sourceless ? runtime.modules : runtime.wheel,
    format: sourceless ? "zip" : "wheel",
  };
}

// The wasm as fetched: the build's own gzip of it where one was shipped (inflated in the worker).
export function wasmFetched(runtime, path) {
  return path !== "plain" && runtime.wasm_gz ? runtime.wasm_gz : runtime.core + "pyodide.asm.wasm";
}

// Every file a boot on `path` fetches: the wasm, Pyodide's two scripts, its package lock unless
// runtime.json carries it, the library, calc, and on the snapshot path the memory snapshot.
export function bootFiles(runtime, path) {
  const core = runtime.core;
  const files = filesFor(runtime, path);
  return [wasmFetched(runtime, path), core + "pyodide.mjs", core + "pyodide.asm.mjs", files.stdlib, files.calc,
    ...(runtime.lock ? [] : [core + "pyodide-lock.json"]),
    ...(path === "snapshot" && runtime.snapshot ? [runtime.snapshot] : [])];
}

// The bytes on the wire of a boot on `path` (each file's gzip size where the build measured one).
export function bootBytes(runtime, path) {
  const gzip = runtime.gzip || {};
  return bootFiles(runtime, path).reduce((sum, file) => sum + (gzip[file] || runtime.sizes[file] || 0), 0);
}
