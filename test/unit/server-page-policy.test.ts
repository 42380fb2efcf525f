import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { loadConfig } from "../../src/server/config";
import { browserPolicy, contentSecurityPolicy } from "../../src/server/guards";
import { createStaticHandler, inlineHashesOf } from "../../src/server/static-files";

// Issue 14's first paint: the built page carries one inline script and its stylesheet. The studio's
// Content-Security-Policy allows exactly those, by their hashes read from the page it serves, and
// nothing inline anywhere else.

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

const SCRIPT = "window.early = 1;";
const STYLE = "body{color:red}";

function app(page: string) {
  const dist = mkdtempSync(join(tmpdir(), "studio-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), page);
  writeFileSync(join(dist, "assets", "app.js"), "export {};");
  const config = loadConfig({ DIST_DIR: dist }, DEMO_APP);
  const a = new Hono();
  a.use("*", browserPolicy(config));
  const serve = createStaticHandler(dist, { pagePolicy: (h) => contentSecurityPolicy(config, h) });
  a.get("/api/ping", (c) => c.json({ ok: true }));
  a.get("*", (c) => serve(c));
  return { app: a, dist };
}

const PAGE = `<!doctype html><html><head><script>${SCRIPT}</script><script type="module" src="/assets/app.js"></script><style>${STYLE}</style></head><body><div id="root"></div></body></html>`;

describe("the built page's Content-Security-Policy", () => {
  it("hashes each inline script and style element, not scripts with a src", () => {
    expect(inlineHashesOf(PAGE)).toEqual({ scripts: [sha(SCRIPT)], styles: [sha(STYLE)] });
    expect(inlineHashesOf("<p>no inline parts</p>")).toEqual({ scripts: [], styles: [] });
  });

  it("allows the page's own inline script and style by hash, at / and at a client route", async () => {
    const { app: a } = app(PAGE);
    for (const path of ["/", "/index.html", "/some/client/route"]) {
      const res = await a.request(path);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`script-src 'self' '${sha(SCRIPT)}'`);
      expect(csp).toContain(`style-src 'self' '${sha(STYLE)}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      // One policy, not two (a second header would only narrow it further, and confuse readers).
      expect(csp.split("default-src").length).toBe(2);
    }
  });

  it("keeps every other answer to nothing inline", async () => {
    const { app: a } = app(PAGE);
    for (const path of ["/api/ping", "/assets/app.js"]) {
      const csp = (await a.request(path)).headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self';");
    }
  });

  it("follows a rebuilt page: the hash is read from the file served, not at start", async () => {
    const { app: a, dist } = app(PAGE);
    const changed = "window.early = 2;";
    writeFileSync(join(dist, "index.html"), PAGE.replace(SCRIPT, changed));
    const csp = (await a.request("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`'${sha(changed)}'`);
    expect(csp).not.toContain(`'${sha(SCRIPT)}'`);
  });

  it("sends the page compressed when the browser asks, and as it is otherwise", async () => {
    const { createProxy } = await import("../../src/server/app");
    const { dist } = app(PAGE.replace("</body>", `<p>${"padding ".repeat(400)}</p></body>`));
    const config = loadConfig({ DIST_DIR: dist }, DEMO_APP);
    const proxy = createProxy({ config, log: () => {} });
    const zipped = await proxy.app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const text = await new Response(zipped.body?.pipeThrough(new DecompressionStream("gzip"))).text();
    expect(text).toContain(SCRIPT);
    expect(zipped.headers.get("content-security-policy")).toContain(`'${sha(SCRIPT)}'`);
    const plain = await proxy.app.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain(SCRIPT);
  });

  it("answers a reload with 304 while the page is unchanged, and the new page once it is rebuilt", async () => {
    const { app: a, dist } = app(PAGE);
    const first = await a.request("/");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await a.request("/", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toContain(`'${sha(SCRIPT)}'`);
    // The same validator sent without its W/ (a proxy may strip it) still names this version.
    const strong = await a.request("/", { headers: { "if-none-match": etag.replace(/^W\//, "") } });
    expect(strong.status).toBe(304);
    // Same size, written at once: the contents decide, not the file's timestamps.
    const changed = "window.early = 3;";
    writeFileSync(join(dist, "index.html"), PAGE.replace(SCRIPT, changed));
    const rebuilt = await a.request("/", { headers: { "if-none-match": etag } });
    expect(rebuilt.status).toBe(200);
    expect(await rebuilt.text()).toContain(changed);
    expect(rebuilt.headers.get("etag")).not.toBe(etag);
  });

  it("compresses a file once per version, and never for a browser that refuses gzip", async () => {
    const { app: a, dist } = app(PAGE);
    const code = (n: number) => `export const n = ${n};\n${"// padding\n".repeat(300)}`;
    writeFileSync(join(dist, "assets", "app.js"), code(1));
    const unzip = async (res: Response) =>
      new Response(res.body?.pipeThrough(new DecompressionStream("gzip"))).text();
    const gz = { headers: { "accept-encoding": "gzip, deflate" } };
    const one = await a.request("/assets/app.js", gz);
    expect(one.headers.get("content-encoding")).toBe("gzip");
    expect(one.headers.get("vary")).toBe("Accept-Encoding");
    expect(await unzip(one)).toBe(code(1));
    writeFileSync(join(dist, "assets", "app.js"), code(2));
    expect(await unzip(await a.request("/assets/app.js", gz))).toBe(code(2));
    const refused = await a.request("/assets/app.js", { headers: { "accept-encoding": "gzip;q=0" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(code(2));
  });
});
