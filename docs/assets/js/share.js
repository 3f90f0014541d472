// A share page (s/<anchor>/, written by macros/share.py) previews as one rule in a forum; a
// reader's browser goes straight on to that rule in context. `replace`, not a new entry: Back
// returns to the page the link was found on. A classic script from the site itself, so the
// content policy allows it as it is; without JavaScript the page's link does the same.
const target = document.getElementById("cx-share-target");
if (target) location.replace(target.href);
