// Rolls written in the rules (6k3, 3d6, a pool of 7 dice) are buttons that show their exact odds
// (macros/rolls/marks.py). Every word and figure comes worked out and written in the page's
// .cx-rolls-data element (JSON in its data-rolls); this script only shows it, with no runtime, so a popover opens at once.
// A tap or click toggles it, hovering opens it with a mouse; Escape, a tap elsewhere or the keyboard's
// focus moving on past it closes it. The row of the number the roll's sentence names (its TN, its
// Brawn) is marked (the entry's `mark`).
// It sits just under its roll (above it when there is more room there), so it never covers it,
// and it follows the button's place in the page for the keyboard: Tab goes on into its links.
// A Roll (a popover's, a chart's) is roll.js, loaded when first wanted.
const roll = () => import("./roll.js");
const HOVER = window.matchMedia("(hover: hover) and (pointer: fine)");
const GAP = 4;   // from the window's edges; against its roll none, so a mouse can move straight in
let open = null;   // {button, pop}

function text(tag, className, content) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = content;
  return el;
}

function table(entry) {
  const t = document.createElement("table");
  t.className = "cx-roll-pop__table";
  const head = t.createTHead().insertRow();
  entry.head.forEach((label) => head.append(text("th", "", label)));
  const body = t.createTBody();
  entry.rows.forEach((figures, i) => {
    const row = body.insertRow();
    figures.forEach((figure) => { row.insertCell().textContent = figure; });
    if (i === entry.mark) {
      row.className = "cx-roll-pop__mark";
      row.setAttribute("aria-current", "true");
    }
  });
  return t;
}

function popover(button, entry) {
  const pop = document.createElement("span");   // a span: the roll may stand inside a paragraph
  pop.className = "cx-roll-pop";
  pop.id = `cx-roll-pop-${Math.random().toString(36).slice(2)}`;
  pop.setAttribute("role", "dialog");
  pop.setAttribute("aria-label", button.getAttribute("aria-label"));
  pop.append(text("span", "cx-roll-pop__title", entry.title), text("span", "cx-roll-pop__mean", entry.mean), table(entry));
  if (entry.rulings.length) {
    const reading = text("span", "cx-roll-pop__reading", `${entry.reading} `);
    entry.rulings.forEach(([id, href], i) => {
      const link = text("a", "", id);
      link.href = href;
      reading.append(i ? ", " : "", link);
    });
    pop.append(reading);
  }
  const calc = text("a", "cx-roll-pop__calc", entry.link);
  calc.href = entry.href;
  pop.append(calc);
  pop.addEventListener("mouseleave", () => { if (HOVER.matches) close(); });
  pop.addEventListener("focusout", (event) => leaves(event, button));
  return pop;
}

function place() {
  if (!open) return;
  const { button, pop } = open;
  const spot = button.getBoundingClientRect();
  const width = Math.min(pop.offsetWidth, window.innerWidth - 2 * GAP);
  const left = Math.max(GAP, Math.min(spot.left, window.innerWidth - width - GAP));
  const below = window.innerHeight - spot.bottom;
  const up = below < pop.offsetHeight && spot.top > below;
  pop.style.maxHeight = `${Math.max(below, spot.top) - GAP}px`;   // a short screen scrolls it
  pop.style.left = `${left}px`;
  pop.style.top = up ? `${spot.top - pop.offsetHeight}px` : `${spot.bottom}px`;
  pop.classList.toggle("cx-roll-pop--above", up);
}

function close() {
  if (!open) return;
  open.button.setAttribute("aria-expanded", "false");
  open.button.removeAttribute("aria-controls");
  open.pop.remove();
  open = null;
}

function show(button, entries) {
  if (open && open.button === button) return;
  close();
  const pop = popover(button, entries[button.dataset.roll]);
  button.after(pop);
  // a kept hero's line (hero-pick.js, loaded only when this device keeps one)
  document.dispatchEvent(new CustomEvent("cx-roll-open", { detail: { pop, entry: entries[button.dataset.roll] } }));
  button.setAttribute("aria-expanded", "true");
  button.setAttribute("aria-controls", pop.id);
  open = { button, pop };
  place();
  roll().then((m) => m.rollPopover(pop, button.dataset.roll, button.textContent, place), () => {});
}


// The keyboard's focus went somewhere outside the roll and its popover (Tab past its last link,
// Shift+Tab back past the roll): the popover closes. A focus lost to nothing (a click on plain
// text, the window left) is the pointer's business, not this.
function leaves(event, button) {
  const to = event.relatedTarget;
  if (!open || open.button !== button || !to || open.pop.contains(to) || to === button) return;
  close();
}

function onKey(event) {
  if (event.key !== "Escape" || !open) return;
  const { button } = open;
  close();
  button.focus();
}

function onPointer(event) {
  if (open && !open.pop.contains(event.target) && event.target !== open.button) close();
}

export function bindRolls() {
  close();   // a page swapped in by instant navigation starts with none open
  const data = document.querySelector(".cx-rolls-data");
  if (!data) return;
  const entries = JSON.parse(data.dataset.rolls);
  document.querySelectorAll("button.cx-roll[data-roll]").forEach((button) => {
    if (button.codexRoll || !entries[button.dataset.roll]) return;
    button.codexRoll = true;
    button.addEventListener("click", () => {
      // with a mouse the pointer's arrival opened it already: a click keeps it (Escape closes)
      if (open && open.button === button && !HOVER.matches) close();
      else show(button, entries);
    });
    button.addEventListener("mouseenter", () => { if (HOVER.matches) show(button, entries); });
    button.addEventListener("focusout", (event) => leaves(event, button));
    button.addEventListener("mouseleave", (event) => {
      if (HOVER.matches && open && !open.pop.contains(event.relatedTarget)) close();
    });
  });
}

// bound once: the window outlives the pages
document.addEventListener("keydown", onKey);
document.addEventListener("click", (event) => {
  const b = event.target.closest?.(".cx-chart .cx-draw");
  if (b) roll().then((m) => m.rollAnswer(b.closest("[data-calculator]"), b), () => { b.textContent = "Roll (try again online)"; });
});
document.addEventListener("pointerdown", onPointer);
window.addEventListener("scroll", place, { passive: true, capture: true });
window.addEventListener("resize", place);
