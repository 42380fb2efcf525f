import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "./server-harness";

// The proxy serves the built editor; a stale page after a rebuild asks for old hashed assets.
describe("static files of the built editor", () => {
  let dist: string;
  let stack: Stack;
  const INDEX = "<!doctype html><title>studio</title><script src=/assets/app-123.js></script>";

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "studio-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), INDEX);
    writeFileSync(join(dist, "assets", "app-123.js"), "console.log(1)");
    stack = await startStack({ env: { DIST_DIR: dist } });
  });
  afterAll(async () => {
    await stack.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${stack.proxyServer.url}${path}`);

  it("serves an existing asset with its type", async () => {
    const res = await get("/assets/app-123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await res.text()).toBe("console.log(1)");
  });

  it("logs the page and a missing asset, not every asset served (they buried the log)", async () => {
    stack.logs.length = 0;
    await (await get("/")).text();
    await (await get("/assets/app-123.js")).text();
    await (await get("/assets/old-456.css")).text();
    const lines = stack.logs.map((l) => JSON.parse(l) as { event: string; path: string; status: number });
    expect(lines.filter((l) => l.event === "request").map((l) => [l.path, l.status])).toEqual([
      ["/", 200],
      ["/assets/old-456.css", 404],
    ]);
  });

  it.each([
    "/assets/nonexistent.js",
    "/assets/old-456.css",
    "/assets/no-extension",
    "/robots.txt",
    "/x/y.map",
  ])("answers 404 with a short text for the missing file %s, not the editor page", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/not found/i);
    expect(text).toMatch(/reload/);
    expect(text).not.toContain("<!doctype");
  });

  it("answers the browser's own ask for /favicon.ico with the studio's icon (no 404 in the console)", async () => {
    const ico = await fetch(`${stack.proxyServer.url}/favicon.ico`, { redirect: "manual" });
    expect(ico.status).toBe(301);
    const at = new URL(ico.headers.get("location") ?? "", stack.proxyServer.url);
    const icon = await fetch(at);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(await icon.text()).toMatch(/^<svg [^>]*>.*<\/svg>$/);
  });

  it.each(["/", "/chat", "/addons/post/abc"])(
    "still serves index.html for the client route %s",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
    },
  );
});

describe("a studio started before the editor was built", () => {
  it("says so on a page with the studio's icon, and the API still answers", async () => {
    const empty = mkdtempSync(join(tmpdir(), "studio-nodist-"));
    const stack = await startStack({ env: { DIST_DIR: empty } });
    try {
      const res = await fetch(`${stack.proxyServer.url}/`);
      expect(res.status).toBe(503);
      const html = await res.text();
      expect(html).toContain("<h1>Editor not built</h1>");
      expect(html).toContain(empty);
      const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1] ?? "";
      expect((await fetch(`${stack.proxyServer.url}${icon}`)).status).toBe(200);
      expect((await fetch(`${stack.proxyServer.url}/health`)).status).toBe(200);
    } finally {
      await stack.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
