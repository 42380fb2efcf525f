import { Hono } from "hono";
import type { ServerDeps } from "../deps";

/**
 * GET /health for a load balancer: 200 while this instance can serve, 503 when its store cannot be
 * reached (events would not be acknowledged). Says nothing secret: kind, reachability, migration.
 */
export function healthRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  app.get("/health", async (c) => {
    const headers = { "cache-control": "no-store" };
    if (!deps.store) return c.json({ ok: true, store: null }, 200, headers);
    const h = await deps.store.health();
    const store = {
      kind: h.kind,
      reachable: h.reachable,
      migration: h.migration,
      changeFeed: h.changeFeed,
      ...(h.error !== undefined ? { error: h.error } : {}),
    };
    return c.json({ ok: h.reachable, store }, h.reachable ? 200 : 503, headers);
  });
  return app;
}
