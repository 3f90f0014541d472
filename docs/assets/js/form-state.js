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
// Likewise a value from the URL that a number field cannot hold ("NaN", "1e309", "٣": the browser
// empties the field) is kept and sent as it came, so calc names the field and the value rather
// than take the field as blank; the reader's first edit of the field replaces it.
const unread = new WeakMap();

// A field's value in the one string form calc compares (calc.params.canonical): a checkbox is
// "true" or "false", a blank is "", anything else the text the control holds.
export function fieldValue(el) {
  if (el.type === "checkbox") return el.checked ? "true" : "false";
  if (el.tagName === "SELECT" && el.selectedIndex < 0 && unoffered.has(el)) return unoffered.get(el);
  if (el.type === "number" && el.value === "" && unread.has(el)) return unread.get(el);
  return el.value;
}

export function readForm(form) {
  const params = {};
  for (const el of form.elements) {
    if (el.name) params[el.name] = fieldValue(el);
  }
  return params;
}

// When a field applies, as the build wrote it from the declaration (`Param.when`, the field's
// data-shown-when): {deciding field: [values, canonical]}, or a list of such conditions of which
// one must hold (`Param.shown_any`); none means always.
export function shownWhen(field) {
  try {
    const when = JSON.parse(field.dataset.shownWhen || "{}");
    return when && typeof when === "object" ? when : {};
  } catch {
    return {};
  }
}

// calc's `Param.applies`, the same rule on the same data: every deciding field holds one of its
// listed values (a field missing from params counts as blank); of a list, one condition holds.
export function applies(when, params) {
  if (Array.isArray(when)) return when.some((one) => applies(one, params));
  return Object.entries(when).every(([name, values]) => Array.isArray(values) && values.includes(params[name] ?? ""));
}

// The fields that take a field's place, as the build wrote them from the declaration
// (`Param.replaced_by`, the field's data-replaced-by): a list of names; none means never.
function replacedBy(field) {
  try {
    const names = JSON.parse(field.dataset.replacedBy || "[]");
    return Array.isArray(names) ? names : [];
  } catch {
    return [];
  }
}

// calc's `Calculator.replaced`: every field that takes this one's place applies and holds a value.
export function replaced(form, field, params) {
  const names = replacedBy(field);
  return names.length > 0 && names.every((name) => (params[name] ?? "") !== "" && fieldApplies(form, name, params));
}

// calc's `Calculator.applies`: the field's shown_when holds and no other field takes its place.
export function fieldApplies(form, name, params) {
  const field = form.querySelector(`[data-field="${CSS.escape(name)}"]`);
  return !field || (applies(shownWhen(field), params) && !replaced(form, field, params));
}

// The params a link carries: those that hold a value and apply to these params.
function linkParams(form, params) {
  return Object.fromEntries(Object.entries(params).filter(([name, value]) => value !== "" && fieldApplies(form, name, params)));
}

export function writeField(el, value) {
  if (el.type === "checkbox") {   // a yes as a link may write it: calc's words, on the form (data-true-words)
    el.checked = el.form.dataset.trueWords.split(" ").includes(String(value).toLowerCase());
    return;
  }
  el.value = value;
  if (el.tagName === "SELECT") {
    if (el.selectedIndex < 0) unoffered.set(el, String(value));
    else unoffered.delete(el);
  }
  if (el.type === "number") {
    if (el.value === "" && String(value).trim() !== "") {
      unread.set(el, String(value));
      el.addEventListener("input", () => unread.delete(el), { once: true });
    } else unread.delete(el);
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
    } else if ("defaultValue" in el) {
      el.value = el.defaultValue;
      unread.delete(el);
    }
  }
}

// The calculator a link speaks to: the one it names (?calc=; an empty or unknown name is none of
// the page's: linked.js says so once), else, for a link written without it (say ?rolled=7), the
// only calculator on the page with a field of that name.
function urlOwner() {
  const query = new URLSearchParams(location.search);
  if (query.has("calc")) return query.get("calc");
  const keys = [...query.keys()].map((key) => (key.startsWith(B_PREFIX) ? key.slice(B_PREFIX.length) : key));
  const owners = [...document.querySelectorAll("[data-calculator]")].filter((root) => {
    const form = root.querySelector("form");
    return form && keys.some((key) => form.elements.namedItem(key));
  });
  return owners.length === 1 ? owners[0].dataset.calculator : null;
}

// Whether the address is a link to this calculator (its form was filled from it).
export function readsLink(root) {
  return Boolean(root) && urlOwner() === root.dataset.calculator;
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

// Options that depend on another field (a weapon list per rules): the build wrote on each option
// the values of that field it is offered under (data-offered) and its label under each, from the
// declaration (ChoiceParam.offered); as `ChoiceParam.options` does, only those offered under that
// field's current value (canonical form) are shown, each under its label for that value. When the
// reader changes that field, a choice the new value does not offer falls back to the built
// default, else the first offered; a choice that a link (`link`) made and its rules do not offer
// is kept as it came (the select blank), so calc answers with the field's message, not with
// another weapon. A kept choice the reader's rules offer again is selected again.
export function filterOptions(form, { link = false } = {}) {
  form.querySelectorAll("option[data-offered]").forEach((option) => {
    const select = option.parentElement;
    const by = select.dataset.filteredBy && form.elements.namedItem(select.dataset.filteredBy);
    if (!by) return;
    const current = fieldValue(by);
    const offered = option.dataset.offered.split(" ").includes(current);
    option.hidden = !offered;
    option.disabled = !offered;
    const label = option.dataset["label" + current.charAt(0).toUpperCase() + current.slice(1)];
    if (label) option.textContent = label;
  });
  form.querySelectorAll("select[data-filtered-by]").forEach((select) => {
    const open = Array.from(select.options).filter((o) => !o.hidden);
    const kept = select.selectedIndex < 0 && unoffered.get(select);
    const again = kept && open.find((o) => o.value === kept);
    if (again) writeField(select, again.value);
    const chosen = select.options[select.selectedIndex];
    if (!chosen || !chosen.hidden) return;
    if (link) {
      select.selectedIndex = -1;
      unoffered.set(select, chosen.value);
      return;
    }
    const back = open.find((o) => o.defaultSelected) || open[0];   // the built default if offered
    if (back) select.value = back.value;
  });
}

export const B_PREFIX = "b.";   // compare mode: B's fields in the URL (A's are plain)

// The calculator's keys for these form params, only those that hold a value and apply: in compare
// mode, A's (pinned) plain and B's under `b.` (those that differ from A's link, or all of them
// when none does). A field B clears that A's link fills is written blank, so B stays B.
function calculatorQuery(root, params) {
  const form = root.querySelector("form");
  const pinned = root.compare && root.compare.a;
  const a = linkParams(form, pinned || params);
  const query = new URLSearchParams({ calc: root.dataset.calculator, ...a });
  if (pinned) {
    const b = linkParams(form, params);
    const cleared = Object.keys(a).filter((name) => params[name] === "" && fieldApplies(form, name, params));
    const differ = [...Object.entries(b).filter(([name, value]) => a[name] !== value), ...cleared.map((name) => [name, ""])];
    for (const [name, value] of differ.length ? differ : Object.entries(b)) query.set(B_PREFIX + name, value);
  }
  return query;
}

// Whether the address is this calculator's link already (a shared link, or the reader's edits).
export function ownsUrl(root) {
  return new URLSearchParams(location.search).get("calc") === root.dataset.calculator;
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

