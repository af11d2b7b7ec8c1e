// The replay viewer and live view at /games/{id} (service/http/pages.py): the picture, the
// events in words, stepping by event or by move (buttons, slider, arrow keys), a link to the
// version shown, the seat's view when this tab holds its token, and the table (table.js).
import { api, boardSvg, followEvents, h, seatOf, forgetSeat } from "./api.js";
import { describe } from "./phrases.js";
import { Table } from "./table.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const app = document.getElementById("app");
const ui = {};
const pictures = new Map(); // "version:seat" -> <svg>, the versions already drawn
let game = null;
let events = [];
let current = 0;
let viewAs = null; // the seat whose view is shown, null for the spectator's
let mine = null; // { seat, token } of this tab, if any
let stream = null;
let drawing = null;
let drawTimer = null;
let table = null;
let streamState = ""; // "live", "reconnecting" or "ended": the event stream's, for the header

const names = () => game.seats.map((s, i) => s.name || `Seat ${i}`);
const latest = () => (events.length ? events[events.length - 1].version : game.version);
const token = () => (viewAs !== null && mine ? mine.token : null);

function moveEnds() {
  // The versions where a move (or a setup event) has been applied completely.
  const ends = [];
  events.forEach((event, i) => {
    const next = events[i + 1];
    const group = (e) => e.moveId || `v${e.version}`;
    if (!next || group(next) !== group(event)) ends.push(event.version);
  });
  return ends;
}

function layout() {
  ui.title = h("h1", {}, "");
  ui.status = h("p", { class: "status", id: "game-status" });
  ui.result = h("p", { class: "result", id: "game-result", hidden: true });
  ui.viewSelect = h("select", { id: "view-as", "aria-label": "Whose view", onchange: () => switchView() });
  ui.live = h("span", { class: "live", id: "live-status", "aria-live": "polite" }, "");
  ui.board = h("figure", { id: "board", class: "board", "aria-live": "off",
    onclick: (e) => table && table.boardClicked(e) }, h("p", {}, "Loading the picture…"));
  const button = (id, label, text, action) =>
    h("button", { type: "button", id, "aria-label": label, title: label, onclick: action }, text);
  ui.slider = h("input", { type: "range", id: "slider", min: 1, max: 1, value: 1, "aria-label": "Version",
    oninput: () => go(Number(ui.slider.value)) });
  ui.label = h("output", { id: "version-label", for: "slider" }, "");
  ui.share = h("a", { id: "share-link", href: "#" }, "Link to this version");
  ui.controls = h("div", { class: "controls", role: "toolbar", "aria-label": "Replay" },
    button("first", "First version", "|◀", () => go(1)),
    button("prev-move", "Previous move", "◀◀", () => stepMove(-1)),
    button("prev-event", "Previous event", "◀", () => go(current - 1)),
    ui.slider,
    button("next-event", "Next event", "▶", () => go(current + 1)),
    button("next-move", "Next move", "▶▶", () => stepMove(1)),
    button("last", "Latest version (follow live)", "▶|", () => go(latest())),
    ui.label, ui.share);
  ui.events = h("ol", { id: "events", class: "events", "aria-label": "Events" });
  ui.table = h("section", { id: "table", class: "table", hidden: true, "aria-label": "Your moves" });
  app.replaceChildren(
    h("div", { class: "game-head" }, ui.title, ui.status, ui.result,
      h("label", { class: "view-as" }, "View: ", ui.viewSelect), ui.live),
    h("div", { class: "viewer" },
      h("div", { class: "stage" }, ui.controls, ui.board),
      h("aside", { class: "log" }, ui.table, h("h2", {}, "Events"), ui.events)),
    h("p", { class: "help" }, "Keys: ← → one event, Shift+← → or PgUp/PgDn one move, Home/End first/latest."));
}

function showGame() {
  ui.title.textContent = `${game.gameType} · ${game.id}`;
  document.title = `${game.gameType} ${game.id} · Boardstate`;
  const acting = game.toAct.map((s) => names()[s]).join(", ");
  ui.status.textContent = `${game.status.toLowerCase()}${game.status === "ACTIVE" && acting ? " · to play: " + acting : ""}`;
  app.dataset.status = game.status;
  if (game.result) {
    const scores = game.result.scores.map((score, s) => `${names()[s]} ${score}`).join(", ");
    const winners = game.result.winners.map((s) => names()[s]).join(" and ");
    ui.result.textContent = `Result: ${scores}. Winner: ${winners || "nobody"}.`;
    ui.result.hidden = false;
  }
  const options = [h("option", { value: "" }, "Spectator")];
  if (mine) options.unshift(h("option", { value: String(mine.seat) }, `Seat ${mine.seat} (${names()[mine.seat]}, you)`));
  ui.viewSelect.replaceChildren(...options);
  ui.viewSelect.value = viewAs === null ? "" : String(viewAs);
}

function eventItem(event) {
  return h("li", { dataset: { version: event.version }, class: event.moveId ? "move" : "auto" },
    h("a", { href: `?version=${event.version}`, tabindex: -1,
      onclick: (e) => { e.preventDefault(); go(event.version); } },
      h("span", { class: "v" }, String(event.version)), " ",
      event.describe || describe(game.gameType, event, names())));
}

function addEvents(more) {
  const fresh = more.filter((e) => !events.length || e.version > latest());
  if (!fresh.length) return false;
  const following = current === latest();
  events.push(...fresh);
  ui.events.append(...fresh.map(eventItem));
  ui.slider.max = String(latest());
  if (following) go(latest());
  else showPosition();
  return true;
}

