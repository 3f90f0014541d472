// The Codex's page layer: thin on purpose. It reads each calculator's form, keeps its
// state in the URL, asks the worker (Pyodide + calc) and shows the HTML the worker sends.
// It computes no odds. Contract: [data-calculator] roots carry data-state
// (static | busy | ready | error); headline figures are [data-result] with data-value.

const STOP_AFTER_MS = 1000;   // a computation running longer than this offers Stop
const WORKER_URL = new URL("worker.mjs", import.meta.url);
const SITE_ROOT = new URL("../../", import.meta.url);   // this file is assets/js/codex.js

function stopAfterMs() {
  // tests may lower it (window.codexStopAfterMs) to reach Stop without a slow computation
  return Number.isFinite(window.codexStopAfterMs) ? window.codexStopAfterMs : STOP_AFTER_MS;
}

// ---------------------------------------------------------------- the worker, once per visit
let worker = null;
let booted = false;
let nextId = 1;
const pending = new Map();          // request id -> resolve
const bootWaiters = new Set();      // calculators to tell when the worker is ready

function startWorker() {
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

function ask(calculator, params) {
  if (!worker) startWorker();
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, calculator, params });
  });
}

function restartWorker() {
  if (worker) worker.terminate();
  for (const resolve of pending.values()) resolve({ stopped: true });
  pending.clear();
  worker = null;
  startWorker();
}

// ---------------------------------------------------------------- form <-> params <-> URL
function readForm(form) {
  const params = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    params[el.name] = el.type === "checkbox" ? (el.checked ? "true" : "false") : el.value;
  }
  return params;
}

function writeField(el, value) {
  if (el.type === "checkbox") el.checked = ["true", "1", "yes", "on"].includes(String(value).toLowerCase());
  else el.value = value;        // a value a select does not offer leaves it blank: Python says why
}

function urlOwner() {
  const query = new URLSearchParams(location.search);
  const roots = document.querySelectorAll("[data-calculator]");
  return query.get("calc") || (roots.length === 1 ? roots[0].dataset.calculator : null);
}

function applyQuery(root, form) {
  if (urlOwner() !== root.dataset.calculator) return;
  const query = new URLSearchParams(location.search);
  for (const el of form.elements) {
    if (el.name && query.has(el.name)) writeField(el, query.get(el.name));
  }
  // keys the form does not have still go to Python, which names them in its message
  for (const [key, value] of query) {
    if (key !== "calc" && !form.elements.namedItem(key)) root.extraParams[key] = value;
  }
}

function shareQuery(root, params) {
  const query = new URLSearchParams({ calc: root.dataset.calculator, ...params });
  return "?" + query.toString();
}

function writeUrl(root, params) {
  const url = location.pathname + shareQuery(root, params) + location.hash;
  history.replaceState(history.state, "", url);
}

// ---------------------------------------------------------------- one calculator
function setState(root, state, status) {
  root.dataset.state = state;
  if (status !== undefined) root.querySelector(".cx-status").textContent = status;
}

function clearErrors(root) {
  root.querySelectorAll(".cx-error").forEach((el) => { el.hidden = true; el.textContent = ""; });
  root.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

function showError(root, error) {
  const slot = error.field && root.querySelector(`[data-field="${CSS.escape(error.field)}"] .cx-error`);
  if (slot) {
    slot.textContent = error.message;     // text, never HTML
    slot.hidden = false;
    const input = slot.parentElement.querySelector("input, select");
    if (input) input.setAttribute("aria-invalid", "true");
    setState(root, "error", "Fix the highlighted field; the result below is out of date.");
  } else {
    setState(root, "error", error.message + " The result below is out of date.");
  }
  root.querySelector(".cx-result").classList.add("cx-result--stale");
}

function bind(root) {
  if (root.codexBound) return;
  root.codexBound = true;
  root.extraParams = {};
  const form = root.querySelector("form");
  const stop = root.querySelector(".cx-stop");
  const copy = root.querySelector(".cx-copy");
  let running = false;
  let again = false;
  let stopTimer = 0;
  let shown = null;          // the params (as JSON) of the result on screen, once live

  async function compute() {
    if (running) { again = true; return; }
    running = true;
    const params = { ...root.extraParams, ...readForm(form) };
    setState(root, "busy", booted ? "Working…" : "Getting the calculator ready…");
    stopTimer = setTimeout(() => { stop.hidden = false; }, stopAfterMs());
    const reply = await ask(root.dataset.calculator, params);
    clearTimeout(stopTimer);
    stop.hidden = true;
    running = false;
    if (again) { again = false; compute(); return; }
    if (reply.stopped) {
      shown = null;
      setState(root, "error", "Stopped. Change a value to try again.");
      root.querySelector(".cx-result").classList.add("cx-result--stale");
      return;
    }
    clearErrors(root);
    if (reply.error) { shown = null; showError(root, reply.error); return; }
    shown = JSON.stringify(params);
    root.querySelector(".cx-result").innerHTML = reply.html;   // escaped by codex_view
    root.querySelector(".cx-result").classList.remove("cx-result--stale");
    setState(root, "ready", "Up to date.");
  }

  function edited() {
    root.extraParams = {};
    const params = readForm(form);
    writeUrl(root, params);
    // a field's "change" after its "input" events, or a select re-chosen, asks nothing new
    if (!running && shown === JSON.stringify(params)) return;
    compute();
  }

  form.addEventListener("input", edited);
  form.addEventListener("change", edited);
  form.addEventListener("submit", (event) => { event.preventDefault(); edited(); });
  stop.addEventListener("click", () => {
    stop.hidden = true;
    restartWorker();
  });
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    const url = location.origin + location.pathname + shareQuery(root, readForm(form)) + "#" + root.id;
    await copyText(url);
    flash(copy, "Link copied");
  });
  bootWaiters.add(() => { if (root.dataset.state === "busy") setState(root, "busy", "Working…"); });

  applyQuery(root, form);
  compute();
}

