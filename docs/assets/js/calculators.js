// Calculators on the page: thin on purpose. Each reads its form, keeps its state in the URL,
// asks the worker (Pyodide + calc) and shows the HTML the worker sends. It computes no odds.
// Contract: [data-calculator] roots carry data-state (static | busy | ready | error | waiting,
// the last for an unfinished dice expression);
// headline figures are [data-result] with data-value. While the figures shown were not computed
// for the inputs in the form (a shared link before the runtime answers, an edit in flight) the
// root has data-stale and aria-busy, and the figures are greyed (cx-result--stale).
import { SITE_ROOT, copyText, flash, questionUrl } from "./links.js";
import "./connection.js";
import { ask, booted, onRuntime, progress, startRuntime, startWhenIdle, stop as stopRuntime } from "./runtime.js";
import { applyQuery, filterOptions, ownsUrl, readForm, shareQuery, writeField, writeUrl } from "./form-state.js";
import { bindCompare, compareRequest, keepAnswer } from "./compare.js";
import { hideQuestion, settings, settingsText, showAsked, showRefused } from "./asked.js";
import { nextTurn } from "./turns.js";

const STOP_AFTER_MS = 1000;   // a computation running longer than this offers Stop
const DIM_AFTER_MS = 150;     // an edit answered sooner never flickers grey

function stopAfterMs() {
  // tests may lower it (window.codexStopAfterMs) to reach Stop without a slow computation
  return Number.isFinite(window.codexStopAfterMs) ? window.codexStopAfterMs : STOP_AFTER_MS;
}

// ---------------------------------------------------------------- one calculator
// `status` undefined leaves the line as it is; a busy state with a status shows the hourglass.
function setState(root, state, status) {
  root.dataset.state = state;
  if (status === undefined) return;
  const line = root.querySelector(".cx-status");
  line.textContent = status;
  line.classList.toggle("cx-status--busy", state === "busy");
}


function loadingStatus() {
  return progress && progress.total
    ? `Loading the calculator: ${globalThis.codexMegabytesOf(progress.loaded, progress.total)}…`
    : "Loading the calculator…";
}

// While the runtime loads, a calculator asked about other inputs than the built ones shows no
// figure at all: a line saying what is being worked out and how far the download has got,
// over the result's place (the phone's headline strip repeats it: form-layout.js). The figures
// shown before stay in that place, unseen (cx-result--held), so the answer, which has the same
// parts, lands in the room they hold and the page does not jump.
function showPending(root) {
  root.classList.add("cx-calc--pending");
  const result = root.querySelector(".cx-result");
  let line = result.querySelector(".cx-pending");
  if (!line) {
    line = document.createElement("p");
    line.className = "cx-pending";
    result.classList.add("cx-result--held");
    result.prepend(line);
  }
  // under the question line (a link's calculator) the line need not repeat the settings, and the
  // phone's headline strip (form-layout.js), a line of plain text, names them as the link's
  const asked = root.querySelector(".cx-question:not([hidden])");
  const form = root.querySelector("form");
  const what = root.compare ? "A and B" : asked ? "the settings in this link" : settingsText(settings(form, readForm(form)), form);
  const status = !booted && progress && progress.total ? ` ${globalThis.codexMegabytesOf(progress.loaded, progress.total)} loaded.` : "";
  // the download's progress is the status line's to say (loadingStatus), once on screen; under the
  // question line (a link's calculator) the line need not repeat the settings either. The phone's
  // headline strip (form-layout.js), shown when neither line is in view, carries the whole sentence
  const full = `Working out the answer for ${what}…`;
  line.textContent = asked ? "Working out the answer…" : full;
  line.dataset.peek = full + status;
}

