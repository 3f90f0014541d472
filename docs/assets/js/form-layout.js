// A calculator's form on a small screen: fields that do not apply to the chosen rules or mode
// are hidden (their field says when it applies: data-shown-when, written by the build from the
// declaration, read by form-state.js's `applies`, the rule calc's `Param.applies` follows),
// an error inside "More options" opens it, and while the form is on screen a compact copy of
// the headline figure (.cx-peek) stays at the bottom of the view, so a reader typing with the
// keyboard open sees the answer change. Text is copied with textContent: nothing is parsed.
import { applies, readForm, shownWhen } from "./form-state.js";

function toggleFields(root) {
  const params = readForm(root.querySelector("form"));
  root.querySelectorAll("[data-shown-when]").forEach((field) => {
    field.hidden = !applies(shownWhen(field), params);
  });
}

// While the runtime loads for a link's inputs the strip says what is being worked out.
function pendingFigure(pending) {
  const item = document.createElement("span");
  item.className = "cx-peek__figure cx-peek__pending";
  item.textContent = pending.dataset.peek || pending.textContent;
  return item;
}

function fillPeek(root) {
  const peek = root.querySelector(".cx-peek");
  const result = root.querySelector(".cx-result");
  if (!peek || !result) return;
  const shown = [...result.querySelectorAll(".cx-figure")].filter((figure) => figure.querySelector("output"));
  const pending = result.querySelector(".cx-pending");
  const compared = root.dataset.compare === "on";
  const figures = pending ? [pendingFigure(pending)] : shown.slice(0, 2).map((figure) => {
    const item = document.createElement("span");
    item.className = "cx-peek__figure";
    const label = document.createElement("span");
    label.className = "cx-peek__label";
    label.textContent = figure.querySelector(".cx-figure__label")?.textContent ?? "";
    const value = document.createElement("strong");
    value.className = "cx-peek__value";
    // a compared figure holds A's and B's values: the strip shows them side by side
    const outputs = [...figure.querySelectorAll("output")].map((out) => out.textContent.trim());
    value.textContent = compared && outputs.length === 2 ? `A ${outputs[0]} / B ${outputs[1]}` : outputs.join(" / ");
    item.append(label, " ", value);
    return item;
  });
  const text = figures.map((item) => item.textContent).join("\n");
  if (peek.codexText !== text) {   // unchanged figures are not redrawn
    peek.codexText = text;
    peek.replaceChildren(...figures);
  }
  // greyed with the result (which waits DIM_AFTER_MS before it greys on an edit)
  peek.classList.toggle("cx-peek--stale", result.classList.contains("cx-result--stale"));
  measureLater(root);
}

// Reading sizes (scrollWidth, getBoundingClientRect, a select's width) makes the browser lay the
// page out at once when anything changed since it last did: on a long page, a long task. So sizes
// are read only for a calculator on or near the screen (an IntersectionObserver says which; one
// further down is measured when it comes near), once the browser is idle (it has drawn its frames
// and has nothing else to do: its layout is fresh, and reading it costs nothing; no deadline, so
// a page still loading is never laid out by this script in the middle of its work), for every such
// calculator at once, all reads before any write: the page is laid out again in the next frame, by
// the browser, never in the middle of this script. An edit changes the result several times before
// it is painted (stale, busy, the new answer, ready): it is measured once, after.
const due = new Map();   // root -> whether its selects' echoes need measuring too
let measuring = false;
const near = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
  entries.forEach((entry) => { entry.target.codexNear = entry.isIntersecting; });
  if (entries.some((entry) => entry.isIntersecting && due.has(entry.target))) schedule();
}, { rootMargin: "50% 0px" }) : null;

const isNear = (root) => !near || root.codexNear === true;

function measureLater(root, choices = false) {
  due.set(root, Boolean(due.get(root)) || choices);
  if (isNear(root)) schedule();
}

