// The lobby at / (service/http/pages/pages.py): game types with their rules and provenance, open
// games to join, running and finished games to watch, and a form to create a game.
import { api, h } from "./api.js";
import { LANG, t, translated } from "./i18n.js";
import { summary } from "./phrases.js";
import { playerSection, playerToken } from "./players.js";

const app = document.getElementById("app");
const POLICIES = ["heuristic", "random", "search"]; // the bot policies the API takes (POST /v1/games `bots`)
const problem = h("p", { class: "problem", role: "alert", id: "lobby-problem", hidden: true });
let types = [];

function report(error) {
  problem.hidden = false;
  problem.textContent = `${error.detail || error.message} (${error.code || "error"})`;
}

// Opens the table of `seat`: the token goes in the fragment, which is never sent to the server.
const tableUrl = (gameId, seat, token) =>
  `/games/${encodeURIComponent(gameId)}#seat=${seat}&token=${encodeURIComponent(token)}`;

// "2 players" for one count, "2–4 players" for a range.
const playerCount = (type) => type.minPlayers === type.maxPlayers
  ? t("{0} players", type.minPlayers) : t("{0}–{1} players", type.minPlayers, type.maxPlayers);

function typeCard(type) {
  const values = Object.entries(type.provenance.values || {});
  return h("article", { class: "card", id: `type-${type.id}` },
    h("h3", {}, type.name),
    h("p", {}, summary(type.id, LANG)),
    h("p", {}, `${playerCount(type)} · ${t("rules {0}", type.rulesVersion)}`),
    h("details", {}, h("summary", {}, t("Provenance: {0}", type.provenance.dataSet)),
      h("p", {}, t("data hash {0}…", String(type.provenance.contentHash).slice(0, 16))),
      h("ul", {}, values.map(([key, v]) => h("li", {}, `${key}: ${v.provenance}`, v.source ? ` — ${v.source}` : "")))));
}

// An option's words for people (issue 39): the schema's `title` when it has one (in the page's
// language: `x-translations`), else its key in words ("money_halving" -> "Money halving"); its
// help from the schema's `description` and, for a rules variant, the printed rule, the rule it
// changes and where the rules say so.
const KNOWN_LABELS = { standIn: "Stand-in for a seat that left", hints: "Hints" };
const words = (key) => String(key).replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
export function optionLabel(name, schema) {
  return translated(schema, "title") || KNOWN_LABELS[name] || capital(words(name));
}
function optionHelp(schema) {
  const variant = schema["x-variant"];
  const said = translated(schema, "description").replace(/\s*\(architecture §[0-9a-z]+\)/, "");
  if (!variant) return said;
  const printed = (variant.printed || []).map((v) => valueLabel(v)).join(", ");
  const rule = t("The printed rules: {0}. Otherwise: {1}", printed, variant.rule.replace(/_/g, " ")) +
    (variant.source ? ` (${variant.source})` : "");
  return said ? `${said} ${rule}` : `${capital(variant.kind || "variant")}. ${rule}`;
}
function valueLabel(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return t(words(value));
}
function optionRow(name, schema, control) {
  const help = optionHelp(schema);
  const id = `opt-help-${name}`;
  if (help) control.setAttribute("aria-describedby", id);
  return h("div", { class: "option" }, h("label", {}, optionLabel(name, schema), control),
    help ? h("p", { class: "help", id }, help) : "");
}

function optionFields(type) {
  const props = (type.optionsSchema && type.optionsSchema.properties) || {};
  return Object.entries(props).flatMap(([name, schema]) => {
    const printed = ((schema["x-variant"] || {}).printed || [schema.default]);
    if (schema.type === "boolean") {
      return [optionRow(name, schema,
        h("input", { type: "checkbox", name: `opt:${name}`, checked: schema.default === true, dataset: { kind: "boolean" } }))];
    }
    if (schema.enum) {
      return [optionRow(name, schema, h("select", { name: `opt:${name}`, dataset: { kind: "enum" } },
        schema.enum.map((v) => h("option", { value: v, selected: v === schema.default },
          capital(valueLabel(v)) + (schema["x-variant"] && printed.includes(v) ? t(" (printed rules)") : "")))))];
    }
    if (schema.type === "integer") {
      return [optionRow(name, schema, h("input", { type: "number", name: `opt:${name}`,
        min: schema.minimum, max: schema.maximum, value: schema.default, dataset: { kind: "integer" } }))];
    }
    return []; // lists and other structured options keep their defaults here (the API takes them)
  });
}