function clearErrors(root) {
  root.querySelectorAll(".cx-error").forEach((el) => { el.hidden = true; el.textContent = ""; });
  root.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

// `said`: the refused input is on screen already, as the link's input over the answer (asked.js).
function showError(root, error, said = false) {
  const slot = error.field && root.querySelector(`[data-field="${CSS.escape(error.field)}"] .cx-error`);
  if (slot) {
    const input = slot.parentElement.querySelector("input, select");
    // the message repeats the refused input only where nothing else shows it: not over the answer
    // (a link's), not in its own box (typed); a blank select or number box shows nothing of it
    const shown = said || (input && input.tagName === "INPUT" && input.type !== "checkbox" && input.value !== "");
    slot.textContent = (shown && error.plain) || error.message;     // text, never HTML
    slot.hidden = false;
    if (input) input.setAttribute("aria-invalid", "true");
    setState(root, "error", "Fix the highlighted field; the result below is out of date.");
  } else {
    setState(root, "error", error.message + " The result below is out of date.");
  }
  const result = root.querySelector(".cx-result");
  result.classList.add("cx-result--stale");
  const pending = root.querySelector(".cx-pending");     // a link's settings that have no answer
  if (pending) {
    pending.textContent = pending.dataset.peek = "No answer for these settings: see the message above.";
    result.classList.remove("cx-result--held");   // no answer is coming to take the room
    result.replaceChildren(pending);
  }
}

// Bind one calculator root: its state lives in one object, `c`, which the functions below share.
export function bind(root) {
  if (root.codexBound) return;
  root.codexBound = true;
  const c = {
    root,
    form: root.querySelector("form"),
    result: root.querySelector(".cx-result"),
    stop: root.querySelector(".cx-stop"),
    copy: root.querySelector(".cx-copy"),
    running: false,
    again: false,        // an edit arrived while the worker was busy: ask again when it answers
    stopTimer: 0,
    dimTimer: 0,
    shown: null,         // the params (as JSON) of the result on screen, once live
    answered: false,     // some answer came for this calculator (a link's refusal is said only before)
  };
  c.compute = () => compute(c);
  listen(c);
  openForm(c);
}

// The figures are out of date at once (data-stale, aria-busy); what a reader sees changes
// only if the answer takes longer than DIM_AFTER_MS, so a quick edit draws one frame, not two.
function markStale(c) {
  const { root } = c;
  root.dataset.stale = "";
  root.setAttribute("aria-busy", "true");
  clearTimeout(c.dimTimer);
  // no figure for other inputs while loading, nor before a link's first answer (its runtime
  // may have started before this script ran: linked.js)
  if (!booted || root.classList.contains("cx-calc--pending")) { showPending(root); return; }
  const dim = () => {
    c.result.classList.add("cx-result--stale");
    if (root.dataset.state === "busy" && booted) setState(root, "busy", "Working…");
  };
  c.dimTimer = setTimeout(dim, DIM_AFTER_MS);
}

function markFresh(c) {
  clearTimeout(c.dimTimer);
  delete c.root.dataset.stale;
  c.root.removeAttribute("aria-busy");
}

// Stop is for long computations: its timer runs only once the runtime is up.
function armStop(c) {
  clearTimeout(c.stopTimer);
  c.stop.hidden = true;
  if (c.running && booted) c.stopTimer = setTimeout(() => { c.stop.hidden = false; }, stopAfterMs());
}

async function compute(c) {
  const { root, form } = c;
  if (c.running) { c.again = true; markStale(c); return; }
  c.running = true;
  const params = readForm(form);
  const request = compareRequest(root, params);   // in compare mode: A and B
  setState(root, "busy", booted ? undefined : loadingStatus());
  markStale(c);
  armStop(c);
  const reply = await ask(root, request);
  clearTimeout(c.stopTimer);
  c.stop.hidden = true;
  c.running = false;
  if (reply.stopped) {     // the reader stopped it: edits made meanwhile wait for the next one
    c.again = false;
    markFresh(c);
    c.shown = null;
    setState(root, "error", "Stopped. Change a value to try again.");
    c.result.classList.add("cx-result--stale");
    return;
  }
  if (c.again) { c.again = false; compute(c); return; }
  markFresh(c);
  clearErrors(root);
  let said = false;
  if (reply.error) {   // a link's settings refused before any answer say so over the answer's place
    if (c.answered) hideQuestion(root);
    else said = showRefused(root, reply.error, params);
  }
  if (reply.error && reply.error.incomplete) {
    // an unfinished dice expression ("3d6+"): wait quietly for more typing, no red error
    c.shown = null;
    setState(root, "waiting", "Keep typing: the expression is not finished yet.");
    root.querySelector(".cx-result").classList.add("cx-result--stale");
    return;
  }
  if (reply.error) { c.shown = null; showError(root, reply.error, said); return; }
  c.shown = JSON.stringify(params);
  keepAnswer(root, reply, c.shown);
  showMarkup(c.result, reply);
  c.result.classList.remove("cx-result--stale", "cx-result--held");
  root.classList.remove("cx-calc--pending");
  c.answered = true;
  showAsked(root, params);
  setState(root, "ready", "Up to date.");
}

// The reply's markup in the result. The build's answer is left as it is when the reply is the
// same markup (the runtime's first answer for the built settings, as the calculator goes live): the
// page draws nothing again. Both sums are codex_view's `markup_sum`: the build writes the built
// answer's on the result, the worker sends the reply's. The built one holds for the first reply
// only, and only while no line of a pending answer is in the result.
function showMarkup(result, reply) {
  const built = result.dataset.answerSum;
  delete result.dataset.answerSum;
  if (built && built === reply.sum && !result.querySelector(".cx-pending")) return;
  result.innerHTML = reply.html;   // escaped by codex_view
}

// A change the page made to follow the reader elsewhere (versions.js: a Summary/House tab
// clicked) makes the address a calculator link only if it is one already.
function edited(c, event) {
  const { root, form } = c;
  delete root.dataset.builtAddress;   // a built answer's mark (showBuilt) is for the inputs it answered
  const params = readForm(form);
  const followed = Boolean(event && event.detail && event.detail.codexFollow);
  if (!followed || ownsUrl(root)) writeUrl(root, params);
  // a field's "change" after its "input" events, or a select re-chosen, asks nothing new
  if (!c.running && c.shown === JSON.stringify(params)) return;
  compute(c);
}

// What the reader and the runtime can do to a bound calculator.
function listen(c) {
  const { root, form, stop, copy } = c;
  form.addEventListener("input", () => filterOptions(form));    // before edited() reads the form
  form.addEventListener("change", () => filterOptions(form));
  form.addEventListener("input", (event) => edited(c, event));
  form.addEventListener("change", (event) => edited(c, event));
  form.addEventListener("submit", (event) => { event.preventDefault(); edited(c); });
  stop.addEventListener("click", () => {
    stop.hidden = true;
    stopRuntime(root);
  });
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    await copyText(questionUrl(root, shareQuery(root, readForm(form))));
    flash(copy, "Link copied");
  });
  const off = onRuntime((event) => {
    if (!root.isConnected) { off(); return; }   // its page was left (instant navigation)
    if (event.type === "progress" && root.dataset.state === "busy" && !booted) {
      setState(root, "busy", loadingStatus());
      if (root.classList.contains("cx-calc--pending")) showPending(root);
    }
    if (event.type === "restart") armStop(c);     // another calculator's Stop: the runtime restarts
    if (event.type !== "ready") return;
    armStop(c);
    if (root.dataset.state === "busy") setState(root, "busy", "Working…");
    // the prerendered default was right all along; asking once makes the calculator live (each
    // calculator of the page asks in a task of its own: nextTurn)
    afterLink(root, async () => {
      await nextTurn();
      if (root.isConnected && root.dataset.state === "static" && !c.running) compute(c);
    });
  });
}

