// The lobby's "You" section (issue 30): sign in with a player token (a new player the service
// makes, or a token pasted from your own accounts), then "Your turn" and "Your games", kept
// current by the player's own stream (GET /v1/players/me/stream, fetch-based SSE with the token).
// The token stays in this tab's sessionStorage, as seat tokens do (gone when the tab closes: a
// token kept longer would outlive the tab and be readable by every later page of the origin), and
// travels only as `Authorization: Bearer` (and in a table link's fragment, which the server never
// sees); a player token acts for every seat of its player, so the links carry it as the seat's.
import { api, h, Problem, readSse, reconnecting } from "./api.js";
import { LANG, t } from "./i18n.js";
import { GAME_NAMES } from "./phrases.js";

const KEY = "boardstate:player";

export function playerToken() {
  return sessionStorage.getItem(KEY);
}

const tableUrl = (gameId, seat, token) =>
  `/games/${encodeURIComponent(gameId)}#seat=${seat}&token=${encodeURIComponent(token)}`;

// Follows the player's stream from the oldest kept event (`after=0`), resuming after the last
// id on reconnection; `onEvent({id, kind, data})` gets each event.
function followPlayer(token, onEvent, onStatus) {
  let last = "0";
  let stopped = false;
  let controller = null;
  async function once() {
    controller = new AbortController();
    const response = await fetch(`/v1/players/me/stream?after=${encodeURIComponent(last)}`, {
      headers: { accept: "text/event-stream", authorization: "Bearer " + token },
      signal: controller.signal,
      cache: "no-store",
    });
    if (response.status === 401) return "ended";
    if (!response.ok) throw new Problem(response.status, "STREAM", `stream: HTTP ${response.status}`);
    onStatus("live");
    return readSse(response, (fields) => {
      if (fields.id) last = fields.id;
      onEvent(JSON.parse(fields.data));
    });
  }
  return reconnecting(once, onStatus, () => stopped, () => { stopped = true; if (controller) controller.abort(); });
}

// The games waiting for this player: the latest `turn` of each game not ended since.
function turnsOf(events) {
  const games = new Map();
  for (const event of events) {
    const data = event.data || {};
    if (!data.gameId) continue;
    if (event.kind === "turn") games.set(data.gameId, data);
    if (event.kind === "game.ended") games.delete(data.gameId);
  }
  return [...games.values()].filter((turn) => (turn.toAct || []).length > 0);
}

function signedOut(onSignIn, report) {
  const pasted = h("input", { name: "player-token", id: "player-token", "aria-label": t("Player token"), placeholder: t("a player token (JWT)"), size: 32 });
  const paste = h("form", { class: "sign-in", id: "sign-in-form" }, pasted, h("button", { type: "submit" }, t("Sign in")));
  paste.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("/v1/players/me", { token: pasted.value.trim() });
      onSignIn(pasted.value.trim());
    } catch (error) {
      report(error);
    }
  });
  const name = h("input", { name: "display-name", id: "new-player-name", "aria-label": t("Your name"), placeholder: t("your name (optional)"), maxlength: 32, size: 20 });
  const fresh = h("button", { type: "button", id: "new-player", onclick: async () => {
    try {
      const chosen = name.value.trim();
      const body = chosen ? { displayName: chosen } : undefined;
      onSignIn((await api("/v1/players", { method: "POST", body })).token);
    } catch (error) {
      report(error);
    }
  } }, t("Play as a new player"));
  const newPlayer = h("div", { class: "sign-in" }, name, fresh);
  return [h("p", {}, t("Sign in to see your games and whose turn it is, across every game.")), newPlayer, paste];
}

// The "You" section; `onChange()` is called after signing in or out (the lobby draws again).
export async function playerSection(report, onChange) {
  const token = playerToken();
  const section = h("section", { "aria-labelledby": "h-you", id: "you" }, h("h2", { id: "h-you" }, t("You")));
  const signIn = (value) => { sessionStorage.setItem(KEY, value); onChange(); };
  if (!token) {
    section.append(...signedOut(signIn, report));
    return section;
  }
  let me;
  try {
    me = await api("/v1/players/me", { token });
  } catch (error) {
    sessionStorage.removeItem(KEY);
    report(error);
    section.append(...signedOut(signIn, report));
    return section;
  }
  const yourTurn = h("ul", { class: "games", id: "your-turn" }, h("li", {}, t("Nothing waits for you.")));
  const yourGames = h("ul", { class: "games", id: "my-games" });
  const status = h("span", { class: "live", id: "player-live" }, t("connecting…"));
  const events = [];
  const drawTurns = () => {
    const turns = turnsOf(events);
    yourTurn.replaceChildren(...(turns.length ? turns.map((turn) => h("li", { dataset: { game: turn.gameId } },
      h("a", { href: tableUrl(turn.gameId, turn.toAct[0], token), class: "your-turn-link", title: turn.gameId }, GAME_NAMES[turn.gameType] || turn.gameType),
      t(" · your move{0}", (turn.owed || []).length ? ": " + turn.owed[0].moves.map((m) => m.replace(/_/g, " ")).join(t(" or ")) : ""),
      turn.deadline ? t(" · before {0}", new Date(turn.deadline).toLocaleString(LANG)) : "")) : [h("li", {}, t("Nothing waits for you."))]));
  };
  const drawGames = async () => {
    const page = await api("/v1/players/me/games?limit=20", { token });
    yourGames.replaceChildren(...(page.items.length ? page.items.map((g) => h("li", { dataset: { game: g.id } },
      h("a", { href: `/games/${encodeURIComponent(g.id)}`, title: g.id }, GAME_NAMES[g.gameType] || g.gameType),
      ` · ${(g.seats || []).map((seat) => seat.name || t("a free seat")).join(", ")} · ${t(g.status.toLowerCase())}`))
      : [h("li", {}, t("No games yet."))]));
  };
  const stream = followPlayer(token, (event) => {
    events.push(event);
    drawTurns();
    if (event.kind !== "turn") drawGames().catch(report);
  }, (state) => { status.textContent = state === "live" ? t("● live") : t(state); });
  // The player's display name, not its opaque id (the id stays in the title, for support).
  const shown = h("strong", { id: "player-name", title: me.playerId, dataset: { playerId: me.playerId } },
    me.displayName || "a player with no name yet");
  const renameInput = h("input", { name: "display-name", id: "display-name", "aria-label": t("Display name"), value: me.displayName || "", maxlength: 32, size: 20 });
  const rename = h("form", { class: "sign-in", id: "rename-form" }, renameInput, h("button", { type: "submit" }, t("Change name")));
  rename.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const changed = await api("/v1/players/me", { method: "PATCH", token, body: { displayName: renameInput.value } });
      shown.textContent = changed.displayName;
      renameInput.value = changed.displayName;
    } catch (error) {
      report(error);
    }
  });
  section.append(
    h("p", {}, t("Signed in as "), shown, " ", status, " ",
      h("button", { type: "button", id: "sign-out", onclick: () => { stream.stop(); sessionStorage.removeItem(KEY); onChange(); } }, t("Sign out"))),
    rename,
    h("h3", {}, t("Your turn")), yourTurn, h("h3", {}, t("Your games")), yourGames);
  await drawGames();
  return section;
}
