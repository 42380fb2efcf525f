import type { StoreErrorReason } from "./store";

/** Network errors of Node's sockets: the database cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/**
 * SQLSTATE classes and codes meaning "not now" rather than "wrong query": 08 connection exception,
 * 53 insufficient resources (too many connections, disk full), 57P01-57P03 shutting down or starting.
 */
function unavailableSqlState(code: string): boolean {
  return /^(08|53)/.test(code) || ["57P01", "57P02", "57P03"].includes(code);
}

/**
 * Says why a driver call failed, without the query, its parameters or the database's message (they
 * can hold bodies, session ids or the URL's password): only a reason and a code.
 */
export function classifyFailure(err: unknown): { reason: StoreErrorReason; text: string } {
  let e: unknown = err;
  // drizzle wraps the driver's error (DrizzleQueryError, whose message holds the query and parameters).
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  const code = e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;
  const message = e instanceof Error ? e.message : "";
  if (/PGlite is closed/i.test(message)) return { reason: "closed", text: "is closed" };
  if (code !== undefined && (NETWORK_CODES.has(code) || unavailableSqlState(code))) {
    return {
      reason: "unavailable",
      text: `cannot be reached (${code}); check that it is running, then retry`,
    };
  }
  if (
    /connection terminated|connection timeout|timeout exceeded|connection error|not queryable/i.test(message)
  ) {
    return {
      reason: "unavailable",
      text: "cannot be reached (connection lost); check that it is running, then retry",
    };
  }
  // Class 22 (data exception), e.g. 22P05: JSON text holding \u0000, which PostgreSQL's jsonb refuses.
  if (code?.startsWith("22")) return { reason: "rejected", text: `refused the data (${code})` };
  return { reason: "failed", text: `answered with an error${code ? ` (${code})` : ""}` };
}
