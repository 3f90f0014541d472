// Search results say where each one lives: "Roll & Keep › Damage and wounds" above the page's
// result, the game taken from the site's navigation tabs and the page from Material's own
// result. Material renders the list (search in a worker); this adds a line of text to
// each item it shows, with textContent, and mends where its links lead.
import { SITE_ROOT } from "./links.js";

function gameTabs() {
  const root = SITE_ROOT.pathname;
  const tabs = [];
  for (const link of document.querySelectorAll(".md-tabs__link")) {
    const path = new URL(link.href, location.href).pathname;
    if (path !== root) tabs.push([path, link.textContent.trim()]);
  }
  return tabs.sort((a, b) => b[0].length - a[0].length);   // the longest prefix wins
}

function placed(path, title, tabs) {
  const tab = tabs.find(([prefix]) => path.startsWith(prefix));
  const parts = [tab ? tab[1] : "", title].filter(Boolean);
  return parts.filter((part, i) => i === 0 || part !== parts[i - 1]).join(" › ");
}

function where(item, tabs) {
  const link = item.querySelector("a.md-search-result__link");
  const title = item.querySelector(".md-search-result__article h1");
  if (!link) return "";
  return placed(new URL(link.href, location.href).pathname, title ? title.textContent.trim() : "", tabs);
}

// "Roll & Keep › Roll & Keep odds": the line over a result leading to `path` (search-answer.js too)
export function whereFor(path, title) {
  return placed(path, title, gameTabs());
}

// A result's link carries the words to highlight (`?h=`). Typed "R-0045" reaches the index as
// "r" and "0045", and "r" would mark every letter r on the ruling's page: a word of one
// character is left out of the highlight (the link still lands on the ruling's anchor).
function quietSingleLetters(item) {
  for (const link of item.querySelectorAll("a.md-search-result__link")) {
    const url = new URL(link.href, location.href);
    const words = (url.searchParams.get("h") || "").split(/\s+/).filter(Boolean);
    const kept = words.filter((word) => word.length > 1);
    if (kept.length === words.length) continue;
    if (kept.length) url.searchParams.set("h", kept.join(" "));
    else url.searchParams.delete("h");
    link.href = url.href;
  }
}

// Material heads each page's results with the page itself, even when only a section of it
// matched: its link then carries an empty `?h=` and opens the top of the page ("6k3" led to the
// top of the Calculators page, not to the Roll & Keep calculator). Such a head leads where its
// best section does; so does a head whose page matched only in passing, scoring under a hundredth
// of its best section ("pool odds": the Calculators page, 1 against its pool calculator's 13,000).
const PASSING = 0.01;

function score(link) {
  return parseFloat(link.querySelector("[data-md-score]")?.dataset.mdScore ?? "0") || 0;
}

function leadToBestSection(item) {
  const [head, best] = item.querySelectorAll("a.md-search-result__link");
  if (!head || !best) return;
  const url = new URL(head.href, location.href);
  const unmatched = url.searchParams.has("h") && !url.searchParams.get("h").trim();
  if (unmatched || score(head) < PASSING * score(best)) head.href = best.href;
}

function label(list) {
  const tabs = gameTabs();
  for (const item of list.querySelectorAll(":scope > .md-search-result__item")) {
    leadToBestSection(item);
    quietSingleLetters(item);
    if (item.querySelector(".cx-search-where")) continue;
    const text = where(item, tabs);
    const article = item.querySelector(".md-search-result__article");
    if (!text || !article) continue;
    const line = document.createElement("p");
    line.className = "cx-search-where";
    line.textContent = text;
    article.prepend(line);
  }
}

export function bindSearchWhere() {
  const list = document.querySelector(".md-search-result__list");
  if (!list || list.codexWhere) return;
  list.codexWhere = true;
  new MutationObserver(() => label(list)).observe(list, { childList: true });
  label(list);
}
