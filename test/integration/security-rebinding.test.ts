import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CONVERSATION_ID } from "../../src/emulator/state";
import { type RunningStudio, StudioStartError, startStudio } from "../../src/server/start-studio";

// The studio and its emulator as `addon-studio studio` starts them, over real HTTP on 127.0.0.1,
// attacked as a page on another site would: by a name re-resolved to 127.0.0.1 (DNS rebinding), and
// by forms posted from elsewhere.
const data = mkdtempSync(join(tmpdir(), "addon-studio-rebinding-"));
let studio: RunningStudio;
let port = 0;
let emulatorPort = 0;

beforeAll(async () => {
  // Ports 4500-4599 (kept for this review's servers); another run holding one is skipped.
  for (let tries = 0; tries < 20; tries++) {
    port = 4500 + Math.floor(Math.random() * 50) * 2;
    emulatorPort = port + 1;
    try {
      studio = await startStudio({
        env: { PORT: String(port), EMULATOR_PORT: String(emulatorPort), DATA_DIR: join(data, String(tries)) },
        log: () => {},
      });
      return;
    } catch (e) {
      if (!(e instanceof StudioStartError) || !/in use/.test(e.message)) throw e;
    }
  }
  throw new Error("no free port pair in 4500-4599");
}, 60_000);
afterAll(async () => {
  await studio?.close();
  rmSync(data, { recursive: true, force: true });
});

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A request to 127.0.0.1:`to` naming `host` in its Host header, as a browser sends it. */
function send(
  to: number,
  path: string,
  opts: { host: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: to,
        path,
        method: opts.method ?? "GET",
        headers: { host: opts.host, ...opts.headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

describe("DNS rebinding: a name re-resolved to 127.0.0.1", { timeout: 30_000 }, () => {
  it("the studio refuses a Host that is not one of its names, on every route", async () => {
    for (const path of ["/api/session", "/oauth/start?scope=USER_PHONE", "/", "/health"]) {
      const res = await send(port, path, { host: `evil.example:${port}` });
      expect(res.status, path).toBe(400);
      expect(res.text).toContain("answers only to the names it is served by");
    }
    // The platform's addresses too: the demo identification key is public in emulator mode.
    const delivery = await send(port, "/platform/events", {
      host: `evil.example:${port}`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: "x" },
      body: "{}",
    });
    expect(delivery.status).toBe(400);
  });

  it("the studio still answers on localhost, 127.0.0.1, [::1] and names under .localhost", async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `studio.localhost:${port}`,
    ]) {
      const res = await send(port, "/api/session", { host });
      expect(res.status, host).toBe(200);
    }
  });

  it("the emulator refuses a Host that is not a loopback name, and answers on its own", async () => {
    const evil = await send(emulatorPort, "/", { host: `evil.example:${emulatorPort}` });
    expect(evil.status).toBe(403);
    expect(evil.text).not.toContain(DEMO_CONVERSATION_ID);
    const own = await send(emulatorPort, "/", { host: `localhost:${emulatorPort}` });
    expect(own.status).toBe(200);
    expect(own.text).toContain(DEMO_CONVERSATION_ID);
  });
});

describe("the emulator's forms posted from another site", { timeout: 30_000 }, () => {
  const conversation = `/conversations/${DEMO_CONVERSATION_ID}`;
  const reply = (text: string, headers: Record<string, string>) =>
    send(emulatorPort, `${conversation}/messages`, {
      host: `localhost:${emulatorPort}`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ text }).toString(),
    });
  const page = () => send(emulatorPort, conversation, { host: `localhost:${emulatorPort}` });

  it("refuses a buyer's reply from a page on another site (it would reach the studio's inbox)", async () => {
    const crossSite = await reply("forged by evil.example", {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    // A browser without Fetch Metadata still sends Origin; the studio on another port is same-site.
    expect((await reply("forged, origin only", { origin: "https://evil.example" })).status).toBe(403);
    const studioPage = await reply("from the studio's port", {
      origin: `http://localhost:${port}`,
      "sec-fetch-site": "same-site",
    });
    expect(studioPage.status).toBe(403);
    expect((await page()).text).not.toContain("forged");
    expect((await page()).text).not.toContain("from the studio's port");
  });

  it("takes the reply from its own page", async () => {
    const own = await reply("typed on the conversation page", {
      origin: `http://localhost:${emulatorPort}`,
      "sec-fetch-site": "same-origin",
    });
    expect(own.status).toBe(303);
    expect((await page()).text).toContain("typed on the conversation page");
  });
});

describe("the emulator's pages", { timeout: 30_000 }, () => {
  it("run no script, even on an error page, and keep the Referer on the emulator", async () => {
    const paths = [
      "/",
      `/conversations/${DEMO_CONVERSATION_ID}`,
      "/posts/gZ3kQx9aB1cD",
      "/nope",
      "/oauth2/auth",
    ];
    for (const path of paths) {
      const res = await send(emulatorPort, path, { host: `localhost:${emulatorPort}` });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, path).toContain("script-src 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers["referrer-policy"], path).toBe("same-origin");
    }
  });
});
