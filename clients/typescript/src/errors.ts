/**
 * Problems (RFC 9457 `application/problem+json`, with the API's stable `code`) as
 * `ProblemError`, and `unwrap`, which turns an openapi-fetch answer into its data or that error.
 */
import type { components } from "./schema.js";

export type Problem = components["schemas"]["ProblemOut"];
export type ErrorCode = Problem["code"];

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
  get status(): number {
    return this.problem.status;
  }
}

/** An answer that is neither the expected data nor a problem (a proxy's error page, say). */
export class UnexpectedAnswer extends Error {
  readonly status: number;
  constructor(status: number, detail: string) {
    super(`HTTP ${status}: ${detail}`);
    this.name = "UnexpectedAnswer";
    this.status = status;
  }
}

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "string" &&
    typeof (value as { detail?: unknown }).detail === "string"
  );
}

/** Returns the data of an answer, or throws its problem as a `ProblemError`. */
export function unwrap<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.response.ok && answer.data !== undefined) return answer.data;
  throw refusal(answer.response.status, answer.error);
}

/** The error an answer of `status` with the (parsed) body `error` stands for. */
export function refusal(status: number, error: unknown): Error {
  if (isProblem(error)) return new ProblemError(error);
  const text = typeof error === "string" ? error : JSON.stringify(error ?? null);
  return new UnexpectedAnswer(status, text.slice(0, 200));
}
