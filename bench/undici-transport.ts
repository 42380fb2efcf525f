import { Agent, request } from "undici";
import type { FetchLike } from "../src/server/oauth-client";

/**
 * The candidate replacement of src/server/http-transport.ts measured by the benchmark: a FetchLike over
 * undici's Agent and `request` (keep-alive, the answer read whole). undici re-dispatches only requests
 * it has not started writing when a kept-alive socket closes, and fails the one being written with
 * UND_ERR_SOCKET, so the proxy's "never send twice" rule would hold with it as well.
 */
export function createUndiciFetch(): FetchLike & { close(): Promise<void> } {
  const agent = new Agent({ keepAliveTimeout: 4000 });
  const undiciFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) return fetch(input, init);
    const headers: Record<string, string> = {};
    for (const [k, v] of new Headers(init.headers ?? {})) headers[k] = v;
    const body = init.body;
    if (body != null && typeof body !== "string" && !(body instanceof Uint8Array)) return fetch(input, init);
    try {
      const res = await request(input, {
        dispatcher: agent,
        method: (init.method ?? "GET") as "GET",
        headers,
        body: body ?? null,
        signal: init.signal ?? null,
      });
      const bytes = new Uint8Array(await res.body.arrayBuffer());
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (Array.isArray(v)) for (const x of v) out.append(k, x);
        else if (v !== undefined) out.set(k, v);
      }
      return new Response(res.statusCode === 204 ? null : bytes, { status: res.statusCode, headers: out });
    } catch (e) {
      if (init.signal?.aborted) throw init.signal.reason;
      throw new TypeError("fetch failed", { cause: e });
    }
  };
  return Object.assign(undiciFetch, { close: () => agent.close() });
}
