/**
 * The per-game types by game type id, from the generated `GameTypes` map (src/games/, from the
 * JSON Schemas `GET /v1/game-types` publishes): `MoveOf<"trambahn">` is a Trambahn move,
 * `StateOf<"trambahn">` its state view, `EventOf<"trambahn">` one of its events `{type, data}`
 * (the engine's and the service's own), `OptionsOf<"trambahn">` its `createGame` options.
 */
import type { GameTypes } from "./games/index.js";
import type { components } from "./schema.js";

export type GameTypeId = keyof GameTypes;
export type MoveOf<G extends GameTypeId> = GameTypes[G]["move"];
export type StateOf<G extends GameTypeId> = GameTypes[G]["state"];
export type EventOf<G extends GameTypeId> = GameTypes[G]["event"];
export type OptionsOf<G extends GameTypeId> = GameTypes[G]["options"];
/** A move of any game type. */
export type AnyMove = MoveOf<GameTypeId>;

export type Game = components["schemas"]["GameOut"];
export type EventOut = components["schemas"]["EventOut"];

/** What decides whose turn it is: a game's version, status and the seats to act. */
export type GameHeader = Pick<Game, "version" | "status" | "toAct">;

/**
 * One event of a game of type `G` as the log delivers it (the events page, the event stream):
 * the log's fields (`version`, `seat`, `moveId`, `at`, `stateHash`, `move`) with the typed
 * `{type, data}`. `game`, when the service sends it, is the game's header after the event.
 */
export type GameEvent<G extends GameTypeId = GameTypeId> = Omit<EventOut, "type" | "data"> &
  EventOf<G> & { game?: GameHeader };

export type Announcement =
  | components["schemas"]["GameCreatedAnnouncement"]
  | components["schemas"]["GameStartedAnnouncement"]
  | components["schemas"]["TurnChangedAnnouncement"]
  | components["schemas"]["SeatTimedOutAnnouncement"]
  | components["schemas"]["GameEndedAnnouncement"];

/** A feed item: an announcement (as webhooks deliver it) with its `id`. */
export type FeedAnnouncement = Announcement & { id: string };

/** The game's header, if `value` is one (a header a stream message may carry). */
export function headerOf(value: unknown): GameHeader | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { version, status, toAct } = value as Record<string, unknown>;
  const statuses: readonly unknown[] = ["OPEN", "ACTIVE", "FINISHED", "ABANDONED"];
  if (typeof version !== "number" || !statuses.includes(status) || !Array.isArray(toAct)) return undefined;
  if (!toAct.every((seat) => typeof seat === "number")) return undefined;
  return { version, status: status as Game["status"], toAct: toAct as number[] };
}
