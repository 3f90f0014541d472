// A roll typed into the search ("6k3 25", "3d6+4 14 bonus", "5 dice 2") is answered above the pages
// that match: the calculator's headline figure for it, the rules it rests on, and a link that opens
// the calculator set to it. Loaded when the reader opens the search (search-later.js), with its
// figures (search/answers.json, written when the site is built by calc/built/search_answers.py) and its
// stylesheet; a page load carries none of it. This module reads what is typed and looks the figure
// up: it holds no dice rules and works out no odds. Past the built figures (13k5, a pool of 30)
// and for any other dice expression it offers the calculator, and answers in place when the
// calculator runtime has already started, or when the reader asks it to.
//
// What is read (case and spaces aside; docs/calculators.md shows readers the same), with the words
// of calc/built/phrasings.py (data.phrasings), which says what each part may be:
//   Roll & Keep   XkY or X kept Y, then [vs|against|TN|target|at|@|=|need] N and [N|a|two] raises, in
//                 either order: 6k3 25, odds of 6 kept 3 vs TN 25, 6k3 25 two raises (each Raise adds the
//                 rules' number to the TN); 6k3 alone: its chances at a few TNs; 6l3 25: "did you mean 6k3 25?"
//   Seventh Sun   3d6[+B|-B] [vs|...] T [[with] [a] bonus|penalty [die]]: 3d6+4 14, 4d6+4 vs 14 bonus;
//                 4d6 with no die named is the bonus die, beside the four dice added up
//   Dice pool     [a] pool [of] D | D dice [pool], then in any order
//                 [B black [dice]] and [need|vs] N [net] [successes]        5 dice, 5 dice 2, pool of 7 1 black
//   Two of one kind, joined by vs, versus, against, or, compared to/with: the calculator compares them
//                 (6k3 25 vs 7k3 30)
//   A foe alone (goon, henchman, brute): the fight calculator set to each kind of defender it may mean
//   Anything else with dice in it (2d20kh1+5, 3d100*100+1d100 15) opens the dice calculator,
//                 a number after a space being its target.
// Words around a roll ("odds", "chance of", "l5r", "roll", "what are the ... ?") are read as nothing.
// The answer's list is a polite live region from the search's opening on; each answer's link holds
// only its figure and its question (its name), the rest is plain text beside it.
// Every text shown is set as text, never as HTML; a link is the built address with the typed
// numbers (or the typed expression, encoded) in its fields, or, for a question the build answered,
// its odds address (q/<calculator>/<slug>/, which opens the same calculator set to it).
import { SITE_ROOT } from "./links.js";
import { whereFor } from "./search-where.js";

const SOURCE = new URL("search/answers.json", SITE_ROOT);
const STYLE = new URL("assets/css/search-answer.css", SITE_ROOT);
const TYPING_PAUSE_MS = 250;   // the runtime is asked once the typing stops this long

let data = null;           // the built figures, once fetched
let box = null;            // the answer's list, first in the search's results
let shown = "";            // the query the answer on screen is for
let runtimeAsked = 0;      // the latest request to the runtime (an older reply is dropped)

