import { vi } from "vitest";
import type { KeyValueStorage } from "../../src/editor/proxy/oauth-resume";
import type { FlowEnvironment } from "../../src/editor/proxy/use-send-flow";

/** In-memory sessionStorage stand-in; `map` lets a test read or plant what was saved. */
export function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A JSON response, as the proxy sends them. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The send flow's browser surroundings at `pathname` + `search`, with spies for where the page
 * would navigate (leaving for sign-in) and how it would rewrite its own address.
 */
export function flowEnv(storage: KeyValueStorage, where: { pathname?: string; search?: string } = {}) {
  const navigate = vi.fn();
  const replaceUrl = vi.fn();
  const env = (): FlowEnvironment => ({
    navigate,
    replaceUrl,
    location: { pathname: where.pathname ?? "/", search: where.search ?? "", hash: "" },
    storage,
  });
  return { env, navigate, replaceUrl };
}

/**
 * The address the proxy comes back to after the consent page, for the action pending in `storage`
 * (or the tab's storage, where a full one put it): `search` plus the action's `resume_key`, which
 * the flow put in the return address it gave the proxy.
 */
export function returnedTo(search: string, storage: KeyValueStorage): string {
  const raw =
    storage.getItem("addon-studio.pending-oauth") ?? sessionStorage.getItem("addon-studio.pending-oauth");
  // The pending actions are a list, one per attempt; the one that just left is the last.
  const parsed: unknown = raw ? JSON.parse(raw) : null;
  const last: unknown = Array.isArray(parsed) ? parsed.at(-1) : parsed;
  const key = last && typeof last === "object" && "key" in last ? String(last.key) : "";
  return `${search}&resume_key=${encodeURIComponent(key)}`;
}

/** `url` without the pending action's random `resume_key` in its return address, to compare with a fixed one. */
export function keyless(url: unknown): string {
  return String(url).replace(/(%26|&)resume_key(%3D|=)[0-9a-f-]+/gi, "");
}