function showPosition() {
  ui.slider.value = String(current);
  ui.label.textContent = `Version ${current} of ${latest()}`;
  showLive();
  const url = new URL(location.href);
  url.hash = "";
  url.searchParams.set("version", String(current));
  ui.share.href = url.pathname + url.search;
  app.dataset.version = String(current);
  app.dataset.latest = String(latest());
  const old = ui.events.querySelector("[aria-current]");
  if (old) old.removeAttribute("aria-current");
  const item = ui.events.querySelector(`li[data-version="${current}"]`);
  if (item) {
    item.setAttribute("aria-current", "step");
    item.scrollIntoView({ block: "nearest" });
  }
}

async function draw() {
  const version = current;
  const key = `${version}:${viewAs}`;
  if (drawing) drawing.abort();
  const controller = new AbortController();
  drawing = controller;
  try {
    let svg = pictures.get(key);
    if (!svg) {
      svg = await boardSvg(gameId, version, viewAs, token(), controller.signal);
      if (pictures.size > 300) pictures.delete(pictures.keys().next().value);
      pictures.set(key, svg);
    }
    if (controller.signal.aborted) return;
    ui.board.replaceChildren(svg);
    ui.board.dataset.version = String(version);
  } catch (error) {
    if (error.name === "AbortError") return;
    ui.board.replaceChildren(h("p", { class: "problem" }, error.message));
    // A lost connection: draw again a little later if this version is still the one wanted.
    if (!(error.status >= 400 && error.status < 500)) {
      setTimeout(() => { if (current === version && drawing === controller) draw(); }, 1000);
    }
  }
}

function go(version) {
  const target = Math.max(1, Math.min(latest(), version));
  if (!Number.isFinite(target)) return;
  current = target;
  showPosition();
  const url = new URL(location.href);
  if (current === latest()) url.searchParams.delete("version");
  else url.searchParams.set("version", String(current));
  history.replaceState(null, "", url.pathname + url.search + url.hash);
  // A picture already drawn at once; else after a pause, so a dragged slider asks for the
  // version it stops at rather than every one it passes.
  clearTimeout(drawTimer);
  if (pictures.has(`${current}:${viewAs}`)) draw();
  else drawTimer = setTimeout(draw, 60);
}

function stepMove(direction) {
  const ends = moveEnds();
  const target = direction > 0 ? ends.find((v) => v > current) : ends.filter((v) => v < current).pop();
  go(target === undefined ? (direction > 0 ? latest() : 1) : target);
}

function onKey(event) {
  const tag = event.target.tagName;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -1, PageDown: 1 };
  if (event.key in moves) {
    const direction = moves[event.key];
    if (event.shiftKey || event.key.startsWith("Page")) stepMove(direction);
    else go(current + direction);
  } else if (event.key === "Home") go(1);
  else if (event.key === "End") go(latest());
  else return;
  event.preventDefault();
}

async function loadEvents() {
  let after = 0;
  for (;;) {
    const query = new URLSearchParams({ afterVersion: String(after), limit: "500" });
    if (viewAs !== null) query.set("seat", String(viewAs));
    const page = await api(`/v1/games/${encodeURIComponent(gameId)}/events?${query}`, { token: token() });
    addEvents(page.items);
    if (!page.hasMore || page.nextAfterVersion === after) return;
    after = page.nextAfterVersion;
  }
}

async function refreshGame() {
  game = await api(`/v1/games/${encodeURIComponent(gameId)}`);
  showGame();
  if (table) table.update(game, latest());
}

let refreshing = null;
function soon() {
  clearTimeout(refreshing);
  refreshing = setTimeout(() => refreshGame().catch(() => {}), 50);
}

// The header follows the version shown: "● live" only at the latest version of a game still
// running with its stream open, else the version shown of the latest.
function showLive() {
  const running = game && game.status !== "FINISHED" && game.status !== "ABANDONED";
  const atHead = current === latest();
  let text = `version ${current} of ${latest()}`;
  if (running && streamState === "reconnecting") text = "reconnecting…";
  else if (running && atHead && streamState === "live") text = "● live";
  ui.live.textContent = text;
  app.dataset.live = String(running && atHead && streamState === "live");
}

function follow() {
  if (stream) stream.stop();
  stream = null;
  if (game.status === "FINISHED" || game.status === "ABANDONED") { streamState = "ended"; showLive(); return; }
  stream = followEvents(gameId, latest(), token(), (event) => { addEvents([event]); soon(); },
    (state) => {
      streamState = state;
      showLive();
      app.dataset.stream = state;
      if (state === "ended" || state === "live") soon();
    });
}

async function start(version) {
  events = [];
  ui.events.replaceChildren();
  pictures.clear();
  game = await api(`/v1/games/${encodeURIComponent(gameId)}`);
  showGame();
  await loadEvents();
  current = version || latest();
  go(current);
  table = mine && viewAs === mine.seat ? new Table(ui.table, gameId, mine, names, (r) => {
    addEvents(r.events);
    game = r.game;
    showGame();
    table.update(game, latest());
  }, () => refreshGame().catch(() => {})) : null;
  ui.table.hidden = !table;
  if (table) table.update(game, latest());
  follow();
}

function switchView() {
  viewAs = ui.viewSelect.value === "" ? null : Number(ui.viewSelect.value);
  start(current).catch(fail);
}

function fail(error) {
  app.replaceChildren(h("p", { class: "problem", role: "alert" }, `${error.message} (${error.code || "error"})`));
}

mine = seatOf(gameId);
viewAs = mine ? mine.seat : null;
layout();
document.addEventListener("keydown", onKey);
window.addEventListener("beforeunload", () => stream && stream.stop());
const asked = Number(new URLSearchParams(location.search).get("version")) || null;
start(asked).catch((error) => {
  if (error.status === 401 && mine) forgetSeat(gameId);
  fail(error);
});
