// The Codex's service worker. Registered by assets/js/offline.js with the site root as scope.
//
// What it keeps, and when (the build lists every file in the manifest below):
// - `core` (the theme's and the Codex's CSS/JS, the search index, the offline page) and the
//   pages open at install time: on install, unless the browser asks to save data. A first
//   visit stores about what reading needs, well under 1.5 MB.
// - other `pages`: network-first; a copy is kept as the reader visits them.
// - `runtime` (Pyodide, the calc wheel, the memory snapshot): cache-first, kept when a
//   calculator first asks for them. Each has its sha256 in the manifest: a copy is kept only
//   if its bytes match (downloads of the offline copy are fetched with `integrity`), and a kept
//   copy is checked again the first time it is served after the worker starts.
// - everything, when the reader presses "Keep the Codex on this device" (offline.js): the
//   worker downloads what is missing and reports bytes done of the total to every open page.
// - a share address (`s/<anchor>/`, a forum's preview of one rule): never kept, but offline, when
//   the page of its rule is kept, it is answered with a redirect to that rule (the query it
//   carries, ?rules=house, goes on with it), as the share page's own script would do online.
// - a built answer (`q/<calculator>/<slug>/answer.json.gz`, and each calculator's list of them,
//   `q/<calculator>/built.json`: macros/answers/): never at install nor in the offline copy's
//   download, but once the reader keeps the Codex, one fetched online is kept as a page is.
// - an odds address (`q/<calculator>/<slug>/`, a forum's preview of one built question): never kept;
//   offline, once the reader has kept the Codex (which keeps `odds_targets`, where each address
//   leads), it is answered with a redirect to the calculator set to the question, when that page is kept.
// Only URLs in the manifest (and those built answers) are stored or answered; any other request goes to the network
// untouched (an unknown page asked for offline gets the offline page instead of an error).
// Caches are named by scope and build version, so two Codex sites on one origin never touch
// each other's copy. Writing to a cache never delays or replaces a network answer.
//
// The build (macros/hooks/security.py) replaces the placeholder below with the manifest:
// {version, core: [url], pages: [url], runtime: [[url, sha256 hex]], sizes: {url: bytes},
//  offline_page: url, share_folder: "s/", shares: {page: [anchor | [share anchor, anchor]]},
//  odds_folder: "q/", answer_files: [name], odds_targets: url of {odds address: where it leads}}, URLs
//  relative to the site root.
importScripts(new URL("assets/js/connection.js", self.location.href).href);   // codexMetered: the page's rule
const MANIFEST = self.__CODEX_MANIFEST;
const SCOPE = new URL(self.registration.scope);
const PREFIX = `codex:${SCOPE.pathname}:`;           // every cache of this deployment
const CACHE = PREFIX + MANIFEST.version;
const LEGACY = /^codex-[0-9a-f]{16}$/;                // caches of the first service worker (one per origin)
const KEPT = new URL("__codex/offline-copy", SCOPE).href;   // marker: the reader chose to keep it all

const at = (path) => new URL(path, SCOPE).href;
const CORE = new Set(MANIFEST.core.map(at));
const PAGES = new Set(MANIFEST.pages.map(at));
const SIZES = new Map(Object.entries(MANIFEST.sizes).map(([path, bytes]) => [at(path), bytes]));
const OFFLINE_PAGE = at(MANIFEST.offline_page);
const ANSWER_FILES = MANIFEST.answer_files || [];
const isAnswer = (url) => Boolean(ODDS) && url.startsWith(ODDS) && ANSWER_FILES.some((name) => url.endsWith("/" + name));
// share address -> its rule: `shares` lists by page each share anchor, or [share anchor, rule's anchor]
const SHARES = new Map(Object.entries(MANIFEST.shares || {}).flatMap(([page, anchors]) => anchors.map((entry) => {
  const [share, anchor] = typeof entry === "string" ? [entry, entry] : entry;
  return [at(`${MANIFEST.share_folder}${encodeURIComponent(share)}/`), at(`${page}#${anchor}`)];
})));

const ODDS = MANIFEST.odds_folder ? at(MANIFEST.odds_folder) : null;
const ODDS_TARGETS = MANIFEST.odds_targets ? at(MANIFEST.odds_targets) : null;

function hexToBase64(hex) {
  let binary = "";
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}

// url -> {key, sha256, integrity}; the cache key names the content, so a kept copy is reused
// by a later build as long as the file is unchanged
const RUNTIME = new Map(MANIFEST.runtime.map(([path, sha256]) => {
  const url = at(path);
  return [url, { key: `${url}?sha256=${sha256}`, sha256, integrity: `sha256-${hexToBase64(sha256)}` }];
}));
const TOTAL = [...SIZES.values()].reduce((a, b) => a + b, 0);

