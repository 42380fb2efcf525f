import { isRecord } from "../../platform/json";
import type { EditorDocument } from "../store/document";
import { asStoredDraft, type DraftMeta } from "./draft-shapes";
import { draftDocument } from "./draft-storage";
import type { DraftWriter } from "./draft-writer";
import { type TabStore, takeFromTab } from "./tab-slot";

// Drafts browser storage refused (full) live only in the tab's memory: a reload, or leaving for the
// platform's consent page to publish and coming back, would lose them. Their text is put in the
// tab's own storage (sessionStorage: per tab, its own quota, gone with the tab) as the page is
// left, and taken back when it opens again in the same tab.

export type { TabStore };

const KEY = "addon-studio:unsaved-drafts";

/** Drafts taken back from the tab's storage, and the one that was open. */
export interface KeptInTab {
  current: string | undefined;
  drafts: { meta: DraftMeta; doc: EditorDocument }[];
}

function asMeta(v: unknown): DraftMeta | undefined {
  return isRecord(v) &&
    typeof v.id === "string" &&
    typeof v.name === "string" &&
    typeof v.updatedAt === "number"
    ? { id: v.id, name: v.name, updatedAt: v.updatedAt }
    : undefined;
}

/** Reads (and clears) what the tab kept; nothing when it kept nothing or the text is not ours. */
export function takeKept(tab: TabStore | null): KeptInTab {
  const none: KeptInTab = { current: undefined, drafts: [] };
  const json = takeFromTab(tab, KEY);
  if (!isRecord(json) || !Array.isArray(json.drafts)) return none;
  const drafts: KeptInTab["drafts"] = [];
  for (const entry of json.drafts) {
    const meta = isRecord(entry) ? asMeta(entry.meta) : undefined;
    const stored = isRecord(entry) ? asStoredDraft(entry.draft) : undefined;
    if (!meta || !stored) continue;
    drafts.push({ meta, doc: draftDocument(stored) });
  }
  return { current: typeof json.current === "string" ? json.current : undefined, drafts };
}

/**
 * Puts the drafts kept back into the writer: each is saved if storage now has room, else kept in
 * the tab again (and the save error shown). One that storage holds a newer save of (another tab's) is
 * left alone.
 */
export function restoreKept(kept: KeptInTab, writer: DraftWriter, stored: readonly DraftMeta[]): void {
  for (const { meta, doc } of kept.drafts) {
    const saved = stored.find((d) => d.id === meta.id);
    if (!saved || saved.updatedAt <= meta.updatedAt) writer.write(meta, doc);
  }
}

/** Writes the drafts only this tab holds to its storage (best effort); clears it when there are none. */
export function keepUnsaved(tab: TabStore | null, writer: DraftWriter, current: string): void {
  if (!tab) return;
  const unsaved = writer.unsaved();
  try {
    if (unsaved.length === 0) {
      if (tab.getItem(KEY)) tab.setItem(KEY, "");
      return;
    }
    tab.setItem(KEY, keptText(current, unsaved));
  } catch {
    // Too much for the tab's storage as well: the open draft alone, then (closing asks first anyway).
    const open = unsaved.filter((u) => u.meta.id === current);
    try {
      if (open.length && open.length < unsaved.length) tab.setItem(KEY, keptText(current, open));
    } catch {
      // Nothing more to try: closing or reloading the page asks first (beforeunload), as before.
    }
  }
}

function keptText(current: string, unsaved: readonly { meta: DraftMeta; doc: EditorDocument }[]): string {
  const drafts = unsaved.map(({ meta, doc }) => ({
    meta,
    draft: { version: 1, kind: doc.kind, widgets: doc.widgets, fields: doc.fields },
  }));
  return JSON.stringify({ current, drafts });
}