// A link's calculator (linked.js: answer first, pending until its answer is on the page) is asked
// before the page's others, whose built figures are right already: they ask once it is answered,
// even when the runtime was up before this script ran (cached, or a later page of the visit).
function afterLink(root, ask) {
  const linked = document.querySelector(".cx-calc--answer-first.cx-calc--pending");
  if (!linked || linked === root || linked.dataset.state === "error") { ask(); return; }
  const seen = new MutationObserver(() => {
    if (linked.isConnected && linked.classList.contains("cx-calc--pending") && linked.dataset.state !== "error") return;
    seen.disconnect();
    ask();
  });
  seen.observe(linked, { attributes: true, attributeFilter: ["class", "data-state"] });
}

// The form as the page opens: the link's settings (URL), then the first answer, or the built
// one while the runtime is not wanted yet.
function openForm(c) {
  const { root, form } = c;
  const prerendered = JSON.stringify(readForm(form));
  bindCompare(root, form, c.compute);
  applyQuery(root, form);
  filterOptions(form, { link: true });   // a link's choice the chosen rules do not offer is refused
  document.documentElement.classList.remove("cx-linked");   // linked.js: the link is read now
  const linked = JSON.stringify(readForm(form)) !== prerendered;
  if (root.classList.contains("cx-calc--answer-first")) {
    showAsked(root, readForm(form));
    // a link without a place in the page still lands on its answer, not at the page's top
    if (!location.hash) root.scrollIntoView({ block: "start" });
  }
  if (linked) {
    root.classList.add("cx-calc--pending");   // its built figures are for other inputs
    // a shared link: its inputs are not the built default's. The build may have answered them
    // (linked.js looks, window.codexBuilt); else, or once the reader edits, the runtime answers.
    const built = root.classList.contains("cx-calc--answer-first") && !booted && window.codexBuilt;
    if (!built) { compute(c); return; }
    setState(root, "busy", "Looking up the answer worked out when the site was built…");
    markStale(c);
    built.then(async (answer) => {
      await nextTurn();   // drawn in a task of its own, not in the one that unpacked it
      if (c.running || c.shown !== null) return;    // the reader has edited: the runtime answers
      if (answer && answer.params === JSON.stringify(readForm(form))) showBuilt(c, answer);
      else compute(c);
    });
    return;
  }
  root.classList.remove("cx-calc--pending");   // a link asking the built default: it is right
  whenWanted(c);
}

