// A roll typed into the search ("6k3 25", "3d6+4 14 bonus", "5 dice 2") is answered above the pages
// that match: the calculator's headline figure for it, the rules it rests on, and a link that opens
// the calculator set to it. Loaded when the reader opens the search (search-later.js), with its
// figures (search/answers.json, written when the site is built by calc/built/search_answers.py) and its
// stylesheet; a page load carries none of it. This module reads what is typed and looks the figure
// up: it holds no dice rules and works out no odds. Past the built figures (13k5, a pool of 30)
// and for any other dice expression it offers the calculator, and answers in place when the
// calculator runtime has already started, or when the reader asks it to.
//
// What is read (case and spaces aside; docs/calculators.md shows readers the same):
//   Roll & Keep   XkY [vs|against|TN|target|at|@] N               6k3 25, 6k3 vs TN 25
//   Seventh Sun   3d6[+B|-B] [vs|...] T [[with] [a] bonus|penalty [die]]
//                 (4d6 in place of 3d6 when a bonus or penalty die is named)   3d6+4 14, 4d6+4 vs 14 bonus
//   Dice pool     [a] pool [of] D | D dice [pool], then in any order
//                 [B black [dice]] and [need|vs] N [net] [successes]        5 dice, 5 dice 2, pool of 7 1 black
//   Two of one kind, joined by vs, versus, against, or, compared to/with: the calculator compares them
//                 (6k3 25 vs 7k3 30)
//   Anything else with dice in it (2d20kh1+5, 3d100*100+1d100 15) opens the dice calculator,
//                 a number after a space being its target.
// Every text shown is set as text, never as HTML; a link is the built address with the typed
// numbers (or the typed expression, encoded) in its fields, or, for a question the build answered,
// its odds address (q/<calculator>/<slug>/, which opens the same calculator set to it).
import { SITE_ROOT } from "./links.js";
import { whereFor } from "./search-where.js";

const SOURCE = new URL("search/answers.json", SITE_ROOT);
const STYLE = new URL("assets/css/search-answer.css", SITE_ROOT);
const SEP = String.raw`(?:\s+|\s*(?:vs\.?|versus|v|against|tn|target|at|@|>=|≥)\s*)+`;
const NUMBER = String.raw`(-?\d{1,6})`;
const RK = new RegExp(String.raw`^(\d{1,3})\s*k\s*(\d{1,3})${SEP}${NUMBER}$`, "i");
const EXTRA = String.raw`(?:\s+|\s*\+\s*)(?:with\s+)?(?:an?\s+)?(bonus|penalty)(?:\s+(?:dice|die))?`;
const SUN = new RegExp(String.raw`^([34])d6(?:\s*([+-])\s*(\d{1,4}))?${SEP}${NUMBER}(?:${EXTRA})?$`, "i");
const POOL = /^(?:(?:an?\s+)?pool\s+(?:of\s+)?(\d{1,3})|(\d{1,3})\s*(?:dice|die)(?:\s+pool)?)(.*)$/i;
const BLACK = /^\s*(?:,|and|with)?\s*(\d{1,3})\s+black(?:\s+(?:dice|die))?/i;
const NEED = /^\s*(?:,|and)?\s*(?:need(?:ing|s)?|vs\.?|against|for|at\s+least)?\s*(-?\d{1,3})(?:\s+(?:net\s+)?success(?:es)?)?(?:\s+needed)?/i;
const DICE = /\d*d(?:\d|f|%)/i;
const EXPRESSION = /^[\d\sdkhlrofx+\-*/()!<>=.,%]{1,200}$/i;
const BETWEEN = /\s+(?:vs\.?|versus|against|or|compared\s+(?:to|with))\s+/gi;
const TARGET = new RegExp(String.raw`^(.*?[\w)!%])\s*(?:\s|vs\.?\s*|against\s*|tn\s*|target\s*)(-?\d{1,6})$`, "i");

const TYPING_PAUSE_MS = 250;   // the runtime is asked once the typing stops this long

