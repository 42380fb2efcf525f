import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { FetchLike } from "../platform/fetch-like";
import { NotSentError } from "./transport-errors";

/**
 * One user request's deadline: its length, when it ends once its first platform call started it, and
 * its signal once a call has needed it.
 */
interface Deadline {
  ms: number;
  endsAt?: number;
  signal?: AbortSignal;
}

/**
 * A call made this soon after the deadline started keeps its own timeout (as long as the deadline, so
 * it ends at most this much later): creating an AbortSignal costs ~20-40 µs on Node 20, and the first
 * call of a request (most publishes make only one) need not pay for a second one.
 */
const SLACK_MS = 50;

/**
 * A call is not started with less than this left: it would almost surely time out after the platform
 * read it, leaving its outcome unknown, where not sending it leaves the user free to send it again.
 */
const MIN_LEFT_MS = 50;

const current = new AsyncLocalStorage<Deadline>();

/**
 * Gives every user request one overall deadline for all the platform calls it makes (a refresh, then
 * the publish), so their timeouts cannot add up past it. It starts at the request's first platform
 * call, so after its body has been read: a slow upload from the browser does not use up the time the
 * platform has to answer (a slow upload is bounded by the HTTP server's requestTimeout instead). It
 * travels with the request's async context, so the clients keep their signatures; its signal is made
 * only when a call needs it.
 */
export function requestDeadline(ms: number): MiddlewareHandler {
  return (_c, next) => current.run({ ms }, next);
}

/** Runs `fn` outside any request's deadline (work that goes on after the answer, e.g. re-subscribing). */
export function detached<T>(fn: () => T): T {
  return current.exit(fn);
}

/**
 * The failure of a call the deadline left no time for: it was never sent, which the error mapping
 * reports as such (upstream_unreachable, "could not be reached": safe to send again), never as a
 * timeout that "may still have applied".
 */
function notSent(ms: number): TypeError {
  const seconds = Math.round(ms / 100) / 10;
  const why = `this request's time limit of ${seconds} seconds ran out before the call, so it was not sent`;
  return new TypeError("fetch failed", { cause: new NotSentError(new Error(why)) });
}

/**
 * Wraps a FetchLike so each call made inside a user request stops at that request's deadline. The
 * deadline's signal replaces the call's own timeout rather than being combined with it: both are
 * UPSTREAM_TIMEOUT_MS long and the deadline started first, so it ends first (within SLACK_MS), and
 * AbortSignal.any costs ~70 µs a call on Node 20 (BENCHMARKS.md, "Proxy steps alone"). Once (almost)
 * nothing is left, the call is not sent at all.
 */
export function withDeadline(fetchFn: FetchLike): FetchLike {
  return (input, init) => {
    const deadline = current.getStore();
    if (!deadline) return fetchFn(input, init);
    const now = performance.now();
    deadline.endsAt ??= now + deadline.ms;
    const left = deadline.endsAt - now;
    if (left < MIN_LEFT_MS) return Promise.reject(notSent(deadline.ms));
    if (!deadline.signal && init?.signal && left > deadline.ms - SLACK_MS) return fetchFn(input, init);
    deadline.signal ??= AbortSignal.timeout(Math.ceil(left));
    return fetchFn(input, { ...init, signal: deadline.signal });
  };
}