function createForm() {
  // No game chosen for the visitor (issue 39): the games by name, and a first line asking.
  const byName = [...types].sort((a, b) => a.name.localeCompare(b.name));
  const typeSelect = h("select", { name: "gameType", id: "create-type", required: true },
    h("option", { value: "", selected: true, disabled: true }, t("Choose a game…")),
    byName.map((t) => h("option", { value: t.id }, t.name)));
  const players = h("input", { type: "number", name: "players", id: "create-players", value: 2, min: 1, max: 8 });
  const options = h("div", { class: "options" });
  const syncType = () => {
    const type = types.find((t) => t.id === typeSelect.value);
    if (!type) { options.replaceChildren(); return; }
    players.min = type.minPlayers;
    players.max = type.maxPlayers;
    players.value = Math.max(type.minPlayers, Math.min(type.maxPlayers, Number(players.value)));
    options.replaceChildren(...optionFields(type));
  };
  typeSelect.addEventListener("change", syncType);
  const name = h("input", { name: "name", id: "create-name", maxlength: 24, value: "" });
  const everyone = h("input", { name: "seats", id: "create-seats", placeholder: "Ada, Bo", size: 24 });
  const out = h("div", { id: "created" });
  // Bots: "Add a bot" seats one at the highest open seat (the API's `bots`, created with the
  // game); each row picks the seat and the policy, "Remove" frees the seat again.
  const bots = h("ul", { class: "bots", id: "create-bots" });
  const botRow = () => {
    const taken = [...bots.querySelectorAll("select[name='bot-seat']")].map((s) => Number(s.value));
    const open = [...Array(Number(players.value)).keys()].reverse().find((s) => !taken.includes(s));
    if (open === undefined || taken.length >= Number(players.value) - 1) {
      report(new Error(t("every other seat already has a bot")));
      return;
    }
    const seat = h("select", { name: "bot-seat", "aria-label": t("Bot seat") },
      [...Array(Number(players.value)).keys()].map((s) => h("option", { value: s, selected: s === open }, t("seat {0}", s))));
    const policy = h("select", { name: "bot-policy", "aria-label": t("Bot policy") },
      POLICIES.map((p) => h("option", { value: p }, t("{0} bot", p))));
    const row = h("li", { class: "bot" }, seat, policy,
      h("button", { type: "button", class: "remove-bot", onclick: () => row.remove() }, t("Remove")));
    bots.append(row);
  };
  const addBot = h("button", { type: "button", id: "add-bot", onclick: botRow }, t("Add a bot"));
  const form = h("form", { class: "create", id: "create-form" },
    h("label", {}, t("Game"), typeSelect), h("label", {}, t("Players"), players),
    h("label", {}, t("Your name"), name),
    h("label", {}, t("or every player's name (comma separated: one table link per seat)"), everyone),
    h("fieldset", { class: "bots" }, h("legend", {}, t("Bots")), bots, addBot),
    options, h("button", { type: "submit" }, t("Create game")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const chosen = {};
    for (const input of options.querySelectorAll("[name^='opt:']")) {
      const key = input.name.slice(4);
      chosen[key] = input.dataset.kind === "boolean" ? input.checked
        : input.dataset.kind === "integer" ? Number(input.value) : input.value;
    }
    const seats = everyone.value.split(",").map((s) => s.trim()).filter(Boolean);
    const body = { gameType: typeSelect.value, players: Number(players.value), options: chosen };
    if (seats.length) body.seats = seats;
    const chosenBots = [...bots.querySelectorAll("li.bot")].map((row) => ({
      seat: Number(row.querySelector("[name='bot-seat']").value),
      policy: row.querySelector("[name='bot-policy']").value,
    }));
    if (chosenBots.length) body.bots = chosenBots;
    try {
      const created = await api("/v1/games", { method: "POST", body });
      if (seats.length) {
        out.replaceChildren(h("p", {}, t("Game {0} started. Each player opens their table:", created.game.id)),
          h("ul", { class: "tokens" }, created.tokens.map((tok, i) => h("li", {},
            h("a", { href: tableUrl(created.game.id, tok.seat, tok.token), target: "_blank", rel: "noopener", class: "seat-link", dataset: { seat: tok.seat } },
              t("Table of {0} (seat {1})", seats[i], tok.seat))))),
          h("p", {}, h("a", { href: `/games/${created.game.id}` }, t("Watch as a spectator"))));
        return;
      }
      if (!name.value.trim()) throw new Error(t("enter your name (or every player's)"));
      const joined = await api(`/v1/games/${created.game.id}/seats`, { method: "POST", body: { name: name.value.trim() }, token: playerToken() });
      location.assign(tableUrl(created.game.id, joined.seat, playerToken() || joined.token));
    } catch (error) {
      report(error);
    }
  });
  syncType();
  return [form, out];
}

