/**
 * Typed moves: `legalMoves` and `getState` give a game type's own types, `submitMove` takes one
 * and sends it with a `moveId`, so the client's retries (after a lost answer, `STORE_UNAVAILABLE`,
 * `APPEND_UNCERTAIN`, `RATE_LIMITED`) never play it twice: the service applies a move id once
 * and answers a repeat with the first result.
 */
import type { BoardstateClient } from "./client.js";
import { unwrap } from "./errors.js";
import type { components } from "./schema.js";
import type { GameTypeId, MoveOf, StateOf } from "./typed.js";

export type MoveAccepted = components["schemas"]["MoveAcceptedOut"];
/** The answer with `minimal: true` (`Prefer: return=minimal`): version, events, header; no game. */
export type MoveMinimal = components["schemas"]["MoveMinimalOut"];

export interface MoveOptions {
  /** The id that makes the move idempotent; a random one when omitted. */
  moveId?: string;
  /** Refused with `VERSION_CONFLICT` unless the game is at this version. */
  expectedVersion?: number;
  /** Checks the move without playing it. */
  dryRun?: boolean;
  signal?: AbortSignal;
}

/**
 * Submits `move` for `seat` (`submitMove<"trambahn">(...)` accepts Trambahn moves only). The client retries it (with the same `moveId`) as its retry policy
 * allows; a refusal is thrown as `ProblemError` (`code`: `ILLEGAL_MOVE`, `NOT_YOUR_TURN`, ...).
 */
export async function submitMove<G extends GameTypeId = GameTypeId>(
  client: BoardstateClient,
  gameId: string,
  seat: number,
  move: MoveOf<G>,
  options?: MoveOptions & { minimal?: false },
): Promise<MoveAccepted>;
export async function submitMove<G extends GameTypeId = GameTypeId>(
  client: BoardstateClient,
  gameId: string,
  seat: number,
  move: MoveOf<G>,
  options: MoveOptions & { minimal: true },
): Promise<MoveMinimal>;
export async function submitMove<G extends GameTypeId = GameTypeId>(
  client: BoardstateClient,
  gameId: string,
  seat: number,
  move: MoveOf<G>,
  options: MoveOptions & { minimal?: boolean } = {},
): Promise<MoveAccepted | MoveMinimal> {
  const moveId = options.moveId ?? newMoveId();
  const body: components["schemas"]["MoveIn"] = {
    seat,
    move,
    moveId,
    expectedVersion: options.expectedVersion ?? null,
    dryRun: options.dryRun ?? false,
  };
  const path = { id: gameId };
  const header = options.minimal === true ? { Prefer: "return=minimal" } : {};
  const init = options.signal === undefined ? {} : { signal: options.signal };
  return unwrap(await client.POST("/v1/games/{id}/moves", { params: { path, header }, body, ...init }));
}

/** The moves `seat` may make now (none when it is not to act), typed for the game type. */
export async function legalMoves<G extends GameTypeId>(
  client: BoardstateClient,
  gameType: G,
  gameId: string,
  seat: number,
  signal?: AbortSignal,
): Promise<{ version: number; moves: MoveOf<G>[] }> {
  void gameType; // only for the types: the service knows the game's type
  const params = { path: { id: gameId }, query: { seat } };
  const answer = unwrap(await client.GET("/v1/games/{id}/legal-moves", { params, ...signalOf(signal) }));
  return { version: answer.version, moves: answer.moves as unknown as MoveOf<G>[] };
}

/** The state as `seat` sees it (a spectator's view without one), typed for the game type. */
export async function getState<G extends GameTypeId>(
  client: BoardstateClient,
  gameType: G,
  gameId: string,
  seat?: number,
  signal?: AbortSignal,
): Promise<{ version: number; state: StateOf<G> }> {
  void gameType;
  const params = { path: { id: gameId }, query: seat === undefined ? {} : { seat } };
  const answer = unwrap(await client.GET("/v1/games/{id}/state", { params, ...signalOf(signal) }));
  return { version: answer.version, state: answer.state as unknown as StateOf<G> };
}

/** The game (its header, seats, result, ...). */
export async function getGame(
  client: BoardstateClient,
  gameId: string,
  signal?: AbortSignal,
): Promise<components["schemas"]["GameOut"]> {
  return unwrap(await client.GET("/v1/games/{id}", { params: { path: { id: gameId } }, ...signalOf(signal) }));
}

function signalOf(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal };
}

/** A random move id (a UUID v4; `crypto.randomUUID` where the page is a secure context). */
export function newMoveId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