// The figures on screen are right for the form as it is (built): the runtime starts when the reader
// reaches for the calculator, or when the browser has nothing better to do (at once if it is up).
function whenWanted(c) {
  const { root, form } = c;
  if (booted) {
    afterLink(root, c.compute);   // the runtime is up (instant navigation): answer live at once
  } else {
    form.addEventListener("focusin", startRuntime, { once: true });
    form.addEventListener("pointerdown", startRuntime, { once: true });
    startWhenIdle();
  }
}

// A link's answer as the build stored it (built-answer.js): the worker's own markup for exactly the
// settings in the form, so it is shown as the worker's would be, and marked with its address until
// the inputs change.
function showBuilt(c, answer) {
  const { root } = c;
  markFresh(c);
  c.shown = answer.params;
  c.answered = true;
  keepAnswer(root, answer, c.shown);   // its words, for Copy as text
  delete c.result.dataset.answerSum;   // the default's sum: these are other settings
  c.result.innerHTML = answer.html;   // codex_view's markup, written by the build (as the worker's reply)
  c.result.classList.remove("cx-result--stale", "cx-result--held");
  root.dataset.builtAddress = answer.path;
  root.classList.remove("cx-calc--pending");
  showAsked(root, JSON.parse(answer.params));
  setState(root, "ready", "Up to date: worked out when the site was built.");
  whenWanted(c);
}

// Say what a hand-off brought in ("TN 30 and 1 raise from the TN builder"), above the form.
function showArrived(target, text) {
  if (!text) return;
  let note = target.querySelector(".cx-arrived");
  if (!note) {
    note = document.createElement("p");
    note.className = "cx-arrived";
    note.setAttribute("role", "status");
    target.querySelector("form").before(note);
  }
  note.textContent = text;      // text, never HTML
}

// A result can hand its figure to another calculator (rk-tn -> rk-check): fill that
// calculator's form if it is on this page, else open its page with the values in the URL.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest(".cx-chain[data-chain-calculator], .cx-handoff[data-chain-calculator]");
  if (!button) return;
  const id = button.dataset.chainCalculator;
  const params = JSON.parse(button.dataset.chainParams || "{}");
  const target = document.querySelector(`[data-calculator="${CSS.escape(id)}"]`);
  if (target && target.codexBound) {
    const form = target.querySelector("form");
    for (const [name, value] of Object.entries(params)) {
      const field = form.elements.namedItem(name);
      if (field) writeField(field, String(value));
    }
    form.dispatchEvent(new Event("change"));
    // at once, not smoothly: a smooth scroll is cut short when results above it change height
    target.scrollIntoView({ block: "start" });
    showArrived(target, button.dataset.chainArrived);
    return;
  }
  const url = new URL(button.dataset.chainPage, SITE_ROOT);
  url.search = new URLSearchParams({ calc: id, ...params }).toString();
  url.hash = "calc-" + id;
  location.assign(url.href);
});

