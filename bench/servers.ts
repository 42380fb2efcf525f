import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createEmulator, type Emulator } from "../src/emulator/app";
import { DEMO_APP } from "../src/emulator/state";
import { createProxy } from "../src/server/app";
import { type Config, loadConfig } from "../src/server/config";

type Handler = (req: Request) => Response | Promise<Response>;

/** The emulator and the proxy in front of it, both over HTTP on 127.0.0.1 ephemeral ports. */
export interface BenchServers {
  proxyUrl: string;
  emulatorUrl: string;
  config: Config;
  emulator: Emulator;
  close(): Promise<void>;
}

function listen(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: handler, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ("closeAllConnections" in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Builds both apps with their factories, as `src/server/main.ts` does, serving the editor from
 * `distDir`. The proxy's per-request log line is dropped: the benchmark measures the proxy, not a terminal.
 */
export async function startServers(distDir: string): Promise<BenchServers> {
  // Add-ons attach at once so the emulator's state stays small and constant during a run.
  const emulator = createEmulator({ attachDelayMs: 0 });
  const emulatorServer = await listen((req) => emulator.app.fetch(req));
  let handler: Handler = () => new Response("starting", { status: 503 });
  const proxyServer = await listen((req) => handler(req));
  const config = loadConfig(
    {
      PORT: "0",
      PUBLIC_URL: proxyServer.url,
      PLATFORM_API_URL: emulatorServer.url,
      PLATFORM_AUTH_URL: emulatorServer.url,
      APP_SLUG: DEMO_APP.slug,
      APP_CLIENT_SECRET: DEMO_APP.clientSecret,
      APP_API_KEY: DEMO_APP.apiKey,
      APP_IDENTIFICATION_KEY: DEMO_APP.identificationKey,
      SESSION_SECRET: "benchmark-session-secret-0123456789abcdef",
      POST_PAGE_URL: `${emulatorServer.url}/posts/{post_token}`,
      DIST_DIR: distDir,
    },
    DEMO_APP,
  );
  const proxy = createProxy({ config, log: () => {} });
  handler = (req) => proxy.app.fetch(req);
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
    },
  };
}
