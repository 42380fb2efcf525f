import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { FetchLike } from "./oauth-client";

const current = new AsyncLocalStorage<AbortSignal>();

/**
 * Gives every user request one overall deadline for all the platform calls it makes (a refresh, then
 * the publish): each call's own timeout can no longer add up past it. The signal travels with the
 * request's async context, so the clients keep their signatures.
 */
export function requestDeadline(ms: number): MiddlewareHandler {
  return (_c, next) => current.run(AbortSignal.timeout(ms), next);
}

/** Runs `fn` outside any request's deadline (work that goes on after the answer, e.g. re-subscribing). */
export function detached<T>(fn: () => T): T {
  return current.exit(fn);
}

/** Wraps a FetchLike so each call also stops at the current request's deadline, if any. */
export function withDeadline(fetchFn: FetchLike): FetchLike {
  return (input, init) => {
    const deadline = current.getStore();
    if (!deadline) return fetchFn(input, init);
    const own = init?.signal;
    return fetchFn(input, { ...init, signal: own ? AbortSignal.any([own, deadline]) : deadline });
  };
}
