// Loaded (blocking, tiny) in the head of pages with a calculator, before the body is drawn.
// A link with a query may hold inputs the built figures were not worked out for, so:
// - every built result is greyed (codex.css .cx-linked) until calculators.js has read the link;
// - the calculator the link names (?calc=<id>) is marked as it is parsed, before the first paint:
//   its answer comes first and the built figures are not shown at all (cx-calc--pending), since a
//   number beside other inputs is a wrong number; calculators.js lifts the mark once the figures
//   on screen belong to the inputs on screen.
// A link that names a calculator is marked on <html> (data-codex-link): runtime.js starts the
// runtime at once for it, and until its first answer (data-codex-runtime, the "codex:runtime"
// event) the page's other downloads wait: the service worker (offline.js) and Material's search
// index, which the reader gets at once if they open the search first.
// A classic script rather than a module: modules run only after the first paint.
(function () {
  if (!location.search) return;
  const html = document.documentElement;
  html.classList.add("cx-linked");
  if (!new URLSearchParams(location.search).has("calc")) return;
  html.dataset.codexLink = "";
  startEarly();
  holdSearchIndex(html);
  const id = new URLSearchParams(location.search).get("calc");
  if (!/^[a-z0-9-]{1,40}$/.test(id)) return;
  const watch = new MutationObserver(() => {
    const root = document.getElementById("calc-" + id);
    if (!root) return;
    root.classList.add("cx-calc--answer-first", "cx-calc--pending");
    watch.disconnect();
  });
  watch.observe(html, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => watch.disconnect());

  // The runtime's worker, started now rather than once runtime.js and its imports have arrived;
  // runtime.js adopts it (codexEarlyWorker) with the messages it sent meanwhile.
  function startEarly() {
    const script = document.currentScript;
    const worker = new Worker(new URL("worker.mjs", script.src), { type: "module" });
    const early = { worker, messages: [], error: null };
    worker.onmessage = (event) => early.messages.push(event);
    worker.onerror = (event) => { event.preventDefault(); early.error = event; };
    worker.postMessage({ type: "start", path: window.codexBootPath || "auto" });
    window.codexEarlyWorker = early;
  }

  // Material asks for search/search_index.json (90 kB) as it starts; the request is sent once the
  // first answer is in, the reader reaches for the search, or 30 s have passed.
  function holdSearchIndex(root) {
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    const held = [];
    let holding = true;
    const release = () => {
      if (!holding) return;
      holding = false;
      held.splice(0).forEach((go) => go());
    };
    XMLHttpRequest.prototype.open = function (method, url, ...rest) {
      this.codexHeld = /\/search\/search_index\.json$/.test(new URL(String(url), location.href).pathname);
      return open.call(this, method, url, ...rest);
    };
    XMLHttpRequest.prototype.send = function (...args) {
      if (!holding || !this.codexHeld) return send.apply(this, args);
      held.push(() => send.apply(this, args));
    };
    document.addEventListener("codex:runtime", release, { once: true });
    document.addEventListener("focusin", (event) => {
      if (event.target.closest && event.target.closest(".md-search")) release();
    });
    document.addEventListener("change", (event) => {
      if (event.target.id === "__search") release();
    });
    setTimeout(release, 30000);
    if (root.dataset.codexRuntime) release();
  }
})();
