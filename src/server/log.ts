/** A value a log line may carry: never a token, a secret, a body or a query string. */
export type LogValue = string | number | boolean | null;

/** Writes one structured event; `fields` hold only what is safe to keep (see docs/server.md, "Logging"). */
export type Logger = (event: string, fields?: Record<string, LogValue>) => void;

/**
 * The users paths name are personal data: only their last two characters are logged. The studio's
 * own paths name them after `/phone/` (`/api/users/phone/…`; `/api/users/id/…` is not personal), the
 * platform's after `/user/` or `/users/` (`/addons/user/{phone}`, `/semantic/users/{divar_user_id}`).
 */
export function loggedPath(path: string): string {
  return path.replace(/\/(phone|users?)\/(?!(?:phone|id)(?:\/|$))[^/]*?([^/]{0,2})(?=\/|$)/g, "/$1/***$2");
}

/**
 * One JSON object per line: `{"time", "event", ...fields}`. JSON escapes every control character, so a
 * request path carrying a newline cannot start a line of its own (log forging); U+2028 and U+2029,
 * which JSON leaves alone but some viewers break lines at, are escaped too.
 */
export function jsonLogger(sink: (line: string) => void, now: () => number): Logger {
  return (event, fields = {}) => {
    // Whichever event names a path (a request, a refusal, a rate limit), its phone number is masked.
    const masked = typeof fields.path === "string" ? { ...fields, path: loggedPath(fields.path) } : fields;
    const line = JSON.stringify({ time: new Date(now()).toISOString(), event, ...masked });
    sink(line.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029"));
  };
}
