import * as z from "zod";

/**
 * Survives the OAuth round trip: before the browser leaves for the consent page, the action and the
 * exact body being sent are stored, so on return the same thing is sent even if the draft has not
 * been restored yet (the draft itself autosaves separately, so nothing is lost either way).
 */
const pendingSchema = z.strictObject({
  action: z.enum(["publish", "send", "subscribe"]),
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

/**
 * Remembers the action to resume after OAuth. Storage full (a large body beside large drafts), it is
 * kept in the tab's storage instead: lost, the return from the consent page did nothing, and said nothing.
 */
export function savePending(
  storage: KeyValueStorage | undefined,
  pending: PendingAction,
  fallback: KeyValueStorage | undefined = tabFallback(),
): void {
  const text = JSON.stringify(pending);
  try {
    storage?.setItem(KEY, text);
    if (storage) {
      // An older action kept in the tab must not be resumed instead of this one.
      forget(fallback);
      return;
    }
  } catch {
    // Full or blocked: the tab's storage below.
  }
  try {
    if (fallback !== storage) fallback?.setItem(KEY, text);
  } catch {
    // Both refused: nothing resumes on return, and the form keeps what the user typed.
  }
}

function forget(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to forget where storage is blocked.
  }
}

/** Takes (reads and removes) the pending action of `action`, if one is stored and fresh. */
export function takePending(
  storage: KeyValueStorage | undefined,
  action: PendingAction["action"],
  now = Date.now(),
  fallback: KeyValueStorage | undefined = tabFallback(),
): PendingAction | undefined {
  const raw = storage?.getItem(KEY);
  // Kept in the tab's storage when `storage` was full (savePending).
  if (!raw)
    return fallback && fallback !== storage ? takePending(fallback, action, now, undefined) : undefined;
  let parsed: ReturnType<typeof pendingSchema.safeParse>;
  try {
    parsed = pendingSchema.safeParse(JSON.parse(raw));
  } catch {
    storage?.removeItem(KEY);
    return undefined;
  }
  if (!parsed.success || parsed.data.action !== action) return undefined;
  storage?.removeItem(KEY);
  return now - parsed.data.at > MAX_AGE_MS ? undefined : parsed.data;
}

/** What the address says about an OAuth return: which action to resume and how consent went. */
export interface OAuthReturn {
  resume: string | null;
  /** granted | refused | failed, set by the proxy's callback. */
  oauth: string | null;
  oauthError: string | null;
}

/** Reads the resume and OAuth outcome parameters of an address. */
export function readOAuthReturn(search: string): OAuthReturn {
  const p = new URLSearchParams(search);
  return { resume: p.get("resume"), oauth: p.get("oauth"), oauthError: p.get("oauth_error") };
}

/** The same-origin address to come back to after OAuth: the current page plus `resume=<action>`. */
export function returnToFor(pathname: string, search: string, resume: string): string {
  const p = new URLSearchParams(search);
  for (const k of ["resume", "oauth", "oauth_error"]) p.delete(k);
  p.set("resume", resume);
  return `${pathname}?${p.toString()}`;
}

/** The address without the resume and OAuth parameters, to tidy the location bar after resuming. */
export function withoutOAuthParams(pathname: string, search: string, hash = ""): string {
  const p = new URLSearchParams(search);
  for (const k of ["resume", "oauth", "oauth_error"]) p.delete(k);
  const s = p.toString();
  return `${pathname}${s ? `?${s}` : ""}${hash}`;
}
