// A reader's heroes, kept in this browser's localStorage and nowhere else: no request carries them.
// Their rules (each game's values, ranges and names) and which calculator field each value fills
// come from the build (assets/heroes.json, macros/heroes.py, from the calculators' declarations:
// calc/hero.py and each field's `Param.hero`); this script only checks and keeps. Its checks and
// sentences are calc/hero.py's `parse_file`, the same rules.
export const KEY = "codex-heroes";        // the kept file of heroes, as Export writes it
const CHOSEN = "codex-hero-chosen";       // {game: name}: the hero last chosen on that game's pages
const BLOCKED = "This browser does not let the Codex keep heroes (its storage is blocked); nothing was kept.";
const FULL = "This browser would not keep the heroes (its storage is full or blocked); nothing saved changed.";

let rulesAsked = null;
export function heroRules() {
  rulesAsked ||= fetch(new URL("../heroes.json", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(String(r.status));
    return r.json();
  });
  rulesAsked.catch(() => { rulesAsked = null; });
  return rulesAsked;
}

// Whether this device keeps a hero (codex.js loads the hero scripts only then, or on the hero page).
export function keepsHeroes() {
  try { return Boolean(localStorage.getItem(KEY)); } catch { return false; }
}

// {heroes, error}: what is kept, checked again (a hand-edited store is refused, never used).
export function loadHeroes(spec) {
  let text;
  try { text = localStorage.getItem(KEY); } catch { return { heroes: [], error: BLOCKED }; }
  if (!text) return { heroes: [] };
  try { return { heroes: checkFile(spec, text) }; } catch (err) {
    return { heroes: [], error: `The heroes kept here cannot be read: ${err.message}` };
  }
}

// "" when kept, else why not (a full or blocked storage): what was kept before stays as it was.
export function saveHeroes(spec, heroes) {
  try {
    if (heroes.length) localStorage.setItem(KEY, JSON.stringify(fileOf(spec, heroes)));
    else localStorage.removeItem(KEY);
    return "";
  } catch { return FULL; }
}

export function fileOf(spec, heroes) {
  return { format: spec.format, version: spec.version, heroes };
}

export function chosenHero(game) {
  try { return JSON.parse(localStorage.getItem(CHOSEN) || "{}")[game] || ""; } catch { return ""; }
}

export function chooseHero(game, name) {
  try {
    const all = JSON.parse(localStorage.getItem(CHOSEN) || "{}");
    if (name) all[game] = name; else delete all[game];
    localStorage.setItem(CHOSEN, JSON.stringify(all));
  } catch { /* not kept: a popover then shows no hero */ }
}

const shown = (value) => (value !== null && typeof value === "object" ? "a list or object" : String(JSON.stringify(value)).slice(0, 24));
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;   // one character class: linear

function fail(message) { throw new Error(message); }

function options(value, values) {
  if (!value.offered_by) return value.choices.map((c) => c.value);
  return value.offered[String(values[value.offered_by])] || [];
}

function checkValue(value, raw, values) {
  if (value.kind === "int") {
    if (typeof raw === "number" && Number.isInteger(raw) && raw >= value.minimum && raw <= value.maximum) return raw;
    fail(`${value.label} must be a whole number from ${value.minimum} to ${value.maximum}; got ${shown(raw)}.`);
  }
  const offered = options(value, values);
  if (typeof raw === "string" && offered.includes(raw)) return raw;
  fail(`${value.label} must be one of ${offered.join(", ")}; got ${shown(raw)}.`);
}

export function checkName(spec, name) {
  const refused = [...spec.name_refused];
  if (typeof name !== "string" || !name.trim() || name.length > spec.max_name || CONTROL.test(name)
      || refused.some((ch) => name.includes(ch))) {
    fail(`A hero's name must be 1 to ${spec.max_name} characters of plain text, without ${refused.join(" ")}.`);
  }
  return name.trim();
}

const same = (a, b) => a.length === b.length && a.every((key) => b.includes(key));

// One hero checked (throws an Error whose message names what is wrong).
export function checkHero(spec, raw, where = "The hero") {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !same(Object.keys(raw), ["game", "name", "values"])) {
    fail(`${where} must have exactly a game, a name and values.`);
  }
  const game = spec.games[raw.game];
  if (typeof raw.game !== "string" || !Object.hasOwn(spec.games, raw.game)) {
    fail(`${where}'s game must be one of ${Object.keys(spec.games).join(", ")}; got ${shown(raw.game)}.`);
  }
  const name = checkName(spec, raw.name);
  const wanted = game.values;
  const values = raw.values;
  if (!values || typeof values !== "object" || Array.isArray(values) || !same(Object.keys(values), wanted.map((v) => v.name))) {
    fail(`${name}'s values must be exactly ${wanted.map((v) => v.label).join(", ")}.`);
  }
  const clean = {};
  wanted.forEach((v) => { clean[v.name] = checkValue(v, values[v.name], clean); });
  return { game: raw.game, name, values: clean };
}

// A file's (or a shared link's) text checked whole: its heroes, or an Error naming what is wrong.
export function checkFile(spec, text) {
  if (text.length > spec.max_file) {
    fail(`The file is ${text.length.toLocaleString("en-US")} characters long; a file of heroes has at most ${spec.max_file.toLocaleString("en-US")}.`);
  }
  let data;
  try { data = JSON.parse(text); } catch { fail("The file is not JSON: it is not a file of heroes."); }
  if (!data || typeof data !== "object" || data.format !== spec.format || data.version !== spec.version || !Array.isArray(data.heroes)) {
    fail(`The file is not a file of heroes (format \u201c${spec.format}\u201d, version ${spec.version}).`);
  }
  if (data.heroes.length < 1 || data.heroes.length > spec.max_heroes) fail(`A file of heroes holds 1 to ${spec.max_heroes} heroes.`);
  return data.heroes.map((hero, i) => checkHero(spec, hero, `Hero ${i + 1}`));
}

// The settings a hero gives a calculator: each field its declaration gives a hero value.
export function heroSettings(calculator, hero) {
  return Object.fromEntries(Object.entries(calculator.fields).map(([field, value]) => [field, hero.values[value]]));
}
