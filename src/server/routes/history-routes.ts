import { Hono } from "hono";
import { USER_PHONE } from "../../platform/scopes";
import { authorizeUrlFor, fail, type ServerDeps, safeReturnTo } from "../deps";
import { catchUpHistoryUser } from "../history-user";
import { historyUser } from "../publish-record";

/** A record id or page bound in a query or path: a positive safe integer. */
function positive(value: string | undefined): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The signed-in user's publish history (issue 15): every publish, update, removal and send made
 * through the proxy, from any browser, newest first. 404 `not_found` when the proxy runs without a
 * store (the editor then keeps its history in the browser).
 */
export function historyRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  const headers = { "cache-control": "no-store" };
  const who = async (c: Parameters<typeof historyUser>[1]) => {
    // A session its sign-in could not name tries again here, and its records move before the read.
    await catchUpHistoryUser(deps, c);
    const user = historyUser(deps, c);
    if (user === undefined)
      return fail(c, "not_signed_in", {
        authorizeUrl: authorizeUrlFor([USER_PHONE], safeReturnTo(c.req.query("returnTo"))),
      });
    if (!deps.store)
      return fail(c, "not_found", { detail: "this studio keeps no publish history (no store)" });
    return { user, store: deps.store };
  };

  app.get("/api/history", async (c) => {
    const me = await who(c);
    if (me instanceof Response) return me;
    const before = positive(c.req.query("before"));
    const limit = positive(c.req.query("limit"));
    if (before === null) return fail(c, "invalid_request", { detail: "before must be a record id" });
    if (limit === null || (limit ?? 0) > 200)
      return fail(c, "invalid_request", { detail: "limit must be a whole number from 1 to 200" });
    const page = await me.store.listPublishes(me.user, {
      ...(before !== undefined ? { before } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    return c.json({ records: page.items, nextBefore: page.nextBefore }, 200, headers);
  });

  app.get("/api/history/:id", async (c) => {
    const me = await who(c);
    if (me instanceof Response) return me;
    const id = positive(c.req.param("id"));
    if (id === null || id === undefined)
      return fail(c, "invalid_request", { detail: "id must be a record id" });
    const record = await me.store.getPublish(me.user, id);
    if (!record) return fail(c, "not_found", { detail: `no record ${id} in your publish history` });
    return c.json(record, 200, headers);
  });
  return app;
}
