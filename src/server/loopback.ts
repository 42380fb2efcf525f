// The studio on this machine's loopback interface: plain-HTTP cookies, and sign-ins under each name.
import { isIP } from "node:net";
import type { Config } from "./config";

/** The names this machine answers to on its loopback interface. */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** True when the proxy is reached on this machine's loopback names over plain HTTP. */
export function isLocalHttp(publicUrl: string): boolean {
  const u = new URL(publicUrl);
  return u.protocol === "http:" && LOOPBACK.includes(u.hostname);
}

/**
 * Whether the session cookie is `Secure` (and `__Host-`): whenever PUBLIC_URL is https. Over plain
 * http browsers refuse to store a Secure cookie from any name but localhost, so a studio served on a
 * network address over http (HOST=<address>) could never sign in; it gets a plain cookie and a
 * warning at start (`plainHttpWarning`).
 */
export function secureCookies(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === "https:";
}

/** The start's warning for a PUBLIC_URL that other machines reach over plain http; undefined otherwise. */
export function plainHttpWarning(publicUrl: string): string | undefined {
  if (secureCookies(publicUrl) || isLocalHttp(publicUrl)) return undefined;
  return `PUBLIC_URL ${publicUrl} is plain http off this machine: the session cookie and every add-on cross the network unencrypted. Fine on a network you trust; otherwise put an https proxy in front and set PUBLIC_URL to its address (docs/server.md, "Sessions and several instances").`;
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

/** True when `listen` (HOST) is a loopback address: the studio is reachable from this machine only. */
export function listensOnLoopback(listen: string): boolean {
  return listen === "localhost" || listen === "::1" || /^127(\.\d{1,3}){3}$/.test(listen);
}

/**
 * Whether a request whose Host names `hostname` may reach a server listening on the loopback
 * interface: an IP address, `localhost` or a name under `.localhost` (RFC 6761: loopback, never
 * looked up in DNS), or one of `names` (PUBLIC_URL's). Any other name reached this machine through a
 * DNS answer its owner controls: a page on evil.example re-resolved to 127.0.0.1 (DNS rebinding) is
 * same-origin with itself, so neither the browser nor the cross-site checks stop it.
 */
export function loopbackHostAllowed(hostname: string, names: readonly string[] = []): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost") || names.includes(name)) return true;
  return isIP(name.replace(/^\[(.*)\]$/, "$1")) !== 0;
}
