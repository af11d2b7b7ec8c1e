// Follows a game with the `graphql-sse` client (distinct connections mode) and prints the
// events it received as one JSON line. Usage: node follow_graphql_sse.mjs URL GAME_ID COUNT [TOKEN]
import { createClient } from 'graphql-sse';

const [url, gameId, count, token] = process.argv.slice(2);
const client = createClient({
  url,
  singleConnection: false,
  retryAttempts: 0,
  headers: token ? { authorization: `Bearer ${token}` } : {},
});
const query =
  'subscription($g: ID!) { gameEvents(gameId: $g, afterVersion: 0) { version type seat moveId data at stateHash } }';
const events = [];
try {
  for await (const result of client.iterate({ query, variables: { g: gameId } })) {
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    events.push(result.data.gameEvents);
    if (events.length === Number(count)) break;
  }
} finally {
  client.dispose();
}
console.log(JSON.stringify(events));
