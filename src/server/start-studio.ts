import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import { createEmulator } from "../emulator/app";
import { DEMO_APP, DEMO_CONVERSATION_ID, DEMO_POST_TOKEN } from "../emulator/state";
import { createProxy } from "./app";
import { type Config, ConfigError, type EmulatorLinks, loadConfig } from "./config";
import { loopbackHostAllowed, redirectUris } from "./loopback";
import { startAdvice } from "./start-advice";
import { describeLocation, openStore } from "./store/open-store";
import { schedulePruning } from "./store/pruning";
import { type Store, StoreError } from "./store/store";

/** The emulator always listens on the loopback interface (HOST applies to the proxy only). */
const EMULATOR_HOST = "127.0.0.1";

/** A running studio: where it answers, and how to stop it. */
export interface RunningStudio {
  config: Config;
  /** The studio's address (the proxy, serving the editor on the same origin). */
  url: string;
  /** The embedded emulator's address, when no platform is configured. */
  emulatorUrl?: string;
  /**
   * Stops both servers: requests being answered finish first (at most the request deadline and a
   * second), then the connections left (the inbox's event streams) are closed, then the store.
   */
  close(): Promise<void>;
}

/** What `startStudio` reads: the environment (PORT, HOST, PLATFORM_API_URL, ... as in docs/server.md). */
export interface StudioOptions {
  env: Record<string, string | undefined>;
  log?: (line: string) => void;
}

/** The embedded emulator at `emulatorUrl`: its pages and demo objects, which the editor offers. */
export function emulatorLinks(emulatorUrl: string): EmulatorLinks {
  return {
    index: `${emulatorUrl}/`,
    demoPostToken: DEMO_POST_TOKEN,
    demoConversationId: DEMO_CONVERSATION_ID,
    userPageUrl: `${emulatorUrl}/users/{user}`,
    conversationPageUrl: `${emulatorUrl}/conversations/{conversation}`,
  };
}

/** The studio could not start (a port in use, a configuration error); the message says what to do. */
export class StudioStartError extends Error {
  override name = "StudioStartError";
}

/**
 * The folder of the package this file belongs to (the clone, or node_modules/addon-studio): the
 * prebuilt editor is its `dist/`, wherever the command is run from. Works from the source tree and
 * from the bundled `lib/`, which sit at different depths.
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && /"name":\s*"addon-studio"/.test(readFileSync(manifest, "utf8"))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** What a server runs for each request; the bindings carry the socket (the rate limit's address). */
type Handler = (req: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Until the store is open the studio's port answers that it is starting (PGlite takes seconds). */
const starting: Handler = () =>
  new Response("The studio is starting; try again in a moment.", {
    status: 503,
    headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "1" },
  });

function listen(
  fetch: Handler,
  port: number,
  hostname: string,
  what: string,
  variable: string,
): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) =>
      resolve({ server: server as Server, port: info.port }),
    ) as Server;
    trackRequests(server);
    server.once("error", (e: NodeJS.ErrnoException) => {
      const why =
        e.code === "EADDRINUSE"
          ? `port ${port} is already in use on ${hostname}: stop what uses it, or choose another port with ${variable}`
          : e.code === "EACCES"
            ? `no permission to listen on ${hostname}:${port}: choose a port above 1023 with ${variable}`
            : e.code === "EADDRNOTAVAIL"
              ? `${hostname} is not an address of this machine: set HOST (or --host) to one (127.0.0.1, 0.0.0.0, ...)`
              : e.code === "ENOTFOUND" || e.code === "EAI_AGAIN"
                ? `${hostname} is not a name this machine can look up: set HOST (or --host) to an address of this machine (127.0.0.1, 0.0.0.0, ...)`
                : e.message;
      reject(new StudioStartError(`The ${what} cannot start: ${why}.`));
    });
  });
}

/**
 * The requests each server is still answering, except the inbox's event streams (they never end on
 * their own): what close() lets finish before it ends the connections.
 */
const inFlight = new WeakMap<Server, Set<ServerResponse>>();

function trackRequests(server: Server): void {
  const open = new Set<ServerResponse>();
  inFlight.set(server, open);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? "").startsWith("/api/inbox/stream")) return;
    open.add(res);
    res.once("close", () => open.delete(res));
  });
}

/**
 * Stops a server: no new connection is taken and idle ones are closed at once; requests still being
 * answered (a send the platform may be applying) finish first, for at most `graceMs`, so the browser
 * gets their answer and their record is written before the store closes. Then every connection left
 * (event streams) is ended. Cutting a send's connection told the browser nothing of an outcome the
 * platform had, and a send again after the restart delivered it twice.
 */
async function closeServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const open = inFlight.get(server);
  const until = Date.now() + graceMs;
  while (open && open.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  server.closeAllConnections();
  await closed;
}

/**
 * Starts the studio as `npm start` and `addon-studio studio` run it: the embedded emulator (when no
 * platform is configured) and the proxy serving the prebuilt editor, printing each address.
 */
