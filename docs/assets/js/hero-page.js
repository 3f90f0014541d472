// The "My heroes" page: make, edit, rename and delete heroes, export them to a file, import a file or
// a shared link back. Everything stays in this browser (heroes.js); "Share this hero" writes the hero
// into a link's fragment (after #), which a browser never sends. A refused file or link is announced
// (role="alert") with what is wrong, and nothing kept changes. The form is built from the heroes'
// rules (assets/heroes.json: calc/hero.py), so each value has the rules' name and the range the
// calculators take. Calculators and popovers read the kept heroes through hero-pick.js.
import { bindHeroes } from "./hero-pick.js";
import { checkFile, checkHero, chooseHero, chosenHero, fileOf, heroRules, loadHeroes, saveHeroes } from "./heroes.js";

const SHARE = "#hero=";

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function button(label, onClick, className = "md-button") {
  const b = el("button", { type: "button", className, textContent: label });
  b.addEventListener("click", onClick);
  return b;
}

class HeroPage {
  constructor(host, spec) {
    this.host = host;
    this.spec = spec;
    this.editing = -1;
    this.alert = el("p", { className: "cx-hero-alert" });
    this.alert.setAttribute("role", "alert");
    this.status = el("p", { className: "cx-hero-status" });
    this.status.setAttribute("role", "status");
    this.list = el("ul", { className: "cx-hero-list" });
    this.form = el("form", { className: "cx-hero-form", noValidate: true });
    this.form.setAttribute("autocomplete", "off");
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.save(); });
    this.form.addEventListener("change", () => this.offer());
    const loaded = loadHeroes(spec);
    this.heroes = loaded.heroes;
    host.replaceChildren(this.alert, this.status, this.list, this.form, this.tools());
    if (loaded.error) this.refuse(loaded.error);
    this.drawList();
    this.drawForm();
    this.sharedLink();
  }

  say(text) { this.alert.textContent = ""; this.status.textContent = text; }
  refuse(text) { this.status.textContent = ""; this.alert.textContent = text; }

  // Keeps `heroes` in place of the kept ones; on a full or blocked storage nothing changes.
  keep(heroes, said) {
    const error = saveHeroes(this.spec, heroes);
    if (error) { this.refuse(error); return false; }
    this.heroes = heroes;
    this.drawList();
    this.say(said);
    return true;
  }

  words(hero) {
    const values = this.spec.games[hero.game].values;
    return values.map((v) => `${v.label} ${v.kind === "choice" ? v.choices.find((c) => c.value === hero.values[v.name]).label : hero.values[v.name]}`).join(", ");
  }

  drawList() {
    const items = this.heroes.map((hero, i) => {
      const game = this.spec.games[hero.game].label;
      const chosen = chosenHero(hero.game) === hero.name;
      return el("li", { className: "cx-hero" },
        el("strong", { textContent: hero.name }), ` (${game}${chosen ? ", chosen for its rolls" : ""}): ${this.words(hero)}. `,
        el("span", { className: "cx-hero__tools" },
          button("Edit", () => this.drawForm(i)),
          button("Delete", () => this.keep(this.heroes.filter((_, j) => j !== i), `Deleted ${hero.name}.`)),
          button("Use for rolls", () => { chooseHero(hero.game, hero.name); this.drawList(); this.say(`${hero.name}'s figures now show in ${game} rolls.`); }),
          button("Share this hero", () => this.share(hero))));
    });
    this.list.replaceChildren(...items);
    this.list.hidden = !items.length;
  }

  field(id, label, control, help = "") {
    control.id = id;
    const box = el("div", { className: "cx-field" }, el("label", { htmlFor: id, textContent: label }), control);
    if (help) box.append(el("span", { className: "cx-help", textContent: help }));   // not <small>: Material fades it below 4.5:1
    return box;
  }

  valueControl(v, value) {
    if (v.kind === "int") {
      const input = el("input", { type: "number", name: v.name, min: v.minimum, max: v.maximum, step: 1, value: String(value) });
      input.setAttribute("inputmode", "numeric");
      return this.field(`hero-${v.name}`, v.label, input, `A whole number from ${v.minimum} to ${v.maximum}.`);
    }
    const select = el("select", { name: v.name });
    v.choices.forEach((c) => select.append(new Option(c.label, c.value, false, c.value === value)));
    return this.field(`hero-${v.name}`, v.label, select);
  }

  // The weapon offered under the chosen rules (the offer is the heroes' rules, as the calculators').
  offer() {
    this.spec.games[this.form.elements.game.value].values.filter((v) => v.offered_by).forEach((v) => {
      const by = this.form.elements[v.offered_by].value;
      const select = this.form.elements[v.name];
      [...select.options].forEach((o) => { o.hidden = o.disabled = !v.offered[by].includes(o.value); });
      if (select.selectedOptions[0]?.disabled) select.value = v.offered[by][0];
    });
  }

  drawForm(index = -1, gameId = null) {
    this.editing = index;
    const hero = this.heroes[index];
    const game = gameId || (hero ? hero.game : Object.keys(this.spec.games)[0]);
    const gameSelect = el("select", { name: "game" });
    Object.entries(this.spec.games).forEach(([id, g]) => gameSelect.append(new Option(g.label, id, false, id === game)));
    gameSelect.disabled = Boolean(hero);
    gameSelect.addEventListener("change", () => this.drawForm(-1, gameSelect.value));
    const name = el("input", { type: "text", name: "name", maxLength: this.spec.max_name, value: hero ? hero.name : "" });
    const values = this.spec.games[game].values.map((v) => {
      const value = hero ? hero.values[v.name] : (v.kind === "int" ? Math.min(Math.max(2, v.minimum), v.maximum) : v.default);
      return this.valueControl(v, value);
    });
    const legend = el("legend", { textContent: hero ? `Edit ${hero.name}` : "New hero" });
    const actions = el("p", {}, el("button", { type: "submit", className: "md-button md-button--primary", textContent: "Save" }));
    if (hero) actions.append(" ", button("New hero instead", () => this.drawForm()));
    this.form.replaceChildren(el("fieldset", {}, legend, this.field("hero-game", "Game", gameSelect),
      this.field("hero-name", "Name", name, `Plain text, at most ${this.spec.max_name} characters.`), ...values), actions);
    this.offer();
  }

  read() {
    const f = this.form.elements;
    const game = f.game.value;
    const values = {};
    this.spec.games[game].values.forEach((v) => {
      const raw = f[v.name].value.trim();
      values[v.name] = v.kind === "int" && /^-?[0-9]{1,9}$/.test(raw) ? Number(raw) : raw;
    });
    return { game, name: f.name.value, values };
  }

  save() {
    let hero;
    try { hero = checkHero(this.spec, this.read()); } catch (err) { this.refuse(err.message); return; }
    const clash = this.heroes.findIndex((h, i) => i !== this.editing && h.game === hero.game && h.name === hero.name);
    if (clash >= 0) { this.refuse(`A hero named ${hero.name} is kept already; give this one another name.`); return; }
    const heroes = [...this.heroes];
    if (this.editing >= 0) heroes[this.editing] = hero; else heroes.push(hero);
    if (heroes.length > this.spec.max_heroes) { this.refuse(`At most ${this.spec.max_heroes} heroes are kept; delete one first.`); return; }
    const was = this.heroes[this.editing];
    if (this.keep(heroes, `Saved ${hero.name}.`)) {
      if (was && was.name !== hero.name && chosenHero(was.game) === was.name) chooseHero(hero.game, hero.name);
      this.drawForm();
    }
  }

  // Adds heroes from a file or a link: a kept hero of the same game and name is replaced.
  add(incoming, said) {
    const heroes = [...this.heroes];
    incoming.forEach((hero) => {
      const at = heroes.findIndex((h) => h.game === hero.game && h.name === hero.name);
      if (at >= 0) heroes[at] = hero; else heroes.push(hero);
    });
    if (heroes.length > this.spec.max_heroes) { this.refuse(`At most ${this.spec.max_heroes} heroes are kept; this would make ${heroes.length}. Nothing was imported.`); return; }
    this.keep(heroes, said);
  }

  tools() {
    const file = el("input", { type: "file", accept: ".json,application/json" });
    file.addEventListener("change", () => this.importFile(file));
    const exported = button("Export heroes to a file", () => this.exportFile());
    return el("div", { className: "cx-hero-tools" }, exported, this.field("hero-import", "Import heroes from a file", file));
  }

  exportFile() {
    if (!this.heroes.length) { this.refuse("There is no hero to export yet."); return; }
    const blob = new Blob([JSON.stringify(fileOf(this.spec, this.heroes), null, 1)], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: "heroes.json" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    this.say(`Exported ${this.heroes.length} hero${this.heroes.length === 1 ? "" : "es"} to heroes.json.`);
  }

  async importFile(input) {
    const chosen = input.files[0];
    input.value = "";
    if (!chosen) return;
    try {
      if (chosen.size > this.spec.max_file * 4) {
        throw new Error(`The file is ${chosen.size.toLocaleString("en-US")} bytes long; a file of heroes has at most ${this.spec.max_file.toLocaleString("en-US")} characters.`);
      }
      const heroes = checkFile(this.spec, await chosen.text());
      this.add(heroes, `Imported ${heroes.map((h) => h.name).join(", ")}.`);
    } catch (err) {
      this.refuse(`${chosen.name} was not imported: ${err.message} Nothing kept changed.`);
    }
  }

  share(hero) {
    const link = location.origin + location.pathname + SHARE + encodeURIComponent(JSON.stringify(fileOf(this.spec, [hero])));
    const shown = el("input", { type: "text", readOnly: true, value: link, className: "cx-hero-link" });
    this.status.replaceChildren(`A link to ${hero.name} (the hero is in the part after #, which no server is sent): `, shown);
    this.alert.textContent = "";
    navigator.clipboard?.writeText(link).then(() => this.status.prepend("Copied. "), () => {});
    shown.select();
  }

  // A shared hero's link (#hero=...): shown, kept only when the reader says so; the address loses it.
  sharedLink() {
    if (!location.hash.startsWith(SHARE)) return;
    const raw = location.hash.slice(SHARE.length);
    history.replaceState(history.state, "", location.pathname + location.search);
    let heroes;
    try {
      let text;
      try { text = decodeURIComponent(raw); } catch { throw new Error("The link is cut or changed: it is not a hero."); }
      heroes = checkFile(this.spec, text);
    } catch (err) {
      this.refuse(`The shared link was not kept: ${err.message} Nothing kept changed.`);
      return;
    }
    const keep = button(`Keep ${heroes.map((h) => h.name).join(", ")}`, () => this.add(heroes, `Kept ${heroes.map((h) => h.name).join(", ")}.`));
    this.status.replaceChildren(`A shared hero: ${heroes.map((h) => `${h.name}: ${this.words(h)}`).join("; ")}. `, keep);
  }
}

export async function bindHeroPage() {
  const host = document.getElementById("cx-heroes");
  if (!host || host.codexBound) return;
  host.codexBound = true;
  let rules;
  try { rules = await heroRules(); } catch {
    host.textContent = "The heroes' rules did not load; connect once and open this page again.";
    return;
  }
  new HeroPage(host, rules.spec);
  bindHeroes();   // the page's own calculators, if it ever has one
}