// ---------------------------------------------------------------- links, tooltips
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

function flash(anchor, message) {
  const note = document.createElement("span");
  note.className = "cx-flash";
  note.setAttribute("role", "status");
  note.textContent = message;
  anchor.after(note);
  setTimeout(() => note.remove(), 2500);
}

// Cite this rule: after copying its URL, a heading link opens a small popover that copies the
// rule as a forum citation: "Seventh Sun Codex › Combat › Parry" with the URL, plain, in
// Markdown or in BBCode. Built with textContent only: no page text is ever parsed as HTML.
const CITE_SEPARATOR = " › ";
const CITE_FORMATS = [
  ["link", "Copy link", "Link copied"],
  ["markdown", "Copy as Markdown", "Copied as Markdown"],
  ["bbcode", "Copy as BBCode", "Copied as BBCode"],
];
const URL_UNSAFE = { "(": "%28", ")": "%29", "[": "%5B", "]": "%5D", " ": "%20" };
let openCite = null;          // { holder, link } of the popover on screen
let citeListening = false;

function citeText(element) {
  const copy = element.cloneNode(true);
  copy.querySelectorAll(".headerlink, .cx-flash").forEach((el) => el.remove());
  return copy.textContent.replace(/\s+/g, " ").trim();
}

function citeSiteName() {
  const meta = document.querySelector('meta[property="og:site_name"]');
  if (meta && meta.content) return meta.content;
  const topic = document.querySelector(".md-header__topic .md-ellipsis");
  return topic ? topic.textContent.trim() : "";
}

// Material's instant navigation rewrites every href to an absolute URL; resolve either form.
function headingUrl(link) {
  const url = new URL(link.getAttribute("href"), location.href);
  return location.origin + location.pathname + url.hash;
}

function citation(link) {
  const h1 = document.querySelector(".md-content h1");
  const heading = link.closest("h1, h2, h3, h4, h5, h6");
  const parts = [citeSiteName(), h1 ? citeText(h1) : ""];
  if (heading && heading !== h1) parts.push(citeText(heading));
  return {
    title: parts.filter(Boolean).join(CITE_SEPARATOR),
    url: headingUrl(link),
  };
}

function formatCitation(format, { title, url }) {
  const safeUrl = url.replace(/[()[\] ]/g, (c) => URL_UNSAFE[c]);
  if (format === "markdown") return `[${title.replace(/[\\[\]]/g, "\\$&")}](${safeUrl})`;
  if (format === "bbcode") return `[url=${safeUrl}]${title.replace(/\[/g, "(").replace(/\]/g, ")")}[/url]`;
  return url;
}

function closeCite({ restoreFocus = false } = {}) {
  if (!openCite) return;
  const { holder, link } = openCite;
  openCite = null;
  holder.remove();
  link.setAttribute("aria-expanded", "false");
  if (restoreFocus && link.isConnected) link.focus();
}

function listenForCiteDismissal() {
  if (citeListening) return;
  citeListening = true;
  document.addEventListener("pointerdown", (event) => {
    if (openCite && !openCite.holder.contains(event.target) && !openCite.link.contains(event.target)) closeCite();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && openCite) closeCite({ restoreFocus: true });
  });
}

