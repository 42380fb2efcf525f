import { v4 as uuidv4 } from "uuid";
import * as z from "zod";

/**
 * Survives the OAuth round trip: before the browser leaves for the consent page, the action and the
 * exact body being sent are stored, so on return the same thing is sent even if the draft has not
 * been restored yet (the draft itself autosaves separately, so nothing is lost either way). `key` is
 * random and also in the address the proxy comes back to (`resume_key`): only that return sends it,
 * not a link any site can open (`?resume=publish&oauth=granted`), nor another tab's return.
 */
const pendingSchema = z.strictObject({
  action: z.enum(["publish", "send", "subscribe"]),
  key: z.string().min(1),
  target: z.record(z.string(), z.string()),
  body: z.unknown(),
  at: z.number(),
});
export type PendingAction = z.infer<typeof pendingSchema>;

const KEY = "addon-studio.pending-oauth";
/** A pending action older than this is dropped: the user has moved on. */
const MAX_AGE_MS = 30 * 60 * 1000;

/** Minimal storage interface (localStorage in the app, a Map-backed fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's localStorage, or undefined where there is none (server rendering, private modes). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The tab's own storage (sessionStorage: its own quota), where the action goes when `storage` is full:
 * the consent page's round trip happens in the same tab. Undefined where the browser refuses it.
 */
export function tabFallback(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** How many pending actions are kept at once (one per attempt: each tab that left for consent). */
const MAX_PENDING = 8;

/**
 * The pending actions kept in `storage`, fresh ones only. Until the nineteenth session one action
 * was stored alone; such an entry still reads.
 */
function readAll(storage: KeyValueStorage | undefined, now: number): PendingAction[] {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const items: unknown[] = Array.isArray(data) ? data : [data];
  const out: PendingAction[] = [];
  for (const item of items) {
    const one = pendingSchema.safeParse(item);
    if (one.success && now - one.data.at <= MAX_AGE_MS) out.push(one.data);
  }
  return out;
}

/** Writes `list` to `storage` (or removes the entry when it is empty); throws when storage refuses. */
function writeAll(storage: KeyValueStorage, list: readonly PendingAction[]): void {
  if (list.length === 0) storage.removeItem(KEY);
  else storage.setItem(KEY, JSON.stringify(list));
}

/**
 * Remembers the action to resume after OAuth, beside those of other tabs that left for the consent
 * page at the same time (each return takes its own, by key). Storage full (a large body beside large
 * drafts), it is kept in the tab's storage instead: lost, the return from the consent page sent
 * nothing.
 */
export function savePending(
  storage: KeyValueStorage | undefined,
  pending: PendingAction,
  fallback: KeyValueStorage | undefined = tabFallback(),
): void {
  const now = Date.now();
  const add = (s: KeyValueStorage) =>
    writeAll(s, [...readAll(s, now).filter((p) => p.key !== pending.key), pending].slice(-MAX_PENDING));
  try {
    if (storage) {
      add(storage);
      return;
    }
  } catch {
    // Full or blocked: the tab's storage below.
  }
  try {
    if (fallback && fallback !== storage) add(fallback);
  } catch {
    // Both refused: nothing resumes on return, and the form keeps what the user typed.
  }
}

function forget(storage: KeyValueStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing to forget where storage is blocked.
  }
}

/** A new pending action's key (`PendingAction.key`): random, from `crypto.getRandomValues` (also on plain http). */
export function newResumeKey(): string {
  return uuidv4();
}

/**
 * Takes (reads and removes) the pending action of `action` stored under `key`, if it is fresh. Those
 * under other keys (other tabs', or an address that did not come from this flow) are left alone.
 */
export function takePending(
  storage: KeyValueStorage | undefined,
  action: PendingAction["action"],
  key: string | null,
  now = Date.now(),
  fallback: KeyValueStorage | undefined = tabFallback(),
): PendingAction | undefined {
  if (!key) return undefined;
  for (const s of fallback && fallback !== storage ? [storage, fallback] : [storage]) {
    if (!s) continue;
    const list = readAll(s, now);
    const found = list.find((p) => p.key === key && p.action === action);
    if (!found) continue;
    try {
      writeAll(
        s,
        list.filter((p) => p !== found),
      );
    } catch {
      // Storage refuses even the smaller list: all go, rather than this one being sent twice.
      forget(s);
    }
    return found;
  }
  return undefined;
}

/** What the address says about an OAuth return: which action to resume and how consent went. */
export interface OAuthReturn {
  resume: string | null;
  /** The pending action's key (`resume_key`), as `returnToFor` put it in the address. */
  key: string | null;
  /** granted | refused | failed, set by the proxy's callback. */
  oauth: string | null;
  oauthError: string | null;
  /** The platform's own error code when its consent page refused the sign-in (`invalid_scope`...). */
  oauthReason: string | null;
  /** The platform's words for it (`error_description`, printable, at most 200 characters). */
  oauthDetail: string | null;
}

/** Reads the resume and OAuth outcome parameters of an address. */
export function readOAuthReturn(search: string): OAuthReturn {
  const p = new URLSearchParams(search);
  return {
    resume: p.get("resume"),
    key: p.get("resume_key"),
    oauth: p.get("oauth"),
    oauthError: p.get("oauth_error"),
    oauthReason: p.get("oauth_reason"),
    oauthDetail: p.get("oauth_detail"),
  };
}

/** The parameters a return from OAuth adds to the page's address (the proxy adds all but the first two). */
const RETURN_PARAMS = ["resume", "resume_key", "oauth", "oauth_error", "oauth_reason", "oauth_detail"];

/**
 * The same-origin address to come back to after OAuth: the current page plus `resume=<action>` and
 * `resume_key=<key>`, the pending action's key.
 */
export function returnToFor(pathname: string, search: string, resume: string, key: string): string {
  const p = new URLSearchParams(search);
  for (const k of RETURN_PARAMS) p.delete(k);
  p.set("resume", resume);
  p.set("resume_key", key);
  return `${pathname}?${p.toString()}`;
}

/** The address without the resume and OAuth parameters, to tidy the location bar after resuming. */
export function withoutOAuthParams(pathname: string, search: string, hash = ""): string {
  const p = new URLSearchParams(search);
  for (const k of RETURN_PARAMS) p.delete(k);
  const s = p.toString();
  return `${pathname}${s ? `?${s}` : ""}${hash}`;
}
