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
  for (const el of form.elements) {
    if (el.name && query.has(el.name)) writeField(el, query.get(el.name));
  }
  // keys the form does not have still go to Python, which names them in its message
  for (const [key, value] of query) {
    if (key !== "calc" && !form.elements.namedItem(key)) root.extraParams[key] = value;
  }
}

export function shareQuery(root, params) {
  const query = new URLSearchParams({ calc: root.dataset.calculator, ...params });
  return "?" + query.toString();
}

export function writeUrl(root, params) {
  const url = location.pathname + shareQuery(root, params) + location.hash;
  history.replaceState(history.state, "", url);
}

