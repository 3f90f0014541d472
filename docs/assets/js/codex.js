// The Codex's page script: binds calculators, heading links and glossary terms on each page.
// Material's instant navigation swaps pages without reloading this module, so the calculator
// worker (in calculators.js) boots once per visit and survives page changes.
import { bind } from "./calculators.js";
import { SITE_ROOT, bindHeadingLinks, followMovedAnchor } from "./links.js";

function bindGlossary() {
  // Material shows an abbreviation's tooltip on hover and on focus; making each glossary term
  // focusable is what lets a tap on a touch screen (or the Tab key) open it too.
  document.querySelectorAll(".md-content abbr[title]").forEach((abbr) => {
    abbr.tabIndex = 0;
  });
}

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

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(bindPage);
} else {
  bindPage();
}
