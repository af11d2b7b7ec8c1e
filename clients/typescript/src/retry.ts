/**
 * Retries with bounded waits, below openapi-fetch: `retryingFetch` wraps `fetch`, so every
 * call of a `createBoardstateClient` client sends a request again, unchanged, when the service
 * asks for it and doing so is safe:
 *
 * * `429 RATE_LIMITED` (any request: the limiter refused it before any work), after its
 *   `Retry-After`;
 * * `503 STORE_UNAVAILABLE`, a `502`/`503`/`504` without a problem body (a balancer), or no
 *   answer at all (the network): only a request that may be repeated, i.e. a read (`GET`,
 *   `HEAD`), a request with an `Idempotency-Key`, or a move with a `moveId` (the service
 *   applies a move id once and answers a repeat with the first result);
 * * `503 APPEND_UNCERTAIN` (the store may or may not have written the move): only a move with a
 *   `moveId`.
 *
 * Waits: the answer's `Retry-After` when it has one, else `baseDelayMs` doubling up to
 * `maxDelayMs`; each plus a random share (`jitter`), so clients refused together do not come
 * back together. At most `maxAttempts` attempts and `maxTotalWaitMs` of waiting in all: a wait
 * that would pass that bound is not made, the last answer is returned (or the network error
 * thrown). An aborted request signal ends a wait at once.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included (default 5); 1 turns retries off. */
  readonly maxAttempts: number;
  /** The most all waits of one call may add up to, in ms (default 30 000). */
  readonly maxTotalWaitMs: number;
  /** The first wait when the answer has no `Retry-After`, in ms (default 200); it doubles. */
  readonly baseDelayMs: number;
  /** The longest such wait, in ms (default 5 000). */
  readonly maxDelayMs: number;
  /** A random share, 0 to 1, added to each wait (default 0.2). */
  readonly jitter: number;
  /** Told before each wait (for logs and metrics). */
  readonly onRetry?: (retry: RetryInfo) => void;
}

export interface RetryInfo {
  readonly method: string;
  readonly url: string;
  /** The attempt that failed (1 for the first). */
  readonly attempt: number;
  readonly waitMs: number;
  /** The answer's status, or null when the network failed. */
  readonly status: number | null;
  /** The problem's code (`RATE_LIMITED`, ...), if the answer had one. */
  readonly code: string | null;
  readonly error: unknown;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  maxTotalWaitMs: 30_000,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  jitter: 0.2,
};

type Fetch = (input: Request) => Promise<Response>;
const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
const GATEWAY: ReadonlySet<number> = new Set([502, 503, 504]);

/** `fetch` that retries as the module's documentation says. */
export function retryingFetch(base: Fetch, policy: RetryPolicy = DEFAULT_RETRY): Fetch {
  return async (request: Request): Promise<Response> => {
    const repeatable = await mayRepeat(request);
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      let answer: Response | undefined;
      let failure: unknown;
      try {
        answer = await base(request.clone());
      } catch (error) {
        if (request.signal.aborted || !repeatable.any) throw error;
        failure = error;
      }
      const code = answer === undefined ? null : await problemCode(answer);
      if (answer !== undefined && !shouldRetry(answer, code, repeatable)) return answer;
      const after = answer === undefined ? undefined : retryAfterMs(answer.headers.get("retry-after"));
      const wait = withJitter(after ?? backoff(policy, attempt), policy.jitter);
      if (attempt >= policy.maxAttempts || waited + wait > policy.maxTotalWaitMs) {
        if (answer !== undefined) return answer;
        throw failure;
      }
      await answer?.body?.cancel();
      const status = answer?.status ?? null;
      policy.onRetry?.({ method: request.method, url: request.url, attempt, waitMs: wait, status, code, error: failure });
      await sleep(wait, request.signal);
      waited += wait;
    }
  };
}

interface Repeatable {
  /** Safe to send again after a failure that may have been acted on. */
  readonly any: boolean;
  /** A move with a `moveId` (also `APPEND_UNCERTAIN`). */
  readonly move: boolean;
}

async function mayRepeat(request: Request): Promise<Repeatable> {
  if (READS.has(request.method)) return { any: true, move: false };
  const move = request.method === "POST" && /\/v1\/games\/[^/]+\/moves$/.test(new URL(request.url).pathname);
  if (move) {
    const idempotent = request.headers.has("idempotency-key") || (await hasMoveId(request));
    return { any: idempotent, move: idempotent };
  }
  return { any: request.headers.has("idempotency-key"), move: false };
}

async function hasMoveId(request: Request): Promise<boolean> {
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    return typeof body === "object" && body !== null && typeof (body as { moveId?: unknown }).moveId === "string";
  } catch {
    return false;
  }
}

function shouldRetry(answer: Response, code: string | null, repeatable: Repeatable): boolean {
  if (answer.status === 429) return code === "RATE_LIMITED" || (code === null && answer.headers.has("retry-after"));
  if (code === "APPEND_UNCERTAIN") return repeatable.move;
  if (code === "STORE_UNAVAILABLE") return repeatable.any;
  return code === null && GATEWAY.has(answer.status) && repeatable.any;
}

/** The `code` of a problem answer (read from a copy: the answer stays unread). */
async function problemCode(answer: Response): Promise<string | null> {
  if (answer.ok || !(answer.headers.get("content-type") ?? "").includes("json")) return null;
  try {
    const body: unknown = await answer.clone().json();
    const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

/** `Retry-After` (seconds, or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before attempt `attempt + 1` without a `Retry-After`. */
export function backoff(policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

export function withJitter(ms: number, jitter: number): number {
  return Math.round(ms * (1 + Math.random() * Math.max(0, jitter)));
}

/** Waits `ms`; rejects with the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const done = (): void => {
      signal?.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
