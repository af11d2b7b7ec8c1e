/**
 * A whole Trambahn game on the command socket: one `CommandSocket` per seat, each seat learning
 * its turn from the pushes and playing its first legal move; then a spectator's move is refused
 * with REST's code. Prints one JSON line.
 *   node out/socket_game.js BASE_URL
 */
import { CommandSocket, ProblemError, createBoardstateClient, unwrap, type MoveOf } from "@boardstate/client";

const [baseUrl] = process.argv.slice(2);
if (baseUrl === undefined) throw new Error("usage: socket_game.js BASE_URL");
const lobby = createBoardstateClient(baseUrl);
const created = unwrap(
  await lobby.POST("/v1/games", { body: { gameType: "trambahn", players: 2, seats: ["ann", "bob"] } }),
);
const gameId = created.game.id;
const moves: Record<number, number> = { 0: 0, 1: 0 };
const statuses: Record<number, string> = {};

async function seat(number: number, token: string): Promise<void> {
  const socket = await CommandSocket.open(baseUrl as string, { token });
  try {
    await socket.subscribe(gameId);
    let asked = -1;
    for await (const push of socket.pushes()) {
      if (push.type === "unsubscribed") break;
      const header = push.event.header;
      statuses[number] = header.status;
      if (header.status !== "ACTIVE" || !header.toAct.includes(number) || asked === header.version) continue;
      const legal = await socket.legalMoves(gameId, number);
      if (legal.version !== header.version) continue;
      asked = header.version;
      const move = legal.moves[0] as MoveOf<"trambahn">;
      const answer = await socket.submitMove<"trambahn">(gameId, number, move, {
        expectedVersion: asked,
        moveId: `${number}-${asked}`,
      });
      if (answer.type !== "accepted") throw new Error("not accepted");
      moves[number] = (moves[number] ?? 0) + 1;
    }
  } finally {
    socket.close();
  }
}

await Promise.all(created.tokens.map(({ seat: number, token }) => seat(number, token)));

const spectator = await CommandSocket.open(baseUrl);
let refused = "";
try {
  await spectator.submitMove<"trambahn">(gameId, 0, { type: "end_turn" } as MoveOf<"trambahn">);
} catch (error) {
  if (error instanceof ProblemError) refused = error.code;
}
spectator.close();
// Which WebSocket the SDK ran on: the runtime's own, or (Node.js 20) the `ws` package's.
const webSocket = typeof (globalThis as { WebSocket?: unknown }).WebSocket === "function" ? "global" : "ws";
console.log(JSON.stringify({ statuses, moves, spectatorMove: refused, webSocket, node: process.version }));
