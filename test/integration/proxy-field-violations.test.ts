import { describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { raw, reviewStackPerTest } from "./scripted-platform";

/**
 * A platform 400 whose googleRpcStatus carries a google.rpc.BadRequest (facts "Errors", OpenAPI
 * `googleRpcStatus.details`): the message the user reads names each refused field, so "Fix it and
 * send it again" says what to fix (the editor shows the message, not `upstream.details`).
 */
describe("a platform's field violations reach the user's message", () => {
  const current = reviewStackPerTest();
  const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;
  const badRequest = (violations: unknown, key = "fieldViolations", message = "invalid widgets") =>
    raw(
      400,
      JSON.stringify({
        code: 3,
        message,
        details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", [key]: violations }],
      }),
    );

  it("names each field and what is wrong with it, proto3 JSON (camelCase) or proto names alike", async () => {
    const r = current();
    const violations = [
      { field: "widgets[0].title_row.text", description: "text is too long" },
      { field: "widgets[1].button_bar.action.open_direct_link", description: "must be https" },
    ];
    r.platform.next(badRequest(violations), badRequest(violations, "field_violations"));
    for (const send of [r.publish, r.publish]) {
      const { status, text } = await send();
      expect(status).toBe(400);
      const error = errorOf(text);
      expect(error.code).toBe("upstream_bad_request");
      expect(error.message).toContain(
        "invalid widgets (widgets[0].title_row.text: text is too long; widgets[1].button_bar.action.open_direct_link: must be https)",
      );
      // The platform's own body is still passed on as it came.
      expect(error.upstream?.message).toBe("invalid widgets");
    }
    expect(r.platform.count("/addons/post/")).toBe(2);
    // The history keeps what the user was told.
    const [record] = await r.history();
    expect(JSON.stringify(record?.result)).toContain("widgets[0].title_row.text: text is too long");
  });

  it("bounds the list and redacts what it quotes", async () => {
    const r = current();
    const token = r.platform.issued[0] ?? "";
    const many = Array.from({ length: 30 }, (_, i) => ({
      field: `widgets[${i}].title_row.text`,
      description: i === 0 ? `bad token ${token}` : "x".repeat(5000),
    }));
    r.platform.next(badRequest(many, "fieldViolations", ""));
    const { status, text } = await r.chat();
    expect(status).toBe(400);
    const error = errorOf(text);
    expect(error.message).toContain("widgets[0].title_row.text: bad token [redacted]");
    expect(error.message).toContain("and 20 more");
    expect(error.message.length).toBeLessThan(4000);
    expect(r.platform.count("/messages")).toBe(1);
  });

  it("leaves a 400 without violations as it was", async () => {
    const r = current();
    r.platform.next(badRequest("not a list"));
    const { text } = await r.userAddon();
    expect(errorOf(text).message).toBe(
      "The platform rejected the request as invalid: invalid widgets. Fix it and send it again.",
    );
  });
});
