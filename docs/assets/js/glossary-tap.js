// On a touch screen, a tapped glossary term opens its definition as a line of its own under the
// paragraph (or inside the list item) that uses it, so the definition moves the text down instead
// of lying over the sentence it explains. Tapping the term again, or "Close", closes it.
// Material's floating tooltip stays for the mouse and the keyboard.

const COARSE = "(pointer: coarse)";

function closeAll() {
  document.querySelectorAll(".cx-define").forEach((line) => line.remove());
  document.documentElement.classList.remove("cx-defining");
}

// Material opens its own tooltip for a term that has the focus: once the definition closes, the
// term keeps the focus (a tap on it, or Close handing it back) but no second box opens over the
// lines below; the theme's tooltips are allowed again when the term loses the focus.
function quiet(abbr) {
  const html = document.documentElement;
  html.classList.add("cx-quiet-tips");
  abbr.addEventListener("blur", () => html.classList.remove("cx-quiet-tips"), { once: true });
}

function definitionLine(abbr) {
  const line = document.createElement("p");
  line.className = "cx-define";
  line.setAttribute("role", "note");
  line.dataset.term = abbr.textContent;
  const term = document.createElement("strong");
  term.textContent = abbr.textContent;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "cx-define__close";
  close.textContent = "Close";
  close.addEventListener("click", () => { closeAll(); quiet(abbr); abbr.focus({ preventScroll: true }); });
  line.append(term, `: ${abbr.codexDefinition} `, close);
  return line;
}

function toggle(abbr) {
  const block = abbr.closest("li, p, dd, dt, blockquote");
  if (!block) return false;     // a term in a table cell or a heading keeps Material's tooltip
  const open = document.querySelector(".cx-define");
  const same = open && open.dataset.term === abbr.textContent && open.codexHost === abbr;
  closeAll();
  if (same) {
    quiet(abbr);
    return true;
  }
  const line = definitionLine(abbr);
  line.codexHost = abbr;
  if (block.tagName === "LI") block.append(line);
  else block.after(line);
  document.documentElement.classList.add("cx-defining");
  return true;
}

export function bindGlossaryTap() {
  if (!window.matchMedia(COARSE).matches) return;
  closeAll();   // a page swapped in by instant navigation starts with none open, and no tooltip held back
  document.documentElement.classList.remove("cx-quiet-tips");
  document.querySelectorAll(".md-content abbr[title]").forEach((abbr) => {
    if (abbr.codexTap) return;
    abbr.codexTap = true;
    abbr.codexDefinition = abbr.title;   // Material moves the title into its tooltip later
    abbr.addEventListener("click", (event) => { if (toggle(abbr)) event.preventDefault(); });
  });
}
