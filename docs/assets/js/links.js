// Links a reader shares: the clipboard, heading links with citations, and rule anchors that
// moved. Nothing typed into a page or a URL is ever inserted as HTML here.
import { VERSION_KEY, openVersion, sectionTabs } from "./versions.js";

export const SITE_ROOT = new URL("../../", import.meta.url);   // this file is assets/js/links.js

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

// The address a calculator's Copy link and Copy as text hand out: its question's own odds address
// (`q/<calculator>/<slug>/`, which previews with its answer) while the calculator shows a built
// answer (the widget's `data-built-address`, from the site's root) and compares nothing; else its
// usual link, this page with the form's query. An odds address outside the site is never handed out.
export function questionUrl(root, query) {
  const built = !root.compare && root.dataset.builtAddress;
  if (built) {
    const odds = new URL(built, SITE_ROOT);
    if (odds.origin === SITE_ROOT.origin && odds.pathname.startsWith(SITE_ROOT.pathname)) return odds.href;
  }
  return location.origin + location.pathname + query + "#" + root.id;
}

export function flash(anchor, message) {
  const note = document.createElement("span");
  note.className = "cx-flash";
  note.setAttribute("role", "status");
  note.textContent = message;
  anchor.after(note);
  setTimeout(() => note.remove(), 2500);
}

// Cite this rule: after copying its URL, a heading link opens a small popover that copies the
// rule as a forum citation: "Seventh Sun Codex › Combat › Parry" with the URL, plain, in
// Markdown or in BBCode. Built with textContent only: no page text is ever parsed as HTML.
const CITE_SEPARATOR = " › ";
const CITE_FORMATS = [
  ["link", "Copy link", "Link copied"],
  ["markdown", "Copy as Markdown", "Copied as Markdown"],
  ["bbcode", "Copy as BBCode", "Copied as BBCode"],
];
const URL_UNSAFE = { "(": "%28", ")": "%29", "[": "%5B", "]": "%5D", " ": "%20" };
let openCite = null;          // { holder, link } of the popover on screen
let citeListening = false;

function citeText(element) {
  const copy = element.cloneNode(true);
  copy.querySelectorAll(".headerlink, .cx-flash").forEach((el) => el.remove());
  return copy.textContent.replace(/\s+/g, " ").trim();
}

function citeSiteName() {
  const meta = document.querySelector('meta[property="og:site_name"]');
  if (meta && meta.content) return meta.content;
  const topic = document.querySelector(".md-header__topic .md-ellipsis");
  return topic ? topic.textContent.trim() : "";
}

// Material's instant navigation rewrites every href to an absolute URL; resolve either form.
// A rule with Summary/House tabs gets `?rules=<open tab>`, so the link reopens that version.
function versionQuery(link) {
  const heading = link.closest("h1, h2, h3, h4, h5, h6");
  const version = heading && openVersion(sectionTabs(heading));
  return version && version.key ? `?${VERSION_KEY}=${encodeURIComponent(version.key)}` : "";
}

function headingUrl(link) {
  const url = new URL(link.getAttribute("href"), location.href);
  return location.origin + location.pathname + versionQuery(link) + url.hash;
}

// A rule's share address (`s/<anchor>/`, macros/hooks/share.py): its own page, which a forum
// previews as that rule and which sends a reader on to it here, with the tab the reader has open
// (`?rules=house`: share.js passes it on; the preview is the same). The folder is named by the page
// (<meta name="codex-share">); a print page's `print-x` heading shares the rule `x`.
function shareUrl(link) {
  const folder = document.querySelector('meta[name="codex-share"]');
  const id = new URL(link.getAttribute("href"), location.href).hash.slice(1);
  if (!folder || !folder.content || !id) return headingUrl(link);
  const anchor = decodeURIComponent(id).replace(/^print-/, "");
  return new URL(`${folder.content}${encodeURIComponent(anchor)}/${versionQuery(link)}`, SITE_ROOT).href;
}

