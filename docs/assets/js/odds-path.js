// A built question's short address, q/<calculator>/<slug>/: calc/built/addresses.py's `odds_slug` and
// `odds_path`, the same rule on the same declaration, written once for every page script (a linked
// answer looked up, Copy link handing out the address). The slug names each field that applies
// (form-state.js `fieldApplies`, calc's `Calculator.applies`) and differs from the declaration's
// default or is required, in the declaration's order, as `name-value` joined by "_" ("defaults" when
// none); a value's characters outside a-z, 0-9 and "." are written as "x" and two hex digits.
// The declaration's order, defaults and required fields come from the form's data-odds-fields, which
// the build writes from the declaration (codex_view/render.py `odds_fields`).
// tests/test_odds_path_js.py runs this module under Node against the Python over every built question.
import { fieldApplies, readForm } from "./form-state.js";

export const ODDS_ROOT = "q";
const SAFE = "abcdefghijklmnopqrstuvwxyz0123456789.";
const bytes = new TextEncoder();

// `_segment`: a value as a safe path segment
export function oddsSegment(text) {
  let out = "";
  for (const ch of String(text).toLowerCase()) {
    if (SAFE.includes(ch)) out += ch;
    else for (const byte of bytes.encode(ch)) out += "x" + byte.toString(16).padStart(2, "0");
  }
  return out;
}

// `odds_slug`: `fields` as data-odds-fields holds them ([name, default, required]), `values` each
// field's value in the canonical form (a field left out takes its default), `applies(name, values)`
// whether a field applies to these values.
export function oddsSlug(fields, values, applies) {
  const full = Object.fromEntries(fields.map(([name, fallback]) => [name, values[name] ?? fallback]));
  const parts = fields
    .filter(([name, fallback, required]) => applies(name, full) && (required || full[name] !== fallback))
    .map(([name]) => `${name.replaceAll("_", ".")}-${oddsSegment(full[name])}`);
  return parts.join("_") || "defaults";
}

// The address of the question a calculator's form holds (`params`: its values, readForm's), or null
// when the page cannot be sure of it: a value with a capital letter or an "x" (the slug writes both
// as another value may be written) stands for no address, and the page uses its usual link.
export function oddsPath(root, params) {
  const form = root.querySelector("form");
  let fields;
  try {
    fields = JSON.parse(form.dataset.oddsFields || "null");
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || !fields.length) return null;
  const values = params || readForm(form);
  const applies = (name, full) => fieldApplies(form, name, full);
  const unsure = fields.some(([name]) => /[A-Zx]/.test(values[name] ?? ""));
  if (unsure) return null;
  return `${ODDS_ROOT}/${root.dataset.calculator}/${oddsSlug(fields, values, applies)}/`;
}
