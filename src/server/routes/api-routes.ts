import type { Context } from "hono";
import { Hono } from "hono";
import * as z from "zod";
import { type BodyKind, checkBody } from "../../platform/body-check";
import { studioError } from "../../platform/errors";
import {
  chatSendScopeSets,
  postAddonScopeSets,
  USER_ADDON_CREATE,
  USER_PHONE,
  USER_VERIFICATION_CREATE,
} from "../../platform/scopes";
import { authorizeUrlFor, fail, type ServerDeps, safeReturnTo, sendError } from "../deps";
import { API_BODY_LIMIT, readJsonBody } from "../json-body";
import type { PlatformResult, UserTarget } from "../platform-client";
import { beginRecord } from "../publish-record";
import { redactError, redactResult, sessionSecrets } from "../redaction";
import type { PublishOperation, PublishTarget } from "../store/records";
import { removalRefused } from "../studio-users";
import { requireToken } from "../tokens";
import { badParam, targetOf } from "./route-params";

/** Reads a JSON body; only application/json is accepted, which also keeps cross-site forms out. */
export async function readJson(
  c: Context,
): Promise<{ ok: true; json: unknown } | { ok: false; response: Response }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("application/json")) {
    return {
      ok: false,
      response: fail(c, "invalid_request", { detail: "Content-Type must be application/json" }),
    };
  }
  // Size, strict UTF-8 and depth limits (src/server/json-body.ts), each refusal naming its limit.
  const read = await readJsonBody(c, API_BODY_LIMIT);
  return read.ok ? read : { ok: false, response: sendError(c, read.error) };
}

/** Reads and validates a body with the shared schemas; on errors nothing goes upstream. */
async function readBody(c: Context, kind: BodyKind) {
  const read = await readJson(c);
  if (!read.ok) return read;
  const check = checkBody(kind, read.json);
  if (!check.ok) return { ok: false as const, response: fail(c, "invalid_body", { problems: check.errors }) };
  return { ok: true as const, json: check.body, warnings: check.warnings };
}

/**
 * Answers a platform result: any 2xx is a success (docs/api.md), with `answerNote` when the platform's
 * answer could not be read or kept whole.
 */
function answer<T>(c: Context, result: PlatformResult<T>, extra: Record<string, unknown> = {}): Response {
  if (!result.ok) return sendError(c, result.error);
  const note = result.note !== undefined ? { answerNote: result.note } : {};
  return c.json({ ok: true, result: result.value, ...note, ...extra }, 200, { "cache-control": "no-store" });
}

const addonIdSchema = z.looseObject({ id: z.string().min(1) });

/** A user add-on the platform accepted without saying its id cannot be removed from the studio: say so. */
function noteMissingId<T>(result: PlatformResult<T>): PlatformResult<T> {
  if (!result.ok || addonIdSchema.safeParse(result.value).success) return result;
  const missing =
    "The platform did not return the new add-on's id, so the studio cannot offer to remove it later; remove it on the platform if needed.";
  return { ...result, note: result.note === undefined ? missing : `${result.note} ${missing}` };
}

/** What a failed read of the platform was, for the codes whose own wording is about a send. */
const READ_FAILURES: Partial<Record<string, string>> = {
  upstream_server_error: "the platform answered with a server error",
  upstream_timeout: "the platform did not answer in time",
  upstream_outcome_unknown: "the connection broke before the answer came",
};

/** With STUDIO_USERS, a removal sent with the app's API key alone is for the listed users only. */
async function refuseRemoval(deps: ServerDeps, c: Context): Promise<Response | undefined> {
  const why = await removalRefused(deps, c);
  return why === undefined ? undefined : fail(c, "removal_not_allowed", { detail: why });
}

function requireSignedIn(deps: ServerDeps, c: Context): Response | undefined {
  const session = deps.sessions.read(c);
  if (!session?.tokens) {
    return fail(c, "not_signed_in", {
      authorizeUrl: authorizeUrlFor([USER_PHONE], safeReturnTo(c.req.query("returnTo"))),
    });
  }
  return undefined;
}