function schedule() {
  if (measuring) return;
  measuring = true;
  if ("requestIdleCallback" in window) requestIdleCallback(measureDue);
  else setTimeout(measureDue, 0);
}

function measureDue() {
  measuring = false;
  const roots = [...due].filter(([root]) => root.isConnected && isNear(root));
  roots.forEach(([root]) => due.delete(root));
  const read = roots.map(([root, choices]) => [root, {
    choices: choices ? readChoices(root) : null, tables: readTables(root), peek: readPeek(root),
  }]);
  for (const [root, found] of read) {
    if (found.choices) writeChoices(found.choices);
    writeTables(found.tables);
    writePeek(root, found.peek);
  }
}

// A result table wider than the screen scrolls sideways in its own box; a keyboard must be
// able to reach and scroll it too, so such a box (and only such a box) takes the focus.
function readTables(root) {
  return [...root.querySelectorAll(".cx-result-table, .cx-table table")].map((box) => [box, box.scrollWidth > box.clientWidth + 1]);
}

function writeTables(tables) {
  for (const [box, wide] of tables) {
    if (wide && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      const title = box.closest(".cx-result-table, .cx-table").querySelector(".cx-subtitle, summary");
      box.setAttribute("aria-label", title ? title.textContent.trim() : "Table");
    } else if (!wide && box.hasAttribute("tabindex")) {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}

function viewHeight() {
  return window.visualViewport ? window.visualViewport.height : window.innerHeight;
}

// Whether the strip shows (and its height, to make room for it): read here, written by writePeek.
function readPeek(root) {
  const peek = root.querySelector(".cx-peek");
  if (!peek) return null;
  const height = viewHeight();
  const form = root.querySelector("form").getBoundingClientRect();
  const head = (root.querySelector(".cx-headlines") || root.querySelector(".cx-result")).getBoundingClientRect();
  const formOnScreen = form.bottom > 0 && form.top < height;
  const headOnScreen = head.top >= 0 && head.bottom <= height;
  // its own room on screen, where it sits in the flow: shown there, or the room would be a gap
  const room = peek.parentElement.getBoundingClientRect();
  const inRoom = Boolean(root.codexPeekRoom) && room.bottom > 0 && room.bottom < height - 1;
  return { peek, show: (inRoom || (formOnScreen && !headOnScreen)) && peek.childElementCount > 0 };
}

function writePeek(root, found) {
  if (!found) return;
  const { peek, show } = found;
  peek.hidden = !show;
  // its height is read once it is shown, in a frame of its own (shown now, laid out in the next)
  if (show) measureRoom(root, peek);
}

// The strip's height, read after the frame that shows it is drawn.
function measureRoom(root, peek) {
  requestAnimationFrame(() => setTimeout(() => { if (!peek.hidden) makeRoom(root, peek.offsetHeight); }, 0));
}

// Once shown, the strip has room of its own after the form (its holder grows to its height and
// keeps it, so the page jumps at most once, while the answer is off screen): where the form ends on
// screen the strip lies in that room, never over the lowest field, and stays shown there (a
// compact answer under the form) rather than leave a gap. A field that takes the focus scrolls
// clear of the strip, however many lines the strip wraps to (scroll-padding-bottom).
function makeRoom(root, height) {
  document.documentElement.style.setProperty("--cx-peek-height", `${height}px`);
  if (height <= (root.codexPeekRoom || 0)) return;
  root.codexPeekRoom = height;
  root.querySelector(".cx-peek-holder").style.height = `${height}px`;
}

// The strip lies over the foot of the view, where the form's lowest field may be: a tap on the
// strip over a field (or its label) is that field's, which takes the focus and scrolls clear of
// the strip (scroll-padding-bottom, set from the strip's height); over "More options", it opens
// or closes; elsewhere the strip brings the answer into view.
function tapOnPeek(root, event) {
  const form = root.querySelector("form");
  const under = document.elementsFromPoint(event.clientX, event.clientY)
    .find((el) => form.contains(el) && el.matches("input, select, textarea, label, summary"));
  if (under && under.tagName === "SUMMARY") {
    under.click();
    return;
  }
  const field = under && under.tagName === "LABEL" ? under.control : under;
  if (field && !field.disabled) {
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "nearest" });
    return;
  }
  root.querySelector(".cx-result").scrollIntoView({ behavior: "smooth", block: "center" });
}

