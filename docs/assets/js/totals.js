// "Download every total (CSV)": a result too long for its table (codex_view/distribution.py) keeps
// the full list out of the page; a tap asks the worker for it (mode "totals" with the settings of the
// answer shown) and hands the text to the browser as a file. Nothing is computed here.
import { ask } from "./runtime.js";

function save(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));   // after the browser has taken the download
}

async function download(button) {
  const root = button.closest("[data-calculator]");
  const shown = root && root.answer && root.answer.params;
  if (!shown || button.disabled) return;
  const id = root.dataset.calculator;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    const reply = await ask(root, { calculator: id, mode: "totals", params: JSON.parse(shown) });
    if (reply.csv) save(reply.csv, `${id}-totals.csv`);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

export function bindTotals() {
  if (document.codexTotals) return;
  document.codexTotals = true;
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".cx-totals");
    if (button) download(button);
  });
}
