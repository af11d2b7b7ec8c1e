/**
 * The TypeScript SDK of the Boardstate REST API.
 *
 * Generated (never edited by hand; `make clients`):
 * * `paths` and `components` from schema/openapi.json by openapi-typescript (src/schema.ts);
 *   requests go through openapi-fetch, so every path, parameter, body and answer is checked by
 *   `tsc --strict`;
 * * each game type's move, state view, event and options types from the JSON Schemas
 *   `GET /v1/game-types` publishes, by json-schema-to-typescript (src/games/): `MoveOf<"trambahn">`.
 *
 * Hand-written: the client with bounded retries (`createBoardstateClient`, retry.ts), typed moves
 * (`legalMoves`, `getState`, `submitMove` with one `moveId`), problems as `ProblemError` with their
 * typed `code`, the event and feed streams (`gameEvents`, `feed`: fetch-based Server-Sent Events
 * with the bearer token, resumed with `Last-Event-ID`), `waitForTurn` / `play`, and `CommandSocket`
 * (moves and pushes on the command socket `/v1/socket`, docs/socket.md).
 */
import type { components } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Schemas = components["schemas"];
export type * from "./games/index.js";
export { GAME_TYPE_IDS } from "./games/index.js";

export { createBoardstateClient, type BoardstateClient, type ClientOptions } from "./client.js";
export { isProblem, ProblemError, unwrap, UnexpectedAnswer, type ErrorCode, type Problem } from "./errors.js";
export { getGame, getState, legalMoves, newMoveId, submitMove, type MoveAccepted, type MoveMinimal, type MoveOptions } from "./moves.js";
export type { Opener, ReconnectInfo, ReconnectReason, StreamOptions } from "./reconnect.js";
export { DEFAULT_RETRY, retryingFetch, type RetryInfo, type RetryPolicy } from "./retry.js";
export {
  CommandSocket,
  SOCKET_PROTOCOL,
  socketUrl,
  type CommandSocketOptions,
  type SocketAccepted,
  type SocketAcceptedMinimal,
  type SocketEventPush,
  type SocketLegalMoves,
  type SocketMoveOptions,
  type SocketPush,
  type SocketUnsubscribed,
  type WebSocketConstructor,
} from "./socket.js";
export { readEvents, SseParser, type SseMessage } from "./sse.js";
export {
  feed,
  gameEvents,
  playerEvents,
  type FeedMessage,
  type FeedOptions,
  type GameEventMessage,
  type GameEventsOptions,
  type PlayerEventMessage,
  type PlayerEventsOptions,
  type StreamMessage,
} from "./streams.js";
export { isOver, isToAct, play, waitForTurn, type PlayOptions, type Strategy, type Turn, type TurnOptions } from "./turns.js";
export type {
  Announcement,
  AnyMove,
  EventOf,
  EventOut,
  FeedAnnouncement,
  Game,
  GameEvent,
  GameHeader,
  GameTypeId,
  MoveOf,
  OptionsOf,
  StateOf,
} from "./typed.js";
