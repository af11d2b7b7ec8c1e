/**
 * Plays one whole game against a running service with the typed client, choosing among the legal
 * moves the service lists (a client never needs a rule). Prints one JSON line: the game's id,
 * the moves made, its final status and winners, and the typed code of a refused move.
 *
 *   node dist/examples/play.js http://127.0.0.1:8000 [gameType] [players]
 */
import { createBoardstateClient, ProblemError, submitMove, unwrap, type BoardstateClient } from "../src/index.js";

async function main(): Promise<void> {
  const [baseUrl, gameType = "trambahn", players = "2"] = process.argv.slice(2);
  if (baseUrl === undefined) throw new Error("usage: play.js BASE_URL [gameType] [players]");
  const count = Number(players);
  const names = Array.from({ length: count }, (_, i) => `ts-player-${i}`);
  const lobby = createBoardstateClient(baseUrl);
  const created = unwrap(
    await lobby.POST("/v1/games", { body: { gameType, players: count, seats: names } }),
  );
  const gameId = created.game.id;
  const seats = new Map<number, BoardstateClient>();
  for (const { seat, token } of created.tokens) seats.set(seat, createBoardstateClient(baseUrl, { token }));

  let refused: string | null = null;
  let moves = 0;
  let random = 12345;
  for (;;) {
    const game = unwrap(await lobby.GET("/v1/games/{id}", { params: { path: { id: gameId } } }));
    if (game.status !== "ACTIVE") {
      console.log(JSON.stringify({ gameId, moves, status: game.status, winners: game.result?.winners ?? null, refused }));
      return;
    }
    const seat = game.toAct[0];
    const client = seat === undefined ? undefined : seats.get(seat);
    if (seat === undefined || client === undefined) throw new Error(`no seat to act in ${gameId}`);
    const legal = unwrap(
      await client.GET("/v1/games/{id}/legal-moves", { params: { path: { id: gameId }, query: { seat } } }),
    );
    if (refused === null) {
      try {
        await submitMove(client, gameId, seat, { type: "no-such-move" });
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        refused = error.code; // a typed ErrorCode
      }
    }
    random = (random * 1103515245 + 12345) % 2147483648;
    const move = legal.moves[random % legal.moves.length];
    if (move === undefined) throw new Error(`seat ${seat} has no legal move in ${gameId}`);
    const accepted = await submitMove(client, gameId, seat, move, { expectedVersion: game.version });
    if (accepted.version <= game.version) throw new Error("the move did not advance the game");
    moves += 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
