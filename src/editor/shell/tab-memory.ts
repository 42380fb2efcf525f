import { isRecord } from "../../platform/json";

/**
 * What this browser tab keeps over a reload of the page (sessionStorage: per tab, gone with it): a
 * sign-in's round trip through the consent page, a sign-out, F5. The draft itself is saved apart
 * (drafts/); this is where the user was in it: the output tab shown, the widget selected, the post
 * being published to.
 */
export interface TabMemory {
  /** The add-on editor or the chat composer, as chosen in the header. */
  mode?: "addon" | "chat";
  outputTab?: string;
  /** The selected widget, and the draft it belongs to. */
  selection?: { draftId: string; widgetId: string };
  postToken?: string;
}

const KEY = "addon-studio:tab";

/** The tab's storage, or null where the browser refuses it (then nothing is remembered). */
export function tabStorage(): Pick<Storage, "getItem" | "setItem"> | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.length > 0 && v.length <= 200 ? v : undefined;
}

/** What `storage` remembers for this tab; fields that do not read as expected are left out. */
export function readTabMemory(storage: Pick<Storage, "getItem"> | null): TabMemory {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(KEY) ?? "null");
  } catch {
    return {};
  }
  if (!isRecord(raw)) return {};
  const out: TabMemory = {};
  if (raw.mode === "addon" || raw.mode === "chat") out.mode = raw.mode;
  const outputTab = text(raw.outputTab);
  if (outputTab) out.outputTab = outputTab;
  const postToken = text(raw.postToken);
  if (postToken) out.postToken = postToken;
  const sel = raw.selection;
  if (isRecord(sel)) {
    const draftId = text(sel.draftId);
    const widgetId = text(sel.widgetId);
    if (draftId && widgetId) out.selection = { draftId, widgetId };
  }
  return out;
}

/** Remembers `patch` for this tab (a field set to undefined is forgotten). Failing to is harmless. */
export function rememberInTab(storage: Pick<Storage, "getItem" | "setItem"> | null, patch: TabMemory): void {
  if (!storage) return;
  const next: Record<string, unknown> = { ...readTabMemory(storage), ...patch };
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage only means the place is not kept over a reload.
  }
}
