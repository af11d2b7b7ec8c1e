/**
 * `follow`: one Server-Sent Events stream read across as many connections as it takes, with
 * `fetch` (so it sends the client's bearer token, which an `EventSource` cannot, and runs where
 * there is no `EventSource`, as in Node 20).
 *
 * The id of each message received is remembered, and every new connection sends it back as
 * `Last-Event-ID`, so nothing is lost or repeated. A connection is opened again
 *
 * * after `event: shutdown` (a replica on its way down) or `event: resume` (a feed stream that
 *   read its catch-up limit; its `id` is where to go on): these are not yielded;
 * * after a drop (a network error, the body ending before the stream's end, or nothing at all,
 *   not even a keep-alive comment, for `idleTimeoutMs`), and after a refusal that says to come
 *   back (`TOO_MANY_STREAMS`, `RATE_LIMITED`, `STORE_UNAVAILABLE`, a gateway's 502/503/504).
 *
 * Waits: the server's `retry:` (its reconnection time), else `reconnectDelayMs` doubling to
 * `maxReconnectDelayMs` per failure in a row, or a refusal's `Retry-After`; plus up to 20 %.
 * After `maxReconnects` failed connections in a row the last error is thrown; any other refusal
 * is thrown at once (`ProblemError`). An abort of `signal` ends the stream with its reason.
 */
import { ProblemError, refusal, UnexpectedAnswer } from "./errors.js";
import { backoff, retryAfterMs, sleep, withJitter } from "./retry.js";
import { readEvents, SseParser, type SseMessage } from "./sse.js";

export interface StreamOptions {
  signal?: AbortSignal;
  /** Start after this id (a game's version, a feed position), as `Last-Event-ID`. */
  lastEventId?: string;
  /** Failed connections in a row before the stream gives up (default 8). */
  maxReconnects?: number;
  /** The first wait after a failure, without `retry:` from the server (default 200 ms). */
  reconnectDelayMs?: number;
  /** The longest such wait (default 5 000 ms). */
  maxReconnectDelayMs?: number;
  /** A connection silent this long is taken for dead (default 60 000 ms, 0: never); the
   * service sends a keep-alive every `BOARDSTATE_SSE_KEEPALIVE_SECONDS` (15). */
  idleTimeoutMs?: number;
  /** Told before each new connection. */
  onReconnect?: (reconnect: ReconnectInfo) => void;
}

export type ReconnectReason = "shutdown" | "resume" | "dropped" | "idle" | "refused";

export interface ReconnectInfo {
  readonly reason: ReconnectReason;
  /** Sent as `Last-Event-ID` (undefined before any message). */
  readonly lastEventId: string | undefined;
  readonly waitMs: number;
  /** Failed connections in a row (0 after `shutdown` or `resume`). */
  readonly failures: number;
  readonly error: unknown;
}

/** Opens one connection: openapi-fetch's answer with `parseAs: "stream"`. */
export type Opener = (
  lastEventId: string | undefined,
  signal: AbortSignal,
) => Promise<{ data?: ReadableStream<Uint8Array> | null | undefined; error?: unknown; response: Response }>;

const REOPEN: ReadonlySet<string> = new Set(["shutdown", "resume"]);
const COME_BACK: ReadonlySet<string> = new Set(["TOO_MANY_STREAMS", "RATE_LIMITED", "STORE_UNAVAILABLE"]);

interface Connection {
  readonly reason: ReconnectReason;
  readonly error: unknown;
  readonly retryAfter?: number | undefined;
}

/** The stream's messages (see the module's documentation) until `isLast` says so, or a 204. */
export async function* follow(
  open: Opener,
  isLast: (message: SseMessage) => boolean,
  options: StreamOptions = {},
): AsyncGenerator<SseMessage, void, undefined> {
  const { signal, maxReconnects = 8, reconnectDelayMs = 200, maxReconnectDelayMs = 5_000 } = options;
  const idleMs = options.idleTimeoutMs ?? 60_000;
  let lastEventId = options.lastEventId;
  let retryMs: number | undefined;
  let failures = 0;
  for (;;) {
    signal?.throwIfAborted();
    const connection = new AbortController();
    const forward = (): void => connection.abort(signal?.reason);
    signal?.addEventListener("abort", forward, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let idled = false;
    const watch = (): void => {
      clearTimeout(idle);
      if (idleMs > 0) idle = setTimeout(() => ((idled = true), connection.abort()), idleMs);
    };
    let ended: Connection = { reason: "dropped", error: new Error("no answer") };
    let messages: AsyncGenerator<SseMessage> | undefined;
    try {
      let answer: Awaited<ReturnType<Opener>> | undefined;
      try {
        watch();
        answer = await open(lastEventId, connection.signal);
      } catch (error) {
        signal?.throwIfAborted();
        ended = { reason: idled ? "idle" : "dropped", error };
      }
      if (answer?.response.status === 204) return;
      if (answer !== undefined && (!answer.response.ok || answer.data == null)) {
        const error = refusal(answer.response.status, answer.error);
        if (!comesBack(error)) throw error;
        ended = { reason: "refused", error, retryAfter: retryAfterMs(answer.response.headers.get("retry-after")) };
      } else if (answer?.data != null) {
        const parser = new SseParser(lastEventId ?? "");
        messages = readEvents(answer.data, parser, watch);
        for (;;) {
          let next: IteratorResult<SseMessage>;
          try {
            next = await messages.next();
          } catch (error) {
            signal?.throwIfAborted();
            ended = { reason: idled ? "idle" : "dropped", error };
            break;
          }
          retryMs = parser.retryMs ?? retryMs;
          if (next.done) {
            ended = { reason: "dropped", error: new Error("the stream ended before its end") };
            break;
          }
          failures = 0;
          if (next.value.lastEventId !== "") lastEventId = next.value.lastEventId;
          if (REOPEN.has(next.value.event)) {
            ended = { reason: next.value.event as ReconnectReason, error: undefined };
            break;
          }
          clearTimeout(idle); // nothing is read while the caller holds the message
          yield next.value;
          if (isLast(next.value)) return;
          watch();
        }
      }
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener("abort", forward);
      connection.abort();
      await messages?.return(undefined).catch(() => undefined);
    }
    const again = ended.reason === "shutdown" || ended.reason === "resume";
    if (!again) failures += 1;
    if (failures > maxReconnects) throw ended.error;
    const base = { baseDelayMs: reconnectDelayMs, maxDelayMs: maxReconnectDelayMs };
    const delay = again
      ? (retryMs ?? reconnectDelayMs)
      : (ended.retryAfter ?? Math.max(retryMs ?? 0, backoff(base, failures)));
    const waitMs = withJitter(delay, 0.2);
    options.onReconnect?.({ reason: ended.reason, lastEventId, waitMs, failures, error: ended.error });
    await sleep(waitMs, signal);
  }
}

function comesBack(error: Error): boolean {
  if (error instanceof ProblemError) return COME_BACK.has(error.code);
  return error instanceof UnexpectedAnswer && [502, 503, 504].includes(error.status);
}
