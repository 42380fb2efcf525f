import { createEmulator, type Emulator } from "../src/emulator/app";
import { DEMO_APP } from "../src/emulator/state";
import { createProxy } from "../src/server/app";
import { type Config, loadConfig } from "../src/server/config";
import { openStore } from "../src/server/store/open-store";
import { demoProxyEnv, type Handler, listen } from "../test/helpers/servers";

/** The emulator and the proxy in front of it, both over HTTP on 127.0.0.1 ephemeral ports. */
export interface BenchServers {
  proxyUrl: string;
  emulatorUrl: string;
  config: Config;
  emulator: Emulator;
  close(): Promise<void>;
}

/**
 * Builds both apps with their factories, as `src/server/main.ts` does, serving the editor from
 * `distDir`. The proxy's per-request log line is dropped: the benchmark measures the proxy, not a terminal.
 */
export async function startServers(distDir: string, storeDir?: string): Promise<BenchServers> {
  const store = storeDir
    ? await openStore({ location: { kind: "pglite", dataDir: storeDir }, retentionDays: 30 })
    : undefined;
  // Add-ons attach at once so the emulator's state stays small and constant during a run.
  const emulator = createEmulator({ attachDelayMs: 0 });
  const emulatorServer = await listen((req) => emulator.app.fetch(req));
  let handler: Handler = () => new Response("starting", { status: 503 });
  const proxyServer = await listen((req, env) => handler(req, env));
  const config = loadConfig(
    {
      // The load generator is one client with one session: the rate limits would only measure themselves.
      RATE_LIMIT_ADDRESS_PER_MINUTE: "0",
      RATE_LIMIT_SESSION_PER_MINUTE: "0",
      RATE_LIMIT_SIGNIN_PER_MINUTE: "0",
      ...demoProxyEnv({
        publicUrl: proxyServer.url,
        platformUrl: emulatorServer.url,
        emulatorUrl: emulatorServer.url,
        sessionSecret: "benchmark-session-secret-0123456789abcdef",
        distDir,
      }),
    },
    DEMO_APP,
  );
  const proxy = createProxy({ config, log: () => {}, ...(store ? { store } : {}) });
  handler = (req, env) => proxy.app.fetch(req, env);
  emulator.state.app.redirectUris = [config.redirectUri];
  // No event deliveries back to the proxy during a run.
  delete emulator.state.app.eventsUrl;
  return {
    proxyUrl: proxyServer.url,
    emulatorUrl: emulatorServer.url,
    config,
    emulator,
    close: async () => {
      await proxyServer.close();
      await emulatorServer.close();
      await store?.close();
    },
  };
}
