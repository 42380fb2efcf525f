import * as z from "zod";
import { maybeDelivered } from "./maybe-delivered";
import type { KeyValueStorage } from "./oauth-resume";
import { errorText } from "./proxy-client";
import type { SendOutcome } from "./use-send-flow";

/** One publish or send, remembered in the browser (the platform cannot be asked what was published). */
export const historyEntrySchema = z.strictObject({
  at: z.string(),
  kind: z.enum(["post", "user", "semantic", "chat"]),
  target: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  pageUrl: z.string().optional(),
  /** It failed in a way that does not say nothing was applied (`maybeDelivered`): "outcome unknown". */
  unsure: z.boolean().optional(),
  /** A published user add-on's id (4.7 answers `{id}`), so it can be removed later from the history. */
  addonId: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const KEY = "addon-studio.publish-history";
/** The history keeps the latest entries only. */
export const HISTORY_MAX = 50;

/** Adds an entry at the front, keeping at most HISTORY_MAX. */
export function addHistoryEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history].slice(0, HISTORY_MAX);
}

/** Reads the history; entries that do not parse are skipped rather than failing the whole list. */
export function loadHistory(storage: KeyValueStorage | undefined): HistoryEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e) => {
    const p = historyEntrySchema.safeParse(e);
    return p.success ? [p.data] : [];
  });
}

/** Saves the history; a full or blocked storage only loses the history, never the document. */
export function saveHistory(storage: KeyValueStorage | undefined, history: readonly HistoryEntry[]): void {
  try {
    storage?.setItem(KEY, JSON.stringify(history));
  } catch {
    // Nothing else to do: the history is a convenience.
  }
}

/** How the history and the outcome name a target (post, user, conversation or user add-on). */
export function describeTarget(t: Record<string, string>): string {
  if (t.postToken) return `post ${t.postToken}`;
  if (t.divarUserId) return `user ${t.divarUserId}`;
  if (t.phone) return `user with phone ${t.phone}`;
  if (t.conversationId) return `conversation ${t.conversationId}`;
  if (t.addonId) return `user add-on ${t.addonId}`;
  return "unknown target";
}

/**
 * The entries of user add-ons that a removal in `history` (newest first) took away after they were
 * published: they offer no Remove, which would send the same removal again. A removal's entry names
 * its target as describeTarget names a user add-on, with the detail "removed".
 */
export function removedLaterAddons(history: readonly HistoryEntry[]): Set<HistoryEntry> {
  const removed = new Set<string>();
  const gone = new Set<HistoryEntry>();
  for (const h of history) {
    if (h.ok && h.kind === "user" && h.detail === "removed") removed.add(h.target);
    else if (h.addonId && removed.has(describeTarget({ addonId: h.addonId }))) gone.add(h);
  }
  return gone;
}

/** The result of a finished publish, for the history. */
export function historyEntryFor(
  kind: HistoryEntry["kind"],
  target: Record<string, string>,
  outcome: SendOutcome,
  pageUrl: string | undefined,
  now = new Date(),
  successDetail = "published",
): HistoryEntry | undefined {
  const base = { at: now.toISOString(), kind, target: describeTarget(target) };
  if (outcome.status === "success")
    return { ...base, ok: true, detail: successDetail, ...(pageUrl ? { pageUrl } : {}) };
  if (outcome.status === "error")
    return {
      ...base,
      ok: false,
      detail: errorText(outcome.error),
      ...(maybeDelivered(outcome.error.code) ? { unsure: true } : {}),
    };
  return undefined;
}
