import { useEffect, useState } from "react";

/** Reads a same-origin JSON address with the session cookie (tests pass a fake). */
export type FetchJson = (url: string) => Promise<{ status: number; json: unknown }>;

const fetchJsonSameOrigin: FetchJson = async (url) => {
  const res = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
  return { status: res.status, json: await res.json().catch(() => null) };
};

/** How often a hidden Inbox asks for what arrived (a page on 127.0.0.1: cheap, and no stream held). */
export const UNSEEN_POLL_MS = 20_000;

/** The stored entries' ids of an `/api/inbox` answer (positive: a subscription failure's is its own). */
function entryIds(json: unknown): number[] | undefined {
  if (typeof json !== "object" || json === null || !("entries" in json) || !Array.isArray(json.entries))
    return undefined;
  const ids: number[] = [];
  for (const e of json.entries as unknown[]) {
    if (typeof e === "object" && e !== null && "id" in e && typeof e.id === "number" && e.id > 0)
      ids.push(e.id);
  }
  return ids;
}

/**
 * How many events the proxy received while the Inbox tab was not shown (since this page opened, or
 * since the tab was last left): the tab says so, so an answer to a chat button is not missed. The
 * Inbox's live stream is open only while its tab shows (a session keeps few streams), so a hidden
 * Inbox asks `GET /api/inbox` now and then instead, only while the page is visible; signed out it
 * counts nothing, and with no proxy behind the page (404) it stops asking.
 */
export function useInboxUnseen(
  shown: boolean,
  opts: { fetchJson?: FetchJson; everyMs?: number } = {},
): number {
  const { fetchJson = fetchJsonSameOrigin, everyMs = UNSEEN_POLL_MS } = opts;
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (shown) return;
    let stopped = false;
    // The newest entry counted so far (at first, the newest when the tab was left): what comes after
    // it is new. Unknown until read. Each answer holds only what arrived since the one before.
    let latest: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      if (typeof document !== "undefined" && document.visibilityState === "hidden") return true;
      try {
        const url = latest === undefined ? "/api/inbox?limit=1" : `/api/inbox?after=${latest}`;
        const { status, json } = await fetchJson(url);
        if (status === 404) return false;
        const ids = status === 200 ? entryIds(json) : undefined;
        if (stopped || ids === undefined) return true;
        const before = latest;
        latest = Math.max(latest ?? 0, ...ids);
        if (before !== undefined) {
          const added = ids.filter((id) => id > before).length;
          if (added > 0) setCount((n) => n + added);
        }
      } catch {
        // The studio did not answer (restarting): ask again later.
      }
      return true;
    };
    const loop = async () => {
      if (stopped) return;
      if (!(await ask()) || stopped) return;
      timer = setTimeout(() => void loop(), everyMs);
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [shown, fetchJson, everyMs]);
  return count;
}
