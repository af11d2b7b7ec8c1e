/**
 * The command socket's messages and what it runs on (docs/socket.md): the pushes and answers
 * `CommandSocket` (socket.ts) returns, its options, the URL of `/v1/socket`, the `WebSocket`
 * constructor it opens, and a refusal as the `ProblemError` REST would throw.
 */
import { ProblemError, type Problem } from "./errors.js";
import type { RetryPolicy } from "./retry.js";
import type { components } from "./schema.js";

type Schemas = components["schemas"];

export const SOCKET_PROTOCOL = "boardstate.v1";

/** An `event` push: the event as the SSE stream sends it (with its `header`). */
export interface SocketEventPush {
  type: "event";
  gameId: string;
  event: Schemas["StreamEventOut"];
}

/** A subscription ended: `asked`, `ended` (after `GameEnded`) or `error` (`code` says why). */
export interface SocketUnsubscribed {
  type: "unsubscribed";
  id: string | null;
  gameId: string;
  reason: "asked" | "ended" | "error";
  code?: string | null;
}

export type SocketPush = SocketEventPush | SocketUnsubscribed;
export type SocketAccepted = Schemas["MoveAcceptedOut"] & { type: "accepted"; id: string; replayed: boolean };
/** The answer to a move sent with `minimal: true`: REST's `MoveMinimal` (no `game`). */
export type SocketAcceptedMinimal = Schemas["MoveMinimalOut"] & { type: "acceptedMinimal"; id: string; replayed: boolean };
export type SocketLegalMoves = Schemas["LegalMovesOut"] & { type: "legalMoves"; id: string };

export interface SocketMoveOptions {
  expectedVersion?: number;
  moveId?: string;
  dryRun?: boolean;
}

export interface CommandSocketOptions {
  /** A seat token or a player token, sent in `hello`; without one the socket is a spectator's. */
  token?: string;
  /** A WebSocket constructor; by default the global `WebSocket`, else the `ws` package's. */
  WebSocket?: WebSocketConstructor;
  /** How long a call waits for its answer (30 s). */
  timeoutMs?: number;
  /** A `ping` is sent this often (25 s) so that the server's idle timeout (120 s) never closes it. */
  pingEveryMs?: number;
  /** Changes to how a message refused `RATE_LIMITED` is sent again (`DEFAULT_RETRY`), or
   * `false` for never. */
  retry?: Partial<RetryPolicy> | false;
}

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => unknown;

/** The runtime's standard `WebSocket`; where there is none (Node.js 20), the `ws` package's. Its
 * name is cast so that the compiler does not look for its types (they would bring Node's into the
 * build); the emitted `import("ws")` stays a literal bundlers and Node resolve. */
export async function standardWebSocket(): Promise<WebSocketConstructor> {
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global !== undefined) return global;
  let ws: { default?: unknown; WebSocket?: unknown };
  try {
    ws = (await import("ws" as string)) as typeof ws;
  } catch (error) {
    const hint = "install the `ws` package (npm does, unless told to omit optional dependencies)";
    throw new Error(`no WebSocket: the runtime has none; ${hint} or pass options.WebSocket`, { cause: error });
  }
  return (ws.WebSocket ?? ws.default) as WebSocketConstructor;
}

export interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type Message = { type: string; id?: string | null; [field: string]: unknown };

/** `http(s)://host[:port]` → `ws(s)://host[:port]/v1/socket`. */
export function socketUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return base.replace(/^http(s?):\/\//, "ws$1://") + "/v1/socket";
}

export function refused(message: Message): ProblemError {
  const problem = {
    type: "about:blank",
    title: String(message["code"]),
    status: Number(message["status"]),
    detail: String(message["message"]),
    code: message["code"],
    details: message["details"] ?? null,
  } as Problem;
  return new ProblemError(problem);
}