// ---------------------------------------------------------------- reading what is typed
// The twin of calc/built/phrasings.py, step for step, with its words (data.phrasings): a scanner
// over characters makes tokens, a parser reads them left to right, a clause at a time. Its time is
// linear in the text; no regular expression reads what is typed. tests/phrasing_table.json holds the
// phrasings both must read alike.
const SPACES = [0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
const isSpace = (ch) => { const c = ch.charCodeAt(0); return c <= 32 || SPACES.includes(c) || (c >= 0x2000 && c <= 0x200a); };
const isDigit = (ch) => ch >= "0" && ch <= "9";
const isLetter = (ch) => (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z");
const lower = (text) => { let out = ""; for (const c of text) out += c >= "A" && c <= "Z" ? String.fromCharCode(c.charCodeAt(0) + 32) : c; return out; };
const whole = (digits) => String(Number.parseInt(digits, 10));   // "06" is 6, as the calculators read it

function knownWords(p) {
  const known = new Set(p.numbers.split(" "));
  for (const words of Object.values(p.words)) for (const word of words.split(" ")) known.add(word);
  return known;
}

// {t: "n" | "w" | "s", v: text (lower case), at, end, spaced: whitespace before}; a run of letters and
// digits is one token when it is a known word ("l5r"), else it splits where letters meet digits.
export function tokens(text, p) {
  const known = p.known || (p.known = knownWords(p));
  const out = [];
  let i = 0;
  let spaced = false;
  while (i < text.length) {
    const ch = text[i];
    if (isSpace(ch)) { spaced = true; i += 1; continue; }
    if (!(isDigit(ch) || isLetter(ch))) { out.push({ t: "s", v: ch, at: i, end: i + 1, spaced }); spaced = false; i += 1; continue; }
    let j = i;
    while (j < text.length && (isDigit(text[j]) || isLetter(text[j]))) j += 1;
    const run = lower(text.slice(i, j));
    if (known.has(run)) out.push({ t: "w", v: run, at: i, end: j, spaced });
    else {
      for (let k = i; k < j;) {
        const digits = isDigit(text[k]);
        let m = k;
        while (m < j && isDigit(text[m]) === digits) m += 1;
        out.push({ t: digits ? "n" : "w", v: lower(text.slice(k, m)), at: k, end: m, spaced: k === i ? spaced : false });
        k = m;
      }
    }
    spaced = false;
    i = j;
  }
  return out;
}

class Reader {
  constructor(text, p) {
    this.text = text;
    this.p = p;
    this.words = p.sets || (p.sets = Object.fromEntries(Object.entries(p.words).map(([part, words]) => [part, new Set(words.split(" "))])));
    const raw = tokens(text, p).filter((t) => !this.words.filler.has(t.v));
    this.toks = raw.filter((t, i) => !this.words.article.has(t.v) || (i + 1 < raw.length && this.words.raise.has(raw[i + 1].v)));
    this.heads = new Set(["keep", "near_keep", "d", "dice", "raise", "black", "pool"].flatMap((part) => [...this.words[part]]));
  }

  tok(i) { return i < this.toks.length ? this.toks[i] : null; }

  word(i, part) { const t = this.tok(i); return t !== null && t.t !== "n" && this.words[part].has(t.v); }

  count(i) {   // a number of dice (a few digits, or a number's word)
    const t = this.tok(i);
    if (t === null) return null;
    if (t.t === "n") return t.v.length <= this.p.digits[0] ? whole(t.v) : null;
    if (this.words.article.has(t.v)) return "1";
    const n = this.p.numbers.split(" ").indexOf(t.v);
    return n < 0 ? null : String(n + 1);
  }

  numberAfter(i) {   // [against words] [-] N, N no count of what follows it: [N, the index after] or null
    while (this.word(i, "against")) i += 1;
    let sign = "";
    let t = this.tok(i);
    const next = this.tok(i + 1);
    if (t !== null && this.words.minus.has(t.v) && next !== null && next.t === "n" && !next.spaced) { sign = "-"; i += 1; }
    t = this.tok(i);
    if (t === null || t.t !== "n" || t.v.length > this.p.digits[1]) return null;
    const after = this.tok(i + 1);
    if (after !== null && after.t !== "n" && this.heads.has(after.v)) return null;
    return [whole(sign + t.v), i + 1];
  }

  raises(i) {   // "two raises", "2 raises", "a raise"
    const n = this.count(i);
    return n !== null && this.word(i + 1, "raise") ? [n, i + 2] : null;
  }

  rk(i) {
    const rolled = this.count(i);
    const kept = this.count(i + 2);
    const near = this.word(i + 1, "near_keep");
    if (rolled === null || kept === null || this.toks[i].t !== "n" || this.toks[i + 2].t !== "n"
        || !(this.word(i + 1, "keep") || near)) return null;
    const values = { rolled, kept };
    let j = i + 3;
    for (;;) {
      let found = !("tn" in values) && this.numberAfter(j);
      if (found) { [values.tn, j] = found; continue; }
      found = !("raises" in values) && this.raises(j);
      if (found) { [values.raises, j] = found; continue; }
      break;
    }
    const reading = { kind: "rk", values };
    if (near) {
      const t = this.toks[i + 1];
      reading.meant = `${this.text.slice(0, t.at)}k${this.text.slice(t.end)}`;
    }
    return [reading, j];
  }

  sun(i) {
    const dice = this.tok(i);
    const sides = this.tok(i + 2);
    if (dice === null || sides === null || dice.t !== "n" || !["3", "4"].includes(dice.v)
        || !this.word(i + 1, "d") || sides.t !== "n" || whole(sides.v) !== "6") return null;
    let j = i + 3;
    let bonus = "0";
    const sign = this.tok(j);
    const number = this.tok(j + 1);
    if (sign !== null && number !== null && number.t === "n" && number.v.length <= this.p.digits[1]
        && (this.words.plus.has(sign.v) || this.words.minus.has(sign.v))) {
      bonus = whole((this.words.minus.has(sign.v) ? "-" : "") + number.v);
      j += 2;
    }
    let target = null;
    let die = null;
    for (;;) {
      if (die === null && (this.word(j, "bonus") || this.word(j, "penalty"))) {
        die = this.word(j, "bonus") ? "bonus" : "penalty";
        j += this.word(j + 1, "dice") ? 2 : 1;
        continue;
      }
      const found = target === null && this.numberAfter(j);
      if (found) { [target, j] = found; continue; }
      break;
    }
    if (target === null) return null;
    const reading = { kind: "sun", values: { die: die || (dice.v === "4" ? "bonus" : "none"), bonus, target } };
    if (dice.v === "4" && die === null) {
      const added = `4d6${bonus === "0" ? "" : bonus.startsWith("-") ? bonus : `+${bonus}`}`;
      reading.plain = { kind: "sum", values: { expr: added, target } };
    }
    return [reading, j];
  }

  pool(i) {
    let dice;
    let j;
    if (this.word(i, "pool") && this.count(i + 1) !== null) {
      dice = this.count(i + 1);
      j = i + 2;
      if (this.word(j, "dice")) j += 1;
    } else if (this.count(i) !== null && this.word(i + 1, "dice")) {
      dice = this.count(i);
      j = i + 2;
      if (this.word(j, "pool")) j += 1;
    } else return null;
    const values = { dice };
    for (;;) {
      const black = this.count(j);
      if (!("black" in values) && black !== null && this.word(j + 1, "black")) {
        values.black = black;
        j += this.word(j + 2, "dice") ? 3 : 2;
        continue;
      }
      const found = !("need" in values) && this.numberAfter(j);
      if (found) {
        [values.need, j] = found;
        while (this.word(j, "success")) j += 1;
        continue;
      }
      break;
    }
    return [{ kind: "pool", values }, j];
  }

  one(i) { return this.rk(i) || this.sun(i) || this.pool(i); }

  roll() {   // the whole text as one roll, or two of a kind joined by a word that compares them, or a foe named
    if (this.toks.length === 1) {
      for (const name of Object.keys(this.p.named.words)) if (this.word(0, name)) return { kind: "named", values: { name } };
    }
    const first = this.one(0);
    if (first === null) return null;
    const [a, end] = first;
    if (end === this.toks.length) return a;
    if (!this.word(end, "joiner")) return null;
    const second = this.one(end + 1);
    if (second === null || second[1] !== this.toks.length) return null;
    const b = second[0];
    if (a.kind !== b.kind || [a, b].some((r) => "meant" in r || "plain" in r)
        || [a.values, b.values].some((v) => v.raises && v.raises !== "0")
        || (a.kind === "rk" && !("tn" in a.values && "tn" in b.values))) return null;
    return { ...a, versus: b };
  }
}

function hasDice(text) {   // d followed by a digit, F or % (2d20, d%, 4dF)
  for (let i = 0; i + 1 < text.length; i += 1) {
    if ((text[i] === "d" || text[i] === "D") && (isDigit(text[i + 1]) || "fF%".includes(text[i + 1]))) return true;
  }
  return false;
}

function isExpression(text, p) {
  if (!(text.length > 0 && text.length <= p.most)) return false;
  for (const c of text) if (!isSpace(c) && !p.expression.includes(lower(c))) return false;
  return true;
}

function expression(text, p) {   // any other dice expression, a number after a space (or vs, TN ...) its target
  if (!hasDice(text)) return null;
  const toks = tokens(text, p);
  let k = toks.length - 1;
  const last = toks[k];
  if (last.t === "n" && last.v.length <= p.digits[1]) {
    let value = last.v;
    if (k > 0 && p.words.minus.split(" ").includes(toks[k - 1].v) && !last.spaced) { value = `-${value}`; k -= 1; }
    let m = k;
    while (m > 0 && toks[m - 1].t !== "n" && p.target.includes(toks[m - 1].v)) m -= 1;
    if (m < k || toks[k].spaced) {
      const expr = text.slice(0, toks[m].at).trim();
      const end = expr[expr.length - 1];
      if (expr && (isLetter(end) || isDigit(end) || p.ends.includes(end)) && hasDice(expr) && isExpression(expr, p)
          && ![..."<>="].some((c) => expr.includes(c))) {
        return { kind: "dice", values: { expr, target: whole(value) } };
      }
    }
  }
  return isExpression(text, p) ? { kind: "dice", values: { expr: text, target: "" } } : null;
}

function split(typed) {   // the text between runs of spaces
  const parts = [];
  let start = 0;
  for (let i = 0; i < typed.length; i += 1) {
    if (isSpace(typed[i])) { parts.push(typed.slice(start, i)); start = i + 1; }
  }
  parts.push(typed.slice(start));
  return parts;
}

// What `typed` asks (calc/built/phrasings.py says what a reading is), or null: not a roll.
export function readRoll(typed, p, most = p.most) {
  const text = split(typed).filter(Boolean).join(" ");
  if (!text || text.length > most) return null;
  return new Reader(text, p).roll() || expression(text, p);
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

// A link holding only a figure and its question (its name, which a screen reader says: short, and said
// in full, for a status, the figure's <output>, is left out of a name worked out from the content).
function answerLink(href, named, odds) {
  const link = el("a", "md-search-result__link");
  link.href = odds || href;   // a built question's odds address; "Game › Page" stays the calculator's
  const article = el("article", "md-search-result__article md-typeset");
  article.dataset.mdScore = "1e9";   // Enter in the search box follows the best score: this answer
  article.append(...named);
  link.append(article);
  link.setAttribute("aria-label", named.map((node) => node.textContent.trim()).join(" "));
  return link;
}

// One answer: where it leads, then its link, then the rest as plain text.
function item(href, title, named, rest = [], before = [], odds = null) {
  const li = el("li", "md-search-result__item cx-search-answer");
  const more = el("div", "cx-search-answer__more md-typeset");
  more.append(...rest);
  li.append(el("p", "cx-search-where", whereFor(new URL(href).pathname, title)), ...before, answerLink(href, named, odds), more);
  return li;
}

function head(label, figure, tag = "h1") {
  const line = el(tag, tag === "h1" ? "cx-search-answer__head" : "cx-search-answer__row");
  line.append(el("span", "cx-search-answer__label", `${label}: `), el("output", "cx-search-answer__figure", figure));
  return line;
}

const openLine = (text) => el("p", "cx-search-answer__open", text);
const fillIn = (template, values) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// The answers' list: a polite live region, in place from the search's opening on, so that an answer
// is announced as it appears (and an emptied one says nothing).
function answerBox() {
  const results = document.querySelector(".md-search-result");
  if (!results) return null;
  if (!box) {
    box = el("ol", "cx-search-answers");
    box.setAttribute("aria-label", "Answer");
    box.setAttribute("aria-live", "polite");
  }
  if (box.parentElement !== results || results.firstElementChild !== box) results.prepend(box);
  return box;
}

function place(li) {
  const list = answerBox();
  if (list) list.replaceChildren(li);
}

function clear() {
  shown = "";
  runtimeAsked += 1;
  if (box) box.replaceChildren();
}

// The runtime's reply, as its headline figures read (label and figure), or its refusal.
function replyLines(reply) {
  if (reply.error) return [el("p", "cx-search-answer__error", reply.error.message)];
  if (!reply.html) return [el("p", "cx-search-answer__error", "No answer came back.")];
  const doc = new DOMParser().parseFromString(reply.html, "text/html");   // inert: only its text is read
  const figures = [...doc.querySelectorAll(".cx-headlines .cx-figure")].slice(0, 2);
  return figures.map((figure) => {
    const line = el("p", "cx-search-answer__head");
    line.append(el("span", "cx-search-answer__label", `${figure.querySelector(".cx-figure__label")?.textContent ?? ""}: `),
      el("output", "cx-search-answer__figure", figure.querySelector("output")?.textContent ?? ""));
    return line;
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
  const li = item(href, title, [el("p", "cx-search-answer__words", what)],
    [el("div", "cx-search-answer__runtime"), openLine(`The link opens ${title} set to this.`)]);
  place(li);
  const { booted, downloadWords } = await runtimeModule();
  const size = booted ? "" : await downloadWords().catch(() => "");   // the download, said first
  if (shown !== query || !li.isConnected) return;
  if (booted) {   // once the typing pauses: each key would queue a computation before the last one's
    const asked = runtimeAsked;
    setTimeout(() => { if (asked === runtimeAsked && li.isConnected) askRuntime(li, calculator, params); }, TYPING_PAUSE_MS);
    return;
  }
  const work = el("button", "cx-search-answer__work md-button",
    size ? `Download the calculator (${size}) and work it out here` : "Work it out here (loads the calculator)");
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
  const named = [];
  for (const [side, found] of [["A", a], ["B", b]]) {
    if (found.figure === null) {
      named.push(el("p", "cx-search-answer__words", `${side}: past the figures the search keeps (${kind.covers}).`));
      continue;
    }
    named.push(head(side, found.figure), el("p", "cx-search-answer__words", found.words));
  }
  return item(address(kind.compare, both), kind.title, named,
    [el("p", "cx-search-answer__assumes", kind.assumes), openLine(`The link opens ${kind.title} comparing the two.`)]);
}

// A Roll & Keep roll with no TN: its chances at a few TNs (data.phrasings.lone).
function lone(roll) {
  const p = data.phrasings;
  const rows = p.lone.map((tn) => [tn, lookup({ kind: "rk", values: { ...roll.values, tn: String(tn) } })]);
  if (rows.some(([, found]) => !found || found.figure === null)) return null;
  const { kind, values } = rows[0][1];
  const named = [el("p", "cx-search-answer__words", fillIn(p.texts.lone, roll.values)),
    ...rows.map(([tn, found]) => head(fillIn(p.texts.tn, { tn }), found.figure, "p"))];
  return item(address(kind.href, { ...values, tn: "" }), kind.title, named,
    [el("p", "cx-search-answer__assumes", kind.assumes), openLine(`The link opens ${kind.title} set to this roll.`)]);
}

// A Roll & Keep roll with Raises called: each adds the rules' number to the TN it must meet.
function raised(roll) {
  const p = data.phrasings;
  const { tn, raises } = roll.values;
  const meets = String(Number(tn) + Number(raises) * p.raise);
  const found = lookup({ kind: "rk", values: { ...roll.values, tn: meets } });
  if (!found) return null;
  const href = new URL(address(found.kind.href, { ...found.values, tn }));
  href.searchParams.set(p.raise_field, raises);
  return { found, href: href.href, words: fillIn(p.texts.raised, { tn, raises, size: p.raise, n: meets }) };
}

// A foe named alone ("goon"): the fight calculator set to each kind of defender the word may mean.
function named(roll) {
  const { title, kinds, words } = data.phrasings.named;
  const [first, ...others] = words[roll.values.name].map((kind) => kinds[kind]);
  const named = (kind) => [el("p", "cx-search-answer__words", kind.words), head(kind.label, kind.figure)];
  const li = item(new URL(first.href, SITE_ROOT).href, title, named(first));
  for (const kind of others) li.lastElementChild.before(answerLink(new URL(kind.href, SITE_ROOT).href, named(kind)));
  return li;
}

function answer(query) {
  if (query === shown) return;
  const roll = data && readRoll(query, data.phrasings);
  if (!roll) {
    clear();
    return;
  }
  shown = query;
  runtimeAsked += 1;
  if (roll.kind === "named") {
    place(named(roll));
    return;
  }
  if (roll.versus || (roll.kind === "rk" && roll.values.tn === undefined)) {
    const li = roll.versus ? compare(roll) : lone(roll);
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
  const up = roll.kind === "rk" && roll.values.raises ? raised(roll) : null;
  const found = up ? up.found : lookup(roll);
  if (!found) {
    clear();
    return;
  }
  const { kind, values } = found;
  const href = up ? up.href : address(kind.href, values);
  if (found.figure === null) {
    const what = `${roll.meant || query.trim()}: past the figures the search keeps (${kind.covers}).`;
    offer(query, kind.title, kind.calculator, href, what, up ? { ...values, tn: roll.values.tn, raises: roll.values.raises } : values);
    return;
  }
  const before = roll.meant ? [el("p", "cx-search-answer__meant", fillIn(data.phrasings.texts.meant, { typed: roll.meant }))] : [];
  const rest = [...(up ? [el("p", "cx-search-answer__words", up.words)] : []), ...plainSum(roll),
    el("p", "cx-search-answer__assumes", kind.assumes), openLine(`The link opens ${kind.title} set to this.`)];
  place(item(href, kind.title, [head(found.label, found.figure), el("p", "cx-search-answer__words", found.words)], rest, before, up ? null : found.odds));
}

// "4d6 15": beside the bonus die, the same dice added up, with its own link (the dice calculator).
function plainSum(roll) {
  if (!roll.plain) return [];
  const { target } = roll.plain.values;   // 4d6 + B meets T when 4d6 meets T - B: the one entry kept
  const found = lookup({ kind: "sum", values: { expr: "4d6", target: String(Number(target) - Number(roll.values.bonus)) } });
  if (!found || found.figure === null) return [];
  const link = el("a", "cx-search-answer__plain");
  link.href = address(found.kind.href, roll.plain.values);
  const line = head(fillIn(data.phrasings.texts.plain, roll.plain.values), found.figure, "p");
  link.append(line);
  link.setAttribute("aria-label", line.textContent);
  return [link];
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
  answerBox();   // the live region is there before the first answer, or that answer is not announced
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
