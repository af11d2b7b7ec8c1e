// The lobby's "You" section (issue 30): sign in with a player token (a new player the service
// makes, or a token pasted from your own accounts), then "Your turn" and "Your games", kept
// current by the player's own stream (GET /v1/players/me/stream, fetch-based SSE with the token).
// The token stays in this tab's sessionStorage, as seat tokens do (gone when the tab closes: a
// token kept longer would outlive the tab and be readable by every later page of the origin), and
// travels only as `Authorization: Bearer` (and in a table link's fragment, which the server never
// sees); a player token acts for every seat of its player, so the links carry it as the seat's.
import { api, h, Problem, readSse, reconnecting } from "./api.js";

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
  const pasted = h("input", { name: "player-token", id: "player-token", "aria-label": "Player token", placeholder: "a player token (JWT)", size: 32 });
  const paste = h("form", { class: "sign-in", id: "sign-in-form" }, pasted, h("button", { type: "submit" }, "Sign in"));
  paste.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("/v1/players/me", { token: pasted.value.trim() });
      onSignIn(pasted.value.trim());
    } catch (error) {
      report(error);
    }
  });
  const fresh = h("button", { type: "button", id: "new-player", onclick: async () => {
    try {
      onSignIn((await api("/v1/players", { method: "POST" })).token);
    } catch (error) {
      report(error);
    }
  } }, "Play as a new player");
  return [h("p", {}, "Sign in to see your games and whose turn it is, across every game."), fresh, paste];
}

// The "You" section; `onChange()` is called after signing in or out (the lobby draws again).
export async function playerSection(report, onChange) {
  const token = playerToken();
  const section = h("section", { "aria-labelledby": "h-you", id: "you" }, h("h2", { id: "h-you" }, "You"));
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
  const yourTurn = h("ul", { class: "games", id: "your-turn" }, h("li", {}, "Nothing waits for you."));
  const yourGames = h("ul", { class: "games", id: "my-games" });
  const status = h("span", { class: "live", id: "player-live" }, "connecting…");
  const events = [];
  const drawTurns = () => {
    const turns = turnsOf(events);
    yourTurn.replaceChildren(...(turns.length ? turns.map((t) => h("li", { dataset: { game: t.gameId } },
      h("a", { href: tableUrl(t.gameId, t.toAct[0], token), class: "your-turn-link" }, `${t.gameType} ${t.gameId}`),
      ` · your turn (version ${t.version})`, t.deadline ? ` · before ${t.deadline}` : "")) : [h("li", {}, "Nothing waits for you.")]));
  };
  const drawGames = async () => {
    const page = await api("/v1/players/me/games?limit=20", { token });
    yourGames.replaceChildren(...(page.items.length ? page.items.map((g) => h("li", { dataset: { game: g.id } },
      h("a", { href: `/games/${encodeURIComponent(g.id)}` }, `${g.gameType} ${g.id}`), ` · ${g.status} · version ${g.version}`))
      : [h("li", {}, "No games yet.")]));
  };
  const stream = followPlayer(token, (event) => {
    events.push(event);
    drawTurns();
    if (event.kind !== "turn") drawGames().catch(report);
  }, (state) => { status.textContent = state === "live" ? "● live" : state; });
  section.append(
    h("p", {}, "Signed in as ", h("strong", { id: "player-id" }, me.playerId), " ", status, " ",
      h("button", { type: "button", id: "sign-out", onclick: () => { stream.stop(); sessionStorage.removeItem(KEY); onChange(); } }, "Sign out")),
    h("h3", {}, "Your turn"), yourTurn, h("h3", {}, "Your games"), yourGames);
  await drawGames();
  return section;
}
