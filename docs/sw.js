// The Codex's service worker: after one visit, the rules and the calculators work offline.
// Registered by codex.js (registerOfflineSupport) with the site root as its scope.
//
// - The Pyodide runtime, the calc wheel and the memory snapshot are large and change only
//   with a build: cache-first. Each is stored under its URL plus `?rev=<its sha256>`, so a new
//   build copies the unchanged ones from the old cache and downloads only what changed.
// - Pages, runtime.json and the theme's files: network-first, so an update arrives on the
//   next online visit; the cached copy answers only when the network does not.
// The build (macros/security_hook.py) replaces the placeholder below with the manifest:
// {version, runtime: [[url, revision]], pages: [url]}, URLs relative to the site root.
const MANIFEST = self.__CODEX_MANIFEST;
const CACHE = `codex-${MANIFEST.version}`;
const SCOPE = new URL(self.registration.scope);
const REVISED = new Map(MANIFEST.runtime.map(([path, rev]) => {
  const url = new URL(path, SCOPE);
  return [url.href, `${url.href}?rev=${rev}`];
}));

async function keepRuntimeFile(cache, url, key) {
  const kept = await caches.match(key);   // any codex cache, this build's or an older one
  if (kept) return cache.put(key, kept);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return cache.put(key, response);
}

self.addEventListener("install", (event) => {
  // `no-cache` revalidates with the server (a 304 when unchanged), so no stale copy from the
  // HTTP cache ends up in a new version's cache.
  const pages = MANIFEST.pages.map((path) => new Request(new URL(path, SCOPE), { cache: "no-cache" }));
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...REVISED].map(([url, key]) => keepRuntimeFile(cache, url, key)));
    await cache.addAll(pages);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((key) => key.startsWith("codex-") && key !== CACHE);
    await Promise.all(old.map((key) => caches.delete(key)));
    await self.clients.claim();
  })());
});

function withoutQuery(url) {
  // a page reached with a calculator query (?calc=...) is the same page offline: one copy each
  const clean = new URL(url);
  clean.search = "";
  clean.hash = "";
  return clean.href;
}

async function cacheFirst(request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(key, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const key = withoutQuery(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  if (request.headers.has("range")) return;   // partial responses cannot be cached
  const key = REVISED.get(withoutQuery(request.url));
  event.respondWith(key ? cacheFirst(request, key) : networkFirst(request));
});
