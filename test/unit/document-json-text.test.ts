import { describe, expect, it } from "vitest";
import { importText, parseJsonText } from "../../src/editor/json/import-body";
import { jsonErrorOffset } from "../../src/editor/json/json-error-offset";

describe("JSON text import", () => {
  it("finds where invalid JSON breaks", () => {
    expect(jsonErrorOffset('{"a": 1}')).toBe(-1);
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset("[1, 2,]")).toBe(6);
    expect(jsonErrorOffset('{"a": "x')).toBe(8);
    expect(jsonErrorOffset("{} x")).toBe(3);
  });

  it("names the line and column", () => {
    const res = parseJsonText('{\n  "widgets": [\n    {"title_row": }\n  ]\n}');
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toMatch(/at line 3, column 19: unexpected "}"/);
    const short = parseJsonText('{"widgets": [');
    if (!short.ok) expect(short.message).toMatch(/ends too early/);
  });

  it("asks for input when there is none", () => {
    const res = importText("   ", "post");
    expect(res.ok ? "" : res.message).toMatch(/Nothing to import/);
  });

  it("keeps the user kind for a body that does not say which kind it is", () => {
    const res = importText('{"widgets": []}', "user");
    expect(res.ok && res.doc.kind).toBe("user");
    const post = importText('{"widgets": [], "notes": "n"}', "user");
    expect(post.ok && post.doc.kind).toBe("post");
  });

  it("refuses widgets that are not objects, naming the index", () => {
    const res = importText('{"widgets": [{"title_row": {"text": "a"}}, "oops"]}', "post");
    expect(res.ok ? "" : res.message).toMatch(/^widgets\[1\] is "oops"/);
  });
});
