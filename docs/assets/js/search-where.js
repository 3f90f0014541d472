// Search results say where each one lives: "Roll & Keep › Damage and wounds" above the page's
// result, the game taken from the site's navigation tabs and the page from Material's own
// result. Material renders the list (search in a worker); this only adds a line of text to
// each item it shows, with textContent.
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

function where(item, tabs) {
  const link = item.querySelector("a.md-search-result__link");
  const title = item.querySelector(".md-search-result__article h1");
  if (!link) return "";
  const path = new URL(link.href, location.href).pathname;
  const tab = tabs.find(([prefix]) => path.startsWith(prefix));
  const parts = [tab ? tab[1] : "", title ? title.textContent.trim() : ""].filter(Boolean);
  return parts.filter((part, i) => i === 0 || part !== parts[i - 1]).join(" › ");
}

function label(list) {
  const tabs = gameTabs();
  for (const item of list.querySelectorAll(":scope > .md-search-result__item")) {
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
