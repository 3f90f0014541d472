// Previews of linked rules on a touch screen. On a desktop, Material's instant previews
// (navigation.instant.preview) show the linked section when a link is hovered or focused; a
// phone has no hover, and a tap on the link leaves the page. So on a touch screen each link to
// another rule (and each ruling ID, macros/ruling_links.py) has a small info control beside it:
// a tap focuses the link, which opens the same preview, and a second tap (or a tap elsewhere)
// closes it. Nothing navigates until the link itself is followed. The build writes the controls
// (macros/preview_marks.py), so they have their room from the first paint (CSS shows them on a
// touch screen with scripts on); this script binds them, and makes one for a rule link the build
// could not reach (in a table or block a macro wrote as HTML).
// A heading's own # link is no link to another rule but the copy control (links.js): Material's
// preview, which it would mount on it as on every link, never opens there, by hover, by a tap's
// emulated hover, or by focus. Its triggers (mouseenter on the link, focusin reaching the body)
// are stopped on their way down, before any of Material's listeners hears them.
const TOUCH = window.matchMedia("(hover: none)");
const COPY_CONTROL = ".md-content a.headerlink";

function quiet(event) {
  if (event.target instanceof Element && event.target.matches(COPY_CONTROL)) event.stopPropagation();
}
window.addEventListener("mouseenter", quiet, true);
window.addEventListener("focusin", quiet, true);

// A link to a rule: within the site, to a heading's anchor; not a calculator (the jump links),
// not the page's own furniture (heading # links, navigation, tabs, citations).
function ruleLink(link) {
  if (link.classList.contains("headerlink") || link.closest(".cx-calc, .cx-jumps, .md-nav, .tabbed-labels, .cx-cite")) return false;
  const url = new URL(link.href, location.href);
  return url.origin === location.origin && url.hash.length > 1 && !url.hash.startsWith("#calc-") && !url.search;
}

function control(link) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cx-preview-tap";   // the theme's info icon, drawn by forum.css
  button.setAttribute("aria-label", `Preview: ${link.textContent.trim()}`);
  button.setAttribute("aria-expanded", "false");
  return button;
}

function bindControl(link, button) {
  let open = false;
  // pressing the control would blur the link before the click: note whether it was open first
  button.addEventListener("pointerdown", () => { open = document.activeElement === link; });
  button.addEventListener("click", (event) => {
    event.preventDefault();
    if (open) link.blur();
    else link.focus();
    open = false;
  });
  link.addEventListener("focus", () => button.setAttribute("aria-expanded", "true"));
  link.addEventListener("blur", () => button.setAttribute("aria-expanded", "false"));
}

// Punctuation that closes the link's sentence or bracket: it stays on the control's line, or
// ")." could wrap onto a line of its own after the control
const CLOSING = /^[)\].,;:!?\u2019\u201d]+/;

function place(link, button) {
  const next = link.nextSibling;
  const closing = next && next.nodeType === Node.TEXT_NODE ? next.data.match(CLOSING) : null;
  const keep = document.createElement("span");
  keep.className = "cx-preview-keep";
  keep.append(button);
  if (closing) {
    next.data = next.data.slice(closing[0].length);
    keep.append(closing[0]);
  }
  link.after(keep);
}

// The build's control of a link: the span right after it.
function builtControl(link) {
  const keep = link.nextElementSibling;
  return keep && keep.classList.contains("cx-preview-keep") ? keep.querySelector(".cx-preview-tap") : null;
}

export function bindPreviews() {
  if (!TOUCH.matches) return;
  // a browser that cannot tell CSS whether scripts run shows the build's controls this way
  if (!window.matchMedia("(scripting: enabled)").matches) document.documentElement.classList.add("cx-previews");
  document.querySelectorAll(".md-content article a[href]").forEach((link) => {
    if (link.codexPreview) return;
    const built = builtControl(link);
    if (!built && !ruleLink(link)) return;
    link.codexPreview = true;
    const button = built || control(link);
    if (!built) place(link, button);
    bindControl(link, button);
  });
}
