/**
 * The Boardstate REST API, typed: `paths` and `components` are generated from
 * schema/openapi.json by openapi-typescript (src/schema.d.ts, never edited by hand); requests go
 * through openapi-fetch, so every path, parameter, body and answer is checked by `tsc --strict`.
 *
 * The hand-written part is only what a generator cannot know: a move submitted with one
 * `moveId` and retried with the same id until the server answers (so it is applied once), and
 * problems (RFC 9457 `application/problem+json`) raised as `ProblemError` with their typed
 * `code`.
 */
import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Schemas = components["schemas"];
export type Problem = Schemas["ProblemOut"];
export type ErrorCode = Problem["code"];
export type Game = Schemas["GameOut"];
export type MoveAccepted = Schemas["MoveAcceptedOut"];
export type BoardstateClient = Client<paths>;

/** An answer with a problem body: `code` is one of the API's stable error codes. */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(`${problem.code}: ${problem.detail}`);
    this.name = "ProblemError";
    this.problem = problem;
  }
  get code(): ErrorCode {
    return this.problem.code;
  }
}

export interface ClientOptions {
  /** A seat token, or an admin token (sent as `Authorization: Bearer`). */
  token?: string;
  fetch?: typeof globalThis.fetch;
}

/** A typed client of the service at `baseUrl` (e.g. `http://127.0.0.1:8000`). */
export function createBoardstateClient(baseUrl: string, options: ClientOptions = {}): BoardstateClient {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers["authorization"] = `Bearer ${options.token}`;
  return createClient<paths>({
    baseUrl,
    headers,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}

/** Returns the data of an answer, or throws its problem as a `ProblemError`. */
export function unwrap<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data !== undefined) return answer.data;
  if (isProblem(answer.error)) throw new ProblemError(answer.error);
  throw new Error(`HTTP ${answer.response.status} without a problem body`);
}

function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && "code" in value && "detail" in value;
}

/** Codes after which the same request, sent again, may succeed. */
const RETRYABLE: ReadonlySet<string> = new Set(["STORE_UNAVAILABLE", "APPEND_UNCERTAIN", "RATE_LIMITED"]);

export interface MoveOptions {
  /** The id that makes the move idempotent; a random one when omitted. */
  moveId?: string;
  /** Attempts in all (default 4); waits 0.2 s, 0.4 s, 0.8 s ... between them. */
  attempts?: number;
  expectedVersion?: number;
}

/**
 * Submits `move` for `seat`, sending it again with the same `moveId` after a network failure or
 * a retryable problem: the server applies a move id once and answers a repeat with the first
 * result (200 instead of 201), so a retry never plays a move twice.
 */
export async function submitMove(
  client: BoardstateClient,
  gameId: string,
  seat: number,
  move: Record<string, unknown>,
  options: MoveOptions = {},
): Promise<MoveAccepted> {
  const moveId = options.moveId ?? crypto.randomUUID();
  const attempts = options.attempts ?? 4;
  let failure: unknown = undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(200 * 2 ** (attempt - 1));
    try {
      const body: Schemas["MoveIn"] = { seat, move, moveId, expectedVersion: options.expectedVersion ?? null };
      const answer = await client.POST("/v1/games/{id}/moves", { params: { path: { id: gameId } }, body });
      if (answer.data !== undefined) return answer.data;
      if (isProblem(answer.error) && !RETRYABLE.has(answer.error.code)) throw new ProblemError(answer.error);
      failure = answer.error;
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      failure = error; // the network: the move may or may not have landed; the same id tells
    }
  }
  if (isProblem(failure)) throw new ProblemError(failure);
  throw failure instanceof Error ? failure : new Error(String(failure));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
