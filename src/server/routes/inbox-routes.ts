import type { Context } from "hono";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type * as z from "zod";
import { studioError } from "../../platform/errors";
import { problem } from "../../platform/problems";
import { parseStartRequest, startRequestVersion } from "../../platform/start-request";
import { validateMessage } from "../../platform/validate";
import { fail, type ServerDeps, type StreamSlot, sendError } from "../deps";
import { FRESH_REPLAY, type Inbox, type InboxInput, type InboxJson, type InboxQuery } from "../inbox";
import { type InboxScope, inScope, scopeOf } from "../inbox-scope";
import { PLATFORM_BODY_LIMIT, readJsonBody } from "../json-body";
import { STORE_WAIT_MS } from "../publish-record";
import { safeEqual } from "../session";
import { StoreError } from "../store/store";
import { within } from "../within";

/** Entries one live stream may have waiting to be written. */
const STREAM_QUEUE_LIMIT = 200;
/** When a stream ended to make way for a newer one of its session asks its browser to come back (ms). */
export const EVICTED_RETRY_MS = 30_000;

function problemsOf(error: z.ZodError) {
  return error.issues.map((i) =>
    problem(
      i.path.filter((s): s is string | number => typeof s !== "symbol"),
      i.message,
      "error",
      "invalid_delivery",
    ),
  );
}

/** Spec 4.5 / 5.9: the platform authenticates itself with the identification key, compared in constant time. */
function fromPlatform(deps: ServerDeps, c: Context): boolean {
  return safeEqual(c.req.header("authorization") ?? "", deps.config.app.identificationKey);
}

/** Reads a delivery's JSON within the platform body limit; the refusal names the limit broken. */
async function jsonBody(
  c: Context,
): Promise<{ ok: true; json: unknown } | { ok: false; response: Response }> {
  const read = await readJsonBody(c, PLATFORM_BODY_LIMIT);
  if (read.ok) return read;
  const { code, message } = read.error.error;
  // Over the size limit stays a 413; anything else unreadable is an invalid delivery that says why.
  if (code === "payload_too_large") return { ok: false, response: sendError(c, read.error) };
  return {
    ok: false,
    response: fail(c, "invalid_delivery", { problems: [problem([], message, "error", "invalid_delivery")] }),
  };
}

/**
 * Stores an entry before the platform is answered: a store that fails is a 503 and nothing is shown
 * as received yet (a store that could not be reached keeps the entry and stores it once it answers,
 * store.ts insertEvent); an entry that cannot be stored at all is refused (400).
 */
async function store(deps: ServerDeps, c: Context, input: InboxInput): Promise<Response | undefined> {
  try {
    await deps.inbox.add(input);
    return undefined;
  } catch (e) {
    if (e instanceof StoreError && e.reason !== "rejected") {
      deps.log("delivery_not_stored", { path: c.req.path, reason: e.reason });
      return fail(c, "store_unavailable", { detail: e.message });
    }
    deps.log("delivery_refused", { path: c.req.path, reason: e instanceof Error ? e.name : "error" });
    return fail(c, "invalid_delivery", {
      problems: [problem([], "the delivery cannot be stored", "error", "invalid_delivery")],
    });
  }
}

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

/** Problems kept with an event the studio could not read (the first ones; the body is kept whole). */
const UNREAD_PROBLEMS = 20;

/** Addresses the platform calls (event address, start address) and the editor's live inbox. */
export function platformRoutes(deps: ServerDeps): Hono {
  const app = new Hono();

  // Spec 4.5: event delivery. Refused deliveries never reach the inbox.
  app.post("/platform/events", async (c) => {
    if (!fromPlatform(deps, c)) {
      deps.log("delivery_refused", { path: "/platform/events", reason: "wrong identification key" });
      return fail(c, "unauthenticated_delivery");
    }
    const body = await jsonBody(c);
    if (!body.ok) return body.response;
    // As the library reads it: a null is an absent field (proto3 JSON), as `validate --kind event` says.
    const checked = validateMessage("event", body.json);
    if (!checked.ok) {
      // Kept as it came, with why, and acknowledged: a type or shape newer than the studio's contract
      // (the event service is experimental, spec 4.5) refused with 400 was lost.
      const problems = checked.errors.slice(0, UNREAD_PROBLEMS).map((p) => `${p.at}: ${p.message}`);
      deps.log("delivery_unread", { path: "/platform/events", problems: checked.errors.length });
      return (await store(deps, c, { kind: "unread_event", body: body.json, problems })) ?? c.json({});
    }
    return (await store(deps, c, { kind: "event", event: checked.value })) ?? c.json({});
  });

  // Spec 4.11: the start request; both header spellings and both body versions (facts "Start address").
  app.post("/platform/start", async (c) => {
    if (!fromPlatform(deps, c)) {
      deps.log("delivery_refused", { path: "/platform/start", reason: "wrong identification key" });
      return fail(c, "unauthenticated_delivery");
    }
    const version = startRequestVersion(c.req.raw.headers);
    if (version === "invalid") return fail(c, "invalid_delivery", { detail: "unknown API version" });
    const body = await jsonBody(c);
    if (!body.ok) return body.response;
    const parsed = parseStartRequest(version, body.json);
    if (!parsed.ok) return fail(c, "invalid_delivery", { problems: problemsOf(parsed.error) });
    const start = parsed.value;
    const params = new URLSearchParams();
    if (start.postToken) params.set("post_token", start.postToken);
    if (start.conversationId) params.set("conversation_id", start.conversationId);
    if (start.completionUrl) params.set("completion_url", start.completionUrl);
    const query = params.toString();
    const url = `${deps.config.publicUrl}/${query ? `?${query}` : ""}`;
    // The user waits on the platform for this answer, and the platform does not send it again: unlike
    // an event, it is answered whatever becomes of its inbox entry. A store that fails or hangs does
    // not cost the user's way into the studio (logged delivery_not_stored); one that could not be
    // reached keeps the entry until it answers, as it keeps an event.
    const adding = deps.inbox.add({ kind: "start_request", start, answeredUrl: url }).then(
      () => undefined,
      (e: unknown) => {
        const reason = e instanceof StoreError ? e.reason : e instanceof Error ? e.name : "error";
        deps.log("delivery_not_stored", { path: "/platform/start", reason });
      },
    );
    await within(adding, STORE_WAIT_MS);
    return c.json({ url });
  });

  // The platform only POSTs here; anything else under /platform is not an address of the studio.
  for (const path of ["/platform/events", "/platform/start"])
    app.all(path, (c) =>
      c.newResponse(
        JSON.stringify(
          studioError("method_not_allowed", { detail: `${c.req.method} ${path}; the platform POSTs here` }),
        ),
        405,
        { allow: "POST", "content-type": "application/json", "cache-control": "no-store" },
      ),
    );
  app.all("/platform/*", (c) => fail(c, "not_found", { detail: `no address ${c.req.method} ${c.req.path}` }));

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
