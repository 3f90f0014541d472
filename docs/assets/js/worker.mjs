// The calculator worker: boots Pyodide once, puts the `calc` wheel in place, answers requests.
// In:  {type: "start", path} first ("auto" | "snapshot" | "trimmed" | "source" | "plain"; tests and
//      `make measure` force a path), then {id, calculator, mode, params} (mode "single", "compare", "totals" or "roll") or {id, type: "memory"}.
// Out: {type: "progress", loaded, total} while loading (bytes on the wire, estimated from the
//      build's gzip sizes), {type: "ready", path} once booted, {type: "failed", message};
//      then {id, result, html, sum, text} or {id, error: {field, message}}; {id, memory: {...}}.
// It never touches the DOM and never builds Python source: it calls one fixed function.
//
// Loading: the worker fetches each runtime file itself, once, through a counting stream, and
// hands Pyodide the same response (its own fetches of those URLs are answered from `fetched`).
// runtime.json (fetched without cache) names the files: Pyodide under a folder named by its
// content, a trimmed standard library as bytecode and as bare source, the wheel, calc as
// sourceless bytecode, the memory snapshot (macros/hooks/site.py) and the header of Pyodide's
// package lock (the boot loads no package, so the 120 kB lock file is never fetched).
// The paths, by what each sends besides Pyodide itself:
//   snapshot: the memory snapshot (5 MB, calc already imported), the bytecode library, the wheel;
//   trimmed:  the bytecode library and calc's bytecode: Python compiles nothing;
//   source:   the library's bare source and the wheel, about half the bytes of `trimmed`'s
//             (gzip shrinks source well, bytecode less), which Python compiles as it imports;
//   plain:    Pyodide's whole standard library and the wheel (tests and `make measure` only).
// connection.js is imported as the boot starts, not before this module runs: a shared link's
// worker starts while the page is still fetching its own scripts.
const connection = import("./connection.js");
// which files each path fetches (boot-files.js, shared with the page's "Work it out here"), imported
// beside runtime.json's fetch, so it costs the boot no round trip of its own
const bootList = import("./boot-files.js");

const assets = new URL("../pyodide/", import.meta.url);
const nativeFetch = self.fetch.bind(self);

// The wasm is needed on every path, so how fast it arrives decides whether to take the snapshot
// (timing the download rather than reading navigator.connection: browsers cap its downlink at
// 10 Mbit/s). At SNAPSHOT_MIN_RATE (bytes per second on the wire, ~24 Mbit/s) or more, the
// snapshot's extra 5 MB costs less than the ~2 s of Python start-up it saves. The bytecode
// library serves both the snapshot and the trimmed path, so it is fetched at once, beside the
// wasm. The bare-source path sends 0.37 MB less but compiles in the browser: `make measure` found
// it slower even at 1.6 Mbit/s, so it is taken only when the reader asked to save data.
const SNAPSHOT_MIN_RATE = 3e6;

// ------------------------------------------------------------------------ counted fetches
// the download runs at the network's pace even before Pyodide reads it (the rate is measured)
const UNBOUNDED = { highWaterMark: 2 ** 30, size: (chunk) => chunk.byteLength };
const fetched = new Map();   // absolute URL -> Promise<Response> waiting for Pyodide to ask
const progress = { loaded: new Map(), total: 0, last: 0 };

function report(force) {
  const now = performance.now();
  if (!force && now - progress.last < 100) return;
  progress.last = now;
  let loaded = 0;
  for (const value of progress.loaded.values()) loaded += value;
  self.postMessage({ type: "progress", loaded: Math.round(Math.min(loaded, progress.total)), total: progress.total });
}

