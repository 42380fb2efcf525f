import type { Context } from "hono";
import {
  type ErrorCode,
  errorCatalogue,
  type StudioError,
  type StudioErrorExtras,
  studioError,
} from "../platform/errors";
import type { FetchLike } from "../platform/fetch-like";
import type { Config } from "./config";
import type { Inbox } from "./inbox";
import type { Logger } from "./log";
import type { OAuthClient } from "./oauth-client";
import type { PlatformClient } from "./platform-client";
import type { RevocationStore } from "./revocations";
import type { Session, SessionCodec } from "./session";
import type { Store } from "./store/store";
import type { TaskQueue } from "./task-queue";

/** What every route needs; built once by the app factory. */
export interface ServerDeps {
  config: Config;
  fetch: FetchLike;
  now: () => number;
  /** Structured log: one JSON line per event (src/server/log.ts). */
  log: Logger;
  oauth: OAuthClient;
  platform: PlatformClient;
  sessions: SessionCodec;
  inbox: Inbox;
  /** States already used on this instance, with their expiry (replay of a copied cookie; see docs/server.md). */
  consumedStates: Map<string, number>;
  /**
   * Token refreshes in flight or just finished on this instance, by a hash of the refresh token they
   * used: parallel requests of one session share one refresh instead of rotating the pair twice.
   */
  refreshes: Map<string, { expiresAt: number; result: Promise<RefreshOutcome> }>;
  /** Ended sessions (sign-out, sign out everywhere). */
  revocations: RevocationStore;
  /** Background re-creation of held subscriptions after a refresh or sign-in. */
  renewals: TaskQueue;
  /** Outcomes of background re-subscription per session id (error code, or null for success), until read. */
  renewalResults: Map<string, { expiresAt: number; outcomes: Map<string, string | null> }>;
  /** Live inbox streams per session id, oldest first. */
  streams: Map<string, StreamSlot[]>;
  /** The durable store, when the proxy runs with one (startStudio always opens one). */
  store?: Store;
}

/** What one refresh produced: the new tokens and re-created subscriptions, or why it failed. */
export type RefreshOutcome =
  | { ok: true; tokens: NonNullable<Session["tokens"]>; subscriptions: Session["subscriptions"] }
  /** `final`: the platform refused the grant (invalid_grant); otherwise the tokens stand and a retry may pass. */
  | { ok: false; final: boolean; error: StudioError };

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

const LOCAL_BASE = "http://studio.invalid";

/**
 * Accepts only a same-origin path as a place to come back to (no open redirect), normalised as a
 * browser would read it. Browsers drop tabs and newlines inside URLs and read "\\" as "/", so
 * "/\t/evil.example" or "/\\evil.example" would leave the origin; "/.//evil.example" becomes
 * "//evil.example" once dot segments are resolved. Anything doubtful becomes "/".
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  let u: URL;
  try {
    u = new URL(value, LOCAL_BASE);
  } catch {
    return "/";
  }
  if (u.origin !== LOCAL_BASE || u.pathname.startsWith("//")) return "/";
  return `${u.pathname}${u.search}${u.hash}`;
}

/** Adds query parameters to a same-origin path, before any #fragment (where the editor reads them). */
export function withParams(path: string, params: Record<string, string>): string {
  const u = new URL(safeReturnTo(path), LOCAL_BASE);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return `${u.pathname}${u.search}${u.hash}`;
}

/** The same-origin URL that starts OAuth for `scopes` and comes back to `returnTo`. */
export function authorizeUrlFor(scopes: readonly string[], returnTo: string): string {
  const q = [`scope=${encodeURIComponent(scopes.join(" "))}`, `returnTo=${encodeURIComponent(returnTo)}`];
  return `/oauth/start?${q.join("&")}`;
}

/** One live inbox stream: `evict` ends it (its session opened one stream too many). */
export interface StreamSlot {
  evict: () => void;
}
