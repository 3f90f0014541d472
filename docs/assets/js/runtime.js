// The calculator runtime's client: one module Web Worker per visit (Pyodide + calc), which
// survives Material's instant navigation. Requests are {id, calculator, mode, params} (mode
// "single", or "compare" with params {a, b}); replies are
// {id, result, html} or {id, error}. It computes nothing itself.
//
// When it starts (issue: start early, only when used):
// - a page opened with a calculator in its URL (?calc=...) starts it at once: linked.js, the
//   first script in the head of a page with a calculator (overrides/main.html), creates the
//   worker before the body is parsed, and this module adopts it (startWorker);
// - otherwise a calculator starts it when first focused or edited (calculators.js), or when the
//   browser is idle on an unmetered connection (startWhenIdle);
// - a page without a calculator never loads it.
import "./connection.js";

const WORKER_URL = new URL("worker.mjs", import.meta.url);

let worker = null;
export let booted = false;
export let progress = null;          // the last {loaded, total} the worker reported, while loading
let bootPath = null;                 // the path the first boot took: a restart (Stop) takes it too
let nextId = 1;
const pending = new Map();          // request id -> {owner, message, resolve}
const listeners = new Set();        // fn({type: "progress" | "ready" | "restart" | "failed", ...})

export function onRuntime(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit(event) {
  listeners.forEach((fn) => fn(event));
}

function startWorker() {
  window.codexRuntimeStarted = true;   // linked.js: the runtime is on its way, start no other
  booted = false;
  progress = null;
  const early = window.codexEarlyWorker;   // a shared link's, started by linked.js
  window.codexEarlyWorker = null;
  worker = early ? early.worker : new Worker(WORKER_URL, { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.type === "progress") {
      progress = { loaded: data.loaded, total: data.total };
      emit({ type: "progress", ...progress });
      return;
    }
    if (data.type === "ready") {
      booted = true;
      document.documentElement.dataset.codexRuntime = "ready";   // for tests and `make measure`
      progress = null;
      bootPath = bootPath || data.path;
      emit({ type: "ready", path: data.path });
      return;
    }
    if (data.type === "failed") {
      failAll("The calculator could not start: " + data.message);
      return;
    }
    const request = pending.get(data.id);
    if (request) {
      pending.delete(data.id);
      request.resolve(data);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll("The calculator could not start (" + (event.message || "worker error") + ").");
  };
  if (early) {   // what it said before this module ran, in order
    early.messages.forEach((event) => worker.onmessage(event));
    if (early.error) worker.onerror(early.error);
    return;
  }
  // tests and `make measure` may force a boot path (window.codexBootPath); else the worker
  // chooses, once per visit (a restart after Stop must not switch to a larger download)
  worker.postMessage({ type: "start", path: window.codexBootPath || bootPath || "auto" });
}

function failAll(message) {
  // no answer is coming: what a shared link held back (linked.js) may go
  document.dispatchEvent(new Event("codex:runtime-failed"));
  for (const request of pending.values()) request.resolve({ error: { field: null, message } });
  pending.clear();
  emit({ type: "failed", message });
}

// What starting the runtime downloads, said before it starts ("Work it out here"): the bytes on the
// wire of a boot's files (boot-files.js, the worker's own list, sized by the build's runtime.json)
// on the path a slower connection takes and on the fast one, with the memory snapshot: "4.6 to 9.4 MB".
export async function downloadWords() {
  const [{ bootBytes }, runtime] = await Promise.all([import("./boot-files.js"),
    fetch(new URL("../pyodide/runtime.json", import.meta.url)).then((response) => response.json())]);
  return globalThis.codexMegabytesFromTo(bootBytes(runtime, "trimmed"), bootBytes(runtime, "snapshot"));
}

export function startRuntime() {
  if (!worker) startWorker();
}

// Unmetered: a connection known not to be metered (connection.js). Browsers that do not say
// (no navigator.connection) wait for the reader to use a calculator.
function unmetered() {
  return globalThis.codexMetered(navigator.connection) === false;
}

// A link naming a calculator this page does not have (linked.js) asked for nothing to work out:
// the runtime waits for the reader, on that address.
function unknownLink() {
  return document.documentElement.dataset.codexUnknownLink === location.search;
}

export function startWhenIdle() {
  if (worker || !unmetered() || unknownLink()) return;
  const html = document.documentElement;
  if ("codexLink" in html.dataset && !("codexAnswered" in html.dataset)) {
    // a link's answer comes first (linked.js), the build's without the runtime: idle time after it
    document.addEventListener("codex:answered", startWhenIdle, { once: true });
    return;
  }
  const start = () => startRuntime();
  if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}

// `owner`: the calculator asking (its root element), so Stop ends only its requests.
export function ask(owner, { calculator, mode, params }) {
  startRuntime();
  const id = nextId++;
  const message = { id, calculator, mode, params };
  return new Promise((resolve) => {
    pending.set(id, { owner, message, resolve });
    worker.postMessage(message);
  });
}

// Stop: the worker cannot be interrupted, so it is replaced. The stopped calculator's requests
// answer {stopped: true}; every other calculator's requests go to the new worker.
export function stop(owner) {
  if (worker) worker.terminate();
  worker = null;
  for (const [id, request] of pending) {
    if (request.owner === owner) {
      pending.delete(id);
      request.resolve({ stopped: true });
    }
  }
  startWorker();
  emit({ type: "restart" });
  for (const request of pending.values()) worker.postMessage(request.message);
}

// Early start: this module runs from the page head on pages with a calculator, before the body
// is parsed; on a shared link (?calc=..., marked by linked.js) whose question the build did not
// answer (window.codexBuilt) it adopts the worker linked.js has already created, rather than
// waiting for the page to load. A built answer starts nothing: the page shows it.
if ("codexLink" in document.documentElement.dataset) {
  Promise.resolve(window.codexBuilt).then((built) => { if (!built) startRuntime(); });
}
