/**
 * A whole Trambahn game through a connection the test cuts (or a replica it restarts) in the
 * middle: both seats are played by `play`, seat 0's event stream is followed. At the first turn
 * at version PAUSE or later, once the follower has seen that version, it prints `paused` and
 * waits for a line `go` on stdin; the test drops the connections meanwhile. Prints one JSON line.
 *   node out/dropped.js BASE_URL PAUSE
 */
import { createInterface } from "node:readline";

import {
  createBoardstateClient,
  gameEvents,
  play,
  unwrap,
  type MoveOf,
  type ReconnectInfo,
  type Turn,
} from "@boardstate/client";

const [baseUrl, pauseAt = "20"] = process.argv.slice(2);
if (baseUrl === undefined) throw new Error("usage: dropped.js BASE_URL PAUSE");
const retry = { maxAttempts: 60, maxTotalWaitMs: 200_000 };
const streams = { maxReconnects: 60, maxReconnectDelayMs: 2_000 };
const lobby = createBoardstateClient(baseUrl, { retry });
const created = unwrap(
  await lobby.POST("/v1/games", { body: { gameType: "trambahn", players: 2, seats: ["ann", "bob"] } }),
);
const gameId = created.game.id;
const clients = created.tokens.map(({ seat, token }) => ({ seat, client: createBoardstateClient(baseUrl, { token, retry }) }));
const seat0 = clients.find((c) => c.seat === 0)?.client;
if (seat0 === undefined) throw new Error("no seat 0");

const lines = createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.on("line", (line) => line.trim() === "go" && resolve()));

const versions: number[] = [];
const reconnects: ReconnectInfo["reason"][] = [];
let seen = 0;
let caughtUp: (() => void) | undefined;
let waitingFor = Infinity;
const following = (async () => {
  const options = { ...streams, onReconnect: (r: ReconnectInfo) => reconnects.push(r.reason) };
  for await (const message of gameEvents<"trambahn">(seat0, gameId, options)) {
    versions.push(message.data.version);
    seen = message.data.version;
    if (seen >= waitingFor) caughtUp?.();
  }
})();

let paused: Promise<void> | undefined;
async function pause(version: number): Promise<void> {
  if (seen < version) {
    waitingFor = version;
    await new Promise<void>((resolve) => (caughtUp = resolve));
  }
  console.log("paused");
  await go;
}

const playReconnects: ReconnectInfo["reason"][] = [];
let random = 99;
const strategy = async (turn: Turn<"trambahn">): Promise<MoveOf<"trambahn">> => {
  if (turn.version >= Number(pauseAt)) await (paused ??= pause(turn.version));
  random = (random * 1103515245 + 12345) % 2147483648;
  const move = turn.legalMoves[random % turn.legalMoves.length];
  if (move === undefined) throw new Error("no legal move");
  return move;
};
const options = { ...streams, onReconnect: (r: ReconnectInfo) => playReconnects.push(r.reason) };
const games = await Promise.all(clients.map(({ seat, client }) => play(client, "trambahn", gameId, seat, strategy, options)));
await following;
lines.close();
const game = games[0];
console.log(
  JSON.stringify({ status: game?.status, version: game?.version, paused: paused !== undefined, versions, reconnects, playReconnects }),
);
