// Material asks for the search index (search/search_index.json) as every page opens and builds
// it in its search worker: about half a CPU-second on a desktop, more on a phone, spent on each
// page load whether or not the reader searches. The request waits here until the reader reaches
// for the search: focuses its field (a click, a tap, or one of Material's keys, / s f) or opens
// it on a phone (the #__search toggle).
// The same moment loads the answers to a roll typed into the search (search-answer.js, with its
// figures and styles), so a page load carries none of them.
// A classic script at the top of every page's head, so it is in place before Material's bundle.
(function () {
  const answers = new URL("search-answer.js", document.currentScript.src).href;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const held = [];
  let holding = true;
  const release = () => {
    if (!holding) return;
    holding = false;
    held.splice(0).forEach((go) => go());
    import(answers).then((module) => module.bindSearchAnswers(), () => {});
  };
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.codexHeld = /\/search\/search_index\.json$/.test(new URL(String(url), location.href).pathname);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!holding || !this.codexHeld) return send.apply(this, args);
    held.push(() => send.apply(this, args));
  };
  document.addEventListener("focusin", (event) => {
    if (event.target.closest && event.target.closest(".md-search")) release();
  });
  document.addEventListener("change", (event) => {
    if (event.target.id === "__search") release();
  });
})();