function withoutQuery(url) {
  // a page reached with a calculator query (?calc=...) is the same page offline: one copy each
  const clean = new URL(url);
  clean.search = "";
  clean.hash = "";
  return clean.href;
}

// a metered connection (assets/js/connection.js, the page's own rule) gets nothing large unasked
const metered = () => self.codexMetered(self.navigator.connection) === true;
const ignore = () => {};

// ------------------------------------------------------------------------------- checking
const checked = new Set();   // runtime keys whose kept copy was verified since this worker started
const suspect = new Set();   // runtime keys last seen with wrong bytes: fetched past the HTTP cache

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A kept runtime file, if its bytes still match the manifest; a copy that does not (truncated,
// or rewritten by another page of the origin) is deleted and never served.
async function verifiedCopy(cache, file) {
  const hit = await cache.match(file.key);
  if (!hit) return null;
  if (checked.has(file.key)) return hit;
  const body = await hit.arrayBuffer();
  if ((await sha256Hex(body)) !== file.sha256) {
    await cache.delete(file.key);
    suspect.add(file.key);
    return null;
  }
  checked.add(file.key);
  return new Response(body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
}

// ------------------------------------------------------------------------------- storing
const storing = new Map();   // cache key -> the promise of its write, so no file is fetched twice

function store(key, response) {
  // off the response path; a full disk (QuotaExceededError) only means no copy is kept
  const done = caches.open(CACHE).then((cache) => cache.put(key, response)).catch(ignore)
    .finally(() => storing.delete(key));
  storing.set(key, done);
  return done;
}

async function fetchRuntime(url, file, init = {}) {
  // `integrity`: the browser refuses a body whose sha256 differs (the promise rejects)
  const response = await fetch(url, { ...init, integrity: file.integrity });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// ------------------------------------------------------------------------------- answering
// Checks the bytes a page received from the network against the manifest, and keeps them only
// if they match: a truncated or altered file is never stored.
function storeChecked(file, body, headers) {
  const done = new Response(body).arrayBuffer().then(async (bytes) => {
    if ((await sha256Hex(bytes)) !== file.sha256) {
      suspect.add(file.key);
      return;
    }
    suspect.delete(file.key);
    checked.add(file.key);
    const cache = await caches.open(CACHE);
    await cache.put(file.key, new Response(bytes, { headers }));
  }).catch(ignore).finally(() => storing.delete(file.key));
  storing.set(file.key, done);
  return done;
}

async function runtimeFirst(event, url, file) {
  const cache = await caches.open(CACHE);
  if (storing.has(file.key)) await storing.get(file.key);   // being downloaded already: wait for it
  const kept = await verifiedCopy(cache, file);
  if (kept) return kept;
  // From the network the page gets the bytes as they arrive (the calculator's loading progress
  // and Pyodide's streaming compile need them); a copy is checked, then kept, off that path.
  // The worker's own downloads (the offline copy) use `integrity` instead.
  const response = await fetch(url, suspect.has(file.key) ? { cache: "reload" } : {});
  if (!response.ok || !response.body) return response;
  const [forPage, forCache] = response.body.tee();
  event.waitUntil(storeChecked(file, forCache, response.headers));
  return new Response(forPage, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function offlinePage() {
  const cache = await caches.open(CACHE);
  const page = await cache.match(OFFLINE_PAGE);
  if (!page) return Response.error();
  return new Response(page.body, { status: 503, statusText: "Offline", headers: page.headers });
}

// What may be kept: a whole answer from this origin for the URL asked, never one that was
// redirected (it would be stored, and later served, under an address it does not belong to).
function keepable(response) {
  return response.ok && response.type === "basic" && !response.redirected;
}

async function networkFirst(event, request, key) {
  try {
    const response = await fetch(request);
    if (keepable(response)) {
      event.waitUntil(store(key, response.clone()));
    }
    return response;
  } catch (err) {
    // only when the network fails does a kept copy answer
    const hit = await (await caches.open(CACHE)).match(key);
    if (hit) return hit;
    if (request.mode === "navigate") return offlinePage();
    throw err;
  }
}

// A share address: online, the share page (its preview words, and its script sends the reader on);
// offline, straight on to its rule when that page is kept, else the offline page.
async function shareFirst(request, target) {
  try {
    return await fetch(request);
  } catch (err) {
    const rule = new URL(target);
    if (!(await (await caches.open(CACHE)).match(withoutQuery(rule.href)))) return offlinePage();
    const rules = new URL(request.url).searchParams.get("rules");   // the reader's open tab, and nothing else
    rule.search = rules === "summary" || rules === "house" ? `?rules=${rules}` : "";
    return Response.redirect(rule.href, 302);
  }
}

// A built answer: kept as a page is once the reader keeps the Codex; else the network's, untouched.
async function answerFirst(event, request, url) {
  if (await (await caches.open(CACHE)).match(KEPT)) return networkFirst(event, request, url);
  return fetch(request);
}

// An odds address: online, the odds page (its script sends the reader on); offline, the calculator
// set to the question when the kept copy says where the address leads and holds that page.
async function oddsFirst(request, url) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(CACHE);
    const kept = ODDS_TARGETS && await cache.match(ODDS_TARGETS);
    const targets = kept ? await kept.json() : {};
    const path = url.slice(SCOPE.href.length);
    const target = Object.hasOwn(targets, path) ? new URL(targets[path], SCOPE) : null;
    if (!target || target.origin !== SCOPE.origin || !(await cache.match(withoutQuery(target.href)))) return offlinePage();
    return Response.redirect(target.href, 302);
  }
}

async function passThrough(request) {
  // not in this build: never stored, never answered from a cache; offline, the offline page
  try {
    return await fetch(request);
  } catch (err) {
    return offlinePage();
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = withoutQuery(request.url);
  const file = RUNTIME.get(url);
  if (file) event.respondWith(runtimeFirst(event, url, file));
  else if (PAGES.has(url) || CORE.has(url)) event.respondWith(networkFirst(event, request, url));
  else if (isAnswer(url)) event.respondWith(answerFirst(event, request, url));
  else if (request.mode === "navigate" && SHARES.has(url)) event.respondWith(shareFirst(request, SHARES.get(url)));
  else if (request.mode === "navigate" && ODDS && url.startsWith(ODDS)) event.respondWith(oddsFirst(request, url));
  else if (request.mode === "navigate" && request.url.startsWith(SCOPE.href)) event.respondWith(passThrough(request));
  // anything else is not ours: the browser fetches it as if there were no service worker
});

// ------------------------------------------------------------------------------- install
async function ourCaches() {
  // this deployment's caches of other versions (a cache of the first, origin-wide worker
  // counts as ours when it holds this scope's home page)
  const out = [];
  for (const name of await caches.keys()) {
    if (name === CACHE) continue;
    if (name.startsWith(PREFIX)) out.push(name);
    else if (LEGACY.test(name) && await (await caches.open(name)).match(SCOPE.href)) out.push(name);
  }
  return out;
}

async function carryOver(cache, names) {
  // unchanged runtime files and the reader's choice move to the new version without a download
  let kept = false;
  for (const name of names) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      if (request.url === KEPT) kept = true;
      const file = RUNTIME.get(withoutQuery(request.url));
      if (!file || (await cache.match(file.key))) continue;
      const response = await old.match(request);
      if (request.url === file.key) {   // same content key: checked when it was stored
        await cache.put(file.key, response);
        continue;
      }
      const body = await response.arrayBuffer();   // an older key: kept only if the bytes match
      if ((await sha256Hex(body)) === file.sha256) {
        await cache.put(file.key, new Response(body, { status: response.status, headers: response.headers }));
      }
    }
  }
  return kept;
}

async function openPages() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.map((client) => withoutQuery(client.url)).filter((url) => PAGES.has(url));
}

