// The replay viewer and live view at /games/{id} (service/http/pages/pages.py): the picture, the
// events in words, stepping by event or by move (buttons, slider, arrow keys), a link to the
// version shown, the seat's view when this tab holds its token, the table (table.js), and for a
// finished game the bot's verdict beside each move (verdicts.js).
import { api, boardSvg, followEvents, h, seatOf, forgetSeat } from "./api.js";
import { t } from "./i18n.js";
import { describe, GAME_NAMES } from "./phrases.js";
import { Table } from "./table.js";
import { Verdicts } from "./verdicts.js";

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
let verdicts = null;
let streamState = ""; // "live", "reconnecting" or "ended": the event stream's, for the header

const names = () => game.seats.map((s, i) => s.name || t("Seat {0}", i));
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
  ui.viewSelect = h("select", { id: "view-as", "aria-label": t("Whose view"), onchange: () => switchView() });
  ui.live = h("span", { class: "live", id: "live-status", "aria-live": "polite" }, "");
  ui.board = h("figure", { id: "board", class: "board", "aria-live": "off",
    onclick: (e) => table && table.boardClicked(e) }, h("p", {}, t("Loading the picture…")));
  const button = (id, label, text, action) =>
    h("button", { type: "button", id, "aria-label": label, title: label, onclick: action }, text);
  ui.slider = h("input", { type: "range", id: "slider", min: 1, max: 1, value: 1, "aria-label": t("Version"),
    oninput: () => go(Number(ui.slider.value)) });
  ui.label = h("output", { id: "version-label", for: "slider" }, "");
  ui.share = h("a", { id: "share-link", href: "#" }, t("Link to this version"));
  ui.controls = h("div", { class: "controls", role: "toolbar", "aria-label": t("Replay") },
    button("first", t("First version"), "|◀", () => go(1)),
    button("prev-move", t("Previous move"), "◀◀", () => stepMove(-1)),
    button("prev-event", t("Previous event"), "◀", () => go(current - 1)),
    ui.slider,
    button("next-event", t("Next event"), "▶", () => go(current + 1)),
    button("next-move", t("Next move"), "▶▶", () => stepMove(1)),
    button("last", t("Latest version (follow live)"), "▶|", () => go(latest())),
    ui.label, ui.share);
  ui.events = h("ol", { id: "events", class: "events", "aria-label": t("Events") });
  ui.table = h("section", { id: "table", class: "table", hidden: true, "aria-label": t("Your moves") });
  ui.analysis = h("section", { id: "analysis", class: "analysis", hidden: true, "aria-live": "polite",
    "aria-label": t("The bot's verdicts") });
  verdicts = new Verdicts(ui.analysis, ui.events, gameId, named);
  app.replaceChildren(
    h("div", { class: "game-head" }, ui.title, ui.status, ui.result,
      h("label", { class: "view-as" }, t("View: "), ui.viewSelect), ui.live),
    h("div", { class: "viewer" },
      h("div", { class: "stage" }, ui.controls, ui.board),
      h("aside", { class: "log" }, ui.table, h("h2", {}, t("Events")), ui.analysis, ui.events)),
    h("p", { class: "help" }, t("Keys: ← → one event, Shift+← → or PgUp/PgDn one move, Home/End first/latest.")));
}

function showGame() {
  const gameName = GAME_NAMES[game.gameType] || game.gameType;
  ui.title.textContent = `${gameName}: ${names().join(", ")}`;
  ui.title.title = game.id;
  document.title = `${gameName} · ${game.id} · Boardstate`;
  const acting = game.toAct.map((s) => names()[s]).join(", ");
  ui.status.textContent = `${t(game.status.toLowerCase())}${game.status === "ACTIVE" && acting ? t(" · to play: {0}", acting) : ""}`;
  app.dataset.status = game.status;
  if (game.result) {
    const scores = game.result.scores.map((score, s) => `${names()[s]} ${score}`).join(", ");
    const winners = game.result.winners.map((s) => names()[s]).join(t(" and "));
    ui.result.textContent = t("Result: {0}. Winner: {1}.", scores, winners || t("nobody"));
    ui.result.hidden = false;
  }
  const options = [h("option", { value: "" }, t("Spectator"))];
  if (mine) options.unshift(h("option", { value: String(mine.seat) }, t("Seat {0} ({1}, you)", mine.seat, names()[mine.seat])));
  ui.viewSelect.replaceChildren(...options);
  ui.viewSelect.value = viewAs === null ? "" : String(viewAs);
  verdicts.follow(game);
}

function eventItem(event) {
  return h("li", { dataset: { version: event.version }, class: event.moveId ? "move" : "auto" },
    h("a", { href: `?version=${event.version}`, tabindex: -1,
      onclick: (e) => { e.preventDefault(); go(event.version); } },
      h("span", { class: "v" }, String(event.version)), " ",
      named(event.describe || describe(game.gameType, event, names()))));
}

// The engine's words say "seat 1" ("Platz 1" in German); people read the seat's name (issue 39).
function named(text) {
  const said = String(text).replace(/\b(?:[Ss]eat|Platz) ([0-9]+)\b/g, (found, n) => names()[Number(n)] || found);
  return said.charAt(0).toUpperCase() + said.slice(1);
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
  ui.label.textContent = t("Version {0} of {1}", current, latest());
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

// A refresh that failed leaves the table to read again if it owes a read (`Table.again`).
function refreshNow() {
  refreshGame().catch(() => table && table.again());
}

let refreshing = null;
function soon() {
  clearTimeout(refreshing);
  refreshing = setTimeout(refreshNow, 50);
}

// The header follows the version shown: "● live" only at the latest version of a game still
// running with its stream open, else the version shown of the latest.
function showLive() {
  const running = game && game.status !== "FINISHED" && game.status !== "ABANDONED";
  const atHead = current === latest();
  let text = t("version {0} of {1}", current, latest());
  if (running && streamState === "reconnecting") text = t("reconnecting…");
  else if (running && atHead && streamState === "live") text = t("● live");
  ui.live.textContent = text;
  app.dataset.live = String(running && atHead && streamState === "live");
}

function follow() {
  if (stream) stream.stop();
  stream = null;
  if (game.status === "FINISHED" || game.status === "ABANDONED") { streamState = "ended"; showLive(); return; }
  stream = followEvents(gameId, latest(), token(), (event) => {
    addEvents([event]);
    if (table) table.outdated(latest());
    soon();
  },
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
  verdicts.show();
  current = version || latest();
  go(current);
  table = mine && viewAs === mine.seat ? new Table(ui.table, gameId, mine, names, (r) => {
    addEvents(r.events);
    game = r.game;
    showGame();
    table.update(game, latest());
  }, refreshNow) : null;
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
window.addEventListener("beforeunload", () => { if (stream) stream.stop(); verdicts.stop(); });
const asked = Number(new URLSearchParams(location.search).get("version")) || null;
start(asked).catch((error) => {
  if (error.status === 401 && mine) forgetSeat(gameId);
  fail(error);
});
