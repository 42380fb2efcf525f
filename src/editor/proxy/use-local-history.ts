import { useCallback, useState } from "react";
import type { KeyValueStorage } from "./oauth-resume";
import { addHistoryEntry, type HistoryEntry, loadHistory, saveHistory } from "./publish-history";

/** This browser's publish history, kept in `storage`: the list, adding an entry, and clearing it. */
export function useLocalHistory(storage: KeyValueStorage | undefined) {
  const [history, setHistory] = useState<HistoryEntry[]>(() => loadHistory(storage));
  const add = useCallback(
    (entry: HistoryEntry) =>
      setHistory((h) => {
        const next = addHistoryEntry(h, entry);
        saveHistory(storage, next);
        return next;
      }),
    [storage],
  );
  const clear = useCallback(() => {
    setHistory([]);
    saveHistory(storage, []);
  }, [storage]);
  return { history, add, clear };
}
