// The studio on this machine's loopback interface: plain-HTTP cookies, and sign-ins under each name.
import type { Config } from "./config";

/** The names this machine answers to on its loopback interface. */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** True when cookies may omit Secure: the proxy is reached on localhost over plain HTTP. */
export function isLocalHttp(publicUrl: string): boolean {
  const u = new URL(publicUrl);
  return u.protocol === "http:" && LOOPBACK.includes(u.hostname);
}

/**
 * The OAuth return addresses of a studio on the embedded emulator whose PUBLIC_URL is a loopback
 * address: the same port under each loopback name, so a sign-in started on http://127.0.0.1:8787
 * returns there, to the cookie it was started with, as one started on http://localhost:8787 does.
 * With a real platform only the configured address (registered in the developer panel) is used.
 */
export function redirectUris(config: Pick<Config, "mode" | "publicUrl" | "redirectUri">): string[] {
  if (config.mode !== "emulator" || !isLocalHttp(config.publicUrl)) return [config.redirectUri];
  const pub = new URL(config.publicUrl);
  const path = new URL(config.redirectUri).pathname;
  const others = LOOPBACK.filter((h) => h !== pub.hostname).map((h) => `http://${h}:${pub.port}${path}`);
  return [config.redirectUri, ...others];
}

/**
 * The return address for a sign-in started by a request to `requestUrl`: the one on the request's own
 * origin when it is one of `redirectUris` (another loopback name of the same studio), else the
 * configured one.
 */
export function redirectUriFor(
  config: Pick<Config, "mode" | "publicUrl" | "redirectUri">,
  requestUrl: string,
): string {
  const own = `${new URL(requestUrl).origin}${new URL(config.redirectUri).pathname}`;
  return redirectUris(config).includes(own) ? own : config.redirectUri;
}
