import { useEffect, useRef, useState } from "react";
import { announce } from "../ui/announcer";
import { countOf } from "../ui/count-of";
import { type FetchJson, fetchJsonSameOrigin } from "./fetch-json";

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

/** Whether `/api/session` says signed in (read without a schema: this runs in the first bundle). */
function signedIn(json: unknown): boolean {
  return typeof json === "object" && json !== null && "signedIn" in json && json.signedIn === true;
}

/**
 * How many events the proxy received while the Inbox tab was not shown (since this page opened, or
 * since the tab was last left): the tab says so, so an answer to a chat button is not missed. The
 * Inbox's live stream is open only while its tab shows (a session keeps few streams), so a hidden
 * Inbox asks `GET /api/inbox` now and then instead, only while the page is visible. Signed out it
 * asks only `/api/session` (never a request the proxy would refuse with 401, which the console would
 * show); with no proxy behind the page (404) it stops asking. The first question waits `firstMs`,
 * out of the page's first load.
 */
export function useInboxUnseen(
  shown: boolean,
  opts: { fetchJson?: FetchJson; everyMs?: number; firstMs?: number; say?: (text: string) => void } = {},
): number {
  const { fetchJson = fetchJsonSameOrigin, everyMs = UNSEEN_POLL_MS, firstMs = 2000, say = announce } = opts;
  const [count, setCount] = useState(0);
  const started = useRef(false);
  useEffect(() => {
    setCount(0);
    if (shown) return;
    let stopped = false;
    // The newest entry counted so far (at first, the newest when the tab was left): what comes after
    // it is new. Unknown until read. Each answer holds only what arrived since the one before.
    let latest: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** One question; false when there is no proxy to ask. */
    const ask = async (): Promise<boolean> => {
      if (typeof document !== "undefined" && document.visibilityState === "hidden") return true;
      try {
        if (latest === undefined) {
          const session = await fetchJson("/api/session");
          if (session.status === 404) return false;
          if (session.status !== 200 || !signedIn(session.json)) return true;
        }
        const url = latest === undefined ? "/api/inbox?limit=1" : `/api/inbox?after=${latest}`;
        const { status, json } = await fetchJson(url);
        if (status === 404) return false;
        if (status === 401) latest = undefined; // Signed out meanwhile (another tab).
        const ids = status === 200 ? entryIds(json) : undefined;
        if (stopped || ids === undefined) return true;
        const before = latest;
        latest = Math.max(latest ?? 0, ...ids);
        if (before !== undefined) {
          const added = ids.filter((id) => id > before).length;
          if (added > 0) {
            setCount((n) => n + added);
            // The tab's name says it too, but only to someone who goes to the tab.
            say(`${countOf(added, "new event")} in the Inbox.`);
          }
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
    // Left by the user: what the Inbox showed is the starting point now, read at once.
    timer = setTimeout(() => void loop(), started.current ? 0 : firstMs);
    started.current = true;
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [shown, fetchJson, everyMs, firstMs, say]);
  return count;
}
