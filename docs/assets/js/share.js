// A share page (s/<anchor>/, written by macros/share/pages.py) previews as one rule in a forum, and
// an odds page (q/<calculator>/<slug>/, macros/odds/pages.py) as one question and its answer; a
// reader's browser goes straight on to the rule in context, or to the calculator set to the
// question. `replace`, not a new entry: Back returns to the page the link was found on. A classic
// script from the site itself, so the content policy allows it as it is; without JavaScript the
// page's link does the same. Of a share address's query only the rules tab goes on with the reader
// (`s/rk-damage-rolls/?rules=house` opens the House tab the sharer had open; links.js writes it), and
// only as `summary` or `house`: a card that previews a harmless rule never carries a search (`?q=`),
// a calculator's settings or anything else to the rule page. A target with a query of its own (a
// question) keeps it. The page, and so its preview, is the same with or without a query. The link is
// relative to the page: a target off the site's origin is never followed.
const target = document.getElementById("cx-share-target");
if (target) {
  const next = new URL(target.href);
  if (!next.search) {
    const rules = new URLSearchParams(location.search).get("rules");
    next.search = rules === "summary" || rules === "house" ? `?rules=${rules}` : "";
  }
  if (next.origin === location.origin) location.replace(next.href);
}