let data = null;           // the built figures, once fetched
let box = null;            // the answer's list, first in the search's results
let shown = "";            // the query the answer on screen is for
let runtimeAsked = 0;      // the latest request to the runtime (an older reply is dropped)

// ---------------------------------------------------------------- reading what is typed
const whole = (digits) => String(Number(digits));   // "06" is 6, as the calculator reads it

function readPool(text) {
  const m = POOL.exec(text);
  if (!m) return null;
  const values = { dice: whole(m[1] || m[2]) };
  let rest = m[3];
  while (rest.trim()) {
    const black = values.black === undefined && BLACK.exec(rest);
    const need = !black && values.need === undefined && NEED.exec(rest);
    const found = black || need;
    if (!found || !found[0].trim()) return null;
    if (black) values.black = whole(black[1]);
    else values.need = whole(need[1]);
    rest = rest.slice(found[0].length);
  }
  return { kind: "pool", values };
}

// Two rolls of one kind (not dice expressions), one each side of a word that joins them: [a, b] or null.
function readTwo(text) {
  for (const joint of text.matchAll(BETWEEN)) {
    const a = readOne(text.slice(0, joint.index));
    const b = a && a.kind !== "dice" && readOne(text.slice(joint.index + joint[0].length));
    if (b && b.kind === a.kind) return [a, b];
  }
  return null;
}

// {kind: "rk" | "sun" | "pool", values: {field: text}}, {kind: "dice", values: {expr, target}},
// {kind, values, versus: {values}} for two compared, or null
export function readRoll(typed) {
  const text = typed.trim().replace(/\s+/g, " ");
  if (!text || text.length > 200) return null;
  const two = readTwo(text);
  return two ? { ...two[0], versus: two[1] } : readOne(text);
}

function readOne(typed) {
  const text = typed.trim();
  if (!text) return null;
  let m = RK.exec(text);
  if (m) return { kind: "rk", values: { rolled: whole(m[1]), kept: whole(m[2]), tn: whole(m[3]) } };
  m = SUN.exec(text);
  if (m && (m[1] === "3" || m[5])) {
    const bonus = m[3] ? whole(`${m[2]}${m[3]}`) : "0";
    return { kind: "sun", values: { die: (m[5] || "none").toLowerCase(), bonus, target: whole(m[4]) } };
  }
  const pool = readPool(text);
  if (pool) return pool;
  if (!DICE.test(text)) return null;
  const t = TARGET.exec(text);
  if (t && DICE.test(t[1]) && EXPRESSION.test(t[1]) && !/[<>=]/.test(t[1])) {
    return { kind: "dice", values: { expr: t[1], target: whole(t[2]) } };
  }
  return EXPRESSION.test(text) ? { kind: "dice", values: { expr: text, target: "" } } : null;
}

// ---------------------------------------------------------------- looking the figure up
function lookup(roll) {
  const kind = data.kinds[roll.kind];
  if (!kind) return null;
  const values = { ...kind.defaults, ...roll.values };
  if (values[kind.free] === undefined && kind.default !== null) values[kind.free] = String(kind.default);
  const n = Number(values[kind.free]);
  const key = [roll.kind, ...kind.fixed.map((name) => values[name])].join("/");
  const entry = data.answers[key];
  const inRange = Number.isInteger(n) && n >= kind.range[0] && n <= kind.range[1];
  if (!entry || !inRange) return { kind, values, figure: null };
  const i = n - entry.start;
  const figure = i < 0 ? entry.below : i < entry.figures.length ? entry.figures[i] : entry.above;
  const fill = (text) => text.replace("{n}", String(n));
  return { kind, values, figure, label: fill(entry.label), words: fill(entry.words), odds: oddsAddress(entry.odds, n) };
}