// The game a page belongs to: the breadcrumb after the home page ("Roll & Keep").
function citeGame() {
  const crumbs = [...document.querySelectorAll(".md-path__link")].map((a) => a.textContent.trim());
  return crumbs.length > 1 ? crumbs[1] : "";
}

function citation(link) {
  const h1 = document.querySelector(".md-content h1");
  const heading = link.closest("h1, h2, h3, h4, h5, h6");
  const parts = [citeSiteName(), citeGame(), h1 ? citeText(h1) : ""];
  if (heading && heading !== h1) {
    const version = openVersion(sectionTabs(heading));
    parts.push(citeText(heading) + (version ? ` (${version.label})` : ""));
  }
  // "Roll & Keep › Roll & Keep" on a game's own front page says it once
  const named = parts.filter(Boolean).filter((part, i, all) => i === 0 || part !== all[i - 1]);
  return {
    title: named.join(CITE_SEPARATOR),
    url: headingUrl(link),      // a citation names the rule page itself, with its open tab
    share: shareUrl(link),
  };
}

function formatCitation(format, { title, url, share }) {
  const safeUrl = url.replace(/[()[\] ]/g, (c) => URL_UNSAFE[c]);
  if (format === "markdown") return `[${title.replace(/[\\[\]]/g, "\\$&")}](${safeUrl})`;
  if (format === "bbcode") return `[url=${safeUrl}]${title.replace(/\[/g, "(").replace(/\]/g, ")")}[/url]`;
  return share;   // "Copy link": the share address
}

function closeCite({ restoreFocus = false } = {}) {
  if (!openCite) return;
  const { holder, link } = openCite;
  openCite = null;
  holder.remove();
  link.setAttribute("aria-expanded", "false");
  if (restoreFocus && link.isConnected) link.focus();
}

function listenForCiteDismissal() {
  if (citeListening) return;
  citeListening = true;
  document.addEventListener("pointerdown", (event) => {
    if (openCite && !openCite.holder.contains(event.target) && !openCite.link.contains(event.target)) closeCite();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && openCite) closeCite({ restoreFocus: true });
  });
}

function openCitePopover(link) {
  closeCite();
  const cite = citation(link);
  const holder = document.createElement("div");
  holder.className = "cx-cite-holder";
  const box = document.createElement("div");
  box.className = "cx-cite";
  box.id = "cx-cite";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "Cite this rule");
  const text = document.createElement("p");
  text.className = "cx-cite__text";
  text.textContent = cite.title;
  const actions = document.createElement("div");
  actions.className = "cx-cite__actions";
  const done = document.createElement("p");
  done.className = "cx-cite__done";
  done.setAttribute("role", "status");
  for (const [format, label, copied] of CITE_FORMATS) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.citeFormat = format;
    button.textContent = label;
    button.addEventListener("click", async () => {
      done.textContent = "";
      await copyText(formatCitation(format, cite));
      done.textContent = copied;
    });
    actions.append(button);
  }
  box.append(text, actions, done);
  box.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (to && !holder.contains(to) && to !== link) closeCite();   // tabbed away
  });
  holder.append(box);
  (link.closest("h1, h2, h3, h4, h5, h6") || link).after(holder);
  link.setAttribute("aria-expanded", "true");
  link.setAttribute("aria-controls", box.id);
  openCite = { holder, link };
  actions.querySelector("button").focus({ preventScroll: true });
}

