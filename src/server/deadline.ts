import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { FetchLike } from "../platform/fetch-like";

/** One user request's deadline: when it ends, its length, and its signal once a call has needed it. */
interface Deadline {
  endsAt: number;
  ms: number;
  signal?: AbortSignal;
}

/**
 * A call made this soon after its request began keeps its own timeout (as long as the deadline, so
 * it ends at most this much later): creating an AbortSignal costs ~20-40 µs on Node 20, and the first
 * call of a request (most publishes make only one) need not pay for a second one.
 */
const SLACK_MS = 50;

const current = new AsyncLocalStorage<Deadline>();

/**
 * Gives every user request one overall deadline for all the platform calls it makes (a refresh, then
 * the publish), so their timeouts cannot add up past it. It travels with the request's async context,
 * so the clients keep their signatures; its signal is made only when a call needs it.
 */
export function requestDeadline(ms: number): MiddlewareHandler {
  return (_c, next) => current.run({ endsAt: performance.now() + ms, ms }, next);
}

/** Runs `fn` outside any request's deadline (work that goes on after the answer, e.g. re-subscribing). */
export function detached<T>(fn: () => T): T {
  return current.exit(fn);
}

/**
 * Wraps a FetchLike so each call made inside a user request stops at that request's deadline. The
 * deadline's signal replaces the call's own timeout rather than being combined with it: both are
 * UPSTREAM_TIMEOUT_MS long and the deadline started first, so it ends first (within SLACK_MS), and
 * AbortSignal.any costs ~70 µs a call on Node 20 (BENCHMARKS.md, "Proxy steps alone").
 */
export function withDeadline(fetchFn: FetchLike): FetchLike {
  return (input, init) => {
    const deadline = current.getStore();
    if (!deadline) return fetchFn(input, init);
    const left = deadline.endsAt - performance.now();
    if (!deadline.signal && init?.signal && left > deadline.ms - SLACK_MS) return fetchFn(input, init);
    deadline.signal ??= AbortSignal.timeout(Math.max(1, Math.ceil(left)));
    return fetchFn(input, { ...init, signal: deadline.signal });
  };
}
