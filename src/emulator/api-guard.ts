import type { Context } from "hono";
import { type BodyKind, checkBody } from "../platform/body-check";
import { type ErrorCode, errorCatalogue, platformError, type StudioErrorExtras } from "../platform/errors";
import type { Problem } from "../platform/problems";
import { type ApiKeyPermission, meetsScopeSets } from "../platform/scopes";
import { findUsableToken } from "./auth-host";
import { type EmulatorState, secretMatches, type TokenRecord } from "./state";

/**
 * A platform error response `{code, message, details}` (facts "Errors"; the OpenAPI's googleRpcStatus).
 * The problems of a refused body are one google.rpc.BadRequest detail, a field violation each (a detail
 * is a protobufAny, named by `@type`).
 */
export function fail(
  code: ErrorCode,
  extras: StudioErrorExtras = {},
  problems: readonly Problem[] = [],
): Response {
  const details =
    problems.length === 0
      ? []
      : [
          {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            field_violations: problems.map((p) => ({ field: p.at, description: p.message, reason: p.code })),
          },
        ];
  return new Response(JSON.stringify(platformError(code, extras, details)), {
    status: errorCatalogue[code].status,
    headers: { "content-type": "application/json" },
  });
}

/** What an emulated route requires of its caller. */
export interface GuardNeeds {
  permission?: ApiKeyPermission;
  /** Whether a bearer token is required at all. */
  token: boolean;
  /** Alternative sets of scopes; one set must be held in full. */
  scopes?: string[][];
}

/**
 * Checks the API key, its permission and the user's token and scopes. The two kinds of permission are
 * independent (spec 5.6): each is checked on its own.
 */
export function guard(
  state: EmulatorState,
  c: Context,
  needs: GuardNeeds,
): Response | { token?: TokenRecord } {
  if (!secretMatches(c.req.header("x-api-key"), state.app.apiKey)) return fail("missing_api_key");
  if (needs.permission && !state.app.permissions.includes(needs.permission)) {
    return fail("missing_permission", { permission: needs.permission });
  }
  if (!needs.token) return {};
  const auth = c.req.header("authorization") ?? "";
  const m = /^Bearer (\S+)$/i.exec(auth);
  const token = m?.[1] ? findUsableToken(state, m[1]) : undefined;
  if (!token) return fail("invalid_token");
  const sets = needs.scopes ?? [[]];
  if (!meetsScopeSets(token.scopes, sets)) {
    const first = sets[0]?.find((s) => !token.scopes.includes(s)) ?? "";
    return fail("missing_scope", { scope: first });
  }
  return { token };
}

/** Reads a JSON body strictly: content type (when the spec lists it) and syntax. */
export async function readJson(
  c: Context,
  requireType: boolean,
): Promise<{ ok: true; json: unknown } | Response> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (requireType && !type.startsWith("application/json")) {
    return fail("invalid_request", { detail: "Content-Type must be application/json" });
  }
  try {
    return { ok: true, json: JSON.parse(await c.req.text()) };
  } catch {
    return fail("invalid_request", { detail: "the body is not valid JSON" });
  }
}

/**
 * The platform's refusal of a body that fails the shared schemas; else the body as the platform keeps
 * it: a null on an optional field is read as absent (proto3 JSON), so it is not stored.
 */
export function validated(kind: BodyKind, json: unknown): { body: unknown } | Response {
  const result = checkBody(kind, json);
  if (result.ok) return { body: result.body };
  return fail("invalid_body", {}, result.errors);
}
