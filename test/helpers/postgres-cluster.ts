import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

/**
 * A throwaway PostgreSQL cluster for tests and the benchmark: initdb into a temporary folder, start
 * on a free port on 127.0.0.1, remove everything at stop. PostgreSQL refuses to run as root (CI runs
 * as root), so there it runs as the `postgres` user that Debian's package creates.
 * TEST_DATABASE_URL, when set, is used instead (a server the developer runs).
 */
export interface PostgresCluster {
  url: string;
  /** Stops the server, keeping its data (to test a store that is down); `start` brings it back. */
  pause(): void;
  resume(): void;
  stop(): void;
  /**
   * With `{ tls: true }`: the certificate (self-signed, for 127.0.0.1) the server encrypts with, to
   * name as `sslrootcert`. Undefined for TEST_DATABASE_URL.
   */
  certFile?: string;
  /** The folder of the server's Unix socket (libpq's `host=`), and its port. Undefined for TEST_DATABASE_URL. */
  socket?: { dir: string; port: number };
}

/** Debian's binaries: /usr/lib/postgresql/<version>/bin, newest first. */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], "bin");
}

/** Why the PostgreSQL half of the store tests cannot run here, or undefined when it can. */
export function postgresUnavailableReason(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  if (findPostgresBin() === undefined)
    return "no PostgreSQL binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql), and TEST_DATABASE_URL is not set";
  if (process.getuid?.() === 0) {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "pipe" });
    } catch {
      return "running as root and there is no `postgres` user to run the server as";
    }
  }
  return undefined;
}

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** Starts a cluster (or wraps TEST_DATABASE_URL, which cannot be paused). */
export async function startPostgresCluster(opts: { tls?: boolean } = {}): Promise<PostgresCluster> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const refuse = () => {
      throw new Error("TEST_DATABASE_URL cannot be paused by the tests");
    };
    return { url: external, pause: refuse, resume: refuse, stop: () => {} };
  }
  const bin = findPostgresBin();
  if (bin === undefined) throw new Error(postgresUnavailableReason());
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = join(bin, cmd);
    if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", full, ...args], { stdio: "pipe" });
    else execFileSync(full, args, { stdio: "pipe" });
  };
  const dir = mkdtempSync(join(tmpdir(), "addon-studio-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  // Socket in the temporary folder: /var/run/postgresql may not exist or belong to another cluster.
  let options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=60`;
  let certFile: string | undefined;
  // Without openssl (a developer's machine) the cluster runs without TLS and the TLS test skips;
  // CI installs it (.ci/run).
  if (opts.tls && hasOpenssl()) {
    // A server with TLS as a hosted database has it: a certificate of its own (here self-signed).
    certFile = join(dir, "server.crt");
    const keyFile = join(dir, "server.key");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"].concat([
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ]),
      { stdio: "pipe" },
    );
    chmodSync(keyFile, 0o600);
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
      chownSync(keyFile, uid, -1);
    }
    options += ` -c ssl=on -c ssl_cert_file=${certFile} -c ssl_key_file=${keyFile}`;
  }
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]);
  const stopServer = () => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: stopServer,
    resume: start,
    socket: { dir, port },
    ...(certFile !== undefined ? { certFile } : {}),
    stop() {
      try {
        stopServer();
      } catch {
        // Already stopped (paused by a test that failed).
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
