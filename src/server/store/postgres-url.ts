import { parse } from "pg-connection-string";

/**
 * Reading a PostgreSQL URL as node-postgres will (its own parser, pg-connection-string), so that what
 * the studio checks and names is what the driver connects to: a host and port, or a Unix socket's
 * folder given libpq's way (`postgres://user@/db?host=/var/run/postgresql`, or the folder
 * percent-encoded as the host: `postgres://user@%2Fvar%2Frun%2Fpostgresql/db`).
 */

/** Where a PostgreSQL URL leads. */
export interface PostgresAddress {
  /** A host name or address, or a Unix socket's folder (then it starts with "/"). */
  host: string;
  port: string;
}

export type PostgresUrlReading = { ok: true; address: PostgresAddress } | { ok: false; problem: string };

const EXAMPLE = "postgres://user:password@host:5432/database";
const SOCKET_EXAMPLE = "postgres://user@/database?host=/var/run/postgresql";

/**
 * Checks a URL given in `setting` (DATABASE_URL, or --to). A problem says what is wrong and what to
 * write instead, and never repeats the URL (it may hold a password).
 */
export function readPostgresUrl(url: string, setting: string): PostgresUrlReading {
  if (!/^postgres(ql)?:\/\//i.test(url.trim())) {
    return {
      ok: false,
      problem: `${setting} must be a PostgreSQL URL such as ${EXAMPLE} (${url.length} characters given, not shown: it may hold a password)`,
    };
  }
  let options: ReturnType<typeof parse>;
  try {
    // It also reads the files that sslrootcert, sslcert and sslkey name, as the driver will.
    options = parse(url);
  } catch (err) {
    return { ok: false, problem: `${setting} cannot be used: ${parseProblem(err)}` };
  }
  const host = options.host ?? "";
  if (host === "") {
    return {
      ok: false,
      problem: `${setting} names no server: give its host (${EXAMPLE}) or, for a Unix socket, its folder (${SOCKET_EXAMPLE})`,
    };
  }
  return { ok: true, address: { host, port: options.port || "5432" } };
}

function parseProblem(err: unknown): string {
  if (err instanceof Error && "code" in err && typeof err.code === "string" && "path" in err) {
    // readFileSync of sslrootcert / sslcert / sslkey: the path is the user's own setting, not a secret.
    return `the file ${String(err.path)} it names cannot be read (${err.code}); correct its sslrootcert, sslcert or sslkey`;
  }
  // pg-connection-string redacts the input from its own errors (an invalid URL, a verify-ca without a CA).
  const message = err instanceof Error ? err.message : String(err);
  return /invalid url/i.test(message)
    ? `it is not a valid URL (characters such as @ # / in a password are written percent-encoded: %40 %23 %2F)`
    : message;
}

/**
 * Names the server as people read it: "the PostgreSQL server at host:port" ([v6]:port), or "… on the
 * socket in <folder>, port <port>"; without an address (a URL that no longer reads), the server alone.
 */
export function describePostgres(address: PostgresAddress | undefined): string {
  if (address === undefined) return "the PostgreSQL server";
  const { host, port } = address;
  if (host.startsWith("/")) return `the PostgreSQL server on the socket in ${host}, port ${port}`;
  return `the PostgreSQL server at ${host.includes(":") ? `[${host}]` : host}:${port}`;
}
