import * as z from "zod";
import { PROBLEM_CODES } from "./problems";
import { RETRY_AFTER_MAX_SECONDS, waitWords } from "./waits";

/**
 * The one catalogue of error codes shared by the proxy, the emulator and the editor. Each message says
 * what is wrong and what to do. `{name}` placeholders are filled by formatErrorMessage.
 * `grpc` is the code the emulator puts in a platform error body (facts "Errors": `{code: <gRPC code>}`).
 */
export const errorCatalogue = {
  invalid_body: {
    status: 400,
    grpc: 3,
    message:
      "The body does not match the platform's v2 schema. Fix the fields listed in problems, then send it again.",
  },
  invalid_request: {
    status: 400,
    grpc: 3,
    message: "The request is malformed: {detail}. Correct it and send it again.",
  },
  not_signed_in: {
    status: 401,
    grpc: 16,
    message:
      "You are not signed in to the platform. Sign in to the platform (the studio offers the button), then try again.",
  },
  session_expired: {
    status: 401,
    grpc: 16,
    message: "Your authorization expired and could not be renewed. Sign in to the platform again.",
  },
  refresh_failed: {
    status: 503,
    grpc: 14,
    message:
      "Your sign-in could not be renewed: {detail}. Your request itself was not sent to the platform, so it is safe to send it again in {retryAfter}; if this keeps happening, sign in again.",
  },
  missing_scope: {
    status: 403,
    grpc: 7,
    message:
      "Your session lacks the permission {scope} needed for this action. Grant it on the platform's consent page; the action resumes after you come back.",
  },
  state_mismatch: {
    status: 400,
    grpc: 3,
    message:
      "This sign-in return does not match a sign-in started in this browser (it is forged, replayed or too old), so nothing was stored. Start signing in again from the editor.",
  },
  consent_refused: {
    status: 403,
    grpc: 7,
    message:
      "You refused the permission on the consent page, so nothing was sent. Try again and choose Allow to continue.",
  },
  resume_lost: {
    status: 410,
    grpc: 5,
    message:
      "You are back from the consent page, but the {action} that waited for it is no longer kept in this browser (it waits 30 minutes; clearing the site's data removes it), so nothing was sent. Start it again.",
  },
  token_exchange_failed: {
    status: 502,
    grpc: 13,
    message:
      "The platform refused to issue a token ({detail}). Start signing in again; if it repeats, check APP_SLUG, APP_CLIENT_SECRET and PUBLIC_URL.",
  },
  sign_in_failed: {
    status: 502,
    grpc: 13,
    message:
      "Signing in with the platform did not complete: {detail}. Nothing was sent to the platform. {next}.",
  },
  upstream_bad_request: {
    status: 400,
    grpc: 3,
    message: "The platform rejected the request as invalid: {detail}. Fix it and send it again.",
  },
  upstream_unauthorized: {
    status: 401,
    grpc: 16,
    message:
      "The platform did not accept your authorization (401): {detail}. Sign in again and retry; if it repeats, check the studio's APP_API_KEY (the app's API key in the developer panel), which every request carries.",
  },
  upstream_forbidden: {
    status: 403,
    grpc: 7,
    message:
      "The platform refused the action (403): {detail}. Authorize again with the needed scope, or ask for the API-key permission in the developer panel.",
  },
  upstream_not_found: {
    status: 404,
    grpc: 5,
    message:
      "The platform does not know this target (404): {detail}. Check the post token, phone, user id or conversation id.",
  },
  upstream_precondition_failed: {
    status: 412,
    grpc: 9,
    message:
      "The platform refused because a precondition failed (412): {detail}. For a chat message the recipient may have blocked the app; check the target before trying again.",
  },
  upstream_rate_limited: {
    status: 429,
    grpc: 8,
    message:
      "The platform's rate limit or daily quota is reached (429). Wait {retryAfter}, then send it again.",
  },
  upstream_server_error: {
    status: 502,
    grpc: 13,
    message:
      "The platform failed with a server error ({detail}), which does not say that nothing was applied. Nothing was retried automatically: check the target (the post page, the conversation, the user) before sending it again, in {retryAfter} at the earliest.",
  },
  upstream_redirect: {
    status: 502,
    grpc: 13,
    message:
      "The platform answered with a redirect ({detail}), which the studio does not follow, and nothing was sent on. Check PLATFORM_API_URL (PLATFORM_AUTH_URL when signing in): it must be the platform's own address, not one that redirects. For a change sent (a publish, a removal, a message), the redirect does not say whether it was applied: check the target before sending it again.",
  },
  upstream_unexpected_status: {
    status: 502,
    grpc: 2,
    message:
      "The platform answered with a status the studio does not expect here ({detail}), so it is not known whether the change was applied; it was not sent again. Check the target before sending it again; if it repeats, report it with the time of the request.",
  },
  upstream_timeout: {
    status: 504,
    grpc: 4,
    message:
      "The platform did not answer within {timeoutSeconds} seconds. It may still have applied the change; check the target before sending again.",
  },
  upstream_outcome_unknown: {
    status: 502,
    grpc: 14,
    message:
      "The connection to the platform broke after the request was sent ({detail}), so it may or may not have been delivered. It was not sent again. Check the target (the post page, the conversation, the user) before sending it again; for a sign-in, start signing in again.",
  },
  upstream_unreachable: {
    status: 502,
    grpc: 14,
    message:
      "The platform could not be reached ({detail}). Check PLATFORM_API_URL and the network, then try again.",
  },
  upstream_invalid_response: {
    status: 502,
    grpc: 13,
    message:
      "The platform's answer could not be read ({detail}), so the studio could not use it. Try again (for a sign-in, start signing in again); if it repeats, report it with the time of the request.",
  },
  unauthenticated_delivery: {
    status: 401,
    grpc: 16,
    message:
      "The Authorization header does not equal the app's identification key. Set the same key in the developer panel and in APP_IDENTIFICATION_KEY.",
  },
  invalid_delivery: {
    status: 400,
    grpc: 3,
    message:
      "The delivered request could not be read (its problems say why); it was refused and not shown in the inbox.",
  },
  upstream_read_failed: {
    status: 502,
    grpc: 14,
    message:
      "Reading from the platform failed ({detail}). A read changes nothing, so it is safe to try again in {retryAfter}.",
  },
  removal_not_allowed: {
    status: 403,
    grpc: 7,
    message:
      "This studio lets only the people in its STUDIO_USERS remove a user's data, and {detail}. Ask whoever runs the studio to add your phone number.",
  },
  missing_api_key: {
    status: 401,
    grpc: 16,
    message: "The x-api-key header is missing or unknown. Send the app's API key from the developer panel.",
  },
  missing_permission: {
    status: 403,
    grpc: 7,
    message: "The API key lacks the permission {permission}. Request it for the app in the developer panel.",
  },
  invalid_token: {
    status: 401,
    grpc: 16,
    message:
      "The access token is missing, unknown or expired. Obtain a new one (authorize again or refresh).",
  },
  not_found: {
    status: 404,
    grpc: 5,
    message: "Nothing is here: {detail}. Check the address.",
  },
  editor_not_built: {
    status: 503,
    grpc: 14,
    message: "The editor is not built yet, so there is nothing to serve. Run `npm run build`, then reload.",
  },
  fault_injected: {
    status: 500,
    grpc: 13,
    message:
      "An injected fault answered this request (emulator fault injection). Clear the fault to get normal answers.",
  },
  payload_too_large: {
    status: 413,
    grpc: 3,
    message: "The body is too large: {detail}. Send a smaller body.",
  },
  rate_limited: {
    status: 429,
    grpc: 8,
    message: "Too many requests: {detail}. Wait {retryAfter}, then try again.",
  },
  method_not_allowed: {
    status: 405,
    grpc: 12,
    message: "This address does not take this method: {detail}.",
  },
  store_unavailable: {
    status: 503,
    grpc: 14,
    message:
      "The studio's data store did not answer: {detail}. This request was not completed: try it again in a moment.",
  },
  internal_error: {
    status: 500,
    grpc: 13,
    message:
      "Something failed inside the server ({detail}). Try again; if it repeats, report it with the time of the request.",
  },
} as const satisfies Record<string, { status: number; grpc: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodeSchema = z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]);

