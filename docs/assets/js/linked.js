// Loaded (blocking, tiny) in the head of pages with a calculator, before the body is drawn.
// A link with a query may hold inputs the built figures were not worked out for, so:
// - every built result is greyed (codex.css .cx-linked) until calculators.js has read the link;
// - the calculator the link names (?calc=<id>) is marked as it is parsed, before the first paint:
//   its answer comes first and the built figures are not shown at all (cx-calc--pending), since a
//   number beside other inputs is a wrong number; calculators.js lifts the mark once the figures
//   on screen belong to the inputs on screen.
// A classic script rather than a module: modules run only after the first paint.
(function () {
  if (!location.search) return;
  const html = document.documentElement;
  html.classList.add("cx-linked");
  const id = new URLSearchParams(location.search).get("calc");
  if (!id || !/^[a-z0-9-]{1,40}$/.test(id)) return;
  const watch = new MutationObserver(() => {
    const root = document.getElementById("calc-" + id);
    if (!root) return;
    root.classList.add("cx-calc--answer-first", "cx-calc--pending");
    watch.disconnect();
  });
  watch.observe(html, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => watch.disconnect());
})();