// Fetch `path` (relative to assets/pyodide/) once, counting its bytes as wire bytes: the body
// arrives decompressed, so each byte counts `ratio` (the build's gzip size over the raw size).
// A `.zip.gz` or `.wasm.gz` (a file the build gzipped itself) is inflated after counting, so
// Pyodide reads the zip or the wasm. Options: `done`, called at the last byte; `as`, the path
// Pyodide will ask for, if another; `after`, a promise to wait for before asking (the bytes
// count in the total at once). The result's `arrived` settles at the last byte or on failure.
function counted(runtime, path, type, { done = null, as = path, after = null } = {}) {
  const url = new URL(path, assets).href;
  const raw = runtime.sizes[path] || 0;
  const ratio = raw ? (runtime.gzip[path] || raw) / raw : 1;
  progress.total += raw * ratio;
  progress.loaded.set(path, 0);
  let arrive;
  const arrived = new Promise((resolve) => { arrive = resolve; });
  // high priority: the page's own scripts and styles must not take the browser's few
  // connections to the host ahead of what the answer waits for
  const ask = () => nativeFetch(url, { priority: "high" });
  const response = (after ? after.then(ask) : ask()).then((answer) => {
    if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
    let seen = 0;
    const count = new TransformStream({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        progress.loaded.set(path, seen * ratio);
        report(false);
        controller.enqueue(chunk);
      },
      flush() {
        report(true);
        arrive();
        if (done) done();
      },
    }, undefined, UNBOUNDED);
    return new Response(inflated(url, answer.body.pipeThrough(count)), { headers: { "Content-Type": type } });
  });
  response.catch(arrive);   // a failed download settles it too: nothing waits on it for ever
  response.arrived = arrived;
  fetched.set(new URL(as, assets).href, response);
  return response;
}

// A `.zip.gz`'s or `.wasm.gz`'s body as the file inside it.
function inflated(url, body) {
  return url.endsWith(".zip.gz") || url.endsWith(".wasm.gz") ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

self.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
  const waiting = fetched.get(url);
  if (waiting) {
    fetched.delete(url);   // one use: a second ask (a boot after a failed snapshot) goes to the network
    return waiting;
  }
  if (!url.endsWith(".zip.gz")) return nativeFetch(input, init);
  return nativeFetch(input, init).then((answer) => (answer.ok
    ? new Response(inflated(url, answer.body), { headers: { "Content-Type": "application/zip" } }) : answer));
};

