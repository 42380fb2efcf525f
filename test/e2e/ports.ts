/**
 * Ports of the browser suite's server (studio proxy and emulator); away from the defaults 8787/8788.
 * E2E_PORT moves both (studio at E2E_PORT, emulator at E2E_PORT + 1), so two checkouts can run the
 * suite side by side.
 */
const base = Number(process.env.E2E_PORT ?? "8797");
if (!Number.isInteger(base) || base < 1024 || base > 65534)
  throw new Error(`E2E_PORT must be a port number between 1024 and 65534, not "${process.env.E2E_PORT}"`);
export const STUDIO_PORT = base;
export const EMULATOR_PORT = base + 1;
