import { describe, expect, it } from "vitest";
import * as z from "zod";
import { raw, reviewStackPerTest } from "./scripted-platform";

/**
 * Review defect 1: any 2xx is a delivery. A platform that accepted a publish or a send but answered a
 * body the studio cannot read must not be reported as a failure ("Try again" would send it twice).
 */
describe("a 2xx the studio cannot read is still a delivery (never an invitation to send again)", () => {
  const current = reviewStackPerTest();

  const delivered = (json: unknown) => {
    expect(json).toMatchObject({ ok: true, answerNote: expect.stringContaining("The platform accepted it") });
    return z.looseObject({ result: z.unknown(), answerNote: z.string() }).parse(json);
  };

  it.each([
    ["HTML", "<html><body>OK</body></html>", "not JSON"],
    ["malformed JSON", '{"ok":', "not JSON"],
    ["null", "null", "unexpected shape"],
    ["an array", "[]", "unexpected shape"],
  ])(
    "a post add-on publish answered 200 with %s answers 200, recorded as sent, sent once",
    async (_what, body, why) => {
      const r = current();
      r.platform.next(raw(200, body));
      const { status, json } = await r.publish();
      expect(status).toBe(200);
      const out = delivered(json);
      expect(out.result).toBeNull();
      expect(out.answerNote).toContain(why);
      expect(out.answerNote).toContain("It was not sent again");
      expect(r.platform.count("/addons/post/")).toBe(1);
      const [record] = await r.history();
      expect(record?.result).toMatchObject({ ok: true, status: 200 });
    },
  );

  it("a user add-on answered {} (no id) is a success that says it cannot be removed from the studio", async () => {
    const r = current();
    // With its id, there is nothing to say.
    const normal = await r.userAddon();
    expect(normal.json).toMatchObject({ ok: true, result: { id: expect.stringMatching(/^ua-/) } });
    expect(normal.json).not.toHaveProperty("answerNote");
    r.platform.next(raw(200, "{}"));
    const { status, json } = await r.userAddon();
    expect(status).toBe(200);
    const out = delivered(json);
    expect(out.answerNote).toContain("did not return the new add-on's id");
    expect(out.answerNote).toContain("remove it on the platform");
    expect(r.platform.count("/addons/users/")).toBe(2);
    const [record] = await r.history();
    expect(record?.result).toMatchObject({ ok: true });
  });

  it("a chat message answered 200 with `null` is sent, once", async () => {
    const r = current();
    r.platform.next(raw(200, "null"));
    const { status, json } = await r.chat();
    expect(status).toBe(200);
    delivered(json);
    expect(r.platform.count("/messages")).toBe(1);
    const [record] = await r.history();
    expect(record?.result).toMatchObject({ ok: true });
  });

  it("a 2xx whose body breaks off after the status line is a delivery, not 'maybe delivered'", async () => {
    const r = current();
    r.platform.next((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"id":"ua-');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { status, json } = await r.userAddon();
    expect(status).toBe(200);
    expect(delivered(json).answerNote).toContain("cut off");
    expect(r.platform.count("/addons/users/")).toBe(1);
  });
});
