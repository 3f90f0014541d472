// Reading a calculator on a phone (issue 21): its tools sit with its answer, and a field that
// others replace says so. It computes nothing and knows no field by name: which fields take
// another's place, and the reason shown, come from the declaration (`Param.replaced_by`,
// written into the form by the build as data-replaced-by and a hidden .cx-overridden line).
// (What a figure was worked out for, such as the threshold of "Raises you can call", is in the
// figure's own label, written by calc.)
import { readForm, replaced } from "./form-state.js";

// "Copy link to these odds", "Compare with…" and "Copy as text" go just above the answer,
// between the form and the figures, so they are reached without scrolling past charts.
function placeTools(root) {
  const links = root.querySelector(".cx-links");
  const result = root.querySelector(".cx-result");
  if (links && result && links.nextElementSibling !== result) result.before(links);
}

// A field whose place the fields named in its declaration take (they apply and hold a value):
// disabled, with the build's reason shown and read out with it.
function markReplaced(form) {
  const params = readForm(form);
  form.querySelectorAll("[data-replaced-by]").forEach((field) => {
    const el = field.querySelector("input, select");
    const why = field.querySelector(".cx-overridden");
    if (!el || !why) return;
    const on = replaced(form, field, params);
    el.disabled = on;
    why.hidden = !on;
    const described = (el.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== why.id);
    if (on) described.push(why.id);
    el.setAttribute("aria-describedby", described.join(" "));
  });
}

export function bindReading(root) {
  const form = root.querySelector("form.cx-form");
  if (!form || root.codexReading) return;
  root.codexReading = true;
  placeTools(root);
  form.addEventListener("input", () => markReplaced(form));
  form.addEventListener("change", () => markReplaced(form));
  markReplaced(form);
}
