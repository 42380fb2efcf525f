import { serve } from "@hono/node-server";
import { createEmulator } from "../emulator/app";
import { DEMO_APP } from "../emulator/state";
import { type Config, ConfigError, loadConfig } from "./config";
import { createProxy } from "./app";

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
    serve({ fetch: emulator.app.fetch, port: config.emulatorPort }, (info) => {
      console.log(
        `Platform emulator (auth and API host, demo app ${config.app.slug}): http://localhost:${info.port}`,
      );
    });
    if (config.sessionSecretGenerated) {
      console.log("SESSION_SECRET is not set: using a random one, so sign-ins end when the proxy restarts.");
    }
  }

  const proxy = createProxy({ config });
  serve({ fetch: proxy.app.fetch, port: config.port }, (info) => {
    console.log(`Addon Studio (editor and proxy): ${config.publicUrl} (listening on port ${info.port})`);
    console.log(
      config.mode === "emulator"
        ? "No platform configured: publishing goes to the local emulator."
        : `Platform: API ${config.apiUrl}, auth ${config.authUrl}`,
    );
  });
}

main();
