// A link's answer from the build: calc/built/questions.py chose the questions, and macros/answers/
// stored each one's answer as the worker replies it (its markup by codex_view, and its words),
// gzipped at q/<calculator>/<slug>/answer.json.gz. linked.js imports this module as the page opens
// and calls it once the linked calculator's form is parsed: the form's settings as the link fills
// them (form-state.js, on a copy, so the page's own form is filled once, by calculators.js) name
// the address (odds-path.js); if the calculator's list of built questions (q/<calculator>/built.json,
// fetched by linked.js as the page opens) names it, one small fetch brings the answer. None when the
// build did not answer it (the page then asks the runtime, as it always did), when the link compares
// two settings, or when this browser cannot inflate it.
import { applyQuery, filterOptions, readForm } from "./form-state.js";
import { oddsPath } from "./odds-path.js";

export const ANSWER_FILE = "answer.json.gz";

// gzip's first two bytes; a host that inflated the file already (Content-Encoding) sends the JSON itself
function gzipped(data) {
  return data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;
}

async function inflated(data) {
  if (!gzipped(data)) return new TextDecoder().decode(data);
  if (typeof DecompressionStream !== "function") return null;
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

// The settings the link fills the calculator's form with, read from a copy of the form.
export function linkedParams(root) {
  const form = root.querySelector("form").cloneNode(true);
  const copy = { dataset: { calculator: root.dataset.calculator }, querySelector: () => form };
  applyQuery(copy, form);
  if (copy.compare) return null;   // compare mode: two settings, no one built answer
  filterOptions(form, { link: true });
  return readForm(form);
}

// {path, params (as JSON), html, text} of the link's built answer, or null. `base`: the site's root;
// `listed`: the calculator's built.json ({slugs}), so that only a built answer is fetched.
export async function builtAnswer(root, base, listed) {
  const params = linkedParams(root);
  const path = params && oddsPath(root, params);
  const slugs = listed && Array.isArray(listed.slugs) ? listed.slugs : [];
  if (!path || !slugs.includes(path.split("/")[2])) return null;
  const response = await fetch(new URL(path + ANSWER_FILE, base), { credentials: "same-origin" });
  if (!response.ok || response.redirected) return null;
  const text = await inflated(new Uint8Array(await response.arrayBuffer()));
  let stored;
  try {   // a host's own page for a missing file (some answer 200) is no answer
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!stored || typeof stored.html !== "string" || typeof stored.text !== "string") return null;
  return { path, params: JSON.stringify(params), html: stored.html, text: stored.text };
}
