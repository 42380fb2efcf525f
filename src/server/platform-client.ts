import * as z from "zod";
import { type StudioError, studioError } from "../platform/errors";
import type { SubscriptionRequest } from "../platform/events";
import type { FetchLike } from "../platform/fetch-like";
import { mapFetchFailure, mapUpstreamFailure, redactSecrets } from "./upstream-errors";

export interface PlatformClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  timeoutMs: number;
  now: () => number;
}

export type PlatformResult<T> = { ok: true; status: number; value: T } | { ok: false; error: StudioError };

/**
 * A user is addressed by phone (spec 4.7, 4.8) or by divar_user_id (live paths, facts "Endpoints");
 * the live semantic delete by divar_user_id also names the phone, in its query (OpenAPI).
 */
export type UserTarget = { phone: string } | { divarUserId: string; phone?: string };

const emptySchema = z.looseObject({});
const idSchema = z.looseObject({ id: z.string().min(1) });
const phonesSchema = z.looseObject({ phone_numbers: z.array(z.string()) });
const chatSentSchema = z.looseObject({ message: z.unknown().optional(), status: z.unknown().optional() });

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
  phones(accessToken: string): Promise<PlatformResult<z.infer<typeof phonesSchema>>>;
  subscribe(
    accessToken: string,
    body: SubscriptionRequest,
  ): Promise<PlatformResult<z.infer<typeof emptySchema>>>;
}

/** Creates the platform client. */
export function createPlatformClient(opts: PlatformClientOptions): PlatformClient {
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function call<T>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    schema: z.ZodType<T>,
    accessToken: string | undefined,
    body?: unknown,
  ): Promise<PlatformResult<T>> {
    const headers: Record<string, string> = { "x-api-key": opts.apiKey, accept: "application/json" };
    if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await opts.fetch(`${base}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        // The platform does not redirect API calls; following one would carry x-api-key to another host.
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (e) {
      return { ok: false, error: mapFetchFailure(e, opts.timeoutMs) };
    }
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      return { ok: false, error: mapFetchFailure(e, opts.timeoutMs) };
    }
    // Successful answers are passed on to the editor too, so an echo of the credentials is cut from both.
    const secrets = accessToken !== undefined ? [opts.apiKey, accessToken] : [opts.apiKey];
    text = redactSecrets(text, secrets);
    if (!res.ok) return { ok: false, error: mapUpstreamFailure(res.status, res.headers, text, opts.now()) };
    let json: unknown = {};
    if (text.trim() !== "") {
      try {
        json = JSON.parse(text);
      } catch {
        return {
          ok: false,
          error: studioError("upstream_invalid_response", { detail: "the answer is not JSON" }),
        };
      }
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues.map((i) => i.path.join(".") || "(body)").join(", ");
      return {
        ok: false,
        error: studioError("upstream_invalid_response", { detail: `unexpected fields: ${where}` }),
      };
    }
    return { ok: true, status: res.status, value: parsed.data };
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
      call("POST", `/v2/open-platform/addons/post/${seg(postToken)}`, emptySchema, at, body),
    deletePostAddons: (at, postToken) =>
      call("DELETE", `/v1/open-platform/addons/post/${seg(postToken)}`, emptySchema, at),
    userAddon: (at, target, body) => call("POST", userAddonPath(target), idSchema, at, body),
    deleteUserAddon: (id) =>
      call("DELETE", `/v1/open-platform/addons/user/${seg(id)}`, emptySchema, undefined),
    semanticCreate: (at, target, body) => call("POST", semanticPath(target), emptySchema, at, body),
    // Spec 4.9 shows only x-api-key.
    semanticDelete: (target) => call("DELETE", semanticDeletePath(target), emptySchema, undefined),
    sendMessage: (at, conversationId, body) =>
      call(
        "POST",
        `/v2/open-platform/conversations/${seg(conversationId)}/messages`,
        chatSentSchema,
        at,
        body,
      ),
    // The live OpenAPI reads the user with GET (spec 4.3 says POST with a body it does not show).
    phones: (at) => call("GET", "/v1/open-platform/users", phonesSchema, at),
    subscribe: (at, body) => call("POST", "/v1/open-platform/events/subscriptions", emptySchema, at, body),
  };
}
