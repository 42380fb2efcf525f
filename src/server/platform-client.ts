import * as z from "zod";
import { type StudioError, studioError } from "../platform/errors";
import type { SubscriptionRequest } from "../platform/events";
import type { FetchLike } from "../platform/fetch-like";
import type { Logger } from "./log";
import { redactDeep, redactSecrets } from "./redaction";
import { answerTooLarge } from "./transport-errors";
import { boundedResult, readAnswer, unreadBody } from "./upstream-answer";
import { mapFetchFailure, mapUpstreamFailure, networkCause } from "./upstream-errors";

export interface PlatformClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  timeoutMs: number;
  now: () => number;
  /** More values to redact from every answer (the client secret); the API key and token always are. */
  secrets?: readonly string[];
  /** Notes a call that got no answer (`upstream_failed`): the request line alone says only 502 or 504. */
  log?: Logger;
}

type Failure = { ok: false; error: StudioError };

/** A read (GET): its answer must be what the studio reads, or it is upstream_invalid_response. */
export type PlatformRead<T> = { ok: true; status: number; value: T } | Failure;

/**
 * A call that changes something (publish, removal, send, subscription). Any 2xx is a delivery: the
 * platform accepted it, whatever its answer says. An answer the studio cannot read (not JSON, the
 * wrong shape, too large) gives `value: null` or a bounded value, and `note` says why; it is never
 * an error, which would invite sending it again (docs/api.md, "Nothing is ever sent twice").
 */
export type PlatformResult<T> = { ok: true; status: number; value: T | null; note?: string } | Failure;

/**
 * A user is addressed by phone (spec 4.7, 4.8) or by divar_user_id (live paths, facts "Endpoints");
 * the live semantic delete by divar_user_id also names the phone, in its query (OpenAPI).
 */
export type UserTarget = { phone: string } | { divarUserId: string; phone?: string };

const emptySchema = z.looseObject({});
const idSchema = z.looseObject({ id: z.string().min(1) });
/**
 * GET /users (OpenAPI `finderUser`): `phone_number`, the deprecated list `phone_numbers`, and `user_id`
 * (with USER_ID), each optional. Read as one list, the deprecated one when it has numbers, else the
 * single `phone_number`, so the studio works whichever of the two the platform sends.
 */
const phonesSchema = z
  .looseObject({
    phone_numbers: z.array(z.string()).optional(),
    phone_number: z.string().optional(),
    user_id: z.string().optional(),
  })
  .transform((u): { phone_numbers: string[]; user_id?: string } => {
    const list = (u.phone_numbers ?? []).filter((p) => p !== "");
    const phones = list.length > 0 ? list : u.phone_number ? [u.phone_number] : [];
    return u.user_id ? { phone_numbers: phones, user_id: u.user_id } : { phone_numbers: phones };
  });
/** Chat send answer: `status` is int32 live (OpenAPI) and was a string on older platforms; both pass. */
const chatSentSchema = z.looseObject({ message: z.unknown().optional(), status: z.unknown().optional() });

/** The note of a subscription the platform answered 409 to (it holds it already). */
export const SUBSCRIPTION_EXISTS =
  "The platform already held this subscription (409, already exists); it is held as it is.";

/** Calls the open API host with x-api-key and, where needed, Bearer (spec 4.3-4.10). Never retries. */
export interface PlatformClient {
  postAddon(
    accessToken: string,
    postToken: string,
    body: unknown,
  ): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
  deletePostAddons(
    accessToken: string,
    postToken: string,
  ): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
  userAddon(
    accessToken: string,
    target: UserTarget,
    body: unknown,
  ): Promise<PlatformResult<z.infer<typeof idSchema>>>;
  deleteUserAddon(id: string): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
  semanticCreate(
    accessToken: string,
    target: UserTarget,
    body: unknown,
  ): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
  semanticDelete(target: UserTarget): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
  sendMessage(
    accessToken: string,
    conversationId: string,
    body: unknown,
  ): Promise<PlatformResult<z.infer<typeof chatSentSchema>>>;
  phones(accessToken: string): Promise<PlatformRead<z.output<typeof phonesSchema>>>;
  subscribe(
    accessToken: string,
    body: SubscriptionRequest,
  ): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
}

