// The Roll control, the one part of a Roll a page load carries: a button in a roll's popover
// (rolls.js) and in a calculator's tools, and the region its draws are read out from (politely).
// What a Roll does is roll.js, imported on the first Roll.
let loading = null;
const rolling = () => (loading ||= import("./roll.js").catch((error) => { loading = null; throw error; }));

function control(label, tag) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cx-draw md-button";
  button.textContent = label;
  const region = document.createElement(tag);
  region.className = "cx-draws";
  region.setAttribute("aria-live", "polite");
  return { button, region };
}

async function roll(button, region, run) {
  if (button.getAttribute("aria-busy")) return;   // one at a time: the first may wait on a download
  button.setAttribute("aria-busy", "true");
  try {
    await run(await rolling());
  } catch (error) {   // roll.js did not come (offline, and never kept)
    region.textContent = "The Roll could not load. Try again when you are online.";
  } finally {
    button.removeAttribute("aria-busy");
  }
}

// A roll in the text (`key`: its popover's data-roll); `changed` when the popover grows.
export function rollControl(key, text, changed) {
  const box = document.createElement("span");
  box.className = "cx-draw-box";
  const { button, region } = control(`Roll ${text}`, "span");
  box.append(button, region);
  button.addEventListener("click", () => roll(button, region, (m) => m.rollText(key, region)).then(changed));
  if (loading) rolling().then((m) => { m.showText(key, region); changed(); });   // opened again: its draws
  return box;
}

// A calculator whose built answer has a chart gets a Roll. Called before the page binds its
// calculators: a link's calculator then sets its built figures aside (calculators.js).
export function bindAnswerRolls() {
  document.querySelectorAll("[data-calculator]").forEach((root) => {
    const tools = root.querySelector(".cx-links");
    if (root.codexRoll || !tools || !root.querySelector(".cx-result .cx-chart")) return;
    root.codexRoll = true;
    const { button, region } = control("Roll", "div");
    button.setAttribute("aria-label", "Roll: draw a total from this answer");
    queueMicrotask(() => { tools.append(button); tools.after(region); });   // last, where reading.js put the tools
    button.addEventListener("click", () => roll(button, region, (m) => m.rollAnswer(root, region)));
  });
}
