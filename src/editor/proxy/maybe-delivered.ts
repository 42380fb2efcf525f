/**
 * Failures after which the platform may or may not have acted on the request (docs/api.md): the
 * connection broke or timed out after it was sent, and answers that do not say nothing was applied
 * (a server error, which a gateway may give after the platform applied it; a redirect or a status
 * the studio does not expect, neither followed nor sent again).
 */
const MAYBE_DELIVERED: ReadonlySet<string> = new Set([
  "upstream_outcome_unknown",
  "upstream_timeout",
  "upstream_server_error",
  "upstream_redirect",
  "upstream_unexpected_status",
]);

/** Whether a failure with this catalogue code may still have been delivered ("outcome unknown"). */
export function maybeDelivered(code: string | undefined): boolean {
  return code !== undefined && MAYBE_DELIVERED.has(code);
}
