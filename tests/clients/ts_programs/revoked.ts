/**
 * A player's own stream whose token is revoked while it is open (issue 37): the service ends the
 * stream, `playerEvents` opens it again, as after any cut, and throws the refusal it then gets.
 * Prints one JSON line: the events read before, and the code and reason thrown.
 *   node out/revoked.js BASE_URL
 */
import { createBoardstateClient, playerEvents, ProblemError, unwrap } from "@boardstate/client";

const [baseUrl] = process.argv.slice(2);
if (baseUrl === undefined) throw new Error("usage: revoked.js BASE_URL");
const anonymous = createBoardstateClient(baseUrl);
const made = unwrap(await anonymous.POST("/v1/players"));
const player = createBoardstateClient(baseUrl, { token: made.token });
// A game of the player's own (created with its token): its stream tells of it.
unwrap(
  await player.POST("/v1/games", {
    body: { gameType: "trambahn", players: 2, seats: ["me", "you"], playerIds: [made.playerId, null] },
  }),
);
const events: string[] = [];
let thrown: { code: string; reason: unknown } | undefined;
try {
  for await (const message of playerEvents(player, { after: "0" })) {
    events.push(message.event);
    if (events.length === 1) unwrap(await player.POST("/v1/players/me/tokens/revoke"));
  }
} catch (error) {
  if (!(error instanceof ProblemError)) throw error;
  thrown = { code: error.code, reason: (error.problem.details as { reason?: unknown } | null)?.reason };
}
console.log(JSON.stringify({ events, thrown }));