// A built question's own odds address (calc/built/search_odds.py): the entry's address with the typed
// number in its slot where it writes it, else the address listed for that number; none when not built.
function oddsAddress(odds, n) {
  if (!odds) return null;
  const path = Object.hasOwn(odds.paths, String(n)) ? odds.paths[String(n)]
    : odds.at.includes(n) ? odds.path.replace("{n}", String(n)) : null;
  return path && new URL(path, SITE_ROOT).href;
}

// The calculator's address with the typed values in its fields; a field left blank is left out,
// as a link written by calc.question.Question leaves it out.
function address(template, values) {
  const url = new URL(template.replace(/\{([\w.]+)\}/g, (_, name) => encodeURIComponent(values[name] ?? "")), SITE_ROOT);
  for (const [name, value] of [...url.searchParams]) if (value === "") url.searchParams.delete(name);
  return url.href;
}

// ---------------------------------------------------------------- showing it
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function item(href, title, lines, odds) {
  const li = el("li", "md-search-result__item cx-search-answer");
  const link = el("a", "md-search-result__link");
  link.href = odds || href;   // a built question's odds address; "Game › Page" stays the calculator's
  const article = el("article", "md-search-result__article md-typeset");
  article.dataset.mdScore = "1e9";   // Enter in the search box follows the best score: this answer
  article.append(el("p", "cx-search-where", whereFor(new URL(href).pathname, title)), ...lines);
  link.append(article);
  li.append(link);
  return li;
}

function figureLines(label, figure, words, assumes) {
  const head = el("h1", "cx-search-answer__head");
  head.append(el("span", "cx-search-answer__label", `${label}: `), el("output", "cx-search-answer__figure", figure));
  return [head, el("p", "cx-search-answer__words", words), el("p", "cx-search-answer__assumes", assumes)];
}

function place(li) {
  const results = document.querySelector(".md-search-result");
  if (!results) return;
  if (!box) {
    box = el("ol", "cx-search-answers");
    box.setAttribute("aria-label", "Answer");
  }
  box.replaceChildren(li);
  if (box.parentElement !== results || results.firstElementChild !== box) results.prepend(box);
}

function clear() {
  shown = "";
  runtimeAsked += 1;
  if (box) box.remove();
}

// The runtime's reply, as its headline figures read (label and figure), or its refusal.
function replyLines(reply) {
  if (reply.error) return [el("p", "cx-search-answer__error", reply.error.message)];
  if (!reply.html) return [el("p", "cx-search-answer__error", "No answer came back.")];
  const doc = new DOMParser().parseFromString(reply.html, "text/html");   // inert: only its text is read
  const figures = [...doc.querySelectorAll(".cx-headlines .cx-figure")].slice(0, 2);
  return figures.map((figure) => {
    const head = el("p", "cx-search-answer__head");
    head.append(el("span", "cx-search-answer__label", `${figure.querySelector(".cx-figure__label")?.textContent ?? ""}: `),
      el("output", "cx-search-answer__figure", figure.querySelector("output")?.textContent ?? ""));
    return head;
  });
}

async function runtimeModule() {
  return import("./runtime.js");
}

async function askRuntime(li, calculator, params) {
  const asked = ++runtimeAsked;
  const slot = li.querySelector(".cx-search-answer__runtime");
  const working = el("p", "cx-search-answer__working", "Working it out…");
  slot.replaceChildren(working);
  const { ask, onRuntime } = await runtimeModule();
  const quiet = onRuntime((event) => {   // the download's progress, while the runtime loads
    if (event.type === "progress" && event.total) {
      working.textContent = `Loading the calculator: ${globalThis.codexMegabytesOf(event.loaded, event.total)}…`;
    }
  });
  const reply = await ask(li, { calculator, mode: "single", params });
  quiet();
  if (asked !== runtimeAsked || !li.isConnected) return;
  slot.replaceChildren(...replyLines(reply));
}