export async function startStudio(opts: StudioOptions): Promise<RunningStudio> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const env = { ...opts.env, DIST_DIR: opts.env.DIST_DIR ?? join(packageRoot(), "dist") };
  let config: Config;
  try {
    config = loadConfig(env, DEMO_APP);
  } catch (e) {
    if (e instanceof ConfigError) throw new StudioStartError(`Configuration error: ${e.message}`);
    throw e;
  }
  // The emulator would take the port first and the studio's own bind would report it "in use".
  if (config.mode === "emulator" && config.port !== 0 && config.port === config.emulatorPort)
    throw new StudioStartError(
      `Configuration error: PORT (or --port) and EMULATOR_PORT (or --emulator-port) are both ${config.port}: the studio and its emulator need two different ports; change one of them.`,
    );
  const servers: Server[] = [];
  let store: Store | undefined;
  let stopPruning = () => {};
  // A request's platform calls end within its deadline; a second more for its answer and record.
  const graceMs = config.upstreamTimeoutMs + 1000;
  const close = async () => {
    await Promise.all(servers.map((server) => closeServer(server, graceMs)));
    stopPruning();
    await store?.close();
  };
  try {
    // Both ports first: a port in use is reported at once, before the store is opened (seconds for
    // PGlite) and before its folder is made, which a failed start would otherwise leave behind.
    let emulatorUrl: string | undefined;
    if (config.mode === "emulator") {
      const emulator = createEmulator({
        app: {
          redirectUris: [...new Set([...DEMO_APP.redirectUris, ...redirectUris(config)])],
          eventsUrl: `${config.publicUrl}/platform/events`,
          startUrl: `${config.publicUrl}/platform/start`,
        },
        // It listens on 127.0.0.1: only loopback names and addresses reach it (DNS rebinding).
        allowedHost: (hostname) => loopbackHostAllowed(hostname),
      });
      // A local stand-in with public demo secrets: reachable from this machine only.
      const running = await listen(
        emulator.app.fetch,
        config.emulatorPort,
        EMULATOR_HOST,
        "platform emulator",
        "EMULATOR_PORT (or --emulator-port)",
      );
      servers.push(running.server);
      emulatorUrl = `http://localhost:${running.port}`;
      config = { ...config, emulator: emulatorLinks(emulatorUrl) };
    }
    let handler = starting;
    const running = await listen(
      (req, env) => handler(req, env),
      config.port,
      config.host,
      "studio",
      "PORT (or --port)",
    );
    servers.push(running.server);
    // Said before the store opens (seconds for PGlite): what the start is waiting on.
    log(`Data: ${describeLocation(config.store)}`);
    try {
      store = await openStore({
        location: config.store,
        retentionDays: config.eventRetentionDays,
        log: (line) => log(line),
      });
    } catch (e) {
      // As a configuration error: one line naming DATA_DIR or DATABASE_URL, never the password.
      if (e instanceof StoreError) throw new StudioStartError(`Data store error: ${e.message}`);
      throw e;
    }
    // Printed once both ports are taken and the store is open: a start that fails on either prints
    // no address the user might open (the emulator's would already be closed again).
    if (emulatorUrl !== undefined) {
      log(
        `Platform emulator (auth and API host, demo app ${config.app.slug}): ${emulatorUrl} (listening on ${EMULATOR_HOST})`,
      );
      if (config.sessionSecretGenerated)
        log("SESSION_SECRET is not set: using a random one, so sign-ins end when the studio stops.");
    }
    const openedStore = store;
    stopPruning = schedulePruning(openedStore, { now: () => Date.now(), log: (line) => log(line) });
    const proxy = createProxy({ config, log, store: openedStore });
    handler = proxy.app.fetch;
    // An IPv6 address takes brackets before its port (`[::1]:8787`), as in a URL.
    const listening = config.host.includes(":") ? `[${config.host}]` : config.host;
    log(`Addon Studio (editor and proxy): ${config.publicUrl} (listening on ${listening}:${running.port})`);
    log(
      config.mode === "emulator"
        ? "No platform configured: publishing goes to the local emulator."
        : `Platform: API ${config.apiUrl}, auth ${config.authUrl}`,
    );
    for (const line of startAdvice(config, EMULATOR_HOST)) log(line);
    return emulatorUrl === undefined
      ? { config, url: config.publicUrl, close }
      : { config, url: config.publicUrl, emulatorUrl, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** What stops the studio: Ctrl+C, a service manager's SIGTERM, or the terminal closing (SIGHUP). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs the studio until Ctrl+C (SIGINT), SIGTERM or SIGHUP, then stops both servers; resolves to the
 * exit code (0 after a clean stop, 1 when it could not start, with the reason on stderr). A signal
 * during the start stops it once started (the data folder's lock is released); a second signal
 * ends the process at once (a start or a stop that hangs).
 */
export async function runStudioUntilStopped(opts: StudioOptions & { error?: (line: string) => void }) {
  const error = opts.error ?? ((line: string) => console.error(line));
  const log = opts.log ?? ((line: string) => console.log(line));
  let received: NodeJS.Signals | undefined;
  let wake = (_: NodeJS.Signals) => {};
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) process.exit(128 + constants.signals[signal]);
    received = signal;
    wake(signal);
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  try {
    let studio: RunningStudio;
    try {
      studio = await startStudio(opts);
    } catch (e) {
      if (e instanceof StudioStartError) {
        error(e.message);
        return 1;
      }
      throw e;
    }
    if (!received) log("Press Ctrl+C to stop.");
    const signal =
      received ??
      (await new Promise<NodeJS.Signals>((resolve) => {
        wake = resolve;
      }));
    log(`${signal === "SIGINT" ? "Ctrl+C" : signal}: stopping the studio…`);
    await studio.close();
    log("Stopped.");
    return 0;
  } finally {
    for (const s of STOP_SIGNALS) process.off(s, onSignal);
  }
}
