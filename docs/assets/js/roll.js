// What a Roll does. Nothing of it comes with a page load: rolls.js imports this module when a
// roll's popover first opens, or when a calculator's Roll is first tapped, and this module brings
// its styles (roll.css). It finds the distribution, draws a total from it (draw.js, with
// crypto.getRandomValues) and lists the last few draws with what each means. It computes no odds
// and states no rule: a roll in the text is drawn from the page's roll data (rolls.json beside the
// page, written by the build: macros/rolls/draws.py, fetched once per page, on its first Roll), a
// calculator's answer from the worker's reply to mode "roll" for the settings of the answer on
// screen (codex_view/draws.py), or while the built answer is still shown, from the same page data.
// The words come with the distribution.
import { cryptoWords, drawTotal, meaning } from "./draw.js";
import { ask } from "./runtime.js";

const STYLE = new URL("../css/roll.css", import.meta.url).href;
// the styles, in before any control shows (a failed load leaves the controls plain, still usable)
const styled = document.querySelector(`link[href="${STYLE}"]`) ? Promise.resolve() : new Promise((done) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLE;
  link.onload = link.onerror = () => done();
  document.head.append(link);
});

const KEEP = 5;   // draws kept on screen, newest first
// a truncated tail below this is no chance a reader can meet: not said (a d6's tail is 5.6e-16)
const TAIL_WORTH_SAYING = 1e-9;
const pages = new Map();   // rolls.json address -> its promise (a failed fetch is forgotten)
const texts = new Map();   // page path + roll key -> the lines drawn, newest first

function dataUrl() {
  return new URL("rolls.json", location.href).href;
}

function pageData() {
  const url = dataUrl();
  if (!pages.has(url)) {
    const loaded = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`the page's roll data did not come (HTTP ${response.status})`);
      return response.json();
    });
    loaded.catch(() => pages.delete(url));
    pages.set(url, loaded);
  }
  return pages.get(url);
}

// One line of the list: a total from each draw (two for "4d6, the best or worst three"; A and B
// when comparing), with the draw's label where one line holds several or the settings may change.
function drawLine(draws, labelled = draws.length > 1) {
  return draws.map((draw) => {
    const total = drawTotal(draw, cryptoWords);
    return { total, words: meaning(draw, total), label: labelled ? draw.label : "", tail: draw.tail || 0,
      tailWords: draw.tail_words || "" };
  });
}

// The largest chance a draw of the line left out, in the words Python wrote for it (calc.wording.percent).
function tailNote(line) {
  const tails = line.filter((part) => part.tail >= TAIL_WORTH_SAYING);
  if (!tails.length) return "";
  const most = tails.reduce((a, b) => (b.tail > a.tail ? b : a));
  return `Not drawn: the truncated tail of the exploding dice, a chance of ${most.tailWords}.`;
}

// A draw's totals, to tell a repeated one (the same totals as the draw before it) from a dead tap.
const totals = (line) => line.map((part) => part.total).join(" ");

function item(line, before) {
  const li = document.createElement("li");
  line.forEach((part, i) => {
    const span = document.createElement("span");
    span.className = "cx-draws__draw";
    span.dataset.total = String(part.total);
    span.textContent = part.words;
    li.append(i ? "; " : "", span);
    // after a dash, not in brackets: a label may hold brackets of its own ("Net successes (Dice…)")
    if (part.label) li.append(" ", Object.assign(document.createElement("span"), { className: "cx-draws__of", textContent: `\u2014 ${part.label}` }));
  });
  if (before && totals(before) === totals(line)) {
    li.append(" ", Object.assign(document.createElement("span"), { className: "cx-draws__again", textContent: "(a new draw, the same total again)" }));
  }
  return li;
}

// The region's list and note, made once (the region itself is the live region: `region`).
function parts(region) {
  let list = region.querySelector(".cx-draws__list");
  if (!list) {
    list = document.createElement("ol");
    list.className = "cx-draws__list";
    const note = document.createElement("span");
    note.className = "cx-draws__note";
    region.replaceChildren(list, note);
  }
  return { list, note: region.querySelector(".cx-draws__note") };
}

function say(region, text) {
  const { note } = parts(region);
  if (note.textContent !== text) note.textContent = text;   // said again only when it changes
}

// A new draw goes on top (read out alone); past KEEP, the oldest goes.
function show(region, lines) {
  const { list } = parts(region);
  list.prepend(item(lines[0], lines[1]));
  while (list.children.length > KEEP) list.lastElementChild.remove();
  say(region, tailNote(lines[0]));
}

