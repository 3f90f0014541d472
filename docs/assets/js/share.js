// A share page (s/<anchor>/, written by macros/share/pages.py) previews as one rule in a forum; a
// reader's browser goes straight on to that rule in context. `replace`, not a new entry: Back
// returns to the page the link was found on. A classic script from the site itself, so the
// content policy allows it as it is; without JavaScript the page's link does the same. Of the share
// address's query only the rules tab goes on with the reader (`s/rk-damage-rolls/?rules=house` opens
// the House tab the sharer had open; links.js writes it), and only as `summary` or `house`: a card
// that previews a harmless rule never carries a search (`?q=`), a calculator's settings or anything
// else to the rule page. The page, and so its preview, is the same with or without a query.
const target = document.getElementById("cx-share-target");
if (target) {
  const rule = new URL(target.href);
  const rules = new URLSearchParams(location.search).get("rules");
  rule.search = rules === "summary" || rules === "house" ? `?rules=${rules}` : "";
  location.replace(rule.href);
}