/** Fills `{name}` placeholders of a catalogue message; unknown placeholders become a neutral phrase. */
export function formatErrorMessage(
  code: ErrorCode,
  params: Record<string, string | number | undefined> = {},
): string {
  return errorCatalogue[code].message.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    // Details often end with their own full stop; the template adds one.
    return v === undefined || v === "" ? "no detail given" : String(v).replace(/[.\s]+$/, "");
  });
}

/** Platform API error body (facts "Errors"): `{code: <gRPC code>, message, details}`. */
export const platformErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  details: z.array(z.unknown()).default([]),
});
export type PlatformError = z.infer<typeof platformErrorSchema>;

const problemSchema = z.strictObject({
  path: z.array(z.union([z.string(), z.number()])),
  at: z.string(),
  message: z.string(),
  severity: z.enum(["error", "warning"]),
  code: z.enum(PROBLEM_CODES),
  /** The key a misspelt key should be renamed to (see `Problem.rename`). */
  rename: z.string().optional(),
});

/** Error body of the proxy's JSON routes: what the editor receives (see docs/api.md). */
export const studioErrorSchema = z.strictObject({
  error: z.strictObject({
    code: errorCodeSchema,
    message: z.string(),
    /** Path errors for invalid_body. */
    problems: z.array(problemSchema).optional(),
    /** The scope that is missing (missing_scope). */
    scope: z.string().optional(),
    /** Same-origin URL that starts OAuth for exactly the needed scope and comes back to returnTo. */
    authorizeUrl: z.string().optional(),
    /** Seconds to wait (upstream_rate_limited, upstream_server_error), from Retry-After. */
    retryAfter: z.number().int().nonnegative().optional(),
    /** HTTP status the platform answered with. */
    upstreamStatus: z.number().int().optional(),
    /** The platform's own error body, when it sent one. */
    upstream: platformErrorSchema.optional(),
  }),
});
export type StudioError = z.infer<typeof studioErrorSchema>;
export type StudioErrorDetail = StudioError["error"];