const revalidate = (url) => new Request(url, { cache: "no-cache" });

function notKept(url, response) {
  return new Error(`${url}: not kept (HTTP ${response.status}${response.redirected ? ", redirected" : ""})`);
}

// Like cache.addAll (all or nothing), but refusing what may not be kept.
// Every answer is in (none left in flight) before anything is stored or the install gives up.
async function keepAll(cache, urls) {
  const answers = await Promise.allSettled(urls.map(async (url) => {
    const response = await fetch(revalidate(url));
    if (!keepable(response)) throw notKept(url, response);
    return [url, response];
  }));
  const refused = answers.find((answer) => answer.status === "rejected");
  if (refused) throw refused.reason;
  await Promise.all(answers.map(({ value: [url, response] }) => cache.put(url, response)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      const kept = await carryOver(cache, await ourCaches());
      const first = metered() ? [OFFLINE_PAGE] : [...CORE];
      await keepAll(cache, [...new Set([...first, ...(await openPages())])]);
      if (kept) {
        await cache.put(KEPT, new Response("kept"));
        if (!metered()) await download(cache, () => {});
      }
    } catch (err) {
      await caches.delete(CACHE);   // a failed install leaves no half-filled cache behind
      throw err;
    }
    await self.skipWaiting();
  })());
});

