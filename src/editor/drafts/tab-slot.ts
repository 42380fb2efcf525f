/** The tab's own storage (sessionStorage) as the studio uses it: per tab, kept over a reload. */
export type TabStore = Pick<Storage, "getItem" | "setItem">;

/**
 * Reads what `key` holds in the tab's storage, parsed as JSON, and clears it (what is kept over a
 * reload is taken back once); undefined when there is nothing, it is not JSON, or storage refuses.
 */
export function takeFromTab(tab: TabStore | null, key: string): unknown {
  try {
    const text = tab?.getItem(key);
    if (!text) return undefined;
    tab?.setItem(key, "");
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes `text` under `key` (undefined clears it); a full or refused storage loses it quietly. */
export function putInTab(tab: TabStore | null, key: string, text: string | undefined): void {
  if (!tab) return;
  try {
    if (text !== undefined) tab.setItem(key, text);
    else if (tab.getItem(key)) tab.setItem(key, "");
  } catch {
    // What the tab would have kept goes with the page, as without storage.
  }
}