export interface StudioErrorExtras {
  detail?: string;
  scope?: string;
  permission?: string;
  timeoutSeconds?: number;
  problems?: StudioErrorDetail["problems"];
  authorizeUrl?: string;
  retryAfter?: number;
  upstreamStatus?: number;
  upstream?: PlatformError;
}

/** Builds a catalogue error body; only catalogue codes exist, so the editor can rely on them. */
export function studioError(code: ErrorCode, extras: StudioErrorExtras = {}): StudioError {
  const { detail, permission, timeoutSeconds, ...rest } = extras;
  const message = formatErrorMessage(code, {
    detail,
    permission,
    timeoutSeconds,
    scope: extras.scope,
    retryAfter: waitWords(extras.retryAfter),
  });
  const error: StudioErrorDetail = { code, message };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) Object.assign(error, { [k]: v });
  // Past a day the wait is said, not counted down (nor sent back as Retry-After).
  if (error.retryAfter !== undefined && error.retryAfter > RETRY_AFTER_MAX_SECONDS) delete error.retryAfter;
  return { error };
}

/** A platform error body (emulator side): googleRpcStatus, each detail a protobufAny named by `@type`. */
export function platformError(
  code: ErrorCode,
  extras: StudioErrorExtras = {},
  details: { "@type": string }[] = [],
): PlatformError {
  return {
    code: errorCatalogue[code].grpc,
    message: studioError(code, extras).error.message,
    details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: code }, ...details],
  };
}
