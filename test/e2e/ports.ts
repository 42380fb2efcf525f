/**
 * Ports of the browser suite's server (studio proxy and emulator); away from the defaults 8787/8788.
 * E2E_PORT moves them all (studio at E2E_PORT, emulator at E2E_PORT + 1, the studio as served to
 * other machines at E2E_PORT + 2), so two checkouts can run the suite side by side.
 */
const base = Number(process.env.E2E_PORT ?? "8797");
if (!Number.isInteger(base) || base < 1024 || base > 65533)
  throw new Error(`E2E_PORT must be a port number between 1024 and 65533, not "${process.env.E2E_PORT}"`);
export const STUDIO_PORT = base;
export const EMULATOR_PORT = base + 1;
/**
 * The same studio configured as `--host 0.0.0.0` serves other machines (its Host names are then not
 * checked), still listening on 127.0.0.1 only: a test opens it at a name mapped to 127.0.0.1.
 */
export const SERVED_STUDIO_PORT = base + 2;
