import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStudio } from "../../src/server/start-studio";
import { freePort } from "../helpers/free-port";
import { studioFolder } from "../helpers/studio-process";
import { approveConsent, rawServer, sendJson } from "./scripted-platform";
import { Browser } from "./server-harness";

/**
 * Stopping the studio (Ctrl+C, or SIGTERM in a rolling deployment) while a send is out: the platform
 * receives and applies the message, so the browser must get the answer. close() cut every connection
 * at once: the browser saw a network error (the editor then says "No proxy is running", with no word
 * that the message may have gone out, and a send again after the restart delivers it twice) and the
 * send's record failed on the closed store. In-flight requests now finish first (each is bounded by
 * the request deadline); the inbox's event streams, which never end on their own, are still cut.
 */
const dist = studioFolder("addon-studio-dist-");
const data = mkdtempSync(join(tmpdir(), "addon-studio-data-"));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

const CONVERSATION = "conv-1";

describe("stopping the studio while a send is out", { timeout: 60_000 }, () => {
  it("answers the send the platform is applying, then stops; an open event stream does not hold it", async () => {
    const sent: string[] = [];
    const platform = await rawServer(async (req, res) => {
      for await (const _ of req);
      const u = new URL(req.url ?? "/", "http://platform.invalid");
      if (u.pathname === "/oauth2/auth") return void approveConsent(u, res, "code-1-abcdef");
      if (u.pathname === "/oauth2/token")
        return sendJson(res, {
          access_token: "acc-1-0123456789",
          refresh_token: "ref-1-0123456789",
          expires_in: 3600,
          token_type: "bearer",
          scope: `CONVERSATION_SEND_MESSAGE.${CONVERSATION} USER_PHONE`,
        });
      if (u.pathname === "/v1/open-platform/users") return sendJson(res, { phone_numbers: ["09120000001"] });
      sent.push(`${req.method} ${u.pathname}`);
      // The platform takes its time answering the send it applied.
      setTimeout(() => sendJson(res, { message: "ok", status: 1 }), 800);
    });
    const port = await freePort();
    const lines: string[] = [];
    const studio = await startStudio({
      env: {
        PLATFORM_API_URL: platform.url,
        PLATFORM_AUTH_URL: platform.url,
        APP_SLUG: "strict-app",
        APP_CLIENT_SECRET: "client-secret-0123456789",
        APP_API_KEY: "api-key-0123456789",
        APP_IDENTIFICATION_KEY: "identification-key-0123456789",
        SESSION_SECRET: "graceful-stop-session-secret-0123456789",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PORT: String(port),
        DIST_DIR: dist,
        DATA_DIR: join(data, "1"),
        UPSTREAM_TIMEOUT_MS: "3000",
      },
      log: (l) => lines.push(l),
    });
    let stopped = false;
    try {
      const base = `http://127.0.0.1:${port}`;
      const browser = new Browser();
      const q = new URLSearchParams({ scope: `CONVERSATION_SEND_MESSAGE.${CONVERSATION}`, returnTo: "/" });
      const start = await browser.fetch(`${base}/oauth/start?${q}`);
      const consent = await browser.fetch(start.res.headers.get("location") ?? "");
      const back = await browser.fetch(consent.res.headers.get("location") ?? "");
      expect(back.res.headers.get("location")).toBe("/?oauth=granted");

      // An inbox stream stays open (as the editor's inbox keeps one).
      const cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
      const stream = await fetch(`${base}/api/inbox/stream`, { headers: { cookie } });
      expect(stream.status).toBe(200);

      const send = browser.fetch(`${base}/api/conversations/${CONVERSATION}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "TEXT", message: "salam" }),
      });
      await new Promise((r) => setTimeout(r, 300));
      const t0 = performance.now();
      const closing = studio.close().then(() => {
        stopped = true;
      });
      const answer = await send;
      expect(answer.res.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ ok: true, result: { status: 1 } });
      await closing;
      // Stopped once the send was answered, not after the whole deadline, whatever the stream does.
      expect(performance.now() - t0).toBeLessThan(2500);
      expect(sent).toEqual([`POST /v2/open-platform/conversations/${CONVERSATION}/messages`]);
      expect(lines.join("\n")).not.toContain("record_failed");
      await expect(fetch(`${base}/`)).rejects.toThrow();
    } finally {
      if (!stopped) await studio.close();
      await platform.close();
    }
  });
});
