// Loaded (blocking, tiny) in the head of pages with a calculator, before the body is drawn: when
// the address carries a query, the built figures may not be for the inputs it holds, so they are
// greyed (codex.css .cx-linked) until calculators.js has read the link and lifted the class.
// A classic script rather than a module: modules run only after the first paint.
if (location.search) document.documentElement.classList.add("cx-linked");
