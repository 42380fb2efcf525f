import type { Context } from "hono";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { fail, type ServerDeps, type StreamSlot } from "../deps";
import { FRESH_REPLAY, type Inbox, type InboxJson, type InboxQuery } from "../inbox";
import { type InboxScope, inScope, scopeOf } from "../inbox-scope";

/** Entries one live stream may have waiting to be written. */
const STREAM_QUEUE_LIMIT = 200;
/** When a stream ended to make way for a newer one of its session asks its browser to come back (ms). */
export const EVICTED_RETRY_MS = 30_000;

/** Reads the history filters of GET /api/inbox; undefined for an absent or empty parameter. */
function historyQuery(c: Context): InboxQuery | string {
  const text = (name: string) => {
    const v = c.req.query(name);
    return v === undefined || v === "" ? undefined : v;
  };
  const q: InboxQuery = {};
  for (const name of ["before", "limit"] as const) {
    const v = text(name);
    if (v === undefined) continue;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) return `${name} must be a positive whole number`;
    q[name] = n;
  }
  if (q.limit !== undefined && q.limit > 500) return "limit must be at most 500";
  const type = text("type");
  const resource = text("resource");
  if (type !== undefined) q.type = type.slice(0, 100);
  if (resource !== undefined) q.resource = resource.slice(0, 200);
  return q;
}

/** Rows one history request reads at most while looking for entries in the session's scope. */
const SCAN_LIMIT = 5000;

/**
 * A page of the session's history (newest first): pages of the whole inbox are read until `limit`
 * entries in scope are found, or SCAN_LIMIT rows were read (then `nextBefore` continues from there).
 */
async function scopedPage(
  inbox: Inbox,
  q: InboxQuery,
  scope: InboxScope,
): Promise<{ entries: InboxJson[]; nextBefore: number | null }> {
  const limit = q.limit ?? FRESH_REPLAY;
  const out: InboxJson[] = [];
  let before = q.before;
  for (let scanned = 0; scanned < SCAN_LIMIT; ) {
    const page = await inbox.page({ ...q, limit: 500, ...(before !== undefined ? { before } : {}) });
    for (const e of page.entries) {
      if (!inScope(scope, e)) continue;
      out.push(e);
      if (out.length === limit) return { entries: out, nextBefore: e.id };
    }
    scanned += page.entries.length;
    if (page.nextBefore === null || page.entries.length === 0) return { entries: out, nextBefore: null };
    before = page.nextBefore;
  }
  return { entries: out, nextBefore: before ?? null };
}

