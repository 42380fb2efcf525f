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

/** Why a driver call failed: `cause` says what happened, `text` adds what to do at run time. */
export interface Failure {
  reason: StoreErrorReason;
  /** What happened, e.g. "cannot be reached (ECONNREFUSED)". */
  cause: string;
  /** The cause with the advice for a running studio ("check that it is running, then retry"). */
  text: string;
  /** What to do about a refusal a setting can fix (a sign-in, a database, TLS), given where the URL came from. */
  advice?: (setting: string) => string;
}

/**
 * What the codes a server refuses an opening with mean (SQLSTATE classes 28, 3D and 42501), and what
 * to do about each, given where the URL came from (DATABASE_URL, or --to).
 */
const REFUSALS: Record<string, { cause: string; advice: (setting: string) => string }> = {
  "28P01": {
    cause: "refused the sign-in: wrong user or password (28P01)",
    advice: (setting) =>
      `check the user and password in ${setting} (characters such as @ # / in a password are written percent-encoded: %40 %23 %2F)`,
  },
  "28000": {
    cause: "refused the sign-in for this user (28000)",
    advice: (setting) => `check the user in ${setting}, and that the server lets it connect`,
  },
  "3D000": {
    cause: "has no database of that name (3D000)",
    advice: (setting) => `create that database (createdb <name>), or correct its name in ${setting}`,
  },
  "42501": {
    cause: "refused a permission the studio needs (42501)",
    advice: (setting) =>
      `let the user of ${setting} create tables in the database's public schema (GRANT CREATE ON SCHEMA public TO <user>), or use the database's owner`,
  },
};

/**
 * Node's codes for a TLS certificate it could not verify (self-signed, signed by an authority it does
 * not know, expired, or for another host name). node-postgres verifies the server's certificate for
 * sslmode=require as for verify-full, where psql only encrypts: a hosted database's URL that works in
 * psql then fails here, and the advice gives both ways on.
 */
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)/;
const TLS_REFUSAL = {
  cause: (code: string) => `presented a TLS certificate that could not be verified (${code})`,
  advice: (setting: string) =>
    `name the certificate authority that signed the server's certificate in ${setting} (sslrootcert=<file>; hosted databases publish theirs), or, to encrypt without checking the certificate as psql does, set sslmode=require&uselibpqcompat=true in it`,
};
/** A server without TLS asked for it (sslmode=require and above). */
const NO_TLS = {
  cause: "does not accept encrypted (TLS) connections",
  advice: (setting: string) =>
    `turn TLS on in the server, or remove sslmode from ${setting} (sslmode=disable) where the connection needs no encryption`,
};

/**
 * Says why a driver call failed, without the query, its parameters or the database's message (they
 * can hold bodies, session ids or the URL's password): only a reason, a code, and what to do.
 */
export function classifyFailure(err: unknown): Failure {
  let e: unknown = err;
  // drizzle wraps the driver's error (DrizzleQueryError, whose message holds the query and parameters).
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  const code = e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;
  const message = e instanceof Error ? e.message : "";
  const failure = (reason: StoreErrorReason, cause: string, advice?: Failure["advice"]): Failure => ({
    reason,
    cause,
    text: reason === "unavailable" ? `${cause}; check that it is running, then retry` : cause,
    ...(advice ? { advice } : {}),
  });
  if (/PGlite is closed/i.test(message)) return failure("closed", "is closed");
  if (code !== undefined && (NETWORK_CODES.has(code) || unavailableSqlState(code)))
    return failure("unavailable", `cannot be reached (${code})`);
  // A Unix socket's folder without the server's socket in it: not running, or another folder or port.
  if (code === "ENOENT" && e instanceof Error && "syscall" in e && e.syscall === "connect")
    return failure("unavailable", "cannot be reached (no server's socket there: ENOENT)");
  if (
    /connection terminated|connection timeout|timeout exceeded|connection error|not queryable/i.test(message)
  )
    return failure("unavailable", "cannot be reached (connection lost)");
  if (code !== undefined && TLS_CODE.test(code))
    return failure("failed", TLS_REFUSAL.cause(code), TLS_REFUSAL.advice);
  if (/does not support SSL/i.test(message)) return failure("failed", NO_TLS.cause, NO_TLS.advice);
  // Class 22 (data exception), e.g. 22P05: JSON text holding \u0000, which PostgreSQL's jsonb refuses.
  if (code?.startsWith("22")) return failure("rejected", `refused the data (${code})`);
  const refusal = code !== undefined ? REFUSALS[code] : undefined;
  if (refusal) return failure("failed", refusal.cause, refusal.advice);
  return failure("failed", `answered with an error${code ? ` (${code})` : ""}`);
}

/**
 * What to do when a PostgreSQL server could not be opened, where `setting` names the URL's source
 * (DATABASE_URL, or --to): a server that cannot be reached is started or its address corrected;
 * one that answered refused the sign-in or the database. Never repeats the URL itself.
 */
export function postgresOpenAdvice(failure: Failure, setting: string): string {
  if (failure.reason === "unavailable")
    return `start that server, or correct the host and port in ${setting}`;
  return failure.advice?.(setting) ?? `check the user, password and database name in ${setting}`;
}
