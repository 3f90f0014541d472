// The calculator runtime's client: one module Web Worker per visit (Pyodide + calc), started
// on first use; it survives Material's instant navigation. Requests are {id, calculator, params};
// replies are {id, result, html} or {id, error}. It computes nothing itself.
const WORKER_URL = new URL("worker.mjs", import.meta.url);

let worker = null;
export let booted = false;
let nextId = 1;
const pending = new Map();          // request id -> resolve
export const bootWaiters = new Set();   // calculators to tell when the worker is ready

export function startWorker() {
  booted = false;
  worker = new Worker(WORKER_URL, { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.type === "ready") {
      booted = true;
      bootWaiters.forEach((fn) => fn());
      return;
    }
    if (data.type === "failed") {
      failAll("The calculator could not start: " + data.message);
      return;
    }
    const resolve = pending.get(data.id);
    if (resolve) {
      pending.delete(data.id);
      resolve(data);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll("The calculator could not start (" + (event.message || "worker error") + ").");
  };
}

function failAll(message) {
  for (const resolve of pending.values()) resolve({ error: { field: null, message } });
  pending.clear();
}

export function ask(calculator, params) {
  if (!worker) startWorker();
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, calculator, params });
  });
}

export function restartWorker() {
  if (worker) worker.terminate();
  for (const resolve of pending.values()) resolve({ stopped: true });
  pending.clear();
  worker = null;
  startWorker();
}

