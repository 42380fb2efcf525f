import { Hono } from "hono";

/** Where the studio's icon is served: every page the server writes links it. */
export const ICON_PATH = "/favicon.svg";

/** The studio's mark, the ◆ of the editor's header (src/editor/favicon.svg). */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><title>Addon Studio</title><path d="M8 1l7 7-7 7-7-7z" fill="#a62626"/></svg>';

/**
 * A page the server writes itself (sign-in refused, the editor not built): English, with the
 * studio's icon, so the browser does not ask for /favicon.ico (a 404 in the console).
 */
export function studioPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="${ICON_PATH}" type="image/svg+xml"></head>
<body>${body}</body></html>`;
}

/**
 * The icon at `ICON_PATH`, and at /favicon.ico, which browsers ask for on their own for anything
 * without a declared icon (a JSON answer of the API opened in a tab).
 */
export function iconRoutes(): Hono {
  const app = new Hono();
  app.get(ICON_PATH, (c) =>
    c.body(ICON_SVG, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" }),
  );
  app.get("/favicon.ico", (c) => c.redirect(ICON_PATH, 301));
  return app;
}
