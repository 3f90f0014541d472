// A kept hero on the pages: a "Hero" select on each calculator a hero can fill, and a hero's
// figures in a roll's popover. Loaded only when this device keeps a hero (codex.js). Which field a
// hero value fills is the calculator's declaration (assets/heroes.json, from each `Param.hero`).
// Choosing a hero writes its values into the form as a reader would (the fields stay editable, the
// answer follows); the select has no name, so a link carries the values, never the hero's name.
// In compare mode the form is B: choose one hero, "Compare with…", then the other.
import { fieldTitle } from "./asked.js";
import { fieldApplies, filterOptions, readForm, writeField } from "./form-state.js";
import { chooseHero, chosenHero, heroRules, heroSettings, loadHeroes } from "./heroes.js";
import { startRuntime } from "./runtime.js";

let rules = null;
let heroes = [];

function labelOf(form, name) {
  return fieldTitle(form, name) || name;
}

function shownValue(el) {
  return el.tagName === "SELECT" ? (el.options[el.selectedIndex]?.textContent || el.value) : el.value;
}

// Writes the hero's values into the form: the rules first, so the weapon is offered under them.
function fill(root, form, hero) {
  const settings = heroSettings(rules.calculators[root.dataset.calculator], hero);
  const names = Object.keys(settings).sort((a, b) => (b === "rules") - (a === "rules"));
  names.forEach((name) => {
    const el = form.elements.namedItem(name);
    if (!el) return;
    writeField(el, String(settings[name]));
    filterOptions(form);
  });
  startRuntime();   // as a field's first focus does (calculators.js)
  form.dispatchEvent(new Event("change"));
  const params = readForm(form);   // says only what counts here (a bow takes no Brawn)
  return names.filter((name) => form.elements.namedItem(name) && fieldApplies(form, name, params))
    .map((name) => `${labelOf(form, name)} ${shownValue(form.elements.namedItem(name))}`);
}

function bindCalculator(root) {
  const calculator = rules.calculators[root.dataset.calculator];
  const form = root.querySelector("form");
  if (!calculator || !form || root.querySelector(".cx-hero-pick")) return;
  const mine = heroes.filter((hero) => hero.game === calculator.game);
  if (!mine.length) return;
  const box = document.createElement("div");
  box.className = "cx-hero-pick";
  const select = document.createElement("select");
  select.id = `${root.id}-hero`;
  const label = document.createElement("label");
  label.htmlFor = select.id;
  label.textContent = "Hero";
  select.append(new Option("None", ""));
  mine.forEach((hero, i) => select.append(new Option(hero.name, String(i))));
  const said = document.createElement("small");
  said.className = "cx-hero-said";
  said.setAttribute("role", "status");
  box.append(label, select, said);
  form.prepend(box);   // in the form, so choosing starts the runtime as any field does; unnamed, so no link carries it
  select.addEventListener("change", () => {
    const hero = mine[Number(select.value)];
    chooseHero(calculator.game, hero ? hero.name : "");
    if (!hero) { said.textContent = ""; return; }
    const filled = fill(root, form, hero);
    said.textContent = `${root.compare ? "B: " : ""}From ${hero.name}: ${filled.join(", ")}. Change any of them.`;
  });
}

// A roll's popover (rolls.js dispatches "cx-roll-open"): with a hero chosen on this game's pages,
// the hero's row is marked where the popover's table runs over a Trait the hero has ("With Brawn"),
// and a link opens the calculator with the hero's values (figures the popover does not hold
// need the runtime: the calculator works them out there).
const TRAIT_ROWS = { "With Brawn": "brawn", "With Panache": "panache" };

function heroLine(pop, entry) {
  const calculator = rules.calculators[entry.question.calc];
  if (!calculator) return;
  const name = chosenHero(calculator.game);
  const hero = heroes.find((h) => h.game === calculator.game && h.name === name);
  if (!hero) return;
  const line = document.createElement("span");
  line.className = "cx-roll-pop__hero";
  const trait = TRAIT_ROWS[entry.head[0]];
  const value = trait && hero.values[trait];
  const rowAt = value === undefined ? -1 : entry.rows.findIndex((row) => row[0] === String(value));
  if (rowAt >= 0) {
    const row = pop.querySelectorAll(".cx-roll-pop__table tbody tr")[rowAt];
    row.classList.add("cx-roll-pop__hero-row");
    line.textContent = `${hero.name}, ${entry.head[0].replace("With ", "")} ${value}: ${entry.head[1]} ${entry.rows[rowAt][1]}. `;
  }
  const url = new URL(entry.href, location.href);
  const settings = heroSettings(calculator, hero);
  Object.entries(settings).forEach(([field, v]) => {
    // the sentence's own weapon and rules stay: the popover is about them; the hero brings the rest
    if ((field === "weapon" || field === "rules") && url.searchParams.has(field)) return;
    url.searchParams.set(field, String(v));
  });
  const open = document.createElement("a");
  open.className = "cx-roll-pop__hero-link";
  open.href = url.pathname + url.search + url.hash;
  open.textContent = `Open with ${hero.name}'s values`;
  line.append(open);
  pop.querySelector(".cx-roll-pop__calc").before(line);
}

export async function bindHeroes() {
  try { rules = await heroRules(); } catch { return; }   // offline and never kept: no hero this visit
  heroes = loadHeroes(rules.spec).heroes;
  document.querySelectorAll("[data-calculator]").forEach(bindCalculator);
}

document.addEventListener("cx-roll-open", (event) => {
  if (rules && heroes.length) heroLine(event.detail.pop, event.detail.entry);
});
