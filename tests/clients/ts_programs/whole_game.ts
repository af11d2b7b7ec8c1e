/**
 * A whole Trambahn game played with the installed SDK: both seats by `play` (no polling: each
 * follows the game's event stream with its own token), typed moves (an exhaustive `switch` over
 * `MoveOf<"trambahn">`), seat 0's private event stream, and the feed read twice from its start.
 * Prints one JSON line.   node out/whole_game.js BASE_URL
 */
import {
  createBoardstateClient,
  feed,
  gameEvents,
  play,
  unwrap,
  type BoardstateClient,
  type MoveOf,
  type Turn,
} from "@boardstate/client";

const [baseUrl] = process.argv.slice(2);
if (baseUrl === undefined) throw new Error("usage: whole_game.js BASE_URL");
const lobby = createBoardstateClient(baseUrl);
const created = unwrap(
  await lobby.POST("/v1/games", { body: { gameType: "trambahn", players: 2, seats: ["ann", "bob"] } }),
);
const gameId = created.game.id;
const seats = created.tokens.map(({ seat, token }) => ({ seat, client: createBoardstateClient(baseUrl, { token }) }));
const seat0 = seats.find((s) => s.seat === 0)?.client;
if (seat0 === undefined) throw new Error("no seat 0");

const versions: number[] = [];
const ids: string[] = [];
let ownCards = 0;
let hiddenCards = 0;
const following = (async () => {
  for await (const message of gameEvents<"trambahn">(seat0, gameId)) {
    versions.push(message.data.version);
    ids.push(message.id);
    if (message.data.type === "CardsDrawn") {
      const { seat, cards } = message.data.data; // typed: (string | null)[]
      if (seat === 0) ownCards += cards.filter((card) => card !== null).length;
      else hiddenCards += cards.filter((card) => card === null).length;
    }
  }
})();

function describe(move: MoveOf<"trambahn">): string {
  switch (move.type) {
    case "board_passengers":
      return `passengers to ${move.passengers.map((p) => p.terminal).join(" and ")}`;
    case "build_station":
      return `station ${move.card} on ${move.line ?? "a new line"}`;
    case "take_income":
      return `income ${move.card}`;
    case "buy_tram":
      return `a ${move.tram} tram for line ${move.line}`;
    case "end_turn":
      return "end of turn";
    default: {
      const unknown: never = move;
      return unknown;
    }
  }
}

let random = 7;
let ownHand = false;
const kinds = new Set<string>();
const strategy = async (turn: Turn<"trambahn">): Promise<MoveOf<"trambahn">> => {
  if (!ownHand) {
    const state = await turn.state(); // the seat's own view: its hand is visible
    ownHand = state.players.some((p) => p.seat === turn.seat && p.hand !== null);
  }
  random = (random * 1103515245 + 12345) % 2147483648;
  const move = turn.legalMoves[random % turn.legalMoves.length];
  if (move === undefined) throw new Error("no legal move");
  kinds.add(move.type);
  if (describe(move) === "") throw new Error("a move without a description");
  return move;
};

let moves = 0;
const games = await Promise.all(
  seats.map(({ seat, client }) => play(client, "trambahn", gameId, seat, strategy, { onMove: () => (moves += 1) })),
);
await following;

async function readFeed(client: BoardstateClient): Promise<{ ids: string[]; types: string[]; resumes: number }> {
  const read = { ids: [] as string[], types: [] as string[], resumes: 0 };
  const options = {
    gameId,
    after: "0",
    signal: AbortSignal.timeout(200_000),
    onReconnect: (r: { reason: string }) => (read.resumes += r.reason === "resume" ? 1 : 0),
  };
  for await (const message of feed(client, options)) {
    if (message.data.data.gameId !== gameId) throw new Error("an announcement of another game");
    read.ids.push(message.id);
    read.types.push(message.event);
    if (message.event === "game.ended") break;
  }
  return read;
}
const feedFirst = await readFeed(seat0); // until the relay has announced the end
const feedAgain = await readFeed(seat0); // all of it is in the feed now: read past catch-up limits

const game = games[0];
console.log(
  JSON.stringify({
    gameId,
    status: game?.status,
    version: game?.version,
    winners: game?.result?.winners ?? null,
    moves,
    kinds: [...kinds].sort(),
    versions,
    ids,
    ownCards,
    hiddenCards,
    ownHand,
    feedFirst,
    feedAgain,
  }),
);