// Past the built figures, or a dice expression: the calculator, set to it, and its answer here
// when the runtime is there (or the reader asks for it).
async function offer(query, title, calculator, href, what, params) {
  const lines = [el("p", "cx-search-answer__words", what), el("div", "cx-search-answer__runtime"),
    el("p", "cx-search-answer__open", `Open ${title} set to this`)];
  const li = item(href, title, lines);
  place(li);
  const { booted } = await runtimeModule();
  if (shown !== query || !li.isConnected) return;
  if (booted) {   // once the typing pauses: each key would queue a computation before the last one's
    const asked = runtimeAsked;
    setTimeout(() => { if (asked === runtimeAsked && li.isConnected) askRuntime(li, calculator, params); }, TYPING_PAUSE_MS);
    return;
  }
  const work = el("button", "cx-search-answer__work md-button", "Work it out here (loads the calculator)");
  work.type = "button";
  work.addEventListener("click", () => { work.remove(); askRuntime(li, calculator, params); });
  li.append(work);
}

// Two rolls compared: each one's figure, and the calculator comparing them (A and B).
function compare(roll) {
  const a = lookup(roll);
  const b = lookup({ kind: roll.kind, values: roll.versus.values });
  if (!a || !b) return null;
  const { kind } = a;
  const both = { ...a.values };
  for (const [name, value] of Object.entries(b.values)) both[`b.${name}`] = value;
  const lines = [];
  for (const [side, found] of [["A", a], ["B", b]]) {
    if (found.figure === null) {
      lines.push(el("p", "cx-search-answer__words", `${side}: past the figures the search keeps (${kind.covers}).`));
      continue;
    }
    const [head, words] = figureLines(`${side}: ${found.label}`, found.figure, found.words, "");
    lines.push(head, words);
  }
  lines.push(el("p", "cx-search-answer__assumes", kind.assumes),
    el("p", "cx-search-answer__open", `Open ${kind.title} comparing the two`));
  return item(address(kind.compare, both), kind.title, lines);
}

function answer(query) {
  if (query === shown) return;
  const roll = data && readRoll(query);
  if (!roll) {
    clear();
    return;
  }
  shown = query;
  runtimeAsked += 1;
  if (roll.versus) {
    const li = compare(roll);
    if (li) place(li);
    else clear();
    return;
  }
  if (roll.kind === "dice") {
    const dice = data.expression;
    const what = roll.values.target ? `${roll.values.expr}, target ${roll.values.target}` : roll.values.expr;
    const params = { expr: roll.values.expr, ...(roll.values.target ? { target: roll.values.target } : {}) };
    offer(query, dice.title, dice.calculator, address(dice.href, roll.values), `Dice expression: ${what}`, params);
    return;
  }
  const found = lookup(roll);
  if (!found) {
    clear();
    return;
  }
  const { kind, values } = found;
  const href = address(kind.href, values);
  if (found.figure === null) {
    const what = `${query.trim()}: past the figures the search keeps (${kind.covers}).`;
    offer(query, kind.title, kind.calculator, href, what, values);
    return;
  }
  const lines = figureLines(found.label, found.figure, found.words, kind.assumes);
  lines.push(el("p", "cx-search-answer__open", `Open ${kind.title} set to this`));
  place(item(href, kind.title, lines, found.odds));
}

// ---------------------------------------------------------------- binding
function loadStyle() {
  if (document.querySelector(`link[href="${STYLE.href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLE.href;
  document.head.append(link);
}

let bound = false;
export function bindSearchAnswers() {
  const input = document.querySelector(".md-search__input");
  if (bound || !input) return;
  bound = true;
  loadStyle();
  const update = () => answer(input.value);
  input.addEventListener("input", update);
  input.addEventListener("keyup", update);
  input.addEventListener("focus", update);
  if (input.form) input.form.addEventListener("reset", () => setTimeout(update));
  // data-answers on the search: "ready" once the figures are in, "failed" if they could not be had
  // (the search then works as before)
  const search = input.closest(".md-search");
  fetch(SOURCE)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((built) => { data = built; shown = ""; update(); search.dataset.answers = "ready"; })
    .catch(() => { search.dataset.answers = "failed"; });
}
