/**
 * A game's events (`GET /v1/games/{id}/events/stream`) and the cross-game feed
 * (`GET /v1/feed/stream`) as async iterators of typed messages, resumed after any disconnect
 * (`reconnect.ts`). Both send the client's token: a seat token sees its seat's private events
 * (its own cards), and the feed needs the admin token or a seat token with `gameId`.
 *
 *   for await (const message of gameEvents<"trambahn">(seat0, gameId)) console.log(message.data.type);
 *
 * A game's stream ends after `GameEnded` (or at once when nothing is left of a finished game);
 * the feed never ends: stop it with `break` or the `signal`.
 */
import type { BoardstateClient } from "./client.js";
import { follow, type StreamOptions } from "./reconnect.js";
import type { SseMessage } from "./sse.js";
import type { Announcement, FeedAnnouncement, GameEvent, GameTypeId } from "./typed.js";

export interface StreamMessage<E extends string, D> {
  /** The SSE `id`: a game event's version, or the feed position. */
  readonly id: string;
  /** The SSE `event`: the event's or the announcement's type. */
  readonly event: E;
  readonly data: D;
}

export type GameEventMessage<G extends GameTypeId = GameTypeId> = StreamMessage<GameEvent<G>["type"], GameEvent<G>>;
export type FeedMessage = StreamMessage<Announcement["type"], FeedAnnouncement>;

export interface GameEventsOptions extends StreamOptions {
  /** Start after this version (exclusive; default 0, the game's first event). */
  afterVersion?: number;
}

export interface FeedOptions extends StreamOptions {
  gameType?: string;
  /** Games with a seat of this integrator player id. */
  playerId?: string;
  /** One game (required with a seat token). */
  gameId?: string;
  /** Start after this position ("0": the oldest kept); without it (or `lastEventId`): from now. */
  after?: string;
}

const ACCEPT = { accept: "text/event-stream" };
export const GAME_ENDED = "GameEnded";

/** The events of a game after `afterVersion`, as the client's token may see them, to its end. */
export function gameEvents<G extends GameTypeId = GameTypeId>(
  client: BoardstateClient,
  gameId: string,
  options: GameEventsOptions = {},
): AsyncGenerator<GameEventMessage<G>, void, undefined> {
  const query = { afterVersion: options.afterVersion ?? 0 };
  const messages = follow(
    (lastEventId, signal) =>
      client.GET("/v1/games/{id}/events/stream", {
        params: { path: { id: gameId }, query, header: lastEventIdHeader(lastEventId) },
        headers: ACCEPT,
        parseAs: "stream",
        signal,
      }),
    (message) => message.event === GAME_ENDED,
    options,
  );
  return decoded<GameEventMessage<G>>(messages);
}

/** The feed's announcements (see `FeedOptions`); it never ends of itself. */
export function feed(client: BoardstateClient, options: FeedOptions = {}): AsyncGenerator<FeedMessage, void, undefined> {
  const query: { gameType?: string; playerId?: string; gameId?: string; after?: string } = {};
  if (options.gameType !== undefined) query.gameType = options.gameType;
  if (options.playerId !== undefined) query.playerId = options.playerId;
  if (options.gameId !== undefined) query.gameId = options.gameId;
  if (options.after !== undefined) query.after = options.after;
  const messages = follow(
    (lastEventId, signal) =>
      client.GET("/v1/feed/stream", {
        params: { query, header: lastEventIdHeader(lastEventId) },
        headers: ACCEPT,
        parseAs: "stream",
        signal,
      }),
    () => false,
    options,
  );
  return decoded<FeedMessage>(messages);
}

export type PlayerEventMessage = StreamMessage<string, { id: string; kind: string; at: string; data: Record<string, unknown> }>;

export interface PlayerEventsOptions extends StreamOptions {
  /** Start after this event id ("0": the oldest kept); without it (or `lastEventId`): from now. */
  after?: string;
}

/**
 * The events of the player the client's player token names, from every game it plays (`turn`,
 * `game.started`, `game.ended`, `takeback.requested`, `challenge`, `seek.matched`,
 * `rating.changed`); it never ends of itself.
 */
export function playerEvents(client: BoardstateClient, options: PlayerEventsOptions = {}): AsyncGenerator<PlayerEventMessage, void, undefined> {
  const query: { after?: string } = {};
  if (options.after !== undefined) query.after = options.after;
  const messages = follow(
    (lastEventId, signal) =>
      client.GET("/v1/players/me/stream", {
        params: { query, header: lastEventIdHeader(lastEventId) },
        headers: ACCEPT,
        parseAs: "stream",
        signal,
      }),
    () => false,
    options,
  );
  return decoded<PlayerEventMessage>(messages);
}

function lastEventIdHeader(lastEventId: string | undefined): { "Last-Event-ID"?: string } {
  return lastEventId === undefined ? {} : { "Last-Event-ID": lastEventId };
}

async function* decoded<M extends StreamMessage<string, unknown>>(
  messages: AsyncGenerator<SseMessage, void, undefined>,
): AsyncGenerator<M, void, undefined> {
  for await (const message of messages) {
    const data: unknown = JSON.parse(message.data);
    yield { id: message.lastEventId, event: message.event, data } as M;
  }
}
