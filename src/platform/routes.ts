/**
 * The platform's API routes Addon Studio serves, as the live OpenAPI lists them (divar-ir/kenar-docs
 * static/openapi-v3.json @e869afa, 2026-08-18), plus the spec's routes by phone that the live
 * document still carries or the spec names. Each names the body it takes and the proxy route that
 * calls it. The proxy, the emulator and `addon-studio schema` read this table; a contract test
 * checks that both servers serve every row.
 */

/** What a route's request body is checked as (`none`: no body). */
export type RouteBody = "post" | "user" | "semantic" | "semantic-by-id" | "chat" | "subscription" | "none";

export interface PlatformRoute {
  method: "GET" | "POST" | "DELETE";
  /** The platform path, with `{name}` parameters, as the OpenAPI writes it. */
  path: string;
  body: RouteBody;
  /** Query parameters the route requires. */
  query?: readonly string[];
  /** live: in the live OpenAPI; spec: in the spec only; both: in both. */
  source: "live" | "spec" | "both";
  /** The proxy's route that sends this request (`:name` parameters). */
  proxy: { method: "GET" | "POST" | "DELETE"; path: string };
}

/** Every platform route Addon Studio serves (proxy) and emulates (emulator). */
export const PLATFORM_ROUTES: readonly PlatformRoute[] = [
  {
    method: "POST",
    path: "/v2/open-platform/addons/post/{token}",
    body: "post",
    source: "both",
    proxy: { method: "POST", path: "/api/posts/:postToken/addon" },
  },
  {
    method: "DELETE",
    path: "/v1/open-platform/addons/post/{token}",
    body: "none",
    source: "live",
    proxy: { method: "DELETE", path: "/api/posts/:postToken/addon" },
  },
  {
    method: "POST",
    path: "/v2/open-platform/addons/users/{divar_user_id}",
    body: "user",
    source: "live",
    proxy: { method: "POST", path: "/api/users/id/:divarUserId/addon" },
  },
  {
    method: "POST",
    path: "/v2/open-platform/addons/user/{phone}",
    body: "user",
    source: "both",
    proxy: { method: "POST", path: "/api/users/phone/:phone/addon" },
  },
  {
    method: "DELETE",
    path: "/v1/open-platform/addons/user/{id}",
    body: "none",
    source: "live",
    proxy: { method: "DELETE", path: "/api/user-addons/:id" },
  },
  {
    method: "POST",
    path: "/v1/open-platform/semantic/users/{divar_user_id}",
    body: "semantic-by-id",
    source: "live",
    proxy: { method: "POST", path: "/api/users/id/:divarUserId/semantic" },
  },
  {
    method: "DELETE",
    path: "/v1/open-platform/semantic/users/{divar_user_id}",
    body: "none",
    query: ["phone"],
    source: "live",
    proxy: { method: "DELETE", path: "/api/users/id/:divarUserId/semantic" },
  },
  {
    method: "POST",
    path: "/v1/open-platform/semantic/user/{phone}",
    body: "semantic",
    source: "spec",
    proxy: { method: "POST", path: "/api/users/phone/:phone/semantic" },
  },
  {
    method: "DELETE",
    path: "/v1/open-platform/semantic/user/{phone}",
    body: "none",
    source: "spec",
    proxy: { method: "DELETE", path: "/api/users/phone/:phone/semantic" },
  },
  {
    method: "POST",
    path: "/v2/open-platform/conversations/{conversation_id}/messages",
    body: "chat",
    source: "both",
    proxy: { method: "POST", path: "/api/conversations/:conversationId/messages" },
  },
  {
    method: "POST",
    path: "/v1/open-platform/events/subscriptions",
    body: "subscription",
    source: "both",
    proxy: { method: "POST", path: "/api/subscriptions" },
  },
  {
    method: "GET",
    path: "/v1/open-platform/users",
    body: "none",
    source: "live",
    proxy: { method: "GET", path: "/api/phones" },
  },
];

/** The routes that take a body of `body`, as `METHOD path` lines (for schema descriptions). */
export function routesTaking(body: RouteBody): string[] {
  return PLATFORM_ROUTES.filter((r) => r.body === body).map(
    (r) => `${r.method} ${r.path}${r.source === "spec" ? " (spec)" : ""}`,
  );
}