// No page is taken over as the worker activates: Chromium fetches the styles of a page it takes over
// while that page is still loading a second time, and draws the page unstyled meanwhile (a layout
// shift of 2 on a shared link, seen in tests/test_browser_landing.py). Each page asks for it once it
// has loaded ("claim", from offline.js), so a page kept offline goes on working without a reload.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await Promise.all((await ourCaches()).map((name) => caches.delete(name)));
  })());
});

// ------------------------------------------------------------------------------- the offline copy
function keyOf(url) {
  const file = RUNTIME.get(url);
  return file ? file.key : url;
}

async function storedBytes(cache) {
  const have = new Set((await cache.keys()).map((r) => r.url));
  let stored = 0;
  for (const [url, bytes] of SIZES) if (have.has(keyOf(url))) stored += bytes;
  return { stored, kept: have.has(KEPT) };
}

async function readAll(response, onBytes, signal) {
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    if (signal.aborted) {
      await reader.cancel();
      throw new DOMException("Stopped", "AbortError");
    }
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.byteLength);
  }
  return new Response(new Blob(chunks), { status: response.status, statusText: response.statusText, headers: response.headers });
}

let current = null;   // {promise, controller} of the download in progress

// Fetch every file of the manifest not yet kept, four at a time, reporting bytes as they come.
async function download(cache, report, signal = new AbortController().signal) {
  const have = new Set((await cache.keys()).map((r) => r.url));
  let done = 0;
  const queue = [];
  for (const [url, bytes] of SIZES) {
    if (have.has(keyOf(url))) done += bytes;
    else queue.push(url);
  }
  report(done);
  const one = async (url) => {
    const file = RUNTIME.get(url);
    if (file && storing.has(file.key)) await storing.get(file.key);
    if (await cache.match(keyOf(url))) {
      done += SIZES.get(url);
      report(done);
      return;
    }
    const response = file ? await fetchRuntime(url, file, { signal }) : await fetch(revalidate(url), { signal });
    if (!keepable(response)) throw notKept(url, response);
    let got = 0;
    const body = await readAll(response, (n) => { got += n; done += n; report(done); }, signal);
    await cache.put(keyOf(url), body);   // a full disk stops the download with a message
    done += SIZES.get(url) - got;        // the manifest's size counts, whatever the wire gave
    report(done);
  };
  const workers = Array.from({ length: 4 }, async () => {
    while (queue.length) await one(queue.shift());
  });
  await Promise.all(workers);
}

async function tell(message) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) if (client.url.startsWith(SCOPE.href)) client.postMessage(message);
}

async function status(extra = {}) {
  // asking is not storing: a question must not create this version's cache (after a failed install)
  const stored = (await caches.has(CACHE)) ? await storedBytes(await caches.open(CACHE)) : { stored: 0, kept: false };
  return { type: "offline-status", total: TOTAL, busy: current !== null, ...stored, ...extra };
}

function keep() {
  if (current) return current.promise;
  const controller = new AbortController();
  const promise = (async () => {
    const cache = await caches.open(CACHE);
    await cache.put(KEPT, new Response("kept"));
    let last = 0;
    const report = (done) => {
      const now = Date.now();
      if (now - last < 150 && done < TOTAL) return;
      last = now;
      tell({ type: "offline-progress", done, total: TOTAL }).catch(ignore);
    };
    let outcome = { finished: true };
    try {
      await download(cache, report, controller.signal);
    } catch (err) {
      const full = err && err.name === "QuotaExceededError";
      outcome = controller.signal.aborted ? { finished: false } : {
        error: full ? "this device has no room left for it" : String((err && err.message) || err),
      };
    }
    current = null;
    await tell(await status(outcome));
  })();
  current = { promise, controller };
  return promise;
}

async function remove() {
  if (current) {
    current.controller.abort();
    await current.promise.catch(ignore);
  }
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (!CORE.has(request.url)) await cache.delete(request);
  }
  await tell(await status({ removed: true }));
}

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "offline-status") {
    event.waitUntil(status().then((s) => event.source && event.source.postMessage(s)));
  } else if (type === "offline-keep") {
    event.waitUntil(keep());
  } else if (type === "offline-remove") {
    event.waitUntil(remove());
  } else if (type === "claim") {
    event.waitUntil(self.clients.claim());
  }
});
