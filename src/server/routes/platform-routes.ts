import type { Context } from "hono";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { deliveredEventSchema } from "../../platform/events";
import { problem } from "../../platform/problems";
import { parseStartRequest, startRequestVersion } from "../../platform/start-request";
import type * as z from "zod";
import { fail, type ServerDeps } from "../deps";
import type { InboxEntry } from "../inbox";
import { safeEqual } from "../session";

/** Entries one live stream may have waiting to be written. */
const STREAM_QUEUE_LIMIT = 200;

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

async function jsonBody(c: Context): Promise<{ ok: true; json: unknown } | { ok: false }> {
  try {
    return { ok: true, json: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false };
  }
}

/** Addresses the platform calls (event address, start address) and the editor's live inbox. */
export function platformRoutes(deps: ServerDeps): Hono {
  const app = new Hono();

  // Spec 4.5: event delivery. Refused deliveries never reach the inbox.
  app.post("/platform/events", async (c) => {
    if (!fromPlatform(deps, c)) {
      deps.log("event delivery refused: wrong identification key");
      return fail(c, "unauthenticated_delivery");
    }
    const body = await jsonBody(c);
    if (!body.ok) return fail(c, "invalid_delivery");
    const parsed = deliveredEventSchema.safeParse(body.json);
    if (!parsed.success) return fail(c, "invalid_delivery", { problems: problemsOf(parsed.error) });
    deps.inbox.add({ kind: "event", event: parsed.data });
    return c.json({});
  });

  // Spec 4.11: the start request; both header spellings and both body versions (facts "Start address").
  app.post("/platform/start", async (c) => {
    if (!fromPlatform(deps, c)) {
      deps.log("start request refused: wrong identification key");
      return fail(c, "unauthenticated_delivery");
    }
    const version = startRequestVersion(c.req.raw.headers);
    if (version === "invalid") return fail(c, "invalid_delivery", { detail: "unknown API version" });
    const body = await jsonBody(c);
    if (!body.ok) return fail(c, "invalid_delivery");
    const parsed = parseStartRequest(version, body.json);
    if (!parsed.ok) return fail(c, "invalid_delivery", { problems: problemsOf(parsed.error) });
    const start = parsed.value;
    const params = new URLSearchParams();
    if (start.postToken) params.set("post_token", start.postToken);
    if (start.conversationId) params.set("conversation_id", start.conversationId);
    if (start.completionUrl) params.set("completion_url", start.completionUrl);
    const query = params.toString();
    const url = `${deps.config.publicUrl}/${query ? `?${query}` : ""}`;
    deps.inbox.add({ kind: "start_request", start, answeredUrl: url });
    return c.json({ url });
  });

  const signedIn = (c: Context) => deps.sessions.read(c)?.tokens !== undefined;

  app.get("/api/inbox", (c) => {
    if (!signedIn(c))
      return fail(c, "not_signed_in", { authorizeUrl: "/oauth/start?scope=USER_PHONE&returnTo=%2F" });
    const after = Number(c.req.query("after") ?? "0");
    return c.json({ entries: deps.inbox.since(Number.isFinite(after) ? after : 0) }, 200, {
      "cache-control": "no-store",
    });
  });

  // Server-sent events: replays what the inbox holds (after Last-Event-ID), then streams live entries.
  app.get("/api/inbox/stream", (c) => {
    if (!signedIn(c))
      return fail(c, "not_signed_in", { authorizeUrl: "/oauth/start?scope=USER_PHONE&returnTo=%2F" });
    const last = Number(c.req.header("last-event-id") ?? c.req.query("after") ?? "0");
    return streamSSE(c, async (stream) => {
      const queue: InboxEntry[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = deps.inbox.subscribe((e) => {
        queue.push(e);
        // A client that stops reading must not grow this queue without bound: past what the inbox
        // itself keeps, the oldest entries go (a reconnect with Last-Event-ID replays what remains).
        if (queue.length > STREAM_QUEUE_LIMIT) queue.splice(0, queue.length - STREAM_QUEUE_LIMIT);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      const send = (e: InboxEntry) =>
        stream.writeSSE({ id: String(e.id), event: "inbox", data: JSON.stringify(e) });
      await stream.writeSSE({ event: "ready", data: "{}" });
      for (const e of deps.inbox.since(Number.isFinite(last) ? last : 0)) await send(e);
      while (!stream.aborted) {
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
        if (!stream.aborted && queue.length === 0) await stream.write(": keep-alive\n\n");
      }
      unsubscribe();
    });
  });

  return app;
}
