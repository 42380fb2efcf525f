import { useCallback, useState } from "react";
import { type FetchJson, fetchJsonSameOrigin } from "./fetch-json";
import { appendOlderEntries, type InboxRow, inboxEntrySchema, inboxPageSchema } from "./inbox-entries";

/**
 * "Load older" of the inbox: pages back through the proxy's stored history (GET /api/inbox with
 * `before`), filtered on the server by type and post token, below the rows already shown.
 */
export function useOlderEntries(
  rows: InboxRow[],
  setRows: (update: (rows: InboxRow[]) => InboxRow[]) => void,
  fetchJson: FetchJson = fetchJsonSameOrigin,
) {
  const [cursor, setCursor] = useState<number | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const loadOlder = useCallback(
    async (type: string, resource: string) => {
      const stored = rows.filter((r) => r.id > 0).map((r) => r.id);
      const before = cursor ?? (stored.length ? Math.min(...stored) : undefined);
      const q = new URLSearchParams({ limit: "50" });
      if (before !== undefined) q.set("before", String(before));
      // A subscription failure is this instance's own note, never stored: no server filter for it.
      if (type && type !== "SUBSCRIPTION_FAILED") q.set("type", type);
      if (resource.trim()) q.set("resource", resource.trim());
      setLoading(true);
      setError(undefined);
      try {
        const { status, json } = await fetchJson(`/api/inbox?${q}`);
        const page = inboxPageSchema.safeParse(json);
        if (status !== 200 || !page.success) {
          setError(`Older events could not be loaded (HTTP ${status}). Try again.`);
          return;
        }
        const entries = page.data.entries.flatMap((e) => {
          const parsed = inboxEntrySchema.safeParse(e);
          return parsed.success ? [parsed.data] : [];
        });
        setRows((r) => appendOlderEntries(r, entries));
        setCursor(page.data.nextBefore ?? null);
      } catch {
        setError("Older events could not be loaded (the studio did not answer). Try again.");
      } finally {
        setLoading(false);
      }
    },
    [rows, cursor, setRows, fetchJson],
  );

  /** Filters changed: the next page starts again below the rows shown. */
  const reset = useCallback(() => setCursor(undefined), []);
  return { loadOlder, loading, error, exhausted: cursor === null, reset };
}
