import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createEmulator } from "../../src/emulator/app";
import { DEMO_APP } from "../../src/emulator/state";
import { createProxy } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { emulatorLinks } from "../../src/server/start-studio";
import { SERVED_STUDIO_PORT } from "./ports";

/**
 * The browser suite's server: wired like src/server/main.ts (same factories, same config), except that
 * the proxy and the emulator share a clock the tests can move forward, so a session can expire on
 * demand (journey 5). Moving time is the only difference; everything else is the product's code.
 */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

const loaded = loadConfig(process.env, DEMO_APP);
if (loaded.mode !== "emulator") throw new Error("The browser suite runs against the emulator only.");
// As startStudio does once its emulator listens: the editor offers the demo post and links its pages.
const config = { ...loaded, emulator: emulatorLinks(`http://localhost:${loaded.emulatorPort}`) };

const emulator = createEmulator({
  clock: { now },
  app: {
    redirectUris: [...new Set([...DEMO_APP.redirectUris, config.redirectUri])],
    eventsUrl: `${config.publicUrl}/platform/events`,
    startUrl: `${config.publicUrl}/platform/start`,
  },
});

const emulatorWithClock = new Hono();
// Test-only control, on the emulator's origin beside its own /_emulator/faults.
emulatorWithClock.post("/_e2e/clock", async (c) => {
  const body: unknown = await c.req.json().catch(() => null);
  const advance =
    typeof body === "object" && body !== null && "advanceMs" in body && typeof body.advanceMs === "number"
      ? body.advanceMs
      : undefined;
  if (advance === undefined) return c.json({ error: "send {advanceMs: number}" }, 400);
  offsetMs += advance;
  return c.json({ offsetMs });
});
emulatorWithClock.all("*", (c) => emulator.app.fetch(c.req.raw));

serve({ fetch: emulatorWithClock.fetch, port: config.emulatorPort, hostname: "127.0.0.1" });
const proxy = createProxy({ config, now, log: () => {} });
serve({ fetch: proxy.app.fetch, port: config.port, hostname: "127.0.0.1" }, (info) => {
  console.log(`e2e server: studio on ${info.port}, emulator on ${config.emulatorPort}`);
});
// The studio as `--host 0.0.0.0` configures it for other machines, where a Host name is not checked
// (a loopback studio refuses names other than its own: DNS rebinding). Still on 127.0.0.1 only.
const served = createProxy({ config: { ...config, host: "0.0.0.0" }, now, log: () => {} });
serve({ fetch: served.app.fetch, port: SERVED_STUDIO_PORT, hostname: "127.0.0.1" });
