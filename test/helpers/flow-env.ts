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
