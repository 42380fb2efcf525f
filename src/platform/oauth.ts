import * as z from "zod";
import { formatScopes, scopeSchema } from "./scopes";

/**
 * The longest life the studio takes from a token answer's `expires_in`: one year. A longer one is
 * capped, not refused (the session cookie ends after 30 days anyway); an unbounded one put the expiry
 * past what a JavaScript date holds (`expires_in: 1e13`), and every read of the session failed.
 */
export const MAX_TOKEN_LIFE_SECONDS = 365 * 24 * 3600;

/**
 * An access token is sent as `Authorization: Bearer <token>`: RFC 6750 section 2.1's b64token is
 * narrower still, but any visible ASCII character (VCHAR, RFC 6749 appendix A.12 minus the space) is a
 * valid header value. A newline, a control character or a non-ASCII letter is not, and would fail every
 * later call after a sign-in that seemed to work.
 */
const ACCESS_TOKEN_CHARS = /^[\x21-\x7e]+$/;
/** RFC 6749 appendix A.17: refresh-token = 1*VSCHAR (%x20-7E); it travels in a form body. */
const REFRESH_TOKEN_CHARS = /^[\x20-\x7e]+$/;

/**
 * An optional field a gateway may write as `null` or `""` when it is unset (gRPC-gateway answers
 * write unset strings so): taken as left out. A `"scope": ""` read as granting no scope signed the
 * user in with nothing held (every action then asked for consent again), and a `"refresh_token":
 * null` failed the whole sign-in.
 */
function unsetAsAbsent<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    schema.optional(),
  );
}

/**
 * Token response (spec 2.5). Lenient on extra fields: providers add fields (e.g. id_token) we do not use.
 * `scope` may be left out (RFC 6749 section 5.1: when it equals the requested scopes; section 6: on a
 * refresh, the scopes held); the caller then uses those. `null` or blank `scope` and `refresh_token`
 * are left out too (`unsetAsAbsent`). `expires_in` is capped at
 * MAX_TOKEN_LIFE_SECONDS. An issue's path names the field, never its value.
 */
export const tokenResponseSchema = z.object({
  access_token: z.string().regex(ACCESS_TOKEN_CHARS, "access_token must be visible ASCII characters"),
  expires_in: z
    .number()
    .positive()
    .refine(Number.isInteger, "expires_in must be a whole number of seconds")
    .transform((s) => Math.min(s, MAX_TOKEN_LIFE_SECONDS)),
  scope: unsetAsAbsent(z.string()),
  token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "token_type must be bearer"),
  refresh_token: unsetAsAbsent(
    z.string().regex(REFRESH_TOKEN_CHARS, "refresh_token must be printable ASCII characters"),
  ),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 6749 section 5.2 token error body `{error, error_description}`. */
export const tokenErrorSchema = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
  error_uri: z.string().optional(),
});
export type TokenError = z.infer<typeof tokenErrorSchema>;

/** A redirect address the studio sends: http or https, with no parameters (spec 2.1, 5.3). */
export const redirectUriSchema = z
  .url({ protocol: /^https?$/, error: "redirect_uri must be an http or https address" })
  .refine((u) => !u.includes("?") && !u.includes("#"), "redirect_uri must carry no parameters (spec 2.1)");

/** Authorization request query (spec 2.1, RFC 6749 section 4.1.1). */
export const authorizationRequestSchema = z.strictObject({
  response_type: z.literal("code"),
  client_id: z.string().min(1),
  // Any URL shape here: whether it is registered (and so safe to redirect to) is the auth host's check.
  redirect_uri: z
    .url()
    .refine((u) => !u.includes("?") && !u.includes("#"), "redirect_uri must carry no parameters (spec 2.1)"),
  scope: z.string().min(1),
  state: z.string().min(1),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** Form fields of the authorization-code grant (spec 2.4, RFC 6749 section 4.1.3). */
export const authorizationCodeGrantSchema = z.strictObject({
  grant_type: z.literal("authorization_code"),
  code: z.string().min(1),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uri: z.string().min(1),
});

/** Form fields of the refresh grant (spec 2.4: `code` is the access token currently held; RFC 6749 section 6). */
export const refreshGrantSchema = z.strictObject({
  grant_type: z.literal("refresh_token"),
  code: z.string().min(1),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uri: z.string().min(1),
  refresh_token: z.string().min(1),
});

/** Either grant of the token endpoint (spec 4.2). */
export const tokenRequestSchema = z.discriminatedUnion("grant_type", [
  authorizationCodeGrantSchema,
  refreshGrantSchema,
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export interface AuthorizeUrlInput {
  /** {auth_url}, e.g. https://oauth.divar.ir */
  authUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
}

/**
 * Builds {auth_url}/oauth2/auth (spec 4.1). Every value is percent-encoded by hand because
 * URLSearchParams encodes spaces as `+`, while the platform requires scopes joined by `%20` (spec 2.1).
 */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  for (const s of input.scopes) scopeSchema.parse(s);
  const redirect = redirectUriSchema.safeParse(input.redirectUri);
  if (!redirect.success)
    throw new Error(`${redirect.error.issues[0]?.message ?? "invalid redirect_uri"}: ${input.redirectUri}`);
  const params: [string, string][] = [
    ["response_type", "code"],
    ["client_id", input.clientId],
    ["redirect_uri", input.redirectUri],
    ["scope", formatScopes(input.scopes)],
    ["state", input.state],
  ];
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  return `${input.authUrl.replace(/\/+$/, "")}/oauth2/auth?${query}`;
}

/** Encodes a token request as application/x-www-form-urlencoded (spec 4.2). */
export function encodeForm(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
