import { isRecord } from "../../platform/json";

// The shapes of what the studio itself writes to browser storage and to other tabs, checked by hand
// rather than with zod: the draft session runs before the first paint, and zod arrives only after it
// (docs/decisions.md, issue 14, "the contract after the first paint"). Other tabs may run another
// version of the studio and storage may hold anything: every field is checked, nothing is cast unseen.

/** What the draft list shows of a draft. */
export interface DraftMeta {
  id: string;
  name: string;
  updatedAt: number;
}

/** A draft as stored (version 1). */
export interface StoredDraft {
  version: 1;
  kind: "post" | "user";
  widgets: { id: string; widget: Record<string, unknown> }[];
  fields: Record<string, unknown>;
}

/** A message between tabs of the studio about which draft each has open, and when one saved it. */
export interface TabMessage {
  type: "hello" | "state" | "bye" | "saved";
  tab: string;
  draft: string;
  /**
   * With "saved": the draft as stored. Carried in the message because another tab's localStorage may
   * not show the write yet when the message arrives (Chromium syncs storage between tabs later).
   */
  stored?: string;
  /**
   * With "saved": when it was saved (ms since 1970), so a tab that saved later does not take an
   * older save that crossed its own. Absent from older versions' messages.
   */
  at?: number;
}

function isDraftMeta(v: unknown): v is DraftMeta {
  return (
    isRecord(v) && typeof v.id === "string" && typeof v.name === "string" && typeof v.updatedAt === "number"
  );
}

/** The draft list, or undefined when `v` is not one. */
export function asDraftIndex(v: unknown): DraftMeta[] | undefined {
  if (!Array.isArray(v) || !v.every(isDraftMeta)) return undefined;
  return v.map((m) => ({ id: m.id, name: m.name, updatedAt: m.updatedAt }));
}

/** A stored draft, or undefined when `v` is not one. */
export function asStoredDraft(v: unknown): StoredDraft | undefined {
  if (!isRecord(v) || v.version !== 1 || (v.kind !== "post" && v.kind !== "user")) return undefined;
  const { widgets, fields } = v;
  if (!isRecord(fields) || !Array.isArray(widgets)) return undefined;
  const list: StoredDraft["widgets"] = [];
  for (const w of widgets) {
    if (!isRecord(w) || typeof w.id !== "string" || !isRecord(w.widget)) return undefined;
    list.push({ id: w.id, widget: w.widget });
  }
  return { version: 1, kind: v.kind, widgets: list, fields };
}

/** A tab message, or undefined when `v` is not one. */
export function asTabMessage(v: unknown): TabMessage | undefined {
  if (!isRecord(v) || typeof v.tab !== "string" || typeof v.draft !== "string") return undefined;
  if (v.type === "saved")
    return typeof v.stored === "string"
      ? {
          type: v.type,
          tab: v.tab,
          draft: v.draft,
          stored: v.stored,
          ...(typeof v.at === "number" && Number.isFinite(v.at) ? { at: v.at } : {}),
        }
      : undefined;
  return v.type === "hello" || v.type === "state" || v.type === "bye"
    ? { type: v.type, tab: v.tab, draft: v.draft }
    : undefined;
}
