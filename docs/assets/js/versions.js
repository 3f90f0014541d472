// The two versions of a rule (the Summary rules and House rules tabs) as one choice per page:
// - `?rules=house` (or `summary`) in a link opens those tabs: a citation's link carries it;
// - a calculator's "Rules" select and the tabs follow each other, both ways; except that the
//   calculator a link names keeps the rules its link says (each side's own, in compare mode),
//   and the page's tabs open at its A's rules;
// - clicking a tab no longer writes Material's opaque `#__tabbed_2_2` into the address bar.
// A version's key is the first word of its tab label, lower case: "House rules" -> "house".
import { readsLink, writeField } from "./form-state.js";

export const VERSION_KEY = "rules";

function labelOf(input) {
  return document.querySelector(`label[for="${CSS.escape(input.id)}"]`);
}

export function versionKey(label) {
  const word = label ? label.textContent.trim().split(/\s+/)[0] : "";
  return /^[A-Za-z]+$/.test(word) ? word.toLowerCase() : "";
}

function tabSets() {
  return [...document.querySelectorAll(".md-content .tabbed-set")];
}

// The tab set that belongs to a heading: the first one in its section (before the next heading
// of the same or a higher level), or the one the heading sits in.
export function sectionTabs(heading) {
  const inside = heading.closest(".tabbed-set");
  if (inside) return inside;
  if (heading.tagName === "H1") return null;   // the page's title cites the whole page
  const level = Number(heading.tagName.slice(1));
  for (let el = heading.nextElementSibling; el; el = el.nextElementSibling) {
    if (/^H[1-6]$/.test(el.tagName) && Number(el.tagName.slice(1)) <= level) return null;
    if (el.matches(".tabbed-set")) return el;
    const nested = el.querySelector(".tabbed-set");
    if (nested) return nested;
  }
  return null;
}

// The open tab of a set: { label: "House rules", key: "house" }.
export function openVersion(set) {
  const input = set && set.querySelector(":scope > input:checked");
  const label = input && labelOf(input);
  return label ? { label: label.textContent.trim(), key: versionKey(label) } : null;
}

let syncing = false;

// Open the tabs of `key` in every set that has one (quietly: Material's own linking is told
// this is a switch it need not repeat).
function openTabs(key) {
  for (const set of tabSets()) {
    for (const input of set.querySelectorAll(":scope > input")) {
      const label = labelOf(input);
      if (!label || versionKey(label) !== key || input.checked) continue;
      label.setAttribute("data-md-switching", "");
      input.click();
    }
  }
}

function rulesSelects() {
  return [...document.querySelectorAll(`[data-calculator] select[name="${VERSION_KEY}"]`)];
}

// The Rules select of the calculator a link names (its form holds the link's settings).
function linkedSelect() {
  return rulesSelects().find((select) => readsLink(select.closest("[data-calculator]"))) || null;
}

// The rules a link's calculator was asked about: A's, when it compares two settings.
function linkedRules(select) {
  const root = select.closest("[data-calculator]");
  return (root.compare && root.compare.a[VERSION_KEY]) || select.value;
}

function setCalculators(key, { except = null } = {}) {
  for (const select of rulesSelects()) {
    if (select === except) continue;
    if (select.value === key || ![...select.options].some((o) => o.value === key)) continue;
    writeField(select, key);
    // the calculator follows the page; its address stays the page's unless it is a calculator
    // link already (calculators.js reads codexFollow)
    select.form.dispatchEvent(new CustomEvent("change", { detail: { codexFollow: true } }));
  }
}

function pageVersion() {
  for (const set of tabSets()) {
    const open = openVersion(set);
    if (open && open.key) return open.key;
  }
  return "";
}

let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  // a tab's label wraps an <a href="#__tabbed_…"> whose click Material turns into a hash: take
  // the click first and work the label itself, so the address keeps the reader's own hash
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest('.tabbed-labels > label > a[href^="#__tabbed_"]');
    if (!link || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    event.stopPropagation();
    link.parentElement.click();
  }, true);
  document.addEventListener("change", (event) => {
    const el = event.target;
    if (syncing || !(el instanceof HTMLElement)) return;
    syncing = true;
    try {
      if (el.matches(".tabbed-set > input")) {
        const key = versionKey(labelOf(el));
        if (key) setCalculators(key);
        const query = new URLSearchParams(location.search);
        // the address follows, unless a calculator's link holds it (that calculator wrote it)
        if (key && !linkedSelect() && query.has(VERSION_KEY) && query.get(VERSION_KEY) !== key) {
          query.set(VERSION_KEY, key);
          history.replaceState(history.state, "", location.pathname + "?" + query.toString() + location.hash);
        }
      } else if (el.matches(`[data-calculator] select[name="${VERSION_KEY}"]`)) {
        // the page's tabs follow, and with them any other calculator on a page that has tabs
        // (on a page without tabs, such as the Calculators page, each calculator is its own)
        if (tabSets().length) {
          openTabs(el.value);
          setCalculators(el.value);
        }
      }
    } finally {
      syncing = false;
    }
  });
}

export function bindVersions() {
  listen();
  const linked = linkedSelect();
  const asked = linked ? linkedRules(linked) : new URLSearchParams(location.search).get(VERSION_KEY);
  const wanted = asked && /^[a-z]+$/.test(asked) ? asked : "";
  syncing = true;
  try {
    if (wanted) openTabs(wanted);
    const key = wanted || pageVersion();
    if (key) setCalculators(key, { except: linked });
  } finally {
    syncing = false;
  }
}