// A game as people name it (issue 39): the game's name, its players' names, and who won.
function gameLine(game, action) {
  const type = types.find((t) => t.id === game.gameType);
  const seats = game.seats.map((s) => s.name || t("a free seat"));
  const names = seats.join(", ");
  const winners = game.result ? game.result.winners.map((w) => seats[w]) : [];
  const outcome = game.status === "ABANDONED" ? t("abandoned")
    : winners.length === 1 ? t("{0} won", winners[0]) : winners.length ? t("{0} shared the win", winners.join(t(" and "))) : "";
  return h("li", { dataset: { game: game.id } },
    h("a", { href: `/games/${encodeURIComponent(game.id)}`, title: game.id }, type ? type.name : game.gameType),
    ` · ${names}`, outcome ? h("strong", { class: "winner" }, ` · ${outcome}`) : "", t(" · move {0} ", game.version), action || "");
}

function joinForm(game) {
  const name = h("input", { name: "name", required: true, maxlength: 24, "aria-label": t("Your name for {0}", game.id), placeholder: t("your name") });
  const form = h("form", { class: "join" }, name, h("button", { type: "submit" }, t("Join")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const joined = await api(`/v1/games/${encodeURIComponent(game.id)}/seats`, { method: "POST", body: { name: name.value.trim() }, token: playerToken() });
      location.assign(tableUrl(game.id, joined.seat, playerToken() || joined.token));
    } catch (error) {
      report(error);
    }
  });
  return form;
}

async function gameList(status, id, action) {
  const page = await api(`/v1/games?status=${status}&limit=20`);
  const items = page.items.map((g) => gameLine(g, action && action(g)));
  return h("ul", { class: "games", id }, items.length ? items : [h("li", {}, t("None right now."))]);
}

async function main() {
  types = await api("/v1/game-types");
  const you = await playerSection(report, () => main().catch(report));
  const [open, running, finished] = await Promise.all([
    gameList("OPEN", "open-games", joinForm), gameList("ACTIVE", "running-games"), gameList("FINISHED", "finished-games"),
  ]);
  app.replaceChildren(
    h("h1", {}, "Boardstate"), problem, you,
    h("section", { "aria-labelledby": "h-create" }, h("h2", { id: "h-create" }, t("Create a game")), ...createForm()),
    h("section", { "aria-labelledby": "h-open" }, h("h2", { id: "h-open" }, t("Open games to join")), open),
    h("section", { "aria-labelledby": "h-running" }, h("h2", { id: "h-running" }, t("Running games to watch")), running),
    h("section", { "aria-labelledby": "h-finished" }, h("h2", { id: "h-finished" }, t("Finished games to replay")), finished),
    h("section", { "aria-labelledby": "h-types" }, h("h2", { id: "h-types" }, t("Games")),
      h("div", { class: "cards" }, types.map(typeCard))));
}

main().catch(report);
