import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStudio } from "../../src/server/start-studio";
import { freePort } from "../helpers/free-port";
import { studioFolder } from "../helpers/studio-process";
import { chatSendPlatform, sendJson, signInToSend, strictAppEnv } from "./scripted-platform";
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
    const platform = await chatSendPlatform(CONVERSATION, (req, res) => {
      sent.push(`${req.method} ${new URL(req.url ?? "/", "http://platform.invalid").pathname}`);
      // The platform takes its time answering the send it applied.
      setTimeout(() => sendJson(res, { message: "ok", status: 1 }), 800);
    });
    const port = await freePort();
    const lines: string[] = [];
    const studio = await startStudio({
      env: {
        ...strictAppEnv(platform.url, `http://127.0.0.1:${port}`),
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
      await signInToSend(browser, base, CONVERSATION);

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
