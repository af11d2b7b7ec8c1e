/**
 * Plays one whole game against a running service with the typed client: every seat is played
 * by `play` at once (each follows the game's event stream with its own token, so nothing polls),
 * choosing among the legal moves the service lists (a client never needs a rule). Prints one
 * JSON line: the game's id, the moves made, its final status and winners, and the typed code of
 * a refused move.
 *
 *   node dist/examples/play.js http://127.0.0.1:8000 [gameType] [players]
 */
import {
  createBoardstateClient,
  play,
  ProblemError,
  submitMove,
  unwrap,
  type AnyMove,
  type GameTypeId,
  type Turn,
} from "../src/index.js";

async function main(): Promise<void> {
  const [baseUrl, gameType = "trambahn", players = "2"] = process.argv.slice(2);
  if (baseUrl === undefined) throw new Error("usage: play.js BASE_URL [gameType] [players]");
  const count = Number(players);
  const names = Array.from({ length: count }, (_, i) => `ts-player-${i}`);
  const lobby = createBoardstateClient(baseUrl);
  const created = unwrap(await lobby.POST("/v1/games", { body: { gameType, players: count, seats: names } }));
  const gameId = created.game.id;

  let refused: string | null = null;
  const first = created.tokens[0];
  if (first === undefined) throw new Error("no seat token");
  try {
    const wrong = { type: "no-such-move" } as unknown as AnyMove; // not a move of any game
    await submitMove(createBoardstateClient(baseUrl, { token: first.token }), gameId, first.seat, wrong);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    refused = error.code; // a typed ErrorCode
  }

  let moves = 0;
  let random = 12345;
  const choose = (turn: Turn<GameTypeId>): AnyMove => {
    random = (random * 1103515245 + 12345) % 2147483648;
    const move = turn.legalMoves[random % turn.legalMoves.length];
    if (move === undefined) throw new Error(`seat ${turn.seat} has no legal move`);
    return move;
  };
  const seats = created.tokens.map(({ seat, token }) =>
    play(createBoardstateClient(baseUrl, { token }), gameType as GameTypeId, gameId, seat, choose, {
      onMove: () => (moves += 1),
    }),
  );
  const [game] = await Promise.all(seats);
  if (game === undefined) throw new Error("no seat played");
  console.log(JSON.stringify({ gameId, moves, status: game.status, winners: game.result?.winners ?? null, refused }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