/** The editor's inbox: its history pages and its live stream (what routes/delivery-routes.ts received). */
export function inboxRoutes(deps: ServerDeps): Hono {
  const app = new Hono();

  const signedIn = (c: Context) => deps.sessions.read(c)?.tokens !== undefined;
  // What this browser may see of the app's inbox (issue 13.17, src/server/inbox-scope.ts).
  const scopeFor = (c: Context): InboxScope => {
    const session = deps.sessions.read(c);
    return session ? scopeOf(session) : { sid: "", signedInAt: Number.POSITIVE_INFINITY, subscriptions: [] };
  };

  // `after`: what arrived after an id (as before issue 15); otherwise a page of history (the latest
  // `limit`, default 200, before `before`), filtered by type and resource, with the next page's `before`.
  // Both oldest first.
  app.get("/api/inbox", async (c) => {
    if (!signedIn(c))
      return fail(c, "not_signed_in", { authorizeUrl: "/oauth/start?scope=USER_PHONE&returnTo=%2F" });
    const headers = { "content-type": "application/json", "cache-control": "no-store" };
    const scope = scopeFor(c);
    const afterText = c.req.query("after");
    if (afterText !== undefined) {
      const after = Number(afterText);
      const all = await deps.inbox.sinceJson(Number.isFinite(after) ? after : 0);
      const entries = all.filter((e) => inScope(scope, e));
      // Entries were serialised when they arrived; joining them cannot fail.
      return c.body(`{"entries":[${entries.map((e) => e.json).join(",")}]}`, 200, headers);
    }
    const q = historyQuery(c);
    if (typeof q === "string") return fail(c, "invalid_request", { detail: q });
    const page = await scopedPage(deps.inbox, q, scope);
    // Oldest first within the page, as the inbox shows them; "Load older" puts the next page above.
    const entries = page.entries.map((e) => e.json).reverse();
    return c.body(
      `{"entries":[${entries.join(",")}],"nextBefore":${page.nextBefore ?? "null"}}`,
      200,
      headers,
    );
  });

  // Server-sent events: replays what the inbox holds (after Last-Event-ID), then streams live entries.
  app.get("/api/inbox/stream", (c) => {
    if (!signedIn(c))
      return fail(c, "not_signed_in", { authorizeUrl: "/oauth/start?scope=USER_PHONE&returnTo=%2F" });
    const last = Number(c.req.header("last-event-id") ?? c.req.query("after") ?? "0");
    const scope = scopeFor(c);
    // A cap per session: every open stream holds a listener and a socket. At the cap the session's
    // oldest stream makes way: after a network change (a laptop's sleep, another Wi-Fi) the old
    // streams are half-open, their writes taken by the kernel for up to ~15 minutes, and refusing
    // the new one with a 429 left the inbox dead for good (EventSource does not retry a 429). A
    // live tab whose stream is ended reconnects by itself after `EVICTED_RETRY_MS`, from its last id.
    const sid = deps.sessions.read(c)?.sid ?? "";
    const slots = deps.streams.get(sid) ?? [];
    let evicted = false;
    let wake: (() => void) | undefined;
    const slot: StreamSlot = {
      evict: () => {
        evicted = true;
        wake?.();
      },
    };
    while (slots.length >= deps.config.limits.streamsPerSession) slots.shift()?.evict();
    slots.push(slot);
    deps.streams.set(sid, slots);
    const release = () => {
      const list = deps.streams.get(sid);
      const at = list?.indexOf(slot) ?? -1;
      if (list && at >= 0) list.splice(at, 1);
      if (list?.length === 0) deps.streams.delete(sid);
    };
    return streamSSE(
      c,
      async (stream) => {
        const queue: InboxJson[] = [];
        const unsubscribe = deps.inbox.subscribe((e) => {
          queue.push(e);
          // A client that stops reading must not grow this queue without bound: the oldest entries go
          // (a reconnect with Last-Event-ID replays them from the store).
          if (queue.length > STREAM_QUEUE_LIMIT) queue.splice(0, queue.length - STREAM_QUEUE_LIMIT);
          wake?.();
        });
        stream.onAbort(() => wake?.());
        // Whatever happens while streaming, the listener and the session's stream count are given back.
        try {
          let lastSent = Number.isSafeInteger(last) && last > 0 ? last : 0;
          // Entries of this instance only (negative ids) carry no id: they must not move Last-Event-ID.
          const send = async (e: InboxJson) => {
            if (!inScope(scope, e)) return;
            if (e.id > 0 && e.id <= lastSent) return; // already sent by the replay
            if (e.id > 0) lastSent = e.id;
            await stream.writeSSE(
              e.id > 0
                ? { id: String(e.id), event: "inbox", data: e.json }
                : { event: "inbox", data: e.json },
            );
          };
          await stream.writeSSE({ event: "ready", data: "{}" });
          for (const e of await deps.inbox.sinceJson(lastSent)) await send(e);
          // What follows arrived while the client listened: it may tell its user of each (the editor says them aloud).
          await stream.writeSSE({ event: "caught_up", data: "{}" });
          while (!stream.aborted && !evicted) {
            const next = queue.shift();
            if (next) {
              await send(next);
              continue;
            }
            // Wait for an entry, or send a comment every 15 s so intermediaries keep the connection open.
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 15_000);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = undefined;
            if (!stream.aborted && !evicted && queue.length === 0) await stream.write(": keep-alive\n\n");
          }
          // Made way for a newer stream of the session: a browser still reading comes back later.
          if (evicted && !stream.aborted)
            await stream.writeSSE({ event: "evicted", data: "{}", retry: EVICTED_RETRY_MS });
        } finally {
          unsubscribe();
          release();
        }
      },
      async (err) => {
        deps.log("stream_failed", { name: err.name });
      },
    );
  });

  return app;
}
