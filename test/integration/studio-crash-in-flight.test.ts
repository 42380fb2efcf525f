import { mkdtempSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { spawnStudio, studioFolder } from "../helpers/studio-process";
import { chatSendPlatform, signInToSend, strictAppEnv } from "./scripted-platform";
import { Browser } from "./server-harness";

// A studio killed (a crash, `kill -9`, the machine's power) while a send is out: the platform may
// apply it, so the history must still show it. The record was written only once the platform had
// answered, so such a send left no trace at all (a helper's review, twenty-fifth session). It is
// now queued before the send, "outcome unknown" until the answer settles it.
const dist = studioFolder("addon-studio-crash-dist-");
const data = mkdtempSync(join(tmpdir(), "addon-studio-crash-data-"));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

const CONVERSATION = "conv-1";

describe("a studio killed while a send is out", { timeout: 90_000 }, () => {
  it("shows the send as outcome unknown after the restart, sent once", async () => {
    const sent: string[] = [];
    const held: ServerResponse[] = [];
    // The platform applies the message and has not answered yet when the studio dies.
    const platform = await chatSendPlatform(CONVERSATION, (req, res) => {
      sent.push(`${req.method} ${new URL(req.url ?? "/", "http://platform.invalid").pathname}`);
      held.push(res);
    });
    const ports = { port: await freePort(), emulatorPort: await freePort() };
    const base = `http://127.0.0.1:${ports.port}`;
    const env = {
      ...strictAppEnv(platform.url, base),
      DATA_DIR: data,
      UPSTREAM_TIMEOUT_MS: "30000",
    };
    let studio = await spawnStudio(dist, [], { env, ports });
    try {
      await studio.printed("Press Ctrl+C to stop.");
      const browser = new Browser();
      await signInToSend(browser, base, CONVERSATION);

      const send = browser
        .fetch(`${base}/api/conversations/${CONVERSATION}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "TEXT", message: "سلام، در راهم" }),
        })
        .catch((e: unknown) => e);
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
      // While the platform holds it, the history already shows it (written, not only queued: a read
      // of the history waits for the queued writes).
      await expect
        .poll(async () => JSON.parse((await browser.fetch(`${base}/api/history`)).text).records?.length, {
          timeout: 10_000,
        })
        .toBe(1);
      studio.child.kill("SIGKILL");
      await studio.exited;
      expect(await send).toBeInstanceOf(Error);

      studio = await spawnStudio(dist, [], { env, ports });
      await studio.printed("Press Ctrl+C to stop.");
      const history = await browser.fetch(`${base}/api/history`);
      expect(history.res.status, history.text).toBe(200);
      const records = JSON.parse(history.text).records;
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        operation: "send",
        target: { kind: "chat_message", id: CONVERSATION },
        // As it was sent: the spec's `type` is left out (the live chat body has none).
        body: { message: "سلام، در راهم" },
        result: { ok: false, error: { code: "upstream_outcome_unknown" } },
      });
      expect(records[0].result.error.message).toContain("may or may not have been delivered");
      expect(sent).toEqual([`POST /v2/open-platform/conversations/${CONVERSATION}/messages`]);
    } finally {
      studio.child.kill("SIGKILL");
      await studio.exited;
      for (const res of held) res.destroy();
      await platform.close();
    }
  });
});