// Draws already made, put back quietly (a popover opened again).
function restore(region, lines) {
  region.setAttribute("aria-live", "off");
  const { list } = parts(region);
  list.replaceChildren(...lines.map((line, i) => item(line, lines[i + 1])));
  say(region, tailNote(lines[0]));
  requestAnimationFrame(() => region.setAttribute("aria-live", "polite"));
}

function add(lines, line) {
  lines.unshift(line);
  lines.length = Math.min(lines.length, KEEP);
}

const textKey = (key) => `${location.pathname}\n${key}`;

function control(label, tag) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cx-draw md-button";
  button.textContent = label;
  return [button, region(tag)];
}

// The list of draws, read out politely as each comes.
function region(tag) {
  const box = document.createElement(tag);
  box.className = "cx-draws";
  box.setAttribute("aria-live", "polite");
  return box;
}

// One Roll at a time per button: the first may wait on a download.
async function rolling(button, run) {
  if (button.getAttribute("aria-busy")) return;
  button.setAttribute("aria-busy", "true");
  try {
    await run();
  } finally {
    button.removeAttribute("aria-busy");
  }
}

// A roll of the text: a draw from the page's roll data for the popover's key.
async function rollText(key, box) {
  const lines = texts.get(textKey(key)) || [];
  try {
    const data = await pageData();
    const draws = data.rolls && data.rolls[key];
    if (!draws) throw new Error("this roll has no distribution in the page's roll data");
    add(lines, drawLine(draws));
    texts.set(textKey(key), lines);
    show(box, lines);
  } catch (error) {
    say(box, `No draw: ${error.message}.`);
  }
}

// A roll's popover (rolls.js): its Roll button under its table, with the draws already made for
// that roll put back; `changed` once the popover has grown (it is placed again).
export async function rollPopover(pop, key, text, changed) {
  await styled;
  if (!pop.isConnected || pop.querySelector(".cx-draw")) return;
  const box = document.createElement("span");
  box.className = "cx-draw-box";
  const [button, list] = control(`Roll ${text}`, "span");
  box.append(button, list);
  (pop.querySelector("table") || pop.lastChild).after(box);
  const lines = texts.get(textKey(key));
  if (lines) restore(list, lines);
  button.addEventListener("click", () => rolling(button, () => rollText(key, list)).then(changed));
  changed();
}

// The draws of the answer on screen: the built one from the page's data, a live one from the worker
// (asked once per answer, then kept on the calculator).
async function answerDraws(root) {
  const id = root.dataset.calculator;
  if (root.dataset.state === "static" && !root.classList.contains("cx-calc--pending")) {   // pending: a link's
    const data = await pageData();
    if (data.answers && data.answers[id]) return [data.answers[id]];
  }
  const answer = root.answer;
  if (root.dataset.state !== "ready" || "stale" in root.dataset || !answer) {
    throw new Error("the answer shown is out of date; roll once the new one shows");
  }
  const sides = answer.compare && root.compare
    ? [["A: ", root.compare.a], ["B: ", JSON.parse(answer.params)]]
    : [["", JSON.parse(answer.params)]];
  const key = JSON.stringify(sides);
  if (root.codexDraws && root.codexDraws.key === key) return root.codexDraws.draws;
  const replies = await Promise.all(sides.map(([, params]) => ask(root, { calculator: id, mode: "roll", params })));
  const refused = replies.find((reply) => !reply.roll);
  if (refused) throw new Error(refused.error ? refused.error.message.replace(/\.$/, "") : "stopped");
  const draws = replies.map((reply, i) => ({ ...reply.roll, label: sides[i][0] + reply.roll.label }));
  root.codexDraws = { key, draws };
  return draws;
}

// A calculator's answer (its chart's Roll, written with the chart by codex_view, tapped): a draw from
// its distribution, listed under the chart's heading. A new answer brings a new chart: its first Roll
// puts the draws made so far back (each names the settings it was drawn for).
export async function rollAnswer(root, button) {
  await styled;
  const heading = button.closest(".cx-subtitle") || button;
  const lines = root.codexDrawn || (root.codexDrawn = []);
  let box = heading.nextElementSibling;
  if (!box || !box.classList.contains("cx-draws")) {
    box = region("div");
    heading.after(box);
    if (lines.length) {
      restore(box, lines);
      await new Promise(requestAnimationFrame);   // the new draw is read out, the old ones were not
    }
  }
  await rolling(button, async () => {
    try {
      const draws = await answerDraws(root);
      add(lines, drawLine(draws, true));
      show(box, lines);
    } catch (error) {
      say(box, `No draw: ${error.message}.`);
    }
  });
}
