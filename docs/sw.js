// The Codex's service worker: after one visit, the rules and the calculators work offline.
// Registered by codex.js (registerOfflineSupport) with the site root as its scope.
//
// - The Pyodide runtime, the calc wheel and the memory snapshot are large and change only
//   with a build: cache-first, in a cache named by the build's version.
// - Pages, runtime.json and the theme's files: network-first, so an update arrives on the
//   next online visit; the cached copy answers only when the network does not.
// The build (macros/security_hook.py) replaces the placeholder below with the manifest:
// {version, runtime: [urls], pages: [urls]}, URLs relative to the site root.
const MANIFEST = self.__CODEX_MANIFEST;
const CACHE = `codex-${MANIFEST.version}`;
const SCOPE = new URL(self.registration.scope);
const RUNTIME = new Set(MANIFEST.runtime.map((path) => new URL(path, SCOPE).href));

self.addEventListener("install", (event) => {
  // `no-cache` revalidates with the server (a 304 when unchanged), so no stale copy from the
  // HTTP cache ends up in a new version's cache.
  const urls = [...MANIFEST.runtime, ...MANIFEST.pages].map((path) => new URL(path, SCOPE).href);
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("codex-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function cacheKey(request) {
  // a page reached with a calculator query (?calc=...) is the same page offline: one copy each
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(cacheKey(request), response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(cacheKey(request));
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  if (request.headers.has("range")) return;   // partial responses cannot be cached
  const url = new URL(request.url);
  url.search = "";
  event.respondWith(RUNTIME.has(url.href) ? cacheFirst(request) : networkFirst(request));
});
