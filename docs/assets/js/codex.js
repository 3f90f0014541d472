// The Codex's page script: binds each page's parts (calculators, heading links, glossary terms,
// charts, tabs, search results, previews, the offline control) every time Material shows a page.
// Instant navigation swaps pages without reloading this module, so the calculator worker
// (runtime.js) boots once per visit and survives page changes.
import { bind } from "./calculators.js";
import { bindHeadingLinks, followAnchorCase, followMovedAnchor, landOnAnchor } from "./links.js";
import { bindChartTouch } from "./chart-touch.js";
import { bindTotals } from "./totals.js";
import { bindLayout } from "./form-layout.js";
import { bindReading } from "./reading.js";
import { bindGlossaryTap } from "./glossary-tap.js";
import { bindVersions } from "./versions.js";
import { bindSearchWhere } from "./search-where.js";
import { bindOffline } from "./offline.js";
import { bindPreviews } from "./previews.js";
import { bindRolls } from "./rolls.js";
import { bindPrint } from "./print.js";
import { nextTurn } from "./turns.js";

// A reader's heroes (heroes.js, hero-pick.js, hero-page.js) load only on the hero page or when this
// device keeps a hero: a page load that never opens one fetches none of them.
function bindHeroes() {
  let kept = false;
  try { kept = Boolean(localStorage.getItem("codex-heroes")); } catch { /* storage blocked: no heroes */ }
  if (document.getElementById("cx-heroes")) import("./hero-page.js").then((m) => m.bindHeroPage(), () => {});
  else if (kept) import("./hero-pick.js").then((m) => m.bindHeroes(), () => {});
}

function bindGlossary() {
  // Material shows an abbreviation's tooltip on hover and on focus; making each glossary term
  // focusable is what lets a tap on a touch screen (or the Tab key) open it too.
  document.querySelectorAll(".md-content abbr[title]").forEach((abbr) => {
    abbr.tabIndex = 0;
  });
}

function bindCalculator(root) {
  bind(root);
  bindLayout(root);
  bindReading(root);
}

// A link followed inside the site (a popover's calculator link, a search answer: Material swaps the
// page in, and linked.js ran only on the visit's first page) is a link all the same: the calculator
// it names answers first, under the "Asked" line (asked.js), as on a link's first load.
function markLinked(roots) {
  const id = new URLSearchParams(location.search).get("calc");
  for (const root of roots) if (id && root.dataset.calculator === id) root.classList.add("cx-calc--answer-first");
}

// Nothing is bound in Material's own task (its components mount there), and each piece of the
// binding is a task of its own (nextTurn), short on a phone. A link's calculator (linked.js: answer
// first) is bound first (its stored answer shows then), then the page's parts, and the page's other
// calculators a frame later: what binding changes in them (their buttons, a form's folded fields)
// grows the page above the reader's calculator in a frame of its own, which the browser's scroll
// anchoring absorbs, rather than in the frame that settles the linked calculator itself. Without a
// link, the calculators are bound first, then the page's parts. Instant navigation may show
// another page meanwhile: the pieces left of this one are dropped.
let shown = 0;   // the page bindPage last began to bind

async function bindPage() {
  const page = ++shown;
  const current = () => page === shown;
  await nextTurn();
  if (!current()) return;
  const roots = [...document.querySelectorAll("[data-calculator]")];
  markLinked(roots);
  const linked = roots.filter((root) => root.classList.contains("cx-calc--answer-first"));
  linked.forEach(bindCalculator);
  if (linked.length) {
    await nextTurn();
    if (!current()) return;
    bindParts();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }
  for (const root of roots) {
    if (linked.includes(root)) continue;
    await nextTurn();
    if (!current()) return;
    if (root.isConnected) bindCalculator(root);
  }
  if (linked.length) return;
  await nextTurn();
  if (current()) bindParts();
}

function bindParts() {
  bindVersions();   // after the calculators: their Rules select and the page's tabs agree
  bindHeadingLinks();
  bindGlossary();
  bindGlossaryTap();
  bindChartTouch();
  bindTotals();
  bindSearchWhere();
  landOnAnchor();
  followAnchorCase();   // before a moved anchor is looked up: #R-0016 is #r-0016, not a move
  followMovedAnchor();
  bindOffline();
  bindPreviews();
  bindRolls();
  bindPrint();
  bindHeroes();
}

// Offline use (the service worker and the "Keep the Codex" control) lives in offline.js,
// which registers the service worker when imported.

// A hash changed within the page (a link clicked, an address edited) is followed the same way:
// a differently-cased anchor, then a moved one. Bound once: the window outlives the pages.
window.addEventListener("hashchange", () => {
  followAnchorCase();
  followMovedAnchor();
});

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(bindPage);
} else {
  bindPage();
}
