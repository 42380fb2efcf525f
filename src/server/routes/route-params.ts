import type { Context } from "hono";
import { POST_TOKEN_PATTERN } from "../../platform/actions";
import { PHONE_PATTERN } from "../../platform/bodies";
import { SCOPE_ID_PATTERN } from "../../platform/scopes";
import { fail } from "../deps";
import type { UserTarget } from "../platform-client";

/**
 * Path parameters are checked before anything goes upstream. encodeURIComponent keeps "/", "?" and "#"
 * inside one upstream segment, but leaves "." alone, and the URL parser resolves "." and ".." segments:
 * the shapes below rule that out whatever the incoming URL normalisation does. They also keep a space
 * in a conversation id from adding a scope to the authorize URL, and junk from costing an upstream call.
 */
export function badParam(
  c: Context,
  name: string,
  value: string,
  where = "in the address",
): Response | undefined {
  const ok =
    name === "post_token"
      ? POST_TOKEN_PATTERN.test(value)
      : name === "phone"
        ? PHONE_PATTERN.test(value)
        : SCOPE_ID_PATTERN.test(value);
  if (ok) return undefined;
  const rule =
    name === "post_token"
      ? "8 to 16 characters of A-Z, a-z, 0-9 and _"
      : name === "phone"
        ? "4 to 15 digits, optionally after +, e.g. 09120000001"
        : "1 to 128 characters of A-Z, a-z, 0-9, _ and -";
  return fail(c, "invalid_request", { detail: `${name} ${where} must be ${rule}` });
}

/** The user a route addresses, from its path, or the 400 answer naming the wrong parameter. */
export function targetOf(c: Context): UserTarget | Response {
  const phone = c.req.param("phone");
  if (phone !== undefined) return badParam(c, "phone", phone) ?? { phone };
  const id = c.req.param("divarUserId") ?? "";
  return badParam(c, "divar_user_id", id) ?? { divarUserId: id };
}
