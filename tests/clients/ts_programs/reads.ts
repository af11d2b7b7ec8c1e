/**
 * Bursts of reads with one seat token against a service whose token limit is low: first with
 * retries off (some are refused `RATE_LIMITED`), then with the default policy's kind of retries
 * (each waits the answer's `Retry-After`; all succeed). Prints one JSON line.
 *   node out/reads.js BASE_URL BURST
 */
import {
  createBoardstateClient,
  getGame,
  getState,
  legalMoves,
  ProblemError,
  unwrap,
  type RetryInfo,
} from "@boardstate/client";

const [baseUrl, burst = "10"] = process.argv.slice(2);
if (baseUrl === undefined) throw new Error("usage: reads.js BASE_URL BURST");
const lobby = createBoardstateClient(baseUrl, { retry: false });
const created = unwrap(
  await lobby.POST("/v1/games", { body: { gameType: "trambahn", players: 2, seats: ["ann", "bob"] } }),
);
const gameId = created.game.id;
const seat = created.game.toAct[0] ?? 0;
const token = created.tokens.find((t) => t.seat === seat)?.token;
if (token === undefined) throw new Error("no token");

function reads(client: ReturnType<typeof createBoardstateClient>): Promise<unknown>[] {
  return Array.from({ length: Number(burst) }, (_, i) =>
    i % 3 === 0
      ? getGame(client, gameId)
      : i % 3 === 1
        ? legalMoves(client, "trambahn", gameId, seat)
        : getState(client, "trambahn", gameId, seat),
  );
}

const bare = createBoardstateClient(baseUrl, { token, retry: false });
const refused = (await Promise.allSettled(reads(bare)))
  .filter((r): r is PromiseRejectedResult => r.status === "rejected")
  .map((r) => (r.reason instanceof ProblemError ? r.reason.code : String(r.reason)));

const retries: RetryInfo[] = [];
const patient = createBoardstateClient(baseUrl, {
  token,
  retry: { maxAttempts: 40, maxTotalWaitMs: 200_000, onRetry: (retry) => retries.push(retry) },
});
const settled = await Promise.allSettled(reads(patient));
const failed = settled.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
console.log(
  JSON.stringify({
    refused,
    ok: settled.length - failed.length,
    failed,
    retries: retries.map(({ method, status, code, waitMs, attempt }) => ({ method, status, code, waitMs, attempt })),
  }),
);
