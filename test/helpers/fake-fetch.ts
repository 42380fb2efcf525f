import type { FetchLike } from "../../src/platform/fetch-like";

/** The address a fetch was called with, whichever of its three forms it came in. */
export function urlOf(input: string | URL | Request): string {
  return input instanceof Request ? input.url : input.toString();
}

/** A fake `FetchLike` whose handler sees the address as a string (as the editor's client sends it). */
export function fakeFetch(
  handler: (url: string, init: RequestInit | undefined) => Response | Promise<Response>,
): FetchLike {
  return async (input, init) => handler(urlOf(input), init);
}
