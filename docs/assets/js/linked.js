// Loaded (blocking, tiny) in the head of pages with a calculator, before the body is drawn.
// A link with a query may hold inputs the built figures were not worked out for, so:
// - every built result is greyed (codex.css .cx-linked) until calculators.js has read the link;
// - the calculator the link names (?calc=<id>) looks linked from the first paint (the stylesheet
//   matches it by the id marked on <html>): its answer comes first and the built figures are not
//   shown at all (cx-calc--pending, once it is parsed), since a number beside other inputs is a
//   wrong number; calculators.js lifts the mark once the figures on screen belong to the inputs
//   on screen.
// A link that names a calculator of this page (the build lists them on this script's
// data-calculators) is marked on <html> (data-codex-link). If the build answered its question
// (built-answer.js, imported at once, looks it up as soon as the calculator's form is parsed), that
// answer is window.codexBuilt's and no runtime is started; else its worker is started here
// (runtime.js adopts it). A link naming any other id downloads nothing, not even when the browser is idle
// (runtime.js), until the reader uses a calculator, and says so under the page's title. Until that calculator's answer, or its error, is on the page
// (data-codex-answered, the "codex:answered" event) the service worker (offline.js) waits.
// Material's search index waits on every page until the reader opens the search (search-later.js).
// A classic script rather than a module: modules run only after the first paint.
(function () {
  if (!location.search) return;
  const html = document.documentElement;
  html.classList.add("cx-linked");
  if (!new URLSearchParams(location.search).has("calc")) return;
  const id = new URLSearchParams(location.search).get("calc");
  const script = document.currentScript;
  if (!(script.dataset.calculators || "").split(" ").includes(id)) {
    html.dataset.codexUnknownLink = location.search;   // runtime.js: not even when idle
    document.addEventListener("DOMContentLoaded", sayUnknown);
    return;
  }
  // as the page opens, the build's answers: the module that finds them, and the calculator's list of
  // built questions (q/<id>/built.json, macros/answers/store.py), both fetched while the page arrives
  const base = new URL("../../", script.src);
  const lookup = import(new URL("built-answer.js", script.src).href);
  import(new URL("odds-path.js", script.src).href).catch(() => null);   // its import, fetched alongside
  const index = fetch(new URL(`q/${id}/built.json`, base))
    .then((response) => (response.ok ? response.json() : null)).catch(() => null);
  let settle;
  window.codexBuilt = new Promise((resolve) => { settle = resolve; });
  setTimeout(answered, 30000);   // whatever happens, the page's downloads go in the end
  document.addEventListener("codex:runtime-failed", answered);
  // Until the calculator is parsed, nothing of this script runs inside the parser's tasks (it would
  // make them its own long tasks on a phone): the stylesheet alone gives it its landing look, from
  // this mark on <html> (codex.css, as macros/landing_style.py ships it). A timer looks, in tasks of
  // its own, for the calculator's last part; then its classes carry that look on, it lands, and the
  // build's answer is looked up.
  html.dataset.codexLink = id;   // one of data-calculators: the build's ids
  const LOOK_MS = 16;
  setTimeout(lookForIt, LOOK_MS);
  function lookForIt() {
    const root = /^[a-z0-9-]{1,40}$/.test(id) ? document.getElementById("calc-" + id) : null;
    const parsed = root && root.querySelector(".cx-links");   // its last part
    if (!parsed && document.readyState === "loading") { setTimeout(lookForIt, LOOK_MS); return; }
    html.dataset.codexLanded = "";
    if (!root) { answered(); settle(null); return; }   // no such calculator on this page: no answer to wait for
    root.classList.add("cx-calc--answer-first", "cx-calc--pending");
    whenAnswered(root);
    land(root);
    setTimeout(() => lookBuilt(root), 0);   // a task of its own: it reads the form the link fills
  }

  // The reader lands on the calculator before the page's scripts enhance the text above it: the
  // browser then keeps it where it is as that text grows (scroll anchoring), so it holds still.
  // It lands once the browser has laid it out (an IntersectionObserver reports that in a task of
  // its own): scrolling to it as it is parsed would make the browser lay the half-parsed page out
  // at once, in the middle of parsing it, a long task on a phone. (A link with its anchor,
  // #calc-rk-check, lands there too: the browser's own scroll to an anchor does not hold it still.)
  function land(calc) {
    if (!("IntersectionObserver" in window)) { calc.scrollIntoView({ block: "start" }); return; }
    const laidOut = new IntersectionObserver(() => {
      laidOut.disconnect();
      calc.scrollIntoView({ block: "start" });
    });
    laidOut.observe(calc);
  }

  // The build's answer to the link, or else the runtime, started at once.
  let looked = false;
  function lookBuilt(calc) {
    if (looked) return;
    looked = true;
    const found = Promise.all([lookup, index]).then(([built, listed]) => built.builtAnswer(calc, base, listed));
    found.catch(() => null).then((answer) => {
      if (!answer && !window.codexRuntimeStarted) startEarly();
      settle(answer);
    });
  }

  // The answer is on the page once calculators.js lifts the pending mark or shows an error; the
  // held downloads go half a second later, once it has been painted.
  function whenAnswered(calc) {
    const seen = new MutationObserver(() => {
      if (calc.classList.contains("cx-calc--pending") && calc.dataset.state !== "error") return;
      seen.disconnect();
      setTimeout(answered, 500);
    });
    seen.observe(calc, { attributes: true, attributeFilter: ["class", "data-state"] });
  }

  function answered() {
    if ("codexAnswered" in html.dataset) return;
    html.dataset.codexAnswered = "";
    document.dispatchEvent(new Event("codex:answered"));
  }

  // A link naming no calculator of this page: a note under the page's title, in words of the
  // page's own (the id is not repeated: it may be anything), and nothing is worked out for it.
  function sayUnknown() {
    const title = document.querySelector(".md-content h1");
    if (!title) return;
    const note = document.createElement("p");
    note.className = "cx-unknown-link";
    note.setAttribute("role", "note");
    note.textContent = "This link asks for a calculator that is not on this page, so it has no answer here: "
      + "the calculators below show their usual figures.";
    title.after(note);
  }

  // The runtime's worker, started now rather than once runtime.js and its imports have arrived;
  // runtime.js adopts it (codexEarlyWorker) with the messages it sent meanwhile.
  function startEarly() {
    const worker = new Worker(new URL("worker.mjs", script.src), { type: "module" });
    const early = { worker, messages: [], error: null };
    worker.onmessage = (event) => early.messages.push(event);
    worker.onerror = (event) => { event.preventDefault(); early.error = event; };
    worker.postMessage({ type: "start", path: window.codexBootPath || "auto" });
    window.codexEarlyWorker = early;
  }
})();