function openErrors(root) {
  root.querySelectorAll(".cx-error:not([hidden])").forEach((slot) => {
    const field = slot.closest(".cx-field");
    if (field && field.hidden) field.hidden = false;       // an error is never hidden away
    const more = slot.closest("details.cx-more");
    if (more) more.open = true;
  });
}

// A select shows only as much of the chosen option as fits; on a phone "Summary rules (d10
// damage, Serious Wounds)" lost its end. When the choice does not fit, its whole text is
// repeated under the select (the list that opens shows every option in full anyway).
let measurer = null;
function textWidth(text, style) {
  measurer = measurer || document.createElement("canvas").getContext("2d");
  measurer.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return measurer.measureText(text).width;
}

const SELECT_ARROW_PX = 20;   // room the select's own arrow takes

function readChoices(root) {
  return [...root.querySelectorAll(".cx-field--choice select")].map((select) => {
    const option = select.selectedOptions[0];
    const style = getComputedStyle(select);
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - SELECT_ARROW_PX;
    const cut = Boolean(option) && select.clientWidth > 0 && textWidth(option.text, style) > room;
    return [select, cut ? option.text : ""];
  });
}

function writeChoices(choices) {
  for (const [select, text] of choices) {
    let echo = select.nextElementSibling;
    if (!echo || !echo.classList.contains("cx-choice-full")) {
      if (!text) continue;   // nothing to echo: no element needed yet
      echo = document.createElement("span");
      echo.className = "cx-choice-full";
      echo.setAttribute("aria-hidden", "true");   // the select already says its value
      select.after(echo);
    }
    echo.textContent = text;
    echo.hidden = !text;
  }
}

let listening = false;
function placeAll(resized = false) {
  const roots = [...document.querySelectorAll("[data-calculator]")].filter((root) => root.codexLayout);
  if (resized) { roots.forEach((root) => measureLater(root, true)); return; }
  const read = roots.filter(isNear).map((root) => [root, readPeek(root)]);   // every read, then every write
  read.forEach(([root, found]) => writePeek(root, found));
}

export function bindLayout(root) {
  if (root.codexLayout) return;
  root.codexLayout = true;
  const form = root.querySelector("form");
  const result = root.querySelector(".cx-result");
  if (near) near.observe(root);
  const changed = () => { toggleFields(root); measureLater(root, true); };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  root.querySelectorAll("details.cx-more").forEach((more) => more.addEventListener("toggle", changed));
  root.addEventListener("toggle", () => measureLater(root), true);   // "Table of every total" opened
  changed();
  // watched: the result region (a new answer, or stale) and the root's state (an error arrived);
  // never the peek itself, which these handlers write
  new MutationObserver(() => fillPeek(root)).observe(result, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["class"],
  });
  new MutationObserver(() => { fillPeek(root); openErrors(root); }).observe(root, {
    attributes: true, attributeFilter: ["data-state"],
  });
  const peek = root.querySelector(".cx-peek");
  if (peek) peek.addEventListener("click", (event) => tapOnPeek(root, event));
  fillPeek(root);
  if (!listening) {
    listening = true;
    let queued = false;
    let resized = false;
    const later = (event) => {
      resized = resized || event.type === "resize";
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; placeAll(resized); resized = false; });
    };
    window.addEventListener("scroll", later, { passive: true });
    window.addEventListener("resize", later);
    if (window.visualViewport) window.visualViewport.addEventListener("resize", later);
  }
}
