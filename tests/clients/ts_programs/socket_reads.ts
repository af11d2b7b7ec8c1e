/**
 * A burst of `legalMoves` on one command socket with one seat token, against a service whose
 * token limit is low: first with retries off (some are refused `RATE_LIMITED`), then with
 * retries (each waits the refusal's `retryAfter`; all are answered). Prints one JSON line.
 *   node out/socket_reads.js BASE_URL BURST
 */
import { CommandSocket, ProblemError, createBoardstateClient, unwrap, type RetryInfo } from "@boardstate/client";

const [baseUrl, burst = "6"] = process.argv.slice(2);
if (baseUrl === undefined) throw new Error("usage: socket_reads.js BASE_URL BURST");
const lobby = createBoardstateClient(baseUrl, { retry: false });
const created = unwrap(
  await lobby.POST("/v1/games", { body: { gameType: "trambahn", players: 2, seats: ["ann", "bob"] } }),
);
const gameId = created.game.id;
const seat = created.game.toAct[0] ?? 0;
const token = created.tokens.find((t) => t.seat === seat)?.token;
if (token === undefined) throw new Error("no token");

async function reads(socket: CommandSocket): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled(Array.from({ length: Number(burst) }, () => socket.legalMoves(gameId, seat)));
}

const bare = await CommandSocket.open(baseUrl, { token, retry: false });
const refused = (await reads(bare))
  .filter((r): r is PromiseRejectedResult => r.status === "rejected")
  .map((r) => (r.reason instanceof ProblemError ? r.reason.code : String(r.reason)));
bare.close();

const retries: RetryInfo[] = [];
const patient = await CommandSocket.open(baseUrl, {
  token,
  retry: { maxAttempts: 40, maxTotalWaitMs: 200_000, onRetry: (retry) => retries.push(retry) },
});
const settled = await reads(patient);
patient.close();
const failed = settled.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
console.log(
  JSON.stringify({
    refused,
    ok: settled.length - failed.length,
    failed,
    retries: retries.map(({ method, status, code, waitMs, attempt }) => ({ method, status, code, waitMs, attempt })),
  }),
);
