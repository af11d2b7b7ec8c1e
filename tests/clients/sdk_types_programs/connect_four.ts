// Plays Connect Four to a win with the TypeScript types `boardstate sdk-types` wrote (./games/,
// for a service with Connect Four installed): seat 0 stacks four in column 0.
// Usage: node connect_four.js URL
import type { ConnectFourMove, ConnectFourStateView, GameTypes } from "./games/index.js";
import { GAME_TYPE_IDS } from "./games/index.js";

type Move = GameTypes["connect-four"]["move"];
const url = process.argv[2] ?? "";

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = body === undefined ? { method, headers } : { method, headers, body: JSON.stringify(body) };
  const answer = await fetch(`${url}/v1${path}`, init);
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

function pick(moves: ConnectFourMove[], column: number): Move {
  const found = moves.find((move) => move.type === "drop" && move.column === column);
  if (found === undefined) throw new Error(`no drop into column ${column}`);
  return found;
}

if (!GAME_TYPE_IDS.includes("connect-four")) throw new Error("connect-four was not written");
const created = await call<{ game: { id: string }; tokens: { seat: number; token: string }[] }>(
  "POST", "/games", { gameType: "connect-four", players: 2, seats: ["ann", "bob"] });
const id = created.game.id;
for (let turn = 0; turn < 7; turn++) {
  const seat = turn % 2;
  const token = created.tokens.find((t) => t.seat === seat)?.token;
  const legal = await call<{ moves: ConnectFourMove[] }>("GET", `/games/${id}/legal-moves?seat=${seat}`, undefined, token);
  await call("POST", `/games/${id}/moves`, { seat, move: pick(legal.moves, seat) }, token);
}
const game = await call<{ status: string; result: { winners: number[] } }>("GET", `/games/${id}`);
const view = await call<{ state: ConnectFourStateView }>("GET", `/games/${id}/state`);
console.log(JSON.stringify({ status: game.status, winners: game.result.winners, keys: Object.keys(view.state).sort() }));
