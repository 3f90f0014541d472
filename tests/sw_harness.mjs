// Runs a built site's sw.js under Node with stand-ins for what a browser gives a service worker
// (CacheStorage, clients, fetch from the site's folder, navigator.connection), fires its install
// event once (and `activate` if asked), and prints what it fetched and kept as JSON. Used by tests/test_sw.py to check
// what a worker does on install where a browser cannot be told to save data.
//
//   node tests/sw_harness.mjs SITE_DIR '{"saveData": true, "open": ["sun/rules/"], "kept": true}'
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";

const [site, scenarioText] = process.argv.slice(2);
const scenario = JSON.parse(scenarioText || "{}");
const SCOPE = "https://codex.test/";

const fetched = [];
function fileFor(url) {
  const path = new URL(url).pathname.slice(1);
  const candidate = path === "" || path.endsWith("/") ? join(site, path, "index.html") : join(site, path);
  try {
    return statSync(candidate).isFile() ? readFileSync(candidate) : null;
  } catch {
    return null;
  }
}
// As a browser's fetch of a same-origin URL answers: type "basic"; a path listed in
// scenario.redirected arrives through a redirect (response.redirected).
const redirected = new Set((scenario.redirected || []).map((path) => new URL(path, SCOPE).href));
const broken = new Set((scenario.broken || []).map((path) => new URL(path, SCOPE).href));   // answer 500
async function fakeFetch(input) {
  const url = typeof input === "string" ? input : input.url;
  fetched.push(url);
  const body = fileFor(url);
  const response = broken.has(url) ? new Response("broken", { status: 500 })
    : body ? new Response(body, { status: 200 }) : new Response("missing", { status: 404 });
  Object.defineProperty(response, "type", { value: "basic" });
  Object.defineProperty(response, "redirected", { value: redirected.has(url) });
  return response;
}

const keyOf = (request) => (typeof request === "string" ? request : request.url);
class FakeCache {
  constructor() { this.entries = new Map(); }
  async match(request) {
    const hit = this.entries.get(keyOf(request));
    return hit ? new Response(hit.body, { status: hit.status }) : undefined;
  }
  async put(request, response) {
    this.entries.set(keyOf(request), { body: new Uint8Array(await response.arrayBuffer()), status: response.status });
  }
  async addAll(requests) {
    const responses = await Promise.all(requests.map((r) => fakeFetch(r)));
    responses.forEach((r) => { if (!r.ok) throw new TypeError(`addAll: ${r.status}`); });
    for (let i = 0; i < requests.length; i++) await this.put(requests[i], responses[i]);
  }
  async keys() { return [...this.entries.keys()].map((url) => new Request(url)); }
  async delete(request) { return this.entries.delete(keyOf(request)); }
}
const store = new Map();
const caches = {
  async open(name) {
    if (!store.has(name)) store.set(name, new FakeCache());
    return store.get(name);
  },
  async keys() { return [...store.keys()]; },
  async delete(name) { return store.delete(name); },
};
if (scenario.kept) {   // an older version of this deployment, whose reader kept the Codex
  const old = await caches.open("codex:/:0000000000000000");
  await old.put(new URL("__codex/offline-copy", SCOPE).href, new Response("kept"));
}
for (const [path, sha256, stale] of scenario.oldRuntime || []) {   // runtime files an older version kept
  const old = await caches.open("codex:/:0000000000000000");
  const body = stale ? "an older build's copy" : fileFor(new URL(path, SCOPE).href);
  await old.put(`${new URL(path, SCOPE).href}?sha256=${sha256}`, new Response(body));
}

const listeners = {};
const self = {
  registration: { scope: SCOPE },
  navigator: { connection: { saveData: Boolean(scenario.saveData) } },
  clients: {
    async matchAll() { return (scenario.open || []).map((path) => ({ url: new URL(path, SCOPE).href, postMessage() {} })); },
    async claim() {},
  },
  addEventListener(type, fn) { listeners[type] = fn; },
  skipWaiting: async () => {},
};
const source = readFileSync(join(site, "sw.js"), "utf8");
self.location = new URL("sw.js", SCOPE);
// a classic worker's importScripts: the site's own file, run in the worker's scope
const importScripts = (url) => vm.runInContext(readFileSync(join(site, new URL(url).pathname.slice(1)), "utf8"), context);
const context = vm.createContext({
  self, importScripts, caches, fetch: fakeFetch, crypto: globalThis.crypto, btoa, URL, Request, Response, Blob,
  DOMException, AbortController, Date, console, setTimeout,
});
vm.runInContext(source, context);

let work = Promise.resolve();
listeners.install({ waitUntil(promise) { work = promise; } });
let failed = null;
try {
  await work;
  if (scenario.activate) {
    listeners.activate({ waitUntil(promise) { work = promise; } });
    await work;
  }
} catch (err) {
  failed = String(err);
}
const kept = {};
for (const [name, cache] of store) kept[name] = [...cache.entries.keys()];
console.log(JSON.stringify({ fetched, kept, failed }));
