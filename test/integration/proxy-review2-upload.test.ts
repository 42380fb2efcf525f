import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { scriptedStackPerTest } from "./scripted-platform";

/**
 * Review 2, defect 9: a body whose sender's connection broke while it was sent (Content-Length 2000,
 * 100 bytes, then gone) was answered, and logged, as 413 "it may be at most …": the log of a platform
 * whose event deliveries break off on a bad network then pointed at deliveries too large.
 */
describe("a body that breaks off while it is sent is not called too large", () => {
  const stackWith = scriptedStackPerTest();

  it("an event delivery cut after 100 of its 2000 bytes is logged as a 400, and nothing reaches the inbox", async () => {
    const { stack } = await stackWith();
    const { port } = new URL(stack.proxyServer.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          [
            "POST /platform/events HTTP/1.1",
            `host: 127.0.0.1:${port}`,
            "content-type: application/json",
            `authorization: ${DEMO_APP.identificationKey}`,
            "content-length: 2000",
            "",
            `{"type":"NEW_MESSAGE","pad":"${"x".repeat(70)}`,
          ].join("\r\n"),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
      socket.on("error", reject);
    });
    await expect
      .poll(() =>
        stack.logs
          .map((l) => JSON.parse(l))
          .find((l) => l.event === "request" && l.path === "/platform/events"),
      )
      .toMatchObject({ event: "request", method: "POST", status: 400 });
    // With why, beside the request line.
    expect(stack.logs.map((l) => JSON.parse(l)).find((l) => l.event === "delivery_refused")).toMatchObject({
      path: "/platform/events",
      reason: expect.any(String),
    });
    expect(stack.logs.join("\n")).not.toContain('"status":413');
    expect((await stack.proxy.deps.inbox.sinceJson(0)).length).toBe(0);
  });
});