// ------------------------------------------------------------------------ compiling the wasm
// Pyodide would compile the wasm (WebAssembly.instantiateStreaming) only once loadPyodide runs,
// which waits for the path to be chosen: on a fast link, when the whole wasm has arrived. So
// the worker compiles it as it streams, from the first byte, and Pyodide's instantiation is
// handed that module (also to a second boot after a snapshot fails: no second download).
function compileWhileStreaming(response) {
  const compiled = response.then((r) => WebAssembly.compileStreaming(r));
  compiled.catch(() => {});   // a failed download fails the boot through Pyodide instead
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    let module;
    try {
      module = await compiled;
    } catch (err) {
      return instantiateStreaming(source, imports);
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

// ------------------------------------------------------------------------ choosing a path
// metered: the page's own rule (connection.js), so the page, this worker and the service worker agree
const metered = () => self.codexMetered(self.navigator.connection) === true;

function savingData() {
  const c = self.navigator.connection;
  return Boolean(c && (c.saveData || ["slow-2g", "2g"].includes(c.effectiveType)));
}

// Resolves to "snapshot" if the wasm's `bytes` arrive within the time SNAPSHOT_MIN_RATE allows,
// else to "trimmed" when that time is up.
function rateWatch(bytes) {
  let settle;
  const verdict = new Promise((resolve) => { settle = resolve; });
  setTimeout(() => settle("trimmed"), 1000 * bytes / SNAPSHOT_MIN_RATE);
  return { verdict, done: () => settle("snapshot"), failed: () => settle("trimmed") };
}

// The path asked for, or for "auto" the one the reader's settings call for before any byte
// arrives: "source" when saving data, else "fast" (snapshot or trimmed, the wasm's rate decides).
function firstChoice(asked) {
  if (typeof DecompressionStream === "undefined") return "plain";   // the trimmed zips come gzipped
  if (asked === "auto") return savingData() ? "source" : "fast";
  return asked;
}

// The path to boot among those built, once "fast" is settled by the wasm's rate.
async function choosePath(runtime, first, rate) {
  let path = first === "fast" ? await rate.verdict : first;
  await connection;   // for metered()
  if (path === "snapshot" && (!runtime.snapshot || (first === "fast" && metered()))) path = "trimmed";
  if (path === "source" && !runtime.stdlib_source) path = "trimmed";
  if (path === "trimmed" && !runtime.stdlib) path = runtime.stdlib_source ? "source" : "plain";
  return path;
}

async function boot(choice) {
  const runtime = await (await nativeFetch(new URL("runtime.json", assets), { cache: "no-cache" })).json();
  runtime.gzip = runtime.gzip || {};
  const core = runtime.core;
  const first = firstChoice(choice);
  const { filesFor, wasmFetched } = await bootList;
  // the wasm the build gzipped itself (0.16 MB under a host's gzip), where it can be inflated
  const wasmPath = core + "pyodide.asm.wasm";
  const fetchPath = wasmFetched(runtime, first);
  const rate = rateWatch(runtime.gzip[fetchPath] || runtime.sizes[fetchPath] || 0);
  const wasm = counted(runtime, fetchPath, "application/wasm", { done: rate.done, as: wasmPath });
  wasm.catch(rate.failed);
  compileWhileStreaming(wasm);
  if (!runtime.lock) counted(runtime, core + "pyodide-lock.json", "application/json");
  // The rest is asked for once the wasm, the largest file, has its connection (a browser opens
  // six at most to a host, and the page's own scripts hold some): the library the fast paths
  // share, not once the wasm's rate is known, and Pyodide's scripts.
  await wasm.catch(() => null);
  const early = first === "fast" && runtime.stdlib ? runtime.stdlib : null;
  let library = early ? counted(runtime, early, "application/zip") : null;
  const loader = import(new URL(core + "pyodide.mjs", assets).href);
  import(new URL(core + "pyodide.asm.mjs", assets).href).catch(() => {});   // start it early; Pyodide imports it
  let path = await choosePath(runtime, first, rate);
  const files = filesFor(runtime, path);
  if (files.stdlib !== early) library = counted(runtime, files.stdlib, "application/zip");
  const snapshot = path === "snapshot" ? counted(runtime, runtime.snapshot, "application/gzip") : null;
  // calc's archive is read only once Python has started, so it is asked for when what start-up
  // waits for has arrived: on a slow link start-up then gets the whole link, and Python starts
  // while calc downloads (make measure at 1.6 Mbit/s: 25.2 s to the answer, 26.3 s before)
  const startup = Promise.all([wasm, library, snapshot].filter(Boolean).map((r) => r.arrived));
  const calc = counted(runtime, files.calc, "application/zip", { after: startup }).then((r) => r.arrayBuffer());
  calc.catch(() => {});   // a boot that fails before reading it reports its own error, not this one
  const restored = snapshot
    && snapshot.then((r) => new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  report(true);
  const { loadPyodide } = await loader;
  const options = { indexURL: new URL(core, assets).href, stdLibURL: new URL(files.stdlib, assets).href };
  if (runtime.lock) options.lockFileContents = runtime.lock;
  let pyodide = null;
  if (restored) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: restored });
    } catch (err) {
      console.warn("Codex: snapshot boot failed, booting normally:", err);
      forgetKept(new URL(runtime.snapshot, assets).href);
      path = "trimmed";
    }
  }
  if (!pyodide) pyodide = await loadPyodide(options);
  if (files.format === "wheel") {
    pyodide.unpackArchive(new Uint8Array(await calc), "wheel");
  } else {   // calc's modules as bytecode and its data files, straight into site-packages
    const where = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))");
    pyodide.unpackArchive(new Uint8Array(await calc), "zip", { extractDir: where });
  }
  const entry = pyodide.pyimport("codex_view.browser");
  wasmHeap = () => pyodide._module.HEAP8.length;
  self.postMessage({ type: "ready", path });
  return entry;
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
let ready = null;

self.onmessage = async ({ data }) => {
  const { id, calculator, mode, params, type } = data || {};
  if (type === "start") {
    if (!ready) {
      ready = boot(String(data.path || "auto"));
      ready.catch((err) => self.postMessage({ type: "failed", message: String((err && err.message) || err) }));
    }
    return;
  }
  try {
    if (!ready) throw new Error("the worker was not started");
    const entry = await ready;
    if (type === "memory") {   // {id, type: "memory"} -> {id, memory: {heap, blocks, objects, traced}}
      self.postMessage({ id, memory: { heap: wasmHeap(), ...JSON.parse(entry.memory()) } });
      return;
    }
    const reply = JSON.parse(entry.run(String(calculator), JSON.stringify(params || {}), String(mode || "single")));
    self.postMessage({ id, ...reply });
  } catch (err) {
    self.postMessage({ id, error: { field: null, message: "The calculator could not run: " + String((err && err.message) || err) } });
  }
};
