// Reading a calculator on a phone (issue 21): its tools sit with its answer, and the dice fields
// that Stat and Skill replace say so. It computes nothing. (What a figure was worked out for, such
// as the threshold of "Raises you can call", is in the figure's own label, written by calc.)

const OVERRIDDEN = ["rolled", "kept"];   // replaced when both `stat` and `skill` hold a value

// "Copy link to these odds", "Compare with…" and "Copy as text" go just above the answer,
// between the form and the figures, so they are reached without scrolling past charts.
function placeTools(root) {
  const links = root.querySelector(".cx-links");
  const result = root.querySelector(".cx-result");
  if (links && result && links.nextElementSibling !== result) result.before(links);
}

function fieldValue(form, name) {
  const el = form.elements.namedItem(name);
  return el && "value" in el ? String(el.value).trim() : "";
}

function labelOf(form, name) {
  const el = form.elements.namedItem(name);
  const label = el && el.labels && el.labels[0];
  return label ? label.textContent.replace(/\s*\(optional\)\s*$/i, "").trim() : name;
}

// With Stat and Skill both filled, the dice fields are not used: disabled, with the reason.
function markOverridden(root, form) {
  if (!form.elements.namedItem("stat") || !form.elements.namedItem("skill")) return;
  const replaced = fieldValue(form, "stat") !== "" && fieldValue(form, "skill") !== "";
  for (const name of OVERRIDDEN) {
    const el = form.elements.namedItem(name);
    const field = el && el.closest(".cx-field");
    if (!field) continue;
    el.disabled = replaced;
    let why = field.querySelector(".cx-overridden");
    if (replaced && !why) {
      why = document.createElement("small");
      why.className = "cx-overridden";
      why.id = `${el.id}-overridden`;
      field.append(why);
    }
    if (why) {
      why.hidden = !replaced;
      why.textContent = replaced ? `Not used: ${labelOf(form, "stat")} and ${labelOf(form, "skill")} set the dice.` : "";
    }
    const described = (el.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== `${el.id}-overridden`);
    if (replaced) described.push(`${el.id}-overridden`);
    el.setAttribute("aria-describedby", described.join(" "));
  }
}

export function bindReading(root) {
  const form = root.querySelector("form.cx-form");
  if (!form || root.codexReading) return;
  root.codexReading = true;
  placeTools(root);
  form.addEventListener("input", () => markOverridden(root, form));
  form.addEventListener("change", () => markOverridden(root, form));
  markOverridden(root, form);
}
