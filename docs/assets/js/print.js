// A print page's Print button (macros/printing.py writes it hidden, so a reader without
// JavaScript is never offered a button that does nothing): shown here, it opens the browser's
// own print dialog, which prints the page as docs/assets/css/print.css lays it out.
export function bindPrint() {
  document.querySelectorAll("button.cx-print").forEach((button) => {
    if (button.dataset.bound) return;
    button.dataset.bound = "1";
    button.addEventListener("click", () => window.print());
    button.hidden = false;
  });
}
