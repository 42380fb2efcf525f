import { expect, it } from "vitest";
import { importText } from "../../src/editor/json/import-body";

// A widgets array pasted without its body was refused as "expected a JSON object, but got an
// array", which did not say what to do with it.
it("a list pasted alone is refused with how to wrap it as a body", () => {
  const res = importText('[{"title_row": {"text": "گزارش کارشناسی خودرو"}}]', "post");
  expect(res.ok).toBe(false);
  const message = res.ok ? "" : res.message;
  expect(message).toContain("JSON list of 1 item");
  expect(message).toContain('wrap it: {"widgets": <the list>}');
  expect(message).toContain("Your document was not changed.");
});