/** The editor's JSON routes: each validates, checks scopes, then calls the platform once (no retries). */
export function apiRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  const p = deps.platform;

  /**
   * Sends once and answers the platform's result, recorded in the publish history (when a store is
   * open): the record is queued before the send, so a studio stopped while it is out still shows it.
   */
  const recorded = async <T>(
    c: Context,
    operation: PublishOperation,
    target: PublishTarget,
    body: unknown,
    send: () => Promise<PlatformResult<T>>,
    extra: Record<string, unknown> = {},
  ) => {
    const record = beginRecord(deps, c, operation, target, body);
    // Every credential of this request is taken out of what the browser and the history get.
    const result = redactResult(await send(), sessionSecrets(deps, c));
    return answer(c, result, { ...extra, ...(await record.settle(result)) });
  };
  const userRef = (target: UserTarget) =>
    "divarUserId" in target
      ? { ref: "divar_user_id" as const, id: target.divarUserId }
      : { ref: "phone" as const, id: target.phone };

  /**
   * A route that sends a checked `kind` body about the user its path names (by phone or by
   * divar_user_id), with the signed-in user's token holding one of `scopes`.
   */
  const sendAboutUser =
    <T>(
      kind: "user" | "semantic" | "semantic-by-id",
      scopes: string[][],
      send: (accessToken: string, target: UserTarget, body: unknown) => Promise<PlatformResult<T>>,
    ) =>
    async (c: Context) => {
      const target = targetOf(c);
      if (target instanceof Response) return target;
      const body = await readBody(c, kind);
      if (!body.ok) return body.response;
      const t = await requireToken(deps, c, scopes);
      if (!t.ok) return t.response;
      const recordKind = kind === "user" ? "user_addon" : "user_semantic";
      const sendIt = async () => {
        const sent = await send(t.accessToken, target, body.json);
        return kind === "user" ? noteMissingId(sent) : sent;
      };
      return recorded(c, "publish", { kind: recordKind, ...userRef(target) }, body.json, sendIt, {
        warnings: body.warnings,
      });
    };

  // Spec 4.6.
  app.post("/api/posts/:postToken/addon", async (c) => {
    const postToken = c.req.param("postToken");
    const bad = badParam(c, "post_token", postToken);
    if (bad) return bad;
    const body = await readBody(c, "post");
    if (!body.ok) return body.response;
    const t = await requireToken(deps, c, postAddonScopeSets(postToken));
    if (!t.ok) return t.response;
    const page = deps.config.postPageUrl?.replace("{post_token}", encodeURIComponent(postToken)) ?? null;
    // The platform attaches the add-on a moment later (facts "Endpoints"); say so rather than claim it shows.
    const target = { kind: "post_addon", ref: "post_token", id: postToken } as const;
    return recorded(c, "publish", target, body.json, () => p.postAddon(t.accessToken, postToken, body.json), {
      warnings: body.warnings,
      postPageUrl: page,
      attachedLater: true,
    });
  });

  // Facts "Endpoints": DELETE /v1/open-platform/addons/post/{post_token}.
  app.delete("/api/posts/:postToken/addon", async (c) => {
    const postToken = c.req.param("postToken");
    const bad = badParam(c, "post_token", postToken);
    if (bad) return bad;
    const t = await requireToken(deps, c, postAddonScopeSets(postToken));
    if (!t.ok) return t.response;
    const target = { kind: "post_addon", ref: "post_token", id: postToken } as const;
    return recorded(c, "remove", target, null, () => p.deletePostAddons(t.accessToken, postToken));
  });

  // Spec 4.7 by phone; facts: by divar_user_id on the live platform.
  const userAddon = sendAboutUser("user", [[USER_ADDON_CREATE]], (token, target, body) =>
    p.userAddon(token, target, body),
  );
  app.post("/api/users/phone/:phone/addon", userAddon);
  app.post("/api/users/id/:divarUserId/addon", userAddon);

  app.delete("/api/user-addons/:id", async (c) => {
    const id = c.req.param("id");
    const bad = badParam(c, "id", id);
    if (bad) return bad;
    const denied = requireSignedIn(deps, c) ?? (await refuseRemoval(deps, c));
    if (denied) return denied;
    const target = { kind: "user_addon", ref: "addon_id", id } as const;
    return recorded(c, "remove", target, null, () => p.deleteUserAddon(id));
  });

  // Spec 4.8 / 4.9: API-key permissions; 4.8 also sends the user's token (any scope). The live route by
  // divar_user_id needs USER_VERIFICATION_CREATE and takes the phone in the body (create) or in the
  // query (delete): OpenAPI.
  const semanticCreate = (kind: "semantic" | "semantic-by-id") =>
    sendAboutUser(kind, kind === "semantic" ? [[]] : [[USER_VERIFICATION_CREATE]], (token, target, body) =>
      p.semanticCreate(token, target, body),
    );
  const semanticDelete = async (c: Context) => {
    const found = targetOf(c);
    if (found instanceof Response) return found;
    let target: UserTarget = found;
    if ("divarUserId" in found) {
      const phone = c.req.query("phone") ?? "";
      // The platform removes semantic data by phone only: an id's removal names the phone as ?phone=.
      const bad = badParam(c, "phone", phone, "in the query string (?phone=)");
      if (bad) return bad;
      target = { ...found, phone };
    }
    // The platform needs only the API key (spec 4.9); the proxy still requires a signed-in editor user
    // (and, with STUDIO_USERS, one of them).
    const denied = requireSignedIn(deps, c) ?? (await refuseRemoval(deps, c));
    if (denied) return denied;
    const ref = { kind: "user_semantic" as const, ...userRef(found) };
    return recorded(c, "remove", ref, null, () => p.semanticDelete(target));
  };
  app.post("/api/users/phone/:phone/semantic", semanticCreate("semantic"));
  app.post("/api/users/id/:divarUserId/semantic", semanticCreate("semantic-by-id"));
  app.delete("/api/users/phone/:phone/semantic", semanticDelete);
  app.delete("/api/users/id/:divarUserId/semantic", semanticDelete);

  // Spec 4.10.
  app.post("/api/conversations/:conversationId/messages", async (c) => {
    const conversationId = c.req.param("conversationId");
    const bad = badParam(c, "conversation_id", conversationId);
    if (bad) return bad;
    const body = await readBody(c, "chat");
    if (!body.ok) return body.response;
    // Any one of the OpenAPI's three alternatives; the proxy cannot tell a conversation's post, so any
    // post-scoped send scope held is offered and the platform judges it (docs/decisions.md).
    const t = await requireToken(deps, c, (held) =>
      chatSendScopeSets(conversationId, { heldPostScopes: held }),
    );
    if (!t.ok) return t.response;
    const target = { kind: "chat_message", ref: "conversation_id", id: conversationId } as const;
    return recorded(
      c,
      "send",
      target,
      body.json,
      () => p.sendMessage(t.accessToken, conversationId, body.json),
      {
        warnings: body.warnings,
      },
    );
  });

  // Spec 4.3.
  app.get("/api/phones", async (c) => {
    const t = await requireToken(deps, c, [[USER_PHONE]]);
    if (!t.ok) return t.response;
    const result = await p.phones(t.accessToken);
    if (!result.ok) {
      // The send wording ("may still have applied the change") means nothing for a read.
      const why = READ_FAILURES[result.error.error.code];
      // A 503's Retry-After (maintenance) is passed on, as for a send: the message says to wait that long.
      const wait = result.error.error.retryAfter;
      if (why)
        return fail(c, "upstream_read_failed", {
          detail: why,
          ...(wait !== undefined ? { retryAfter: wait } : {}),
        });
      return sendError(c, redactError(result.error, sessionSecrets(deps, c)));
    }
    // Already the answer's shape ({phone_numbers, user_id?}, platform-client.ts phonesSchema).
    return c.json(result.value, 200, { "cache-control": "no-store" });
  });

  app.all("/api/*", (c) =>
    sendError(c, studioError("not_found", { detail: `no route ${c.req.method} ${c.req.path}` })),
  );
  return app;
}
