import { describe, expect, it } from "vitest";
import { redactDeep, redactSecrets } from "../../src/server/redaction";

const TOKEN = "at/access-1-0123456789";
const KEY = "demo-api-key-local-only";

describe("redaction of upstream answers (review defect 2)", () => {
  it.each([
    ["plain", `token ${TOKEN} refused`],
    ["JSON-escaped slash", `token ${TOKEN.replace("/", "\\/")} refused`],
    ["\\u escapes, either case", `token at\\u002Faccess\\u002d1-0123456789 refused`],
    ["percent-encoded", `token ${encodeURIComponent(TOKEN)} refused`],
  ])("finds a secret written %s in raw text", (_how, text) => {
    expect(redactSecrets(text, [TOKEN])).toBe("token [redacted] refused");
  });

  it("replaces the longer of two overlapping secrets whole, and leaves values under 6 characters", () => {
    expect(redactSecrets(`${KEY} and ${KEY}-2 and short`, [KEY, `${KEY}-2`, "short"])).toBe(
      "[redacted] and [redacted] and short",
    );
  });

  it("redacts every decoded string of a parsed answer, keys included, keeping __proto__ a plain key", () => {
    const parsed: unknown = JSON.parse(
      `{"a":["Bearer ${TOKEN.replace("/", "\\/")}"],"${KEY.replaceAll("-", "\\u002d")}":1,"__proto__":{"x":"${KEY}"}}`,
    );
    const out = redactDeep(parsed, [TOKEN, KEY]);
    expect(out).toEqual(
      JSON.parse('{"a":["Bearer [redacted]"],"[redacted]":1,"__proto__":{"x":"[redacted]"}}'),
    );
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it("replaces what is nested too deep instead of overflowing the stack", () => {
    const deep: unknown = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const text = JSON.stringify(redactDeep(deep, [TOKEN]));
    expect(text).toContain("nested more than 32 levels");
    expect(text.length).toBeLessThan(200);
  });
});
