import {
  type ErrorCode,
  errorCodeSchema,
  formatErrorMessage,
  type StudioErrorDetail,
} from "../../platform/errors";
import type { OAuthReturn } from "./oauth-resume";

/**
 * What failed at the token endpoint, by the code the proxy's callback returned with (`oauth_error`),
 * each a complete clause: the code's own catalogue message is about a send ("may still have applied",
 * "try again in {retryAfter} seconds") and has no values to fill on this return.
 */
const REASONS: Partial<Record<ErrorCode, string>> = {
  upstream_timeout: "the platform's token endpoint did not answer in time",
  upstream_outcome_unknown: "the connection to the platform's token endpoint broke before it answered",
  upstream_unreachable:
    "the platform's token endpoint could not be reached (check PLATFORM_AUTH_URL and the network)",
  upstream_rate_limited: "the platform's token endpoint is rate limited (wait a minute before trying again)",
  upstream_server_error: "the platform's token endpoint failed with a server error",
  upstream_invalid_response: "the platform's token endpoint answered in a shape the studio cannot use",
  upstream_redirect: "the platform's token endpoint answered with a redirect (check PLATFORM_AUTH_URL)",
  upstream_unexpected_status:
    "the platform's token endpoint answered with a status the studio does not expect",
  token_exchange_failed:
    "the platform refused to issue a token (if it repeats, check APP_SLUG, APP_CLIENT_SECRET and PUBLIC_URL)",
};

/**
 * Why the platform's consent page sent the user back with an error other than a refusal, by its RFC 6749
 * section 4.1.2.1 code (`oauth_reason`): each a complete clause, saying what to check.
 */
const AUTHORIZE_REASONS: Record<string, string> = {
  invalid_scope:
    "the platform refused the scopes asked for (invalid_scope): one of them is not a scope it has, or not one this app may ask for",
  unauthorized_client:
    "the platform does not let this app sign users in (unauthorized_client): check APP_SLUG and the app's settings on the platform",
  invalid_request:
    "the platform found the sign-in request malformed (invalid_request): check that PUBLIC_URL's /oauth/callback is among the app's redirect addresses",
  unsupported_response_type:
    "the platform does not accept this kind of sign-in for the app (unsupported_response_type): check the app's settings on the platform",
  server_error: "the platform's consent page failed (server_error)",
  temporarily_unavailable: "the platform's consent page is busy (temporarily_unavailable): wait a minute",
};

/** Consent-page codes that say the request or the app's settings are wrong: asking again unchanged fails again. */
const SETTINGS_REASONS = new Set([
  "invalid_scope",
  "unauthorized_client",
  "invalid_request",
  "unsupported_response_type",
]);
const FIX_FIRST =
  "Correct the setting this message names, then sign in again: asking again unchanged gets the same answer";
const TRY_AGAIN =
  "Try again: the studio takes you through signing in again; if it keeps failing, report it with the time of the sign-in (the studio's log says what the platform answered)";

/**
 * The error the editor shows for `?oauth=failed&oauth_error=<code>`: `sign_in_failed`, saying what failed.
 * A failure at the consent page also carries the platform's code (`reason`) and, when it gave them, its
 * words (`platformWords`), quoted after the studio's.
 */
export function signInFailure(
  oauthError: string | null,
  reason: string | null = null,
  platformWords: string | null = null,
): StudioErrorDetail {
  const code = errorCodeSchema.safeParse(oauthError);
  const atConsent =
    reason === null
      ? undefined
      : Object.hasOwn(AUTHORIZE_REASONS, reason)
        ? AUTHORIZE_REASONS[reason]
        : `the platform's consent page answered with the error ${reason.slice(0, 40)}`;
  const words = platformWords ? ` (the platform says: "${platformWords.slice(0, 200)}")` : "";
  const detail =
    (atConsent ??
      (code.success ? REASONS[code.data] : undefined) ??
      "the platform's token endpoint could not be used") + (atConsent ? words : "");
  const next = reason !== null && SETTINGS_REASONS.has(reason) ? FIX_FIRST : TRY_AGAIN;
  return { code: "sign_in_failed", message: formatErrorMessage("sign_in_failed", { detail, next }) };
}

/**
 * What a return from the consent page says went wrong, or undefined when it went well (or says
 * nothing): a refusal is `consent_refused`; any other failure is `sign_in_failed`, never the token
 * request's own code, whose message is about a send ("may still have applied").
 */
export function signInReturnError(back: OAuthReturn): StudioErrorDetail | undefined {
  if (back.oauth === "refused")
    return { code: "consent_refused", message: formatErrorMessage("consent_refused") };
  if (back.oauth === "failed") return signInFailure(back.oauthError, back.oauthReason, back.oauthDetail);
  return undefined;
}