export function bindHeadingLinks() {
  if (openCite && !openCite.holder.isConnected) openCite = null;   // the page changed under it
  listenForCiteDismissal();
  document.querySelectorAll(".md-content .headerlink").forEach((link) => {
    if (link.codexBound) return;
    link.codexBound = true;
    link.setAttribute("aria-label", "Copy a link to this rule");
    // the heading is named by its own words, not "… Copy a link to this rule" (its # link's name)
    const heading = link.closest("h1, h2, h3, h4, h5, h6");
    if (heading) heading.setAttribute("aria-label", citeText(heading));
    link.setAttribute("aria-haspopup", "dialog");
    link.setAttribute("aria-expanded", "false");
    link.addEventListener("click", async (event) => {
      event.preventDefault();
      event.stopPropagation();   // not a navigation: keep Material's instant navigation out of it
      const url = headingUrl(link);
      history.replaceState(history.state, "", location.pathname + location.search + new URL(url).hash);
      await copyText(shareUrl(link));
      flash(link, "Link copied");
      openCitePopover(link);
    });
  });
}

// The anchor the address names ("" for none, or for a malformed hash such as "#%E0%A4%A",
// which names no anchor, old or new).
function hashId() {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return "";
  }
}

// A page opened from a search result on a phone landed at its top, or short of its anchor, at
// any speed of arrival: Material holds the page still under its search (the body's
// data-md-scrolllock) until about 225 ms after the tap, its closing animation then overflows the
// screen for 300 ms more, which lengthens the phone's layout viewport, and its own scroll to the
// anchor did not take. So after a page opened forward by instant navigation (a history entry with
// no state of its own: going back restores the reader's place instead, and the first page is the
// browser's), once both are over, the anchor is brought to the top if it is not there, unless the
// reader has touched the page meanwhile.
const LAND_FRAMES = 120;   // about 2 s of frames to wait for the page to settle
const settled = () => !document.body.hasAttribute("data-md-scrolllock")
  && document.documentElement.scrollWidth <= document.documentElement.clientWidth;
let firstPage = true;

export function landOnAnchor() {
  const id = hashId();
  const forward = !firstPage && history.state === null;
  firstPage = false;
  if (!id || !forward) return;
  const touched = new AbortController();   // the reader's first touch, wheel or key ends the wait
  for (const type of ["touchstart", "wheel", "keydown"]) {
    window.addEventListener(type, () => touched.abort(), { passive: true, signal: touched.signal });
  }
  const look = (left) => {
    const wanted = !touched.signal.aborted && hashId() === id;
    if (wanted && !settled() && left > 0) { requestAnimationFrame(() => look(left - 1)); return; }
    touched.abort();
    const target = wanted && document.getElementById(id);
    if (!target) return;
    const off = target.getBoundingClientRect().top - (parseFloat(getComputedStyle(target).scrollMarginTop) || 0);
    if (Math.abs(off) > 2) window.scrollTo(0, window.scrollY + off);
  };
  requestAnimationFrame(() => look(LAND_FRAMES));
}

// An anchor typed in another case (`/rulings/#R-0016` for `#r-0016`) lands on its heading:
// every anchor of the Codex is lower case, so a hash naming none is tried in lower case.
export function followAnchorCase() {
  const id = hashId();
  if (!id || document.getElementById(id) || id === id.toLowerCase()) return;
  const target = document.getElementById(id.toLowerCase());
  if (!target) return;
  history.replaceState(history.state, "", location.pathname + location.search + "#" + encodeURIComponent(target.id));
  target.scrollIntoView();
}

// A rule anchor that moved keeps working: docs/anchor_redirects.json maps "page/#old" to "page/#new".
export async function followMovedAnchor() {
  const id = hashId();
  if (!id || document.getElementById(id)) return;
  const page = location.pathname.slice(SITE_ROOT.pathname.length);
  try {
    const moved = await (await fetch(new URL("anchor_redirects.json", SITE_ROOT))).json();
    const target = moved[`${page}#${id}`];
    if (typeof target !== "string" || !/^[a-z0-9/_-]*#[a-z0-9-]+$/.test(target)) return;
    // only to a page of this site: "//host#x" fits the pattern yet names another origin
    const url = new URL(target, SITE_ROOT);
    if (url.origin === location.origin && url.pathname.startsWith(SITE_ROOT.pathname)) location.replace(url.href);
  } catch {
    /* no redirect list: nothing to follow */
  }
}
