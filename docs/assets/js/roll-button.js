// The Roll control: a button under a roll's odds (its popover, rolls.js) and in the tools of each
// calculator whose answer has a distribution, with the region its last draws are listed in (read
// out politely as they come). Only the button lives here: what a Roll does (the page's roll data,
// the worker's, the drawing and the words) is roll.js, imported on the first Roll, so a page load
// carries nothing more than this.
let loading = null;   // roll.js, once asked for
const rolling = () => (loading ||= import("./roll.js").catch((error) => { loading = null; throw error; }));

function control(label, box) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cx-draw md-button";
  button.textContent = label;
  const region = document.createElement(box);
  region.className = "cx-draws";
  region.setAttribute("aria-live", "polite");
  return { button, region };
}

async function roll(button, region, run) {
  if (button.getAttribute("aria-busy")) return;   // one draw at a time: the first may wait on a download
  button.setAttribute("aria-busy", "true");
  try {
    await run(await rolling());
  } catch (error) {   // roll.js itself could not be fetched (offline, and not kept)
    region.textContent = "The Roll could not load. Try again when you are online.";
  } finally {
    button.removeAttribute("aria-busy");
  }
}

// A roll in the text: the popover's Roll button and draws (`key` is the popover's data-roll;
// `changed` is called when the draws change the popover's size).
export function rollControl(key, text, changed) {
  const box = document.createElement("span");
  box.className = "cx-draw-box";
  const { button, region } = control(`Roll ${text}`, "span");
  box.append(button, region);
  button.addEventListener("click", () => roll(button, region, (m) => m.rollText(key, region)).then(changed));
  if (loading) rolling().then((m) => { m.showText(key, region); changed(); });   // reopened: its last draws
  return box;
}

// Each calculator whose answer draws a chart gets a Roll button after its tools.
export function bindAnswerRolls() {
  document.querySelectorAll("[data-calculator]").forEach((root) => {
    const tools = root.querySelector(".cx-links");
    if (root.codexRoll || !tools || !root.querySelector(".cx-result .cx-chart")) return;
    root.codexRoll = true;
    const { button, region } = control("Roll", "div");
    button.setAttribute("aria-label", "Roll: draw a total from this answer");
    tools.append(button);
    tools.after(region);
    button.addEventListener("click", () => roll(button, region, (m) => m.rollAnswer(root, region)));
  });
}
