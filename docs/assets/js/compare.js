// Compare mode and "Copy as text" for one calculator. It computes nothing: Python (the worker,
// codex_view.compare) works out both settings and writes the comparison and the text.
//  - "Compare with…" pins the settings in the form as A (root.compare.a); the form then edits
//    B. Requests go to the worker in mode "compare" with params {a, b}; A's figures are
//    [data-result], B's [data-result-b]. The URL keeps A's fields plain and B's with the
//    prefix `b.` (form-state.js); "Stop comparing" keeps the form as it is and drops `b.`.
//  - "Copy as text" copies the question and the answer (A and B when comparing) with the link: the
//    question's odds address when the calculator shows a built answer (links.js questionUrl).
import { copyText, flash, questionUrl } from "./links.js";
import { readForm, shareQuery, writeUrl } from "./form-state.js";

const SETTLE_MS = 30000;   // "Copy as text" waits at most this long for an answer in flight

// What the worker is asked for these form params: the calculator alone, or A against B.
export function compareRequest(root, params) {
  const calculator = root.dataset.calculator;
  if (!root.compare) return { calculator, mode: "single", params };
  return { calculator, mode: "compare", params: { a: root.compare.a, b: params } };
}

function button(className, label) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = `${className} md-button`;
  el.textContent = label;
  return el;
}

function showMode(root, bar, start) {
  const on = Boolean(root.compare);
  bar.hidden = !on;
  start.hidden = on;
  if (on) root.dataset.compare = "on";
  else delete root.dataset.compare;
}

async function settled(root) {
  const until = Date.now() + SETTLE_MS;
  while (root.dataset.state === "busy" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function bindCompare(root, form, compute) {
  const links = root.querySelector(".cx-links");
  if (!links || root.querySelector(".cx-compare")) return;
  const start = button("cx-compare", "Compare with…");
  const asText = button("cx-copy-text", "Copy as text");
  links.append(start, asText);

  const bar = document.createElement("div");
  bar.className = "cx-compare-bar";
  bar.setAttribute("role", "note");
  const say = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = "Comparing two choices.";
  say.append(strong, " A is pinned as it was; the fields now set B. Change any of them.");
  const exit = button("cx-compare-exit", "Stop comparing");
  bar.append(say, exit);
  form.before(bar);

  start.addEventListener("click", () => {
    root.compare = { a: readForm(form) };
    showMode(root, bar, start);
    writeUrl(root, readForm(form));
    compute();
    exit.focus();
  });
  exit.addEventListener("click", () => {
    root.compare = null;
    showMode(root, bar, start);
    writeUrl(root, readForm(form));
    compute();
    start.focus();
  });
  asText.addEventListener("click", async () => {
    const now = () => JSON.stringify(readForm(form));
    const current = () => root.answer && root.answer.params === now() && root.answer.compare === Boolean(root.compare);
    if (!current()) {
      if (root.dataset.state !== "busy") compute();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await settled(root);
    if (root.dataset.state !== "ready" || !current() || !root.answer.text) {
      flash(asText, "Nothing to copy yet: fix the settings first");
      return;
    }
    await copyText(root.answer.text + "\n" + questionUrl(root, shareQuery(root, readForm(form))));
    flash(asText, "Copied as text");
  });
  // a `b.` link put the calculator in compare mode while the page bound it (form-state.js)
  queueMicrotask(() => {
    showMode(root, bar, start);
    if (root.compare && root.dataset.state === "static") compute();
  });
}

// The answer on screen, for "Copy as text" (called with each reply the calculator shows).
export function keepAnswer(root, reply, shownParams) {
  root.answer = { text: reply.text || "", params: shownParams, compare: Boolean(root.compare) };
}
