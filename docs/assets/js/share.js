// A share page (s/<anchor>/, written by macros/share/pages.py) previews as one rule in a forum; a
// reader's browser goes straight on to that rule in context. `replace`, not a new entry: Back
// returns to the page the link was found on. A classic script from the site itself, so the
// content policy allows it as it is; without JavaScript the page's link does the same. The share
// address's query goes on with the reader: `s/rk-damage-rolls/?rules=house` opens the House tab
// the sharer had open (links.js writes it); the page, and so its preview, is the same with or without.
const target = document.getElementById("cx-share-target");
if (target) {
  const rule = new URL(target.href);
  if (location.search) rule.search = location.search;
  location.replace(rule.href);
}
