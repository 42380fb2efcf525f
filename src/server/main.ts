import { serve } from "@hono/node-server";
import { createEmulator } from "../emulator/app";
import { DEMO_APP } from "../emulator/state";
import { type Config, ConfigError, loadConfig } from "./config";
import { createProxy } from "./app";

/** The emulator always listens on the loopback interface (HOST applies to the proxy only). */
const EMULATOR_HOST = "127.0.0.1";

/** Starts the emulator (when no platform is configured) and the proxy, printing each address. */
function main(): void {
  let config: Config;
  try {
    config = loadConfig(process.env, DEMO_APP);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }

  if (config.mode === "emulator") {
    const emulator = createEmulator({
      app: {
        redirectUris: [...new Set([...DEMO_APP.redirectUris, config.redirectUri])],
        eventsUrl: `${config.publicUrl}/platform/events`,
        startUrl: `${config.publicUrl}/platform/start`,
      },
    });
    // A local stand-in with public demo secrets: reachable from this machine only.
    serve({ fetch: emulator.app.fetch, port: config.emulatorPort, hostname: EMULATOR_HOST }, (info) => {
      console.log(
        `Platform emulator (auth and API host, demo app ${config.app.slug}): http://localhost:${info.port} (listening on ${EMULATOR_HOST})`,
      );
    });
    if (config.sessionSecretGenerated) {
      console.log("SESSION_SECRET is not set: using a random one, so sign-ins end when the proxy restarts.");
    }
  }

  const proxy = createProxy({ config });
  serve({ fetch: proxy.app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(
      `Addon Studio (editor and proxy): ${config.publicUrl} (listening on ${config.host}:${info.port})`,
    );
    console.log(
      config.mode === "emulator"
        ? "No platform configured: publishing goes to the local emulator."
        : `Platform: API ${config.apiUrl}, auth ${config.authUrl}`,
    );
  });
}

main();
