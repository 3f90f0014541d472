// A calculator's inputs: read from its form, written from the URL, and shared in the URL.
export function readForm(form) {
  const params = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    params[el.name] = el.type === "checkbox" ? (el.checked ? "true" : "false") : el.value;
  }
  return params;
}

export function writeField(el, value) {
  if (el.type === "checkbox") el.checked = ["true", "1", "yes", "on"].includes(String(value).toLowerCase());
  else el.value = value;        // a value a select does not offer leaves it blank: Python says why
}

function urlOwner() {
  const query = new URLSearchParams(location.search);
  const roots = document.querySelectorAll("[data-calculator]");
  return query.get("calc") || (roots.length === 1 ? roots[0].dataset.calculator : null);
}

export function applyQuery(root, form) {
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