/** The answer's JSON with the secrets redacted on its decoded strings, or why it is not usable. */
type Parsed<T> = { ok: true; value: T } | { ok: false; why: string };

function parseAnswer<T>(text: string, schema: z.ZodType<T>, secrets: readonly string[]): Parsed<T> {
  let json: unknown = {};
  if (text.trim() !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, why: "its answer is not JSON" };
    }
  }
  // Successful answers reach the editor and the history too, so an echo of a credential is cut out.
  const parsed = schema.safeParse(redactDeep(json, secrets));
  if (parsed.success) return { ok: true, value: parsed.data };
  const where = parsed.error.issues.map((i) => i.path.join(".") || "(body)").join(", ");
  return { ok: false, why: `its answer has an unexpected shape (${redactSecrets(where, secrets)})` };
}

/** Creates the platform client. */
export function createPlatformClient(opts: PlatformClientOptions): PlatformClient {
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function send(
    method: "GET" | "POST" | "DELETE",
    path: string,
    accessToken: string | undefined,
    body?: unknown,
  ): Promise<{ res: Response } | Failure> {
    const headers: Record<string, string> = { "x-api-key": opts.apiKey, accept: "application/json" };
    if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const res = await opts.fetch(`${base}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        // The platform does not redirect API calls; following one would carry x-api-key to another host.
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      return { res };
    } catch (e) {
      const error = mapFetchFailure(e, opts.timeoutMs);
      // The path without its query (the logger masks the user it names); the cause's code only.
      const where = path.split("?")[0] ?? path;
      opts.log?.("upstream_failed", { method, path: where, code: error.error.code, cause: networkCause(e) });
      return { ok: false, error };
    }
  }

  const secretsFor = (accessToken: string | undefined) => [
    opts.apiKey,
    ...(opts.secrets ?? []),
    ...(accessToken !== undefined ? [accessToken] : []),
  ];

  /** A failed answer (not 2xx), or undefined for a 2xx. */
  function failure(res: Response, text: string | null, secrets: readonly string[]): Failure | undefined {
    if (res.ok) return undefined;
    return { ok: false, error: mapUpstreamFailure(res.status, res.headers, text, opts.now(), secrets) };
  }

  /** A call that changes something: any 2xx is a delivery (PlatformResult). */
  async function write<T>(
    method: "POST" | "DELETE",
    path: string,
    schema: z.ZodType<T>,
    accessToken: string | undefined,
    body?: unknown,
    keep: readonly string[] = [],
  ): Promise<PlatformResult<T>> {
    const sent = await send(method, path, accessToken, body);
    if (!("res" in sent)) return sent;
    const { res } = sent;
    const secrets = secretsFor(accessToken);
    const read = await readAnswer(res);
    const delivered = (why: string, value: T | null = null): PlatformResult<T> => ({
      ok: true,
      status: res.status,
      value,
      note: `The platform accepted it (HTTP ${res.status}), but ${why}. It was not sent again.`,
    });
    if (!read.ok && "tooLarge" in read)
      return failure(res, null, secrets) ?? delivered(`${answerTooLarge()}, so the studio did not read it`);
    // The status line was read: a 2xx whose body broke off or cannot be decoded was still accepted,
    // and a failed status is that failure, whatever became of its body.
    if (!read.ok) return failure(res, "", secrets) ?? delivered(unreadBody(read.error));
    const failed = failure(res, read.text, secrets);
    if (failed) return failed;
    const parsed = parseAnswer(read.text, schema, secrets);
    if (!parsed.ok) return delivered(parsed.why);
    const bounded = boundedResult(parsed.value, schema, keep);
    return bounded.note
      ? delivered(bounded.note, bounded.value)
      : { ok: true, status: res.status, value: parsed.value };
  }

  /** A read: an answer it cannot use is upstream_invalid_response (nothing changed; it may be asked again). */
  async function read<T>(path: string, schema: z.ZodType<T>, accessToken: string): Promise<PlatformRead<T>> {
    const sent = await send("GET", path, accessToken);
    if (!("res" in sent)) return sent;
    const { res } = sent;
    const secrets = secretsFor(accessToken);
    const answer = await readAnswer(res);
    if (!answer.ok && "tooLarge" in answer)
      return (
        failure(res, null, secrets) ?? {
          ok: false,
          error: studioError("upstream_invalid_response", {
            detail: answerTooLarge(),
          }),
        }
      );
    if (!answer.ok)
      return (
        failure(res, "", secrets) ?? {
          ok: false,
          error: studioError("upstream_invalid_response", { detail: unreadBody(answer.error) }),
        }
      );
    const failed = failure(res, answer.text, secrets);
    if (failed) return failed;
    const parsed = parseAnswer(answer.text, schema, secrets);
    if (!parsed.ok)
      return { ok: false, error: studioError("upstream_invalid_response", { detail: parsed.why }) };
    return { ok: true, status: res.status, value: parsed.value };
  }

  const seg = encodeURIComponent;
  const userAddonPath = (t: UserTarget) =>
    "divarUserId" in t
      ? `/v2/open-platform/addons/users/${seg(t.divarUserId)}`
      : `/v2/open-platform/addons/user/${seg(t.phone)}`;
  const semanticPath = (t: UserTarget) =>
    "divarUserId" in t
      ? `/v1/open-platform/semantic/users/${seg(t.divarUserId)}`
      : `/v1/open-platform/semantic/user/${seg(t.phone)}`;
  // The live delete by divar_user_id requires the phone as a query parameter (OpenAPI).
  const semanticDeletePath = (t: UserTarget) =>
    "divarUserId" in t && t.phone !== undefined
      ? `${semanticPath(t)}?phone=${seg(t.phone)}`
      : semanticPath(t);

  return {
    postAddon: (at, postToken, body) =>
      write("POST", `/v2/open-platform/addons/post/${seg(postToken)}`, emptySchema, at, body),
    deletePostAddons: (at, postToken) =>
      write("DELETE", `/v1/open-platform/addons/post/${seg(postToken)}`, emptySchema, at),
    userAddon: (at, target, body) => write("POST", userAddonPath(target), idSchema, at, body, ["id"]),
    deleteUserAddon: (id) =>
      write("DELETE", `/v1/open-platform/addons/user/${seg(id)}`, emptySchema, undefined),
    semanticCreate: (at, target, body) => write("POST", semanticPath(target), emptySchema, at, body),
    // Spec 4.9 shows only x-api-key.
    semanticDelete: (target) => write("DELETE", semanticDeletePath(target), emptySchema, undefined),
    sendMessage: (at, conversationId, body) =>
      write(
        "POST",
        `/v2/open-platform/conversations/${seg(conversationId)}/messages`,
        chatSentSchema,
        at,
        body,
        ["status"],
      ),
    // The live OpenAPI reads the user with GET (spec 4.3 says POST with a body it does not show).
    phones: (at) => read("/v1/open-platform/users", phonesSchema, at),
    subscribe: async (at, body) => {
      const result = await write("POST", "/v1/open-platform/events/subscriptions", emptySchema, at, body);
      // 409 (gRPC ALREADY_EXISTS): the platform holds this subscription already, as after the proxy
      // creates it again on a token refresh. It is held: a success, said in a note.
      // Only gRPC ALREADY_EXISTS (6): a 409 is ABORTED (10) too, where nothing was created.
      const e = result.ok ? undefined : result.error.error;
      if (e?.upstreamStatus === 409 && e.upstream?.code === 6)
        return {
          ok: true,
          status: 409,
          value: null,
          note: `${SUBSCRIPTION_EXISTS}${e.upstream.message ? ` The platform said: ${e.upstream.message}` : ""}`,
        };
      return result;
    },
  };
}
