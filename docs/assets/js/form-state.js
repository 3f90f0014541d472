// A calculator's inputs: read from its form, written from the URL, and shared in the URL.
// A form's state comes from two places only: the defaults the build wrote into the HTML
// (defaultValue, defaultChecked, defaultSelected) and the URL's query. Nothing else counts: not
// the browser's restored form state, and not Material's inline script that unticks a checkbox
// whose id the #hash names (its content-tabs logic), so `rk/basics/#rk-check-explode` is a link,
// never an input.

// A value from the URL that a select does not offer leaves the select blank. The value is kept
// here and sent as it is, so Python answers with the field's message (its label and the
// choices) next to the select, instead of computing the default under a blank field.
const unoffered = new WeakMap();

export function readForm(form) {
  const params = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    if (el.type === "checkbox") params[el.name] = el.checked ? "true" : "false";
    else if (el.tagName === "SELECT" && el.selectedIndex < 0 && unoffered.has(el)) params[el.name] = unoffered.get(el);
    else params[el.name] = el.value;
  }
  return params;
}

export function writeField(el, value) {
  if (el.type === "checkbox") {
    el.checked = ["true", "1", "yes", "on"].includes(String(value).toLowerCase());
    return;
  }
  el.value = value;
  if (el.tagName === "SELECT") {
    if (el.selectedIndex < 0) unoffered.set(el, String(value));
    else unoffered.delete(el);
  }
}

function resetToDefaults(form) {
  for (const el of form.elements) {
    if (!el.name) continue;
    if (el.type === "checkbox" || el.type === "radio") el.checked = el.defaultChecked;
    else if (el.tagName === "SELECT") {
      const chosen = [...el.options].find((option) => option.defaultSelected);
      el.selectedIndex = chosen ? chosen.index : 0;
      unoffered.delete(el);
    } else if ("defaultValue" in el) el.value = el.defaultValue;
  }
}

function urlOwner() {
  const query = new URLSearchParams(location.search);
  const roots = document.querySelectorAll("[data-calculator]");
  return query.get("calc") || (roots.length === 1 ? roots[0].dataset.calculator : null);
}

export function applyQuery(root, form) {
  resetToDefaults(form);
  if (urlOwner() !== root.dataset.calculator) return;
  const query = new URLSearchParams(location.search);
  // Only the calculator's own fields are read: a link from the wild also carries keys that are
  // none of its business (Material's search highlight ?h=, utm_source, fbclid), and those are
  // left alone, neither sent to Python nor reported as an error.
  for (const el of form.elements) {
    if (el.name && query.has(el.name)) writeField(el, query.get(el.name));
  }
  // compare mode (compare.js): the plain fields are A, pinned; `b.` fields change them into B
  if ([...form.elements].some((el) => el.name && query.has(B_PREFIX + el.name))) {
    root.compare = { a: readForm(form) };
    for (const el of form.elements) {
      if (el.name && query.has(B_PREFIX + el.name)) writeField(el, query.get(B_PREFIX + el.name));
    }
  }
}

export const B_PREFIX = "b.";   // compare mode: B's fields in the URL (A's are plain)

// The calculator's keys for these form params: in compare mode, A's (pinned) plain and B's
// under `b.` (only those that differ from A, or all of them when none does).
function calculatorQuery(root, params) {
  const pinned = root.compare && root.compare.a;
  const query = new URLSearchParams({ calc: root.dataset.calculator, ...(pinned || params) });
  if (pinned) {
    const differ = Object.entries(params).filter(([name, value]) => pinned[name] !== value);
    for (const [name, value] of differ.length ? differ : Object.entries(params)) query.set(B_PREFIX + name, value);
  }
  return query;
}

// Every key some calculator on this page owns (its fields' names, and calc itself).
function ownedKeys() {
  const keys = new Set(["calc"]);
  document.querySelectorAll("[data-calculator] form").forEach((form) => {
    for (const el of form.elements) if (el.name) keys.add(el.name);
  });
  return keys;
}

export function shareQuery(root, params) {
  return "?" + calculatorQuery(root, params).toString();
}

export function writeUrl(root, params) {
  // rewrite only the calculators' keys; any other key of the address (?h=, utm_…) stays as it was
  const owned = ownedKeys();
  const query = calculatorQuery(root, params);
  for (const [key, value] of new URLSearchParams(location.search)) {
    const bare = key.startsWith(B_PREFIX) ? key.slice(B_PREFIX.length) : key;   // B's keys are ours too
    if (!owned.has(bare)) query.append(key, value);
  }
  const url = location.pathname + "?" + query.toString() + location.hash;
  history.replaceState(history.state, "", url);
}

