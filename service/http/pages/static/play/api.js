// Boardstate's pages (service/http/pages/pages.py): the REST client the lobby and the viewer share.
// Plain ES module, no dependencies. A seat token is sent only as `Authorization: Bearer`; every
// request asks for the page's language (`Accept-Language`, i18n.js), so the API's words match it.
import { LANG } from "./i18n.js";

export class Problem extends Error {
  constructor(status, code, detail) {
    super(detail || code || `HTTP ${status}`);
    this.status = status;
    this.code = code || "HTTP_" + status;
    this.detail = detail || "";
  }
}

function headersFor(token, extra) {
  const headers = Object.assign({ accept: "application/json", "accept-language": LANG }, extra || {});
  if (token) headers.authorization = "Bearer " + token;
  return headers;
}

// GET/POST `path` (JSON); throws a Problem with the problem+json `code` and `detail`.
export async function api(path, { method = "GET", token = null, body = undefined, signal } = {}) {
  const init = { method, headers: headersFor(token), signal, cache: "no-store" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!response.ok) {
    throw new Problem(response.status, data && data.code, data && (data.detail || data.title));
  }
  return data;
}

// The board picture as an <svg> element of this document (parsed by DOMParser, never as page markup).
export async function boardSvg(gameId, version, seat, token, signal) {
  const query = new URLSearchParams({ version: String(version) });
  if (seat !== null) query.set("seat", String(seat));
  const response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/board.svg?${query}`, {
    headers: headersFor(seat !== null ? token : null, { accept: "image/svg+xml" }),
    signal,
  });
  if (!response.ok) throw new Problem(response.status, "PICTURE", `picture: HTTP ${response.status}`);
  const parsed = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
  const root = parsed.documentElement;
  if (root.nodeName !== "svg") throw new Problem(500, "PICTURE", "the picture did not parse");
  for (const bad of root.querySelectorAll("script, foreignObject")) bad.remove();
  for (const node of root.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) if (/^on/i.test(attr.name)) node.removeAttribute(attr.name);
  }
  return document.importNode(root, true);
}

// Follows `GET /v1/games/{id}/events/stream` with fetch (an EventSource cannot send the token):
// resumes after the last event received with `Last-Event-ID` whenever the connection drops,
// stops on 204 (the game is over) or `stop()`. `onEvent(event)` gets each parsed event,
// `onStatus("live" | "reconnecting" | "ended")` the connection's state.
export function followEvents(gameId, after, token, onEvent, onStatus) {
  let last = after;
  let stopped = false;
  let controller = null;
  async function once() {
    controller = new AbortController();
    const headers = headersFor(token, { accept: "text/event-stream", "last-event-id": String(last) });
    const response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/events/stream`, {
      headers, signal: controller.signal, cache: "no-store",
    });
    if (response.status === 204) return "ended";
    if (!response.ok) throw new Problem(response.status, "STREAM", `stream: HTTP ${response.status}`);
    onStatus("live");
    return readSse(response, (fields) => {
      const event = JSON.parse(fields.data);
      if (event.version > last) {
        last = event.version;
        onEvent(event);
      }
    });
  }
  return reconnecting(once, onStatus, () => stopped, () => { stopped = true; if (controller) controller.abort(); });
}

// Reads Server-Sent Events from a fetch response until it closes: `onMessage(fields)` gets each
// message with data (`fields.event`, `fields.id`, `fields.data`); `shutdown` messages are skipped.
export async function readSse(response, onMessage) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return "closed";
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = {};
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        fields[name] = (fields[name] ? fields[name] + "\n" : "") + line.slice(colon + 1).replace(/^ /, "");
      }
      if (fields.event === "shutdown" || !fields.data) continue;
      onMessage(fields);
    }
  }
}

// Runs `once()` (one connection) again after it ends or fails, waiting 0.5 s doubling to 8 s,
// until it answers "ended" or `stop()`; `onStatus("reconnecting" | "ended")` follows it.
export function reconnecting(once, onStatus, isStopped, stop) {
  (async () => {
    let delay = 500;
    while (!isStopped()) {
      try {
        const how = await once();
        if (how === "ended") { onStatus("ended"); return; }
        delay = 500;
      } catch (error) {
        if (isStopped()) return;
      }
      if (isStopped()) return;
      onStatus("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 8000);
    }
  })();
  return { stop };
}

// `h("li", { class: "x", dataset: { v: 1 }, onclick }, "text", child)`: an element, text as text.
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The seat token of this tab for `gameId`, taken from the fragment (`#seat=0&token=…`) once and
// kept in sessionStorage; the fragment is then removed from the address bar.
export function seatOf(gameId) {
  const key = `boardstate:seat:${gameId}`;
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.has("token") && fragment.has("seat")) {
    sessionStorage.setItem(key, JSON.stringify({ seat: Number(fragment.get("seat")), token: fragment.get("token") }));
    fragment.delete("token");
    fragment.delete("seat");
    const rest = fragment.toString();
    history.replaceState(null, "", location.pathname + location.search + (rest ? "#" + rest : ""));
  }
  const stored = sessionStorage.getItem(key);
  return stored ? JSON.parse(stored) : null;
}

export function forgetSeat(gameId) {
  sessionStorage.removeItem(`boardstate:seat:${gameId}`);
}
