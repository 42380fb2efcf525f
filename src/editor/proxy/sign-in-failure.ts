import { type ErrorCode, errorCodeSchema, type StudioErrorDetail, studioError } from "../../platform/errors";

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

/** The error the editor shows for `?oauth=failed&oauth_error=<code>`: `sign_in_failed`, saying what failed. */
export function signInFailure(oauthError: string | null): StudioErrorDetail {
  const code = errorCodeSchema.safeParse(oauthError);
  const detail =
    (code.success ? REASONS[code.data] : undefined) ?? "the platform's token endpoint could not be used";
  return studioError("sign_in_failed", { detail }).error;
}
