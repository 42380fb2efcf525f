import type { Context } from "hono";
import { Hono } from "hono";
import type * as z from "zod";
import { studioError } from "../../platform/errors";
import { MAX_JSON_DEPTH } from "../../platform/json-text";
import { issuePath, problem } from "../../platform/problems";
import { parseStartRequest, startRequestVersion } from "../../platform/start-request";
import { validateMessage } from "../../platform/validate";
import { fail, type ServerDeps, sendError } from "../deps";
import type { InboxInput } from "../inbox";
import { PLATFORM_BODY_LIMIT, readJsonBody } from "../json-body";
import { STORE_WAIT_MS } from "../publish-record";
import { deliverySecrets, redactDeep } from "../redaction";
import { safeEqual } from "../session";
import { StoreError } from "../store/store";
import { within } from "../within";

/**
 * The addresses the platform calls: event delivery (spec 4.5) and the start address (spec 4.11).
 * What they receive goes into the inbox, which routes/inbox-routes.ts gives the editor.
 */

function problemsOf(error: z.ZodError) {
  return error.issues.map((i) => problem(issuePath(i.path), i.message, "error", "invalid_delivery"));
}

/** Spec 4.5 / 5.9: the platform authenticates itself with the identification key, compared in constant time. */
function fromPlatform(deps: ServerDeps, c: Context): boolean {
  return safeEqual(c.req.header("authorization") ?? "", deps.config.app.identificationKey);
}

/**
 * Reads a delivery's JSON within the platform body limit, the app's credentials taken out of it (it is
 * stored and shown to the inbox's users); the refusal names the limit broken.
 */
async function jsonBody(
  deps: ServerDeps,
  c: Context,
): Promise<{ ok: true; json: unknown } | { ok: false; response: Response }> {
  const read = await readJsonBody(c, PLATFORM_BODY_LIMIT);
  // Whole, however deep: readJsonBody has refused anything nested past MAX_JSON_DEPTH.
  if (read.ok) return { ok: true, json: redactDeep(read.json, deliverySecrets(deps.config), MAX_JSON_DEPTH) };
  const { code, message } = read.error.error;
  deps.log("delivery_refused", { path: c.req.path, reason: code });
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
async function store(
  deps: ServerDeps,
  c: Context,
  input: InboxInput,
  asUnread?: InboxInput,
): Promise<Response | undefined> {
  try {
    await deps.inbox.add(input);
    return undefined;
  } catch (e) {
    if (e instanceof StoreError && e.reason !== "rejected") {
      deps.log("delivery_not_stored", { path: c.req.path, reason: e.reason });
      return fail(c, "store_unavailable", { detail: e.message });
    }
    // An event the database refuses as read (a NUL in the post token it indexes) is kept as it came.
    if (asUnread && e instanceof StoreError) {
      deps.log("delivery_unread", { path: c.req.path, reason: "rejected_as_read" });
      return store(deps, c, asUnread);
    }
    deps.log("delivery_refused", { path: c.req.path, reason: e instanceof Error ? e.name : "error" });
    return fail(c, "invalid_delivery", {
      problems: [problem([], "the delivery cannot be stored", "error", "invalid_delivery")],
    });
  }
}

/** Problems kept with a delivery the studio could not read (the first ones; the body is kept whole). */
const UNREAD_PROBLEMS = 20;

/** The event address and the start address, with 405 / 404 for anything else under /platform. */
export function deliveryRoutes(deps: ServerDeps): Hono {
  const app = new Hono();

  // Spec 4.5: event delivery. Refused deliveries never reach the inbox.
  app.post("/platform/events", async (c) => {
    if (!fromPlatform(deps, c)) {
      deps.log("delivery_refused", { path: "/platform/events", reason: "wrong identification key" });
      return fail(c, "unauthenticated_delivery");
    }
    const body = await jsonBody(deps, c);
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
    const unread: InboxInput = {
      kind: "unread_event",
      body: body.json,
      problems: [
        "the event could not be stored as read (the database refused one of its values); kept as it came",
      ],
    };
    return (await store(deps, c, { kind: "event", event: checked.value }, unread)) ?? c.json({});
  });

  // Spec 4.11: the start request; both header spellings and both body versions (facts "Start address").
  app.post("/platform/start", async (c) => {
    if (!fromPlatform(deps, c)) {
      deps.log("delivery_refused", { path: "/platform/start", reason: "wrong identification key" });
      return fail(c, "unauthenticated_delivery");
    }
    // A version the studio does not know is read as the newest it knows: the user waits on the
    // platform for this answer, so what cannot be read is kept with the entry, not refused.
    const header = startRequestVersion(c.req.raw.headers);
    const body = await jsonBody(deps, c);
    if (!body.ok) return body.response;
    const parsed = parseStartRequest(header === "invalid" ? 2 : header, body.json);
    if (!parsed.ok) {
      deps.log("delivery_refused", { path: "/platform/start", reason: "not a JSON object" });
      return fail(c, "invalid_delivery", { problems: problemsOf(parsed.error) });
    }
    const start = parsed.value;
    if (header === "invalid") {
      start.problems = [
        "API-Version: not a version the studio knows (1 or 2); read as 2",
        ...(start.problems ?? []),
      ];
      start.body = body.json;
    }
    if (start.problems) {
      deps.log("delivery_unread", { path: "/platform/start", problems: start.problems.length });
      start.problems = start.problems.slice(0, UNREAD_PROBLEMS);
    }
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

  return app;
}
