// What a calculator was asked, in words: the one writer of the "Asked" line over a link's answer
// (before the answer and after it, the same words) and of the loading line's settings. It lists
// the fields that apply to the settings (the declaration's rule, form-state.js `applies`) and hold
// something other than the built default, each named as the form names it: its label, and a
// choice's label under the chosen rules (the build wrote both from the declaration, calc.params
// `Param.words`). A value someone typed, a link's included, shows as the input it was (in <code>),
// never as the page's own prose; a link the calculator refused shows as its input, under a line
// that says it could not be read. It computes nothing.
import { applies, shownWhen } from "./form-state.js";

// calc's words and patterns, as the build wrote them on the form (codex_view/render.py `_form_words`):
// a question with every field at its default, and a label's trailing note ("(optional)", "(X)") that
// a message leaves out (calc.params.field_title)
const defaultWords = (form) => form.dataset.defaultWords;
const trailingNote = (form) => new RegExp(form.dataset.notePattern);

// A field's label as a message names it, without its trailing note ("Target's Brawn", not "... (optional)").
export function fieldTitle(form, name) {
  const label = form.querySelector(`[data-field="${CSS.escape(name)}"] label`);
  return label ? label.textContent.replace(trailingNote(form), "").trim() : "";
}

function optionLabel(select, value, params) {
  const option = [...select.options].find((o) => o.value === value);
  if (!option) return null;
  const by = select.dataset.filteredBy ? String(params[select.dataset.filteredBy] || "") : "";
  const under = by && option.dataset["label" + by.charAt(0).toUpperCase() + by.slice(1)];
  return under || option.textContent;
}

// [{label, text, typed}] for each field that applies to `params` and differs from the built default.
export function settings(form, params) {
  const out = [];
  form.querySelectorAll(".cx-field[data-field]").forEach((field) => {
    const name = field.dataset.field;
    const el = form.elements.namedItem(name);
    const label = field.querySelector("label");
    if (!el || !label || !(name in params) || !applies(shownWhen(field), params)) return;
    const value = String(params[name]);
    const said = { label: fieldTitle(form, name) };   // the label without its note, as calc's question names it
    if (el.type === "checkbox") {
      if (value !== (el.defaultChecked ? "true" : "false")) out.push({ ...said, text: value === "true" ? "yes" : "no" });
    } else if (el.tagName === "SELECT") {
      const built = [...el.options].find((o) => o.defaultSelected) || el.options[0];
      if (built && value === built.value) return;
      const text = optionLabel(el, value, params);
      out.push(text === null ? { ...said, text: value, typed: true } : { ...said, text });
    } else if (value !== el.defaultValue) {   // a number field holds a number; a text field anything
      out.push(value === "" ? { ...said, text: "blank" } : { ...said, text: value, typed: el.type === "text" });
    }
  });
  return out;
}

function typedValue(text) {
  const code = document.createElement("code");
  code.className = "cx-typed";
  code.textContent = text;     // text, never HTML
  return code;
}

// "Label: value; Label: value" (calc's own wording of a question, codex_view.compare.question_text).
function writeSettings(line, parts, form) {
  if (!parts.length) { line.append(defaultWords(form)); return; }
  parts.forEach(({ label, text, typed }, i) => {
    line.append(`${i ? "; " : ""}${label}: `, typed ? typedValue(text) : text);
  });
}

// The same words as plain text, for a line that holds no markup (the phone's headline strip):
// a typed value in quotation marks.
export function settingsText(parts, form) {
  if (!parts.length) return defaultWords(form);
  return parts.map(({ label, text, typed }) => `${label}: ${typed ? `\u201c${text}\u201d` : text}`).join("; ");
}

function questionLine(root) {
  let line = root.querySelector(".cx-question");
  if (!line) {
    line = document.createElement("p");
    line.className = "cx-question";
    root.querySelector(".cx-calc__title").after(line);
  }
  return line;
}

// A link's calculator opens with its question above the answer (linked.js put the answer first):
// `params` are the form's (B's in compare mode, A's being root.compare.a).
export function showAsked(root, params) {
  if (!root.classList.contains("cx-calc--answer-first")) return;
  const form = root.querySelector("form");
  const line = questionLine(root);
  line.replaceChildren("Asked: ");
  if (root.compare) {
    line.append("A: ");
    writeSettings(line, settings(form, root.compare.a), form);
    line.append(". B: ");
    writeSettings(line, settings(form, params), form);
    line.append(".");
  } else {
    writeSettings(line, settings(form, params), form);
  }
  line.hidden = false;
}

function fieldWords(form, name) {
  const title = fieldTitle(form, name);
  return /^.[a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title;   // "TN" stays
}

// The link's settings were refused before any answer: the field its message names, or in compare
// mode the side (A, B, or A and B together), and what the link put there, shown as the input it was
// (once: the message beside the field leaves it out, calc's `plain`). Input calc reads but will not
// work out here (`costly`) is said to be too much work, not to be unreadable. True when the line
// shows that input.
export function showRefused(root, error, params) {
  if (!root.classList.contains("cx-calc--answer-first")) return false;
  const form = root.querySelector("form");
  const line = questionLine(root);
  const side = root.compare && error.side;
  const words = side ? { a: "A", b: "B", both: "A and B together" }[side] : error.field ? fieldWords(form, error.field) : "";
  let said = false;
  if (!words) {
    line.replaceChildren("This link's settings could not be worked out: see the message below.");
  } else {
    const given = side === "a" ? error.input : side === "both" ? "" : params[error.field];
    const raw = given === undefined || given === null ? "" : String(given);
    const verdict = !error.costly ? "could not be read"
      : side === "both" ? "are too much work to work out side by side" : "is too much work to work out here";
    line.replaceChildren(`This link's ${words} ${verdict}${raw ? ":" : "."}`);
    if (raw) line.append(" ", typedValue(raw));
    said = Boolean(raw);
  }
  line.hidden = false;
  return said;
}

// After the reader's own edit fails, the line over the answer says nothing of the link any more.
export function hideQuestion(root) {
  const line = root.querySelector(".cx-question");
  if (line) line.hidden = true;
}
