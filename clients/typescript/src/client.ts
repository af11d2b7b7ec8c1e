/**
 * `createBoardstateClient`: an openapi-fetch client of the REST API (`paths` generated from
 * schema/openapi.json, so every path, parameter, body and answer is checked by `tsc`), sending a
 * bearer token when given one and retrying as `retry.ts` says.
 */
import createClient, { type Client } from "openapi-fetch";

import { DEFAULT_RETRY, retryingFetch, type RetryPolicy } from "./retry.js";
import type { paths } from "./schema.js";

export type BoardstateClient = Client<paths>;

export interface ClientOptions {
  /** A seat token, or an admin token (sent as `Authorization: Bearer`). */
  token?: string;
  /** Changes to the retry policy (`DEFAULT_RETRY`), or `false` for none. */
  retry?: Partial<RetryPolicy> | false;
  /** The `fetch` to send requests with (default: the global one). */
  fetch?: (input: Request) => Promise<Response>;
  /** More headers for every request. */
  headers?: Record<string, string>;
}

/** A typed client of the service at `baseUrl` (e.g. `http://127.0.0.1:8000`). */
export function createBoardstateClient(baseUrl: string, options: ClientOptions = {}): BoardstateClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers["authorization"] = `Bearer ${options.token}`;
  const base = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const fetch = options.retry === false ? base : retryingFetch(base, { ...DEFAULT_RETRY, ...options.retry });
  return createClient<paths>({ baseUrl, headers, fetch });
}
