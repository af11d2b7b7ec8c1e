// The lobby at / (service/http/pages.py): game types with their rules and provenance, open
// games to join, running and finished games to watch, and a form to create a game.
import { api, h } from "./api.js";
import { SUMMARIES } from "./phrases.js";
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

function typeCard(type) {
  const values = Object.entries(type.provenance.values || {});
  return h("article", { class: "card", id: `type-${type.id}` },
    h("h3", {}, type.name),
    h("p", {}, SUMMARIES[type.id] || ""),
    h("p", {}, `${type.minPlayers}–${type.maxPlayers} players · rules ${type.rulesVersion}`),
    h("details", {}, h("summary", {}, `Provenance: ${type.provenance.dataSet}`),
      h("p", {}, `data hash ${String(type.provenance.contentHash).slice(0, 16)}…`),
      h("ul", {}, values.map(([key, v]) => h("li", {}, `${key}: ${v.provenance}`, v.source ? ` — ${v.source}` : "")))));
}

function optionFields(type) {
  const props = (type.optionsSchema && type.optionsSchema.properties) || {};
  return Object.entries(props).flatMap(([name, schema]) => {
    if (schema.type === "boolean") {
      return [h("label", {}, name.replace(/_/g, " "),
        h("input", { type: "checkbox", name: `opt:${name}`, checked: schema.default === true, dataset: { kind: "boolean" } }))];
    }
    if (schema.enum) {
      return [h("label", {}, name.replace(/_/g, " "), h("select", { name: `opt:${name}`, dataset: { kind: "enum" } },
        schema.enum.map((v) => h("option", { value: v, selected: v === schema.default }, String(v)))))];
    }
    if (schema.type === "integer") {
      return [h("label", {}, name.replace(/_/g, " "), h("input", { type: "number", name: `opt:${name}`,
        min: schema.minimum, max: schema.maximum, value: schema.default, dataset: { kind: "integer" } }))];
    }
    return []; // lists and other structured options keep their defaults here (the API takes them)
  });
}

function createForm() {
  const typeSelect = h("select", { name: "gameType", id: "create-type" },
    types.map((t) => h("option", { value: t.id }, t.name)));
  const players = h("input", { type: "number", name: "players", id: "create-players", value: 2, min: 1, max: 8 });
  const options = h("div", { class: "options" });
  const syncType = () => {
    const type = types.find((t) => t.id === typeSelect.value);
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
      report(new Error("every other seat already has a bot"));
      return;
    }
    const seat = h("select", { name: "bot-seat", "aria-label": "Bot seat" },
      [...Array(Number(players.value)).keys()].map((s) => h("option", { value: s, selected: s === open }, `seat ${s}`)));
    const policy = h("select", { name: "bot-policy", "aria-label": "Bot policy" },
      POLICIES.map((p) => h("option", { value: p }, `${p} bot`)));
    const row = h("li", { class: "bot" }, seat, policy,
      h("button", { type: "button", class: "remove-bot", onclick: () => row.remove() }, "Remove"));
    bots.append(row);
  };
  const addBot = h("button", { type: "button", id: "add-bot", onclick: botRow }, "Add a bot");
  const form = h("form", { class: "create", id: "create-form" },
    h("label", {}, "Game", typeSelect), h("label", {}, "Players", players),
    h("label", {}, "Your name", name),
    h("label", {}, "or every player's name (comma separated: one table link per seat)", everyone),
    h("fieldset", { class: "bots" }, h("legend", {}, "Bots"), bots, addBot),
    options, h("button", { type: "submit" }, "Create game"));
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
        out.replaceChildren(h("p", {}, `Game ${created.game.id} started. Each player opens their table:`),
          h("ul", { class: "tokens" }, created.tokens.map((t, i) => h("li", {},
            h("a", { href: tableUrl(created.game.id, t.seat, t.token), target: "_blank", rel: "noopener", class: "seat-link", dataset: { seat: t.seat } },
              `Table of ${seats[i]} (seat ${t.seat})`)))),
          h("p", {}, h("a", { href: `/games/${created.game.id}` }, "Watch as a spectator")));
        return;
      }
      if (!name.value.trim()) throw new Error("enter your name (or every player's)");
      const joined = await api(`/v1/games/${created.game.id}/seats`, { method: "POST", body: { name: name.value.trim() }, token: playerToken() });
      location.assign(tableUrl(created.game.id, joined.seat, playerToken() || joined.token));
    } catch (error) {
      report(error);
    }
  });
  syncType();
  return [form, out];
}

function gameLine(game, action) {
  const seats = game.seats.map((s) => s.name || "(free)").join(", ");
  return h("li", { dataset: { game: game.id } },
    h("a", { href: `/games/${encodeURIComponent(game.id)}` }, `${game.gameType} ${game.id}`),
    ` · ${seats} · version ${game.version} `, action || "");
}

function joinForm(game) {
  const name = h("input", { name: "name", required: true, maxlength: 24, "aria-label": `Your name for ${game.id}`, placeholder: "your name" });
  const form = h("form", { class: "join" }, name, h("button", { type: "submit" }, "Join"));
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
  return h("ul", { class: "games", id }, items.length ? items : [h("li", {}, "None right now.")]);
}

async function main() {
  types = await api("/v1/game-types");
  const you = await playerSection(report, () => main().catch(report));
  const [open, running, finished] = await Promise.all([
    gameList("OPEN", "open-games", joinForm), gameList("ACTIVE", "running-games"), gameList("FINISHED", "finished-games"),
  ]);
  app.replaceChildren(
    h("h1", {}, "Boardstate"), problem, you,
    h("section", { "aria-labelledby": "h-create" }, h("h2", { id: "h-create" }, "Create a game"), ...createForm()),
    h("section", { "aria-labelledby": "h-open" }, h("h2", { id: "h-open" }, "Open games to join"), open),
    h("section", { "aria-labelledby": "h-running" }, h("h2", { id: "h-running" }, "Running games to watch"), running),
    h("section", { "aria-labelledby": "h-finished" }, h("h2", { id: "h-finished" }, "Finished games to replay"), finished),
    h("section", { "aria-labelledby": "h-types" }, h("h2", { id: "h-types" }, "Games"),
      h("div", { class: "cards" }, types.map(typeCard))));
}

main().catch(report);
