import type { AddressInfo } from "node:net";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import { DEMO_APP } from "../../src/emulator/state";

/** A server started by `listen`: where it answers, and how to stop it. */
export interface Running {
  url: string;
  close(): Promise<void>;
}

/** A fetch handler, as the Hono apps expose one; `env` carries the Node request (client address, socket). */
export type Handler = (req: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Serves a fetch handler over real HTTP on 127.0.0.1 with an ephemeral port. */
export async function listen(handler: Handler): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve({ fetch: handler, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            // Keep-alive sockets would otherwise hold the server open past the run.
            if ("closeAllConnections" in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * The proxy's environment for the emulator's demo app, with the proxy at `publicUrl`, platform
 * calls sent to `platformUrl` and post pages on the emulator at `emulatorUrl`.
 */
export function demoProxyEnv(opts: {
  publicUrl: string;
  platformUrl: string;
  emulatorUrl: string;
  sessionSecret: string;
  distDir: string;
}): Record<string, string> {
  return {
    PORT: "0",
    PUBLIC_URL: opts.publicUrl,
    PLATFORM_API_URL: opts.platformUrl,
    PLATFORM_AUTH_URL: opts.platformUrl,
    APP_SLUG: DEMO_APP.slug,
    APP_CLIENT_SECRET: DEMO_APP.clientSecret,
    APP_API_KEY: DEMO_APP.apiKey,
    APP_IDENTIFICATION_KEY: DEMO_APP.identificationKey,
    SESSION_SECRET: opts.sessionSecret,
    POST_PAGE_URL: `${opts.emulatorUrl}/posts/{post_token}`,
    DIST_DIR: opts.distDir,
  };
}
