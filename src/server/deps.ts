import type { Context } from "hono";
import {
  type ErrorCode,
  errorCatalogue,
  type StudioError,
  studioError,
  type StudioErrorExtras,
} from "../platform/errors";
import type { Config } from "./config";
import type { Inbox } from "./inbox";
import type { FetchLike, OAuthClient } from "./oauth-client";
import type { PlatformClient } from "./platform-client";
import type { SessionCodec } from "./session";

/** What every route needs; built once by the app factory. */
export interface ServerDeps {
  config: Config;
  fetch: FetchLike;
  now: () => number;
  log: (line: string) => void;
  oauth: OAuthClient;
  platform: PlatformClient;
  sessions: SessionCodec;
  inbox: Inbox;
  /** States already used on this instance, with their expiry (replay of a copied cookie; see docs/server.md). */
  consumedStates: Map<string, number>;
}

/** Sends a catalogue error as JSON with its status (and Retry-After for 429). */
export function sendError(c: Context, err: StudioError): Response {
  const status = errorCatalogue[err.error.code].status;
  const headers: Record<string, string> = { "cache-control": "no-store", "content-type": "application/json" };
  if (err.error.retryAfter !== undefined) headers["retry-after"] = String(err.error.retryAfter);
  // c.newResponse keeps cookies set earlier in the handler (e.g. a renewed session).
  return c.newResponse(JSON.stringify(err), status as 400, headers);
}

/** Shorthand for sendError(c, studioError(code, extras)). */
export function fail(c: Context, code: ErrorCode, extras: StudioErrorExtras = {}): Response {
  return sendError(c, studioError(code, extras));
}

/** Accepts only a same-origin path as a place to come back to (no open redirect). */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value;
}

/** The same-origin URL that starts OAuth for `scopes` and comes back to `returnTo`. */
export function authorizeUrlFor(scopes: readonly string[], returnTo: string): string {
  const q = [`scope=${encodeURIComponent(scopes.join(" "))}`, `returnTo=${encodeURIComponent(returnTo)}`];
  return `/oauth/start?${q.join("&")}`;
}