function openCitePopover(link) {
  closeCite();
  const cite = citation(link);
  const holder = document.createElement("div");
  holder.className = "cx-cite-holder";
  const box = document.createElement("div");
  box.className = "cx-cite";
  box.id = "cx-cite";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "Cite this rule");
  const text = document.createElement("p");
  text.className = "cx-cite__text";
  text.textContent = cite.title;
  const actions = document.createElement("div");
  actions.className = "cx-cite__actions";
  const done = document.createElement("p");
  done.className = "cx-cite__done";
  done.setAttribute("role", "status");
  for (const [format, label, copied] of CITE_FORMATS) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.citeFormat = format;
    button.textContent = label;
    button.addEventListener("click", async () => {
      done.textContent = "";
      await copyText(formatCitation(format, cite));
      done.textContent = copied;
    });
    actions.append(button);
  }
  box.append(text, actions, done);
  box.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (to && !holder.contains(to) && to !== link) closeCite();   // tabbed away
  });
  holder.append(box);
  (link.closest("h1, h2, h3, h4, h5, h6") || link).after(holder);
  link.setAttribute("aria-expanded", "true");
  link.setAttribute("aria-controls", box.id);
  openCite = { holder, link };
  actions.querySelector("button").focus({ preventScroll: true });
}

function bindHeadingLinks() {
  if (openCite && !openCite.holder.isConnected) openCite = null;   // the page changed under it
  listenForCiteDismissal();
  document.querySelectorAll(".md-content .headerlink").forEach((link) => {
    if (link.codexBound) return;
    link.codexBound = true;
    link.setAttribute("aria-label", "Copy a link to this rule");
    link.setAttribute("aria-haspopup", "dialog");
    link.setAttribute("aria-expanded", "false");
    link.addEventListener("click", async (event) => {
      event.preventDefault();
      event.stopPropagation();   // not a navigation: keep Material's instant navigation out of it
      const url = headingUrl(link);
      history.replaceState(history.state, "", location.pathname + location.search + new URL(url).hash);
      await copyText(url);
      flash(link, "Link copied");
      openCitePopover(link);
    });
  });
}

function bindGlossary() {
  // Material shows an abbreviation's tooltip on hover and on focus; making each glossary term
  // focusable is what lets a tap on a touch screen (or the Tab key) open it too.
  document.querySelectorAll(".md-content abbr[title]").forEach((abbr) => {
    abbr.tabIndex = 0;
  });
}

// A rule anchor that moved keeps working: docs/anchor_redirects.json maps "page/#old" to "page/#new".
async function followMovedAnchor() {
  let id;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return;   // a malformed hash (say "#%E0%A4%A") names no anchor, old or new
  }
  if (!id || document.getElementById(id)) return;
  const page = location.pathname.slice(SITE_ROOT.pathname.length);
  try {
    const moved = await (await fetch(new URL("anchor_redirects.json", SITE_ROOT))).json();
    const target = moved[`${page}#${id}`];
    if (typeof target === "string" && /^[a-z0-9/_-]*#[a-z0-9-]+$/.test(target)) {
      location.replace(new URL(target, SITE_ROOT).href);
    }
  } catch {
    /* no redirect list: nothing to follow */
  }
}

// A result can hand its figure to another calculator (rk-tn -> rk-check): fill that
// calculator's form if it is on this page, else open its page with the values in the URL.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest(".cx-chain[data-chain-calculator]");
  if (!button) return;
  const id = button.dataset.chainCalculator;
  const params = JSON.parse(button.dataset.chainParams || "{}");
  const target = document.querySelector(`[data-calculator="${CSS.escape(id)}"]`);
  if (target && target.codexBound) {
    const form = target.querySelector("form");
    for (const [name, value] of Object.entries(params)) {
      const field = form.elements.namedItem(name);
      if (field) writeField(field, String(value));
    }
    form.dispatchEvent(new Event("change"));
    target.scrollIntoView({ behavior: "smooth", block: "start" });
    return;
  }
  const url = new URL(button.dataset.chainPage, SITE_ROOT);
  url.search = new URLSearchParams({ calc: id, ...params }).toString();
  url.hash = "calc-" + id;
  location.assign(url.href);
});

// Chart bars carry their value in an SVG <title> (a hover tooltip); a tap or click also
// writes it under the chart, since touch screens never show titles.
document.addEventListener("click", (event) => {
  const bar = event.target.closest && event.target.closest(".cx-chart rect[data-x]");
  if (!bar) return;
  const readout = bar.closest(".cx-chart").querySelector(".cx-chart__readout");
  if (readout) readout.textContent = bar.querySelector("title").textContent;
});

function bindPage() {
  document.querySelectorAll("[data-calculator]").forEach(bind);
  bindHeadingLinks();
  bindGlossary();
  followMovedAnchor();
}

// Offline: a service worker at the site root (docs/sw.js) keeps the pages and the Pyodide
// runtime, so after one visit the rules and calculators work without a network. Registered
// after `load` so its downloads do not compete with the page's own.
function registerOfflineSupport() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const register = () => navigator.serviceWorker
    .register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.pathname })
    .catch((err) => console.warn("Codex: offline support unavailable:", err));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

registerOfflineSupport();

// Material's instant navigation swaps pages without reloading this module: the worker stays.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(bindPage);
} else {
  bindPage();
}
