// Offline use, the reader's choice: registers the service worker (docs/sw.js) and drives the
// "Keep the Codex on this device" control (overrides/partials/offline.html). The service worker
// does the downloading and says how far it got; this module only shows it. Nothing large is
// fetched until the reader presses the button.
import { SITE_ROOT } from "./links.js";
import "./connection.js";

const supported = "serviceWorker" in navigator && window.isSecureContext;
let status = null;     // the service worker's last word: {kept, stored, total, busy, ...}
let progress = null;   // {done, total} while downloading
let note = "";         // the last outcome to tell the reader

const mb = globalThis.codexMegabytes;

async function tellWorker(message) {
  const registration = await navigator.serviceWorker.ready;
  (registration.active || navigator.serviceWorker.controller).postMessage(message);
}

function render() {
  document.querySelectorAll("[data-offline]").forEach((box) => {
    const keep = box.querySelector("[data-offline-keep]");
    const remove = box.querySelector("[data-offline-remove]");
    const bar = box.querySelector("[data-offline-bar]");
    const line = box.querySelector("[data-offline-status]");
    box.hidden = false;
    const busy = progress !== null;
    const complete = Boolean(status && status.kept && status.stored >= status.total);
    keep.hidden = complete;
    keep.disabled = busy;
    remove.hidden = !(status && status.kept) && !busy;
    bar.hidden = !busy;
    box.setAttribute("aria-busy", String(busy));
    let text = note;
    if (busy) {
      bar.max = progress.total;
      bar.value = progress.done;
      text = `Downloading for offline use: ${globalThis.codexMegabytesOf(progress.done, progress.total)}.`;
    } else if (complete && !note) {
      text = `The Codex is kept on this device (${mb(status.total)}): every page and calculator works offline.`;
    } else if (status && status.kept && !note) {
      text = `Part of the offline copy is missing (${mb(status.total - status.stored)}): press the button to complete it.`;
    }
    if (line.textContent !== text) line.textContent = text;
  });
}

function onMessage({ data }) {
  if (!data || typeof data !== "object") return;
  if (data.type === "offline-progress") {
    progress = { done: data.done, total: data.total };
  } else if (data.type === "offline-status") {
    status = data;
    progress = data.busy ? progress || { done: data.stored, total: data.total } : null;
    if (data.finished) note = `Done: the Codex is on this device (${mb(data.total)}) and works offline.`;
    else if (data.error) note = `The download stopped (${data.error}). Press the button to try again.`;
    else if (data.removed) note = "The offline copy was removed from this device.";
  } else {
    return;
  }
  render();
}

function keepOffline() {
  note = "";
  progress = { done: status ? status.stored : 0, total: status ? status.total : 1 };
  render();
  // ask the browser not to evict the copy under storage pressure (it may say no)
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  tellWorker({ type: "offline-keep" });
}

function removeOffline() {
  note = "";
  tellWorker({ type: "offline-remove" });
}

export function bindOffline() {
  if (!supported) return;
  document.querySelectorAll("[data-offline]").forEach((box) => {
    box.querySelector("[data-offline-keep]").addEventListener("click", keepOffline);
    box.querySelector("[data-offline-remove]").addEventListener("click", removeOffline);
  });
  render();
  tellWorker({ type: "offline-status" });
}

// Registered after `load` so the worker's first, small downloads never compete with the page's,
// and on a shared link (linked.js) after the linked calculator's answer too.
function register() {
  if (!supported) return;
  navigator.serviceWorker.addEventListener("message", onMessage);
  navigator.serviceWorker.startMessages();
  // once active, the worker takes this page over when it asks (sw.js "claim"): a page that has loaded
  const go = () => navigator.serviceWorker
    .register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!navigator.serviceWorker.controller && registration.active) registration.active.postMessage({ type: "claim" });
    })
    .catch((err) => console.warn("Codex: offline support unavailable:", err));
  const loaded = () => (document.readyState === "complete"
    ? Promise.resolve() : new Promise((done) => window.addEventListener("load", done, { once: true })));
  const html = document.documentElement;
  const answered = !("codexLink" in html.dataset) || "codexAnswered" in html.dataset ? Promise.resolve()
    : new Promise((done) => document.addEventListener("codex:answered", done, { once: true }));
  Promise.all([loaded(), answered]).then(go);
}

register();
